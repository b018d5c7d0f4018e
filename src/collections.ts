import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { withFormsCollected } from './lib/privacy-notice';
import { assertUniqueSlugs, chapterSlug, slugify } from './lib/slug';

/*
 * Reading the collections the way the pages need them: in the authors' order,
 * with the slug each page is built at, and a build failure when two entries
 * would claim the same address.
 */

type Ordered = { data: { order: number } };

/**
 * Astro only warns when a collection is empty (a malformed JSON file or a moved
 * folder leaves it so); a site with no services must not deploy, so this fails the build.
 */
function requireEntries<T>(collection: string, entries: T[]): T[] {
  if (entries.length === 0) {
    throw new Error(
      `The "${collection}" collection is empty. Check src/content/${collection} (or ${collection}.json) ` +
        `for a file that is not valid JSON or Markdown: see the errors above.`,
    );
  }
  return entries;
}
const byOrder = (a: Ordered, b: Ordered) => a.data.order - b.data.order;

/**
 * Astro's glob() loader logs a Markdown file it cannot render (HTML in it, src/integrations/markdown-html.ts, or a
 * formula KaTeX cannot read) and goes on with an empty page; here that fails the build, naming the file.
 */
function requireRendered<T extends { rendered?: unknown }>(entry: T, file: string): T {
  if (!entry.rendered) throw new Error(`${file} could not be turned into a page: the error above says why.`);
  return entry;
}

export type WithSlug<C extends CollectionKey> = CollectionEntry<C> & { slug: string };

async function sluggedCollection<C extends 'services' | 'projects' | 'expertise' | 'books' | 'apps'>(
  collection: C,
  titleOf: (entry: CollectionEntry<C>) => string,
): Promise<WithSlug<C>[]> {
  const entries = requireEntries(collection, (await getCollection(collection)) as CollectionEntry<C>[]);
  const slugged = entries
    .sort((a, b) => byOrder(a as Ordered, b as Ordered))
    .map((entry) => ({ ...entry, slug: slugify(titleOf(entry)) }));
  assertUniqueSlugs(
    slugged,
    (entry) => entry.slug,
    (entry) => `${collection}/${entry.id}`,
  );
  return slugged;
}

export const getServices = () => sluggedCollection('services', (entry) => entry.data.title);

/** The services a content file names by their files; a name that matches no file fails the build, naming both. */
function namedServices(file: string, ids: string[], services: WithSlug<'services'>[]) {
  return ids.map((id) => {
    const service = services.find((candidate) => candidate.id === id);
    if (!service) throw new Error(`${file}: services lists "${id}", which is not a file in src/content/services.`);
    return service;
  });
}

/**
 * Projects with their industry and services, each named by its file. A name that matches
 * no file fails the build, naming the project file and the field.
 */
export async function getProjects() {
  const [projects, expertise, services] = await Promise.all([
    sluggedCollection('projects', (entry) => entry.data.name),
    getExpertise(),
    getServices(),
  ]);
  return projects.map((project) => {
    const file = `src/content/projects/${project.id}.md`;
    requireRendered(project, file);
    const industry = expertise.find((item) => item.id === project.data.industry);
    if (!industry)
      throw new Error(`${file}: industry "${project.data.industry}" is not a file in src/content/expertise.`);
    return { ...project, industry, services: namedServices(file, project.data.services, services) };
  });
}

/** The industries with the services each names, checked like a project's. */
export async function getExpertise() {
  const [expertise, services] = await Promise.all([
    sluggedCollection('expertise', (entry) => entry.data.name),
    getServices(),
  ]);
  return expertise.map((item) => {
    const file = `src/content/expertise/${item.id}.md`;
    return { ...requireRendered(item, file), services: namedServices(file, item.data.services, services) };
  });
}
export const getBooks = () => sluggedCollection('books', (entry) => entry.data.name);
export const getApps = () => sluggedCollection('apps', (entry) => entry.data.title);

/** A policy with the list of what each form collects (from the form notice's file) in place of `{{formsCollected}}`. */
function withFormsList(policy: CollectionEntry<'policies'>): CollectionEntry<'policies'> {
  const file = `src/content/policies/${policy.id}.md`;
  const html = withFormsCollected(requireRendered(policy, file).rendered!.html, file);
  return { ...policy, rendered: { ...policy.rendered, html } };
}

export async function getPolicies() {
  return (await getCollection('policies')).map(withFormsList);
}

/**
 * The company's privacy policy, which every app's privacy page is built from
 * (docs/decisions.md, "Unknown app privacy links"): without it the build fails.
 */
export async function getAppPrivacyPolicy(): Promise<CollectionEntry<'policies'>> {
  const policy = await getEntry('policies', 'privacy-policy');
  if (!policy)
    throw new Error('src/content/policies/privacy-policy.md is missing; every app privacy page is built from it.');
  return withFormsList(policy);
}

export async function getTestimonials() {
  return requireEntries('testimonials', await getCollection('testimonials'));
}

export type References = CollectionEntry<'references'>['data'];

/**
 * Each book's further reading, by the book's file name. A references file that
 * names no book, or a second file for the same book, fails the build naming the file.
 */
export async function getReferencesByBook(): Promise<Map<string, References>> {
  const [books, references] = await Promise.all([getBooks(), getCollection('references')]);
  const byBook = new Map<string, References>();
  for (const entry of references) {
    const file = `src/content/references/${entry.id}.json`;
    if (!books.some((book) => book.id === entry.data.book))
      throw new Error(`${file}: book "${entry.data.book}" is not in src/content/books.`);
    if (byBook.has(entry.data.book))
      throw new Error(`${file}: the book "${entry.data.book}" already has a references file.`);
    byBook.set(entry.data.book, entry.data);
  }
  return byBook;
}

export type Chapter = CollectionEntry<'chapters'> & { book: string; slug: string };

/**
 * Every chapter with its book and address, in reading order (unit, topic,
 * order). A chapter whose folder names no book, or whose unit or topic the
 * book does not have, fails the build naming the file.
 */
export async function getChapters(): Promise<Chapter[]> {
  const books = await getBooks();
  const chapters = (await getCollection('chapters')).map((entry) => {
    const [folder, ...rest] = entry.id.split('/');
    const file = `src/content/chapters/${entry.id}.md`;
    const book = books.find((candidate) => candidate.id === folder);
    if (rest.length === 0)
      throw new Error(
        `${file} is in no book's folder; move it to src/content/chapters/<book file name>/ (in /admin: the book under Parent Folder).`,
      );
    if (!book)
      throw new Error(
        `${file}: the folder "${folder}" is not a book; put chapters in src/content/chapters/<book file name>/.`,
      );
    const unit = book.data.units[entry.data.unit - 1];
    if (!unit)
      throw new Error(
        `${file}: unit ${entry.data.unit} does not exist in ${book.data.name}, which has ${book.data.units.length} units.`,
      );
    if (!unit.topics[entry.data.topic - 1])
      throw new Error(
        `${file}: topic ${entry.data.topic} does not exist in unit ${entry.data.unit} of ${book.data.name}, ` +
          `which has ${unit.topics.length} topics.`,
      );
    return { ...requireRendered(entry, file), book: book.slug, slug: chapterSlug(entry.data.title) };
  });
  const position = (chapter: Chapter) => [
    books.findIndex((book) => book.slug === chapter.book),
    chapter.data.unit,
    chapter.data.topic,
    chapter.data.order,
  ];
  chapters.sort((a, b) => {
    const [pa, pb] = [position(a), position(b)];
    for (let index = 0; index < pa.length; index += 1) if (pa[index] !== pb[index]) return pa[index]! - pb[index]!;
    return a.data.title.localeCompare(b.data.title);
  });
  for (const book of books) {
    assertUniqueSlugs(
      chapters.filter((chapter) => chapter.book === book.slug),
      (chapter) => chapter.slug,
      (chapter) => `src/content/chapters/${chapter.id}.md`,
    );
  }
  return chapters;
}

/** How far a book is written: its topics, and how many of them have at least one chapter to read. */
export function bookProgress(book: WithSlug<'books'>, chapters: Chapter[]): { topics: number; written: number } {
  const written = new Set(
    chapters
      .filter((chapter) => chapter.book === book.slug)
      .map((chapter) => `${chapter.data.unit}/${chapter.data.topic}`),
  );
  return { topics: book.data.units.reduce((sum, unit) => sum + unit.topics.length, 0), written: written.size };
}
