import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { wcagTags } from '../../support/budgets.ts';

/*
 * Every test runs offline: any request to a host other than this machine is
 * aborted and recorded, and console errors are recorded, so a test can assert
 * that a page needs nothing from the internet and logs no error.
 */

interface Watch {
  outbound: string[];
  consoleErrors: string[];
  /** Requests for hCaptcha's script, answered by the local stub. */
  captchaScripts: string[];
}

const hcaptchaStub = readFileSync(new URL('./support/hcaptcha-stub.js', import.meta.url), 'utf8');

export const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ page }, use) => {
      const watch: Watch = { outbound: [], consoleErrors: [], captchaScripts: [] };
      // Only requests for other hosts are routed: the site's own go straight to it, which keeps the tests quick.
      await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])/, (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === 'js.hcaptcha.com' && url.pathname === '/1/api.js') {
          watch.captchaScripts.push(url.href);
          return route.fulfill({
            contentType: 'text/javascript',
            headers: { 'Access-Control-Allow-Origin': '*' },
            body: hcaptchaStub,
          });
        }
        watch.outbound.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      page.on('console', (message) => {
        if (message.type() === 'error') watch.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => watch.consoleErrors.push(error.message));
      await use(watch);
    },
    // Every test runs offline with the hCaptcha stub, whether or not it reads what was watched.
    { auto: true },
  ],
});

export { expect };

export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** What axe finds on the page as it is now, WCAG 2.2 A and AA and axe's best practices: one line per rule. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags([...wcagTags, 'best-practice']).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
