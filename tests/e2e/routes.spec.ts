import AxeBuilder from '@axe-core/playwright';
import { wcagTags } from '../../scripts/bench/budgets.ts';
import { builtPages } from '../support/dist';
import { expect, hasHorizontalScroll, test } from './fixtures';

/* Every page of the built site, at a phone, a tablet and a desktop width. */

const routes = builtPages().map((built) => built.path);
const widths = [375, 800, 1280];

for (const route of routes) {
  test(`${route} renders at every width, offline, without errors or sideways scrolling, and axe finds nothing`, async ({
    page,
    watch,
  }) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(route);
      expect(response?.status(), `${route} at ${width}px`).toBe(200);
      // Served under the production Content-Security-Policy: a violation would show as a console error below.
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await expect(page.locator('h1')).toHaveCount(1);
      expect(await hasHorizontalScroll(page), `horizontal scroll at ${width}px`).toBe(false);
      if (width !== 800) {
        const results = await new AxeBuilder({ page }).withTags([...wcagTags, 'best-practice']).analyze();
        expect(
          results.violations.map(
            (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          ),
          `axe at ${width}px`,
        ).toEqual([]);
      }
    }
    expect(watch.outbound).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });
}
