import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The web font (src/components/WebFont.astro, docs/decisions.md "The web font"): a first page is set in the
 * system's font and fetches Inter only after it has loaded; the pages opened from it are set in Inter from their
 * first paint, so nothing is swapped in under the reader's eyes. A page landed on from elsewhere reads no storage
 * before it has loaded.
 */

const isFont = (request: Request) => request.resourceType() === 'font';

/** The sum of the layout shifts the page has had so far. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // With no shift at all the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );

const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);

test('a first page fetches the web font only after it has loaded, and the next page is set in it from the start', async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (isFont(request)) fonts.push(request.url());
  });
  await page.goto('/about-us');
  expect(await bodyFont(page)).not.toMatch(/Inter/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('qd-web-font'))).toContain('inter-text');
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fontStarts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => entry.startTime);
    return { loaded: navigation.loadEventEnd, fontStarts };
  });
  expect(timing.fontStarts).toHaveLength(2);
  for (const start of timing.fontStarts) expect(start).toBeGreaterThan(timing.loaded);
  // The page it was fetched on keeps the system's font: no swap, no shift.
  expect(await bodyFont(page)).not.toMatch(/Inter/);
  expect(await layoutShift(page)).toBe(0);

  await page.locator('footer a[href="/our-story"]').click();
  await page.waitForURL('**/our-story');
  expect(await page.evaluate(() => document.documentElement.classList.contains('web-font'))).toBe(true);
  expect(await bodyFont(page)).toMatch(/^"Inter Variable"/);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some((face) => face.family.includes('Inter') && face.status === 'loaded'),
      ),
    )
    .toBe(true);
  expect(await layoutShift(page)).toBe(0);
});

test('a page landed on from elsewhere reads no storage before it has loaded, and keeps the system font even for a returning visitor', async ({
  page,
}) => {
  await page.goto('/about-us');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('qd-web-font'))).toContain('inter-text');
  // Each storage read, and whether the page had loaded by then.
  await page.addInitScript(() => {
    const reads: string[] = [];
    (window as Window & { storageReads?: string[] }).storageReads = reads;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      reads.push(document.readyState === 'complete' ? 'after load' : 'before load');
      return getItem.call(this, key);
    };
  });
  // Every font request from here on: the loader would fetch at once after its read.
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (isFont(request)) fonts.push(request.url());
  });
  // Typed into the address bar, or followed from another site: no referrer from this one.
  await page.goto('/our-story');
  expect(await bodyFont(page)).not.toMatch(/Inter/);
  expect(await page.evaluate(() => document.documentElement.classList.contains('web-font'))).toBe(false);
  await page.waitForLoadState('load');
  // Two seconds after the load and the browser's idle time, the loader finds the font already fetched.
  await expect
    .poll(() => page.evaluate(() => (window as Window & { storageReads?: string[] }).storageReads), { timeout: 10_000 })
    .toEqual(['after load']);
  await page.waitForTimeout(500);
  expect(fonts).toEqual([]);

  // Opened from that page, the next one reads the flag before its first paint.
  await page.locator('footer a[href="/about-us"]').click();
  await page.waitForURL('**/about-us');
  expect(await page.evaluate(() => (window as Window & { storageReads?: string[] }).storageReads)).toEqual([
    'before load',
  ]);
  expect(await bodyFont(page)).toMatch(/^"Inter Variable"/);
});

test('with Save-Data or on 2G the system font stays and no font file is fetched', async ({ page }) => {
  await page.clock.install();
  for (const connection of [
    { saveData: true, effectiveType: '4g' },
    { saveData: false, effectiveType: 'slow-2g' },
    { saveData: false, effectiveType: '4g' },
  ]) {
    const fonts: string[] = [];
    const onRequest = (request: Request) => {
      if (isFont(request)) fonts.push(request.url());
    };
    page.on('request', onRequest);
    // The init script of a later case runs after an earlier one's, so its value holds.
    await page.addInitScript(
      (value) => Object.defineProperty(Navigator.prototype, 'connection', { get: () => value, configurable: true }),
      connection,
    );
    await page.goto('/about-us');
    await page.evaluate(() => localStorage.removeItem('qd-web-font'));
    await page.reload();
    await page.waitForLoadState('load');
    // Past the moment the font would be fetched: two seconds after the load event, then the browser's idle time.
    await page.clock.runFor(5000);
    await page.waitForLoadState('networkidle');
    // The last case, a 4G connection without Save-Data, shows the clock does reach that moment.
    if (connection.saveData || connection.effectiveType !== '4g') expect(fonts, JSON.stringify(connection)).toEqual([]);
    else await expect.poll(() => fonts.length, 'fonts fetched on 4G').toBe(2);
    page.off('request', onRequest);
  }
});
