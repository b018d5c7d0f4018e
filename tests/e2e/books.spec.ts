import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import config from '../../astro.config.mjs';
import { renderEverything } from '../../scripts/bench/budgets.ts';
import { axeViolations, expect, hasHorizontalScroll, test } from './fixtures';

/*
 * A student reading a textbook on a phone: a chapter, the next one, and a search; and checking their answers to a
 * chapter's exercises.
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
  await page.goto('/books/basic-electrical-engineering');
  await expect(page.getByText(/^\d+ of \d+ chapters$/)).toBeVisible();
  await expect(page.getByText('Chapter coming soon').first()).toBeVisible();
});

test('a contents link, and an address ending in a heading, bring that heading to the top of the screen', async ({
  page,
}) => {
  // Below the first screen a chapter is laid out only as it nears the screen (content-visibility: auto), so the
  // blocks above a heading far down have an estimated height until then; the jump must land all the same.
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

test.describe("the answers of a chapter's exercises", () => {
  // While no chapter has exercises yet, the test fixture's, through the site's own Markdown processor, stand in a
  // real chapter's text, with the chapter's own CSS.
  async function chapterWithExercises(page: Page) {
    const renderer = await config.markdown!.processor!.createRenderer({ shikiConfig: config.markdown!.shikiConfig! });
    const fixture = readFileSync(new URL('../fixtures/chapters/with-exercises.md', import.meta.url), 'utf8');
    const { code } = await renderer.render(fixture.slice(fixture.indexOf('## Exercises')));
    await page.goto('/books/basic-electrical-engineering/kirchhoff-s-laws');
    await page.locator('main .prose').evaluate((prose, markup) => prose.insertAdjacentHTML('beforeend', markup), code);
    return page.locator('main details.answer');
  }

  test('each answer stays folded until the reader opens it, with a pointer or the keyboard', async ({ page }) => {
    const answers = await chapterWithExercises(page);
    await expect(answers).toHaveCount(3);
    const answer = answers.nth(1);
    const summary = answer.locator('summary');
    await expect(summary).toHaveText('Show answer');
    await expect(answer.getByText('Answer:')).toBeHidden();
    // Every block laid out at its real height, so that only the answer could move anything.
    await page.addStyleTag({ content: renderEverything });
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
    // innerText is empty in a block not laid out yet (content-visibility: auto, below the first screen).
    await page.addStyleTag({ content: renderEverything });
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
