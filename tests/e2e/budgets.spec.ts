import { formPages } from '../../scripts/bench/budgets.ts';
import { builtPages, type BuiltPage } from '../support/dist';
import { expect, test } from './fixtures';
import type { Page, Request } from '@playwright/test';

/*
 * What a visitor's browser loads before they do anything: no JavaScript file
 * on a wide screen or a phone (the menu hydrates when it is opened), never hCaptcha's script
 * before a form is open or in view, and an LCP image that is never lazy.
 * No timing is asserted: only which files load.
 */

/**
 * Loads a page without any click, key or scroll, and waits until no request
 * has been open for a moment after the load event: islands that wait for
 * idle time or visibility have had their chance to load. (The video's
 * streaming is left out of the count: it may stay open.)
 */
async function loadUntouched(page: Page, path: string) {
  const scripts: string[] = [];
  const open = new Set<Request>();
  let lastChange = Date.now();
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
    if (request.resourceType() !== 'media') open.add(request);
    lastChange = Date.now();
  };
  const onDone = (request: Request) => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  await page.goto(path);
  // Two idle callbacks: what an island scheduled for idle time has started by then.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  // A request the browser leaves open (a busy machine, a cached file it never reports finished) must not fail
  // the check: what counts is which files were asked for, and those are all in `scripts` already.
  await expect
    .poll(() => open.size === 0 && Date.now() - lastChange > 300, { intervals: [100], timeout: 10_000 })
    .toBe(true)
    .catch(() => undefined);
  page.off('request', onRequest);
  page.off('requestfinished', onDone);
  page.off('requestfailed', onDone);
  return scripts.map((url) => new URL(url)).map((url) => (url.hostname === 'localhost' ? url.pathname : url.href));
}

/** The page's largest contentful paint, if it is an image that waits for lazy loading: the LCP image must never be one. */
function lazyLcpImage(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        new PerformanceObserver((list) => {
          const element = (list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null }).element;
          resolve(
            element instanceof HTMLImageElement && element.loading === 'lazy'
              ? element.currentSrc || element.src
              : null,
          );
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // A page that painted no content has no LCP entry to wait for.
        setTimeout(() => resolve(null), 2_000);
      }),
  );
}

/** The pages in batches of ten, by address: one browser page for each batch keeps the run short. */
const batches: BuiltPage[][] = [];
for (const built of builtPages()) {
  if (batches.length === 0 || batches.at(-1)!.length === 10) batches.push([]);
  batches.at(-1)!.push(built);
}

for (const pages of batches) {
  const span = pages.length > 1 ? `${pages[0]!.path} to ${pages.at(-1)!.path}` : pages[0]!.path;
  test(`${span}: no JavaScript at 1280 or 375 px, no captcha and no lazy LCP image before interaction`, async ({
    page,
    watch,
  }) => {
    for (const built of pages) {
      const isFormPage = formPages.includes(built.path);
      const captchasBefore = watch.captchaScripts.length;
      await page.setViewportSize({ width: 1280, height: 900 });
      const wide = await loadUntouched(page, built.path);
      if (!isFormPage) expect.soft(wide, `${built.path}: JavaScript files at 1280 px`).toEqual([]);
      expect.soft(await lazyLcpImage(page), `${built.path}: the LCP image at 1280 px is lazy`).toBeNull();

      await page.setViewportSize({ width: 375, height: 800 });
      const narrow = await loadUntouched(page, built.path);
      if (!isFormPage) expect.soft(narrow, `${built.path}: JavaScript files at 375 px`).toEqual([]);
      expect.soft(await lazyLcpImage(page), `${built.path}: the LCP image at 375 px is lazy`).toBeNull();

      if (watch.captchaScripts.length > captchasBefore) {
        expect.soft(isFormPage, `${built.path}: hCaptcha loaded on a page without a form`).toBe(true);
        await expect
          .soft(page.locator('form').first(), `${built.path}: hCaptcha loaded before its form was in view`)
          .toBeInViewport();
      }
    }
  });
}
