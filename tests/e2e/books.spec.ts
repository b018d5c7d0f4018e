import { axeViolations, expect, test } from './fixtures';

/* A student reading a textbook on a phone: a chapter, the next one, and a search. */

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
