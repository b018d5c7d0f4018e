import { readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { axeViolations, expect, hasHorizontalScroll, test } from './fixtures';

/*
 * A student reading a textbook on a phone: a chapter, the next one, and a search; on a wide screen, with the book's
 * contents beside the text; and checking their answers to a chapter's exercises.
 */

test.use({ viewport: { width: 375, height: 800 } });

test('reads a chapter on a phone, moves to the next, and finds a term through the search', async ({ page, watch }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().includes('/pagefind/'))
      scripts.push(new URL(request.url()).pathname);
  });

  await page.goto('/books/basic-electrical-engineering');
  await page.getByRole('link', { name: "Read the chapter: Kirchhoff's Laws" }).click();
  await expect(page).toHaveURL('/books/basic-electrical-engineering/kirchhoff-s-laws');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Kirchhoff's Laws");
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Basic Electrical Engineering' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'In this chapter' }).getByRole('link', { name: 'Worked example' }),
  ).toBeVisible();
  await expect(page.locator('main math').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  expect(await axeViolations(page)).toEqual([]);
  // Nothing of the search is fetched until it is used.
  expect(scripts.filter((path) => path.includes('pagefind') || path.includes('BookSearch'))).toEqual([]);

  await page.getByRole('link', { name: /Next chapter/ }).click();
  await expect(page).toHaveURL('/books/basic-electrical-engineering/mesh-and-nodal-analysis');
  await expect(page.getByRole('link', { name: /Previous chapter/ })).toHaveAttribute(
    'href',
    '/books/basic-electrical-engineering/kirchhoff-s-laws',
  );

  const search = page.getByRole('searchbox', { name: 'Search the textbooks' });
  await search.fill('eigenvalues');
  await search.press('Enter');
  // The first search fetches the index and its WebAssembly: allow for a slow connection.
  await expect(page.getByRole('status').filter({ hasText: /results? for “eigenvalues”/ })).toBeVisible({
    timeout: 20_000,
  });
  expect(scripts.some((path) => path.startsWith('/pagefind/'))).toBe(true);
  const hit = page.locator('[data-book-search] ol a').filter({ hasText: 'Eigenvalues and Eigenvectors' });
  await hit.click();
  await expect(page).toHaveURL('/books/engineering-mathematics-i/eigenvalues-and-eigenvectors');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eigenvalues and Eigenvectors');
  expect(watch.outbound).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
});

test('a search started with the button before the page woke up still runs, and axe finds nothing with results shown', async ({
  page,
}) => {
  await page.goto('/books');
  const search = page.getByRole('searchbox', { name: 'Search the textbooks' });
  await search.fill('Bernoulli');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/books');
  await expect(page.getByRole('status').filter({ hasText: /results? for “Bernoulli”/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.locator('[data-book-search] ol a').filter({ hasText: 'Linear and Bernoulli Equations' }),
  ).toBeVisible();
  await search.fill('');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Type a word to search for' })).toBeVisible();
  await search.fill('Bernoulli');
  await search.press('Enter');
  expect(await axeViolations(page)).toEqual([]);
});

test('the apps list shows the unreleased app apart as coming soon, and no rating without its count', async ({
  page,
}) => {
  await page.goto('/apps');
  const comingSoon = page.getByRole('region', { name: 'Coming soon' });
  const unreleased = comingSoon.locator('li.app').filter({ hasText: 'Deep Learning' });
  await expect(unreleased.getByText('Coming soon')).toBeVisible();
  await expect(unreleased.getByRole('link', { name: /Google Play/ })).toHaveCount(0);
  const machineLearning = page
    .locator('li.app')
    .filter({ has: page.getByRole('heading', { name: 'Machine Learning Advance', exact: true }) });
  // The file gives a score but no count of ratings.
  await expect(machineLearning.getByText(/Rated .* out of 5/)).toHaveCount(0);
  await machineLearning.getByRole('link', { name: /Privacy policy/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Machine Learning Advance: Privacy Policy');
});

test('results follow the typing without Enter, with snippets free of page furniture', async ({ page }) => {
  await page.goto('/books');
  const search = page.getByRole('searchbox', { name: 'Search the textbooks' });
  await search.click();
  await search.pressSequentially('Kirchhoff', { delay: 40 });
  await expect(page.getByRole('status').filter({ hasText: /results? for “Kirchhoff”/ })).toBeVisible({
    timeout: 20_000,
  });
  const snippets = page.locator('[data-book-search] ol p');
  await expect(snippets.first()).toBeVisible();
  for (const text of await snippets.allTextContents()) expect(text).not.toMatch(/All textbooks|coming soon/i);
});

test('a book shows its progress and marks each topic without a chapter as coming soon', async ({ page }) => {
  // A book still being written, if any is left, and a whole one.
  const books = readdirSync('src/content/books').map((file) => file.replace(/\.json$/, ''));
  const topics = (book: string) =>
    (
      JSON.parse(readFileSync(`src/content/books/${book}.json`, 'utf8')) as { units: { topics: unknown[] }[] }
    ).units.flatMap((unit) => unit.topics).length;
  const chapters = (book: string) =>
    readdirSync(`src/content/chapters/${book}`).filter((file) => file.endsWith('.md')).length;
  const unfinished = books.find((book) => chapters(book) < topics(book));
  if (unfinished) {
    await page.goto(`/books/${unfinished}`);
    await expect(page.getByText(/^\d+ of \d+ chapters$/)).toBeVisible();
    await expect(page.getByText('Chapter coming soon').first()).toBeVisible();
  }
  await page.goto('/books/basic-electrical-engineering');
  await expect(page.getByText(/^20 of 20 chapters$/)).toBeVisible();
  await expect(page.getByText('Chapter coming soon')).toHaveCount(0);
});

test('a contents link, and an address ending in a heading, bring that heading to the top of the screen', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const chapter = '/books/automobile-engineering/chassis-and-body';
  const offsetFromTop = (id: string) =>
    page.evaluate((target) => {
      const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBlockStart);
      return Math.round(document.getElementById(target)!.getBoundingClientRect().top - padding) || 0;
    }, id);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${chapter}#summary`);
    await expect.poll(() => offsetFromTop('summary'), `#summary in the address at ${width} px`).toBe(0);
    await page.goto(chapter);
    await page
      .getByRole('navigation', { name: 'In this chapter' })
      .getByRole('link', { name: 'Worked example' })
      .click();
    await expect.poll(() => offsetFromTop('worked-example'), `the contents link at ${width} px`).toBe(0);
    await page.getByRole('navigation', { name: 'In this chapter' }).scrollIntoViewIfNeeded();
    await page.getByRole('navigation', { name: 'In this chapter' }).getByRole('link', { name: 'Summary' }).click();
    await expect.poll(() => offsetFromTop('summary'), `the last contents link at ${width} px`).toBe(0);
  }
});

test.describe("a book's contents beside the text", () => {
  const chapter = '/books/basic-electrical-engineering/kirchhoff-s-laws';
  const bookPage = '/books/basic-electrical-engineering';

  test('at 1280 px a chapter has its book on the left and its sections on the right, both in view as it scrolls', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(chapter);
    const book = page.getByRole('navigation', { name: 'Book contents' });
    const sections = page.getByRole('navigation', { name: 'In this chapter' });
    const current = book.getByRole('link', { name: "Kirchhoff's Laws" });
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(book.getByRole('link', { name: 'Mesh and Nodal Analysis' })).not.toHaveAttribute('aria-current');
    // Beside the text, no disclosure to open.
    await expect(page.locator('summary', { hasText: 'Contents of this book' })).toBeHidden();
    const box = async (part: Locator) => (await part.boundingBox())!;
    const [left, text, right] = [await box(book), await box(page.locator('main .prose')), await box(sections)];
    expect(left.x + left.width).toBeLessThan(text.x);
    expect(text.x + text.width).toBeLessThan(right.x);
    expect(right.x + right.width).toBeLessThanOrEqual(1280);

    // Half-way down the chapter (at its very end the contents leave with the text, as a sticky column does).
    await page.getByRole('heading', { name: 'Worked example' }).scrollIntoViewIfNeeded();
    await expect(current).toBeInViewport();
    await expect(sections.getByRole('link', { name: 'Worked example' })).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);

    // A link of the contents leads to that chapter, marked there in its turn.
    await book.getByRole('link', { name: 'Mesh and Nodal Analysis' }).click();
    await expect(page).toHaveURL('/books/basic-electrical-engineering/mesh-and-nodal-analysis');
    await expect(book.getByRole('link', { name: 'Mesh and Nodal Analysis' })).toHaveAttribute('aria-current', 'page');
  });

  test('the keyboard meets the book, then the sections, then the text, as the eye reads them', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(chapter);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    const stops: string[] = [];
    for (let step = 0; step < 40 && !stops.includes('text'); step += 1) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => {
          const focused = document.activeElement!;
          if (focused.closest('nav[aria-label="Book contents"]')) return 'book';
          if (focused.closest('nav[aria-labelledby="chapter-contents-title"]')) return 'sections';
          if (focused.closest('.prose')) return 'text';
          return focused.closest('nav')?.getAttribute('aria-label') ?? focused.tagName;
        }),
      );
    }
    const order = stops.filter((stop, index) => stop !== stops[index - 1]);
    expect(order).toEqual(['Breadcrumb', 'book', 'sections', 'text']);
    // The contents' own focus ring shows: its link is outlined, not clipped by the column it scrolls in.
    await page.goto(chapter);
    const link = page
      .getByRole('navigation', { name: 'Book contents' })
      .getByRole('link', { name: "Kirchhoff's Laws" });
    await link.focus();
    await expect(link).toBeFocused();
    expect(await link.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
  });

  test('the book page and its chapters share the layout: the contents and the title stand in the same place', async ({
    page,
  }) => {
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const places: { nav: number; title: { x: number; y: number } }[] = [];
      for (const path of [bookPage, chapter]) {
        await page.goto(path);
        const nav = (await page.getByRole('navigation', { name: 'Book contents' }).boundingBox())!;
        const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
        places.push({ nav: Math.round(nav.x), title: { x: Math.round(title.x), y: Math.round(title.y) } });
      }
      expect(places[1], `at ${width} px`).toEqual(places[0]);
    }
    // On the book's page the book itself is the page on the screen.
    await page.goto(bookPage);
    await expect(
      page
        .getByRole('navigation', { name: 'Book contents' })
        .getByRole('link', { name: 'Basic Electrical Engineering' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('at 375 px the contents fold into a disclosure above the chapter, which opens from the keyboard', async ({
    page,
  }) => {
    await page.goto(chapter);
    const book = page.getByRole('navigation', { name: 'Book contents' });
    const toggle = book.locator('summary', { hasText: 'Contents of this book' });
    const current = book.getByRole('link', { name: "Kirchhoff's Laws" });
    await expect(toggle).toBeVisible();
    await expect(current).toBeHidden();
    const [box, title] = [await toggle.boundingBox(), await page.getByRole('heading', { level: 1 }).boundingBox()];
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.y + box!.height).toBeLessThan(title!.y);
    expect(await axeViolations(page)).toEqual([]);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Tab');
    await expect(book.getByRole('link', { name: 'Basic Electrical Engineering' })).toBeFocused();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(current).toBeHidden();

    // The book's own page is its contents: no folded copy of them on a phone.
    await page.goto(bookPage);
    await expect(page.getByRole('navigation', { name: 'Book contents' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();
  });
});

test.describe("the answers of a chapter's exercises", () => {
  /** A real chapter's answers: Kirchhoff's Laws ends with five exercises. */
  async function chapterWithExercises(page: Page) {
    await page.goto('/books/basic-electrical-engineering/kirchhoff-s-laws');
    return page.locator('main details.answer');
  }

  test('each answer stays folded until the reader opens it, with a pointer or the keyboard', async ({ page }) => {
    const answers = await chapterWithExercises(page);
    await expect(answers).toHaveCount(5);
    const answer = answers.nth(1);
    const summary = answer.locator('summary');
    await expect(summary).toHaveText('Show answer');
    await expect(answer.getByText('Answer:')).toBeHidden();
    await summary.scrollIntoViewIfNeeded();
    const closed = (await summary.boundingBox())!;
    expect(closed.height).toBeGreaterThanOrEqual(44);
    expect(closed.width).toBeGreaterThanOrEqual(44);
    const question = (await answer.locator('xpath=..').locator('p').first().boundingBox())!;
    expect(await axeViolations(page)).toEqual([]);

    await summary.focus();
    expect(await summary.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await expect(answer.getByText('Answer:')).toBeVisible();
    await expect(answer.locator('math').first()).toBeVisible();
    // Opening it moves nothing above it: the question and the button stay where they were.
    expect((await summary.boundingBox())!.y).toBe(closed.y);
    expect((await answer.locator('xpath=..').locator('p').first().boundingBox())!.y).toBe(question.y);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(answer.getByText('Answer:')).toBeHidden();
    await summary.click();
    await expect(answer.getByText('Answer:')).toBeVisible();
  });

  test('the button keeps a border and its text in forced colours', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    const summary = (await chapterWithExercises(page)).first().locator('summary');
    const style = await summary.evaluate((element) => {
      const computed = getComputedStyle(element);
      return {
        border: computed.borderTopStyle,
        width: parseFloat(computed.borderTopWidth),
        text: (element as HTMLElement).innerText,
      };
    });
    expect(style).toEqual({ border: 'solid', width: 1, text: 'Show answer' });
  });
});
