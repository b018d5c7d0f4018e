import { test as base, expect, type Page } from '@playwright/test';

/*
 * Every test runs offline: any request to a host other than this machine is
 * aborted and recorded, and console errors are recorded, so a test can assert
 * that a page needs nothing from the internet and logs no error.
 */

interface Watch {
  outbound: string[];
  consoleErrors: string[];
}

export const test = base.extend<{ watch: Watch }>({
  watch: async ({ page }, use) => {
    const watch: Watch = { outbound: [], consoleErrors: [] };
    await page.route('**/*', (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
      watch.outbound.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    page.on('console', (message) => {
      if (message.type() === 'error') watch.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => watch.consoleErrors.push(error.message));
    await use(watch);
  },
});

export { expect };

export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
