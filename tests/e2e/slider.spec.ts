import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentRoot } from '../unit/content-files';

/* The success stories on the home page: side by side where three fit, a track to slide through where they do not. */

const stories = '#stories-title ~ * blockquote';
// The stories are content: an author may add one, so the count comes from the files.
const count = (JSON.parse(readFileSync(join(contentRoot, 'testimonials.json'), 'utf8')) as unknown[]).length;

test.describe('success stories', () => {
  test('at 1280px up to three stand side by side with nothing to slide; more keep sliding', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.locator('#stories-title').scrollIntoViewIfNeeded();
    const quotes = page.locator(stories);
    await expect(quotes).toHaveCount(count);
    if (count > 3) {
      await expect(page.getByRole('button', { name: 'Next story' })).toBeVisible();
      return;
    }
    for (let index = 0; index < count; index += 1) await expect(quotes.nth(index)).toBeInViewport({ ratio: 1 });
    const tops = await quotes.evaluateAll((all) => all.map((quote) => Math.round(quote.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(page.getByRole('button', { name: 'Next story' })).toBeHidden();
  });

  test('at 375px one story shows; next, previous, the dots, the arrow keys and a swipe move through them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const office = page.locator('#office-title');
    const before = await office.evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY);
    await page.locator('#stories-title').scrollIntoViewIfNeeded();
    const next = page.getByRole('button', { name: 'Next story' });
    await expect(next).toBeVisible();
    // Hydrating added the controls without moving what follows.
    expect(await office.evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY)).toBe(before);

    const quotes = page.locator(stories);
    const dots = page.getByRole('group', { name: 'Choose a story' }).getByRole('button');
    await expect(dots).toHaveCount(count);
    await expect(quotes.nth(0)).toBeInViewport({ ratio: 0.9 });
    await expect(quotes.nth(1)).not.toBeInViewport();

    await next.click();
    await expect(quotes.nth(1)).toBeInViewport({ ratio: 0.9 });
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText(`Story 2 of ${count}:`, { exact: false })).toBeAttached();

    await page.getByRole('button', { name: 'Previous story' }).click();
    await expect(quotes.nth(0)).toBeInViewport({ ratio: 0.9 });
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    await dots.nth(count - 1).click();
    await expect(quotes.nth(count - 1)).toBeInViewport({ ratio: 0.9 });
    await dots.nth(count - 1).press('ArrowRight');
    await expect(dots.nth(0)).toBeFocused();
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    // A swipe scrolls the track; the dots follow it.
    await page
      .getByRole('region', { name: 'Success stories' })
      .evaluate((track) => track.scrollTo({ left: track.clientWidth, behavior: 'instant' }));
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(quotes.nth(1)).toBeInViewport({ ratio: 0.9 });
  });

  test('without JavaScript every story is readable, and on a phone the track scrolls', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator(stories).filter({ visible: true })).toHaveCount(count);
    const track = page.getByRole('region', { name: 'Success stories' });
    expect(await track.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await context.close();
  });
});
