import type { Page, Request } from '@playwright/test';
import { axeViolations, expect, hasHorizontalScroll, test } from '../fixtures';

/*
 * What every page must be in a browser, before a visitor does anything, at a
 * desktop and a phone width (and a tablet width by resizing): it answers 200
 * under the production Content-Security-Policy with one h1, needs nothing from
 * the internet, logs no error, never scrolls sideways, loads no JavaScript file
 * and never hCaptcha's script (forms load theirs when a person starts on them),
 * has no lazy LCP image, and axe finds nothing. No timing is asserted:
 * only which files load and what the page is.
 *
 * `npm test` sweeps one page of each kind (pages.spec.ts); `npm run verify` sweeps every page (every-page.sweep.ts).
 */

/**
 * Loads a page without any click, key or scroll, and waits until no request
 * has been open for a moment after the load event: islands that wait for idle
 * time or visibility have had their chance to load. (The video's streaming is
 * left out of the count: it may stay open.) Returns the scripts requested.
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
  const response = await page.goto(path);
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
  return {
    response,
    scripts: scripts.map((url) => new URL(url)).map((url) => (url.hostname === 'localhost' ? url.pathname : url.href)),
  };
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

/** One test per page: loaded untouched at 1280 px (then resized to 800 px) and again at 375 px. */
export function sweepPages(paths: string[]) {
  for (const path of paths) {
    test(`${path}: answers offline without errors, fits every width, no script or captcha before use, axe finds nothing`, async ({
      page,
      watch,
    }) => {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        const { response, scripts } = await loadUntouched(page, path);
        expect(response?.status(), `${path} at ${width}px`).toBe(200);
        // Served under the production Content-Security-Policy: a violation would show as a console error below.
        expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
        await expect(page.locator('h1')).toHaveCount(1);
        // No page, not even one with a form, loads a script file before a person uses something.
        expect.soft(scripts, `JavaScript files at ${width}px`).toEqual([]);
        expect.soft(await lazyLcpImage(page), `the LCP image at ${width}px is lazy`).toBeNull();
        expect.soft(await hasHorizontalScroll(page), `horizontal scroll at ${width}px`).toBe(false);
        expect.soft(await axeViolations(page), `axe at ${width}px`).toEqual([]);
        if (width === 1280) {
          // A tablet: the layout follows the width without a reload, as when a window is resized.
          await page.setViewportSize({ width: 800, height: 900 });
          expect.soft(await hasHorizontalScroll(page), 'horizontal scroll at 800px').toBe(false);
        }
      }
      expect(watch.captchaScripts, 'hCaptcha loaded before anyone used a form').toEqual([]);
      expect(watch.outbound).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    });
  }
}
