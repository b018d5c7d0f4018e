import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Layouts that must hold at the widths people use: a phone, a small tablet, a
 * tablet in landscape and a laptop.
 */

const widths = [375, 800, 1024, 1280];

/** Every piece of text in `selector` whose box meets the box of an image in it. */
function textOverImages(page: Page, selector: string) {
  return page.evaluate((root) => {
    const hero = document.querySelector(root);
    if (!hero) return [`no ${root}`];
    const images = [...hero.querySelectorAll('img, svg, video')]
      .filter((image) => !image.closest('a, button'))
      .map((image) => image.getBoundingClientRect());
    const found: string[] = [];
    const walker = document.createTreeWalker(hero, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const text of range.getClientRects()) {
        if (text.width === 0 || text.height === 0) continue;
        for (const image of images) {
          const overlaps =
            text.left < image.right && image.left < text.right && text.top < image.bottom && image.top < text.bottom;
          if (overlaps) found.push(node.textContent.trim().slice(0, 40));
        }
      }
    }
    return found;
  }, selector);
}

test.describe('heroes', () => {
  // Where the hero's text and illustration sit side by side (from 768 px) the text once ran over the art: every
  // width from a small tablet to a laptop, in steps a layout cannot hide between, on the longest and shortest titles.
  const heroWidths = [375, 768, 800, 850, 900, 950, 1000, 1024, 1280];
  for (const path of ['/our-services/seo', '/our-services/mobile-app-development', '/our-services/email-hosting']) {
    test(`on ${path} no text runs over the illustration from 375 to 1280 px`, async ({ page }) => {
      await page.goto(path);
      for (const width of heroWidths) {
        await page.setViewportSize({ width, height: 900 });
        expect(await textOverImages(page, 'main section.hero'), `${width} px`).toEqual([]);
      }
    });
  }

  test('the check finds text laid over an image', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto('/our-services/seo');
    await page.addStyleTag({ content: '.hero__art { position: absolute; inset: 0; }' });
    expect(await textOverImages(page, 'main section.hero')).not.toEqual([]);
  });
});

test.describe('card grids', () => {
  test('three cards never leave one alone on a row', async ({ page }) => {
    for (const path of ['/', '/our-services/seo', '/our-services']) {
      await page.goto(path);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const rows = await page
          .locator('main ul.grid')
          .evaluateAll((grids) =>
            grids
              .filter((grid) => grid.children.length === 3)
              .map(
                (grid) => new Set([...grid.children].map((item) => Math.round(item.getBoundingClientRect().top))).size,
              ),
          );
        expect(rows.length, path).toBeGreaterThan(0);
        // One row where three fit side by side, three stacked on a phone; never two.
        for (const count of rows) expect(count, `${path} at ${width} px`).toBe(width < 786 ? 3 : 1);
      }
    }
  });
});
