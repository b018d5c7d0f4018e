import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { slugify } from '../../src/lib/slug';
import { builtPages, distRoot, page, type BuiltPage } from '../support/dist';
import { projectCopy, type ProjectCopy } from '../support/project-copy';
import { contentRoot, readCollection } from '../unit/content-files';

/*
 * The textbooks as a reader finds them: each book and its chapters in one reading layout, the book's contents beside
 * the text; each book saying how far it is written; the pager walking a book in order; the search covering every
 * page; and the answers of a chapter's exercises folded away until asked for.
 */

const pages = builtPages();
const books = readCollection('books').map((entry) => ({
  id: entry.id,
  ...(entry.data as { name: string; units: { title: string; topics: { title: string }[] }[] }),
}));
const bookPath = (book: { name: string }) => `/books/${slugify(book.name)}`;
const chapterPages = pages.filter((built) => /^\/books\/[^/]+\/[^/]+$/.test(built.path));
const chaptersOf = (book: { name: string }) =>
  chapterPages.filter((built) => built.path.startsWith(`${bookPath(book)}/`));

/** The links of a book's own contents on its page, in the order the page lists them. */
const contentsLinks = (book: { name: string }) =>
  page(bookPath(book))
    .document.querySelectorAll('nav[aria-labelledby="contents-title"] a')
    .map((link) => link.getAttribute('href')!);

function bookNav(built: BuiltPage): HTMLElement {
  const navs = built.document.querySelectorAll('main nav[aria-label="Book contents"]');
  expect(navs, `${built.path}: one nav named "Book contents"`).toHaveLength(1);
  return navs[0]!;
}

describe("a book's reading layout", () => {
  it.each(books.map((book) => [book.name, book] as const))(
    '%s: its page and every chapter list the book beside the text, each marking itself as the page on screen',
    (_name, book) => {
      const own = page(bookPath(book));
      const chapters = chaptersOf(book);
      const expected = contentsLinks(book);
      for (const built of [own, ...chapters]) {
        const nav = bookNav(built);
        // Before the text in the source, as on the screen, and with no heading of its own before the page's h1.
        expect(built.html.indexOf('aria-label="Book contents"'), built.path).toBeLessThan(built.html.indexOf('<h1'));
        expect(nav.querySelectorAll('h1, h2, h3, h4, h5, h6'), built.path).toHaveLength(0);
        expect(nav.getAttribute('data-pagefind-ignore'), built.path).toBe('all');
        const links = nav.querySelectorAll('a').map((link) => link.getAttribute('href'));
        expect(links, built.path).toEqual([bookPath(book), ...expected]);
        expect(
          nav.querySelectorAll('[aria-current="page"]').map((link) => link.getAttribute('href')),
          built.path,
        ).toEqual([built.path]);
        // Every unit is there, with its number, whether or not it has chapters yet.
        expect(
          nav.querySelectorAll('.book-nav__unit').map((unit) => unit.textContent.trim()),
          built.path,
        ).toEqual(book.units.map((unit, index) => `Unit ${index + 1}: ${unit.title}`));
      }
    },
  );
});

describe('how far a book is written', () => {
  it.each(books.map((book) => [book.name, book] as const))(
    '%s says how many of its topics have a chapter, and marks each other topic as coming soon',
    (_name, book) => {
      const chapters = readdirSync(join(contentRoot, 'chapters', book.id))
        .filter((file) => file.endsWith('.md'))
        .map((file) => readFileSync(join(contentRoot, 'chapters', book.id, file), 'utf8'))
        .map((text) => `${/^unit: (\d+)$/m.exec(text)![1]}/${/^topic: (\d+)$/m.exec(text)?.[1] ?? ''}`);
      const topics = book.units.flatMap((unit, u) => unit.topics.map((_topic, t) => `${u + 1}/${t + 1}`));
      const written = topics.filter((topic) => chapters.includes(topic)).length;
      const { document } = page(bookPath(book));
      const progress = document.querySelector('.book__progress')!;
      expect(progress.querySelector('strong')!.textContent.trim()).toBe(`${written} of ${topics.length} chapters`);
      expect(progress.textContent.replace(/\s+/g, ' ').trim()).toBe(
        written === topics.length
          ? `${written} of ${topics.length} chapters: the whole book, in ${book.units.length} units.`
          : `${written} of ${topics.length} chapters written so far, in ${book.units.length} units.`,
      );
      expect(document.querySelectorAll('.topics > li .soon').length).toBe(topics.length - written);
    },
  );
});

describe("a chapter's pager", () => {
  it.each(books.map((book) => [book.name, book] as const))(
    '%s: walks every chapter in the order of the book, from the first to the last',
    (_name, book) => {
      const order = contentsLinks(book);
      expect(order.length).toBe(chaptersOf(book).length);
      const walked: string[] = [];
      for (let at: string | undefined = order[0]; at;) {
        walked.push(at);
        const built = page(at);
        const previous = built.document.querySelector('a[rel="prev"]')?.getAttribute('href');
        expect(previous, at).toBe(walked.at(-2));
        at = built.document.querySelector('a[rel="next"]')?.getAttribute('href');
        expect(walked.length).toBeLessThanOrEqual(order.length);
      }
      expect(walked).toEqual(order);
    },
  );
});

describe('the search', () => {
  it('indexes every book page and every chapter, and nothing else', () => {
    const entry = JSON.parse(readFileSync(join(distRoot, 'pagefind/pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    const indexed = Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
    const chapterFiles = books.flatMap((book) =>
      readdirSync(join(contentRoot, 'chapters', book.id)).filter((file) => file.endsWith('.md')),
    );
    expect(indexed).toBe(books.length + chapterFiles.length);
    // Pagefind indexes only the pages with a data-pagefind-body, once there is one: every book and chapter, once.
    const withBody = pages.filter((built) => built.document.querySelectorAll('[data-pagefind-body]').length > 0);
    expect(withBody.map((built) => built.path).sort()).toEqual(
      [...books.map(bookPath), ...chapterPages.map((built) => built.path)].sort(),
    );
    for (const built of withBody)
      expect(built.document.querySelectorAll('[data-pagefind-body]'), built.path).toHaveLength(1);
  });
});

describe("the answers of a chapter's exercises", () => {
  let copy: ProjectCopy | undefined;
  afterAll(() => copy?.remove());

  /** The built chapters with an Exercises section; while no chapter has one, a fixture chapter built in a copy. */
  function chaptersWithExercises(): BuiltPage[] {
    const found = chapterPages.filter((built) => exercisesHeading(built.document));
    if (found.length > 0) return found;
    copy = projectCopy();
    const [book] = books;
    const fixture = join(import.meta.dirname, '../fixtures/chapters/with-exercises.md');
    copyFileSync(fixture, join(copy.directory, 'src/content/chapters', book!.id, 'with-exercises.md'));
    const { status, output } = copy.run('build');
    expect(status, output).toBe(0);
    const title = /^title: "(.+)"$/m.exec(readFileSync(fixture, 'utf8'))![1]!;
    const path = `${bookPath(book!)}/${slugify(title)}`;
    const html = readFileSync(join(copy.directory, 'dist', `${path}.html`), 'utf8');
    return [{ path, file: path, html, document: parse(html) }];
  }

  const exercisesHeading = (document: HTMLElement) =>
    document.querySelectorAll('.prose > h2').find((heading) => heading.textContent.trim() === 'Exercises');

  it('fold each answer into a details element under "Show answer", after its question', () => {
    for (const built of chaptersWithExercises()) {
      const heading = exercisesHeading(built.document)!;
      const items: HTMLElement[] = [];
      for (let node = heading.nextElementSibling; node && node.tagName !== 'H2'; node = node.nextElementSibling)
        if (node.tagName === 'OL') items.push(...node.querySelectorAll(':scope > li'));
      expect(items.length, built.path).toBeGreaterThan(0);
      for (const item of items) {
        const where = `${built.path}: ${item.textContent.trim().slice(0, 40)}`;
        const answers = item.querySelectorAll(':scope > details.answer');
        expect(answers, where).toHaveLength(1);
        const [details] = answers;
        expect(details!.firstElementChild?.tagName, where).toBe('SUMMARY');
        expect(details!.firstElementChild?.textContent.trim(), where).toBe('Show answer');
        expect(details!.querySelector(':scope > p > strong')?.textContent, where).toBe('Answer:');
        expect(details!.hasAttribute('open'), where).toBe(false);
        // Nothing of the answer stands outside it, and the question stands before it.
        expect(
          item
            .querySelectorAll('strong')
            .filter((bold) => !bold.closest('details'))
            .map((bold) => bold.textContent),
        ).not.toContain('Answer:');
        expect(item.firstElementChild, where).not.toBe(details);
      }
    }
  });
});
