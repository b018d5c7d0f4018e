import type { Page } from '@playwright/test';
import { renderEverything } from '../../support/budgets.ts';
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

test.describe('content below the first screen', () => {
  // src/styles/global.css: the home page's project cards (.grid--later) are laid out, and their lazy icons fetched,
  // only as they come near the screen. On a wide screen they are near enough from the start; a phone is where they
  // wait.
  test("on a phone the home page's project cards wait until they come near, then show with their icons", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    const cards = page.locator('main ul.grid--later > li');
    await expect(cards).toHaveCount(3);
    const icons = await cards.locator('img').evaluateAll((found) => found.map((image) => image.getAttribute('src')));
    expect(icons).toHaveLength(3);
    const rendered = () =>
      cards.evaluateAll((items) =>
        items.map((item) =>
          item.firstElementChild!.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
        ),
      );
    expect(await rendered()).toEqual([false, false, false]);
    expect(images.filter((path) => icons.includes(path))).toEqual([]);

    await cards.first().scrollIntoViewIfNeeded();
    await expect.poll(rendered).toContain(true);
    const firstIcon = cards.first().locator('img');
    await expect
      .poll(() => firstIcon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    expect(images).toContain(icons[0]);
  });

  // The blocks marked .later (the footer, a chapter's pager): on a phone not rendered at first, each one once scrolled
  // to.
  for (const [path, count] of [
    ['/', 1],
    ['/books/automobile-engineering/chassis-and-body', 2],
  ] as const) {
    test(`on a phone ${path} lays out its ${count} later blocks only as they come near`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      const later = page.locator('.later');
      await expect(later).toHaveCount(count);
      await expect(later.last()).toHaveClass(/footer/);
      const rendered = () =>
        later.evaluateAll((blocks) =>
          blocks.map((block) =>
            block.firstElementChild!.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions),
          ),
        );
      expect(await rendered()).toEqual(Array.from({ length: count }, () => false));
      for (let index = 0; index < count; index += 1) {
        await later.nth(index).scrollIntoViewIfNeeded();
        await expect.poll(async () => (await rendered())[index]).toBe(true);
      }
    });
  }

  // Until it is rendered the footer stands at its estimated height, and its text is still read where it will stand
  // (Lighthouse's axe reads it so): the dark box must hold all of it at every width.
  test("the footer's estimated height is at least its real height at every width", async ({ page }) => {
    for (const width of [320, 599, 600, 1023, 1024, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/books');
      const footer = page.locator('footer.later');
      const estimate = await footer.evaluate((element) =>
        Number.parseFloat(getComputedStyle(element).containIntrinsicBlockSize.replace('auto', '')),
      );
      const style = await page.addStyleTag({ content: renderEverything });
      const height = await footer.evaluate((element) => element.getBoundingClientRect().height);
      await style.evaluate((element) => (element as HTMLStyleElement).remove());
      expect(height, `at ${width}px`).toBeGreaterThan(100);
      expect(estimate, `at ${width}px`).toBeGreaterThanOrEqual(height);
    }
  });
});
