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
  test('never leave one card alone at the side of a row: a last card on its own takes the whole row', async ({
    page,
  }) => {
    for (const path of [
      '/',
      '/what-we-do',
      '/our-services',
      '/our-services/seo',
      '/expertise',
      '/work',
      '/apps',
      '/books',
    ]) {
      await page.goto(path);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        const grids = await page.locator('main ul.grid').evaluateAll((lists) =>
          lists.map((list) => {
            const rows = new Map<number, number[]>();
            for (const item of list.children) {
              const box = item.getBoundingClientRect();
              rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box.width]);
            }
            return { cards: list.children.length, rows: [...rows.values()], width: list.clientWidth };
          }),
        );
        expect(grids.length, path).toBeGreaterThan(0);
        for (const { cards, rows, width: listWidth } of grids) {
          const where = `${path} at ${width} px`;
          // Exactly three cards stand side by side wherever more than one fits.
          if (cards === 3 && width >= 786)
            expect(
              rows.map((row) => row.length),
              where,
            ).toEqual([3]);
          // A list of one card is not a row left short (the apps still to come, say).
          if (cards > 1 && width >= 786)
            for (const row of rows) if (row.length === 1) expect(Math.round(row[0]!), where).toBe(listWidth);
        }
      }
    }
  });
});
