// Every built page in Chromium at a phone and a desktop width: what loads
// before the visitor does anything (JavaScript, CSS, requests), whether the
// HTML and the CSS of the first paint fit the first round trip, and axe with
// and without the reduced-motion preference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright';
import { chromiumArgs } from '../chromium.ts';
import { budgets, distPages, firstPaintCss, gzipSize, islandsIn, wcagTags } from './budgets.ts';

export const widths = [375, 1280];

async function pool(items, concurrency, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (queue.length > 0) await work(queue.shift());
    }),
  );
}

const isLocal = (url) => ['localhost', '127.0.0.1'].includes(new URL(url).hostname);

function violationsOf(results) {
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    count: violation.nodes.length,
  }));
}

/** Loads a page and, when asked, waits until nothing more arrives without the visitor doing anything. */
async function load(page, url, { settle }) {
  const response = await page.goto(url, { waitUntil: 'load' });
  if (settle) await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  return response;
}

/**
 * @param {{ origin: string, distRoot: string, chromePath: string, concurrency?: number, log?: (line: string) => void }} options
 */
export async function measurePages({ origin, distRoot, chromePath, concurrency = 2, log = () => {} }) {
  const pages = distPages(distRoot);
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  const results = new Map(pages.map(({ path }) => [path, { path, widths: {} }]));
  const gzipOfFile = new Map();
  const gzipOf = (path) => {
    if (!gzipOfFile.has(path)) {
      try {
        gzipOfFile.set(path, gzipSize(readFileSync(join(distRoot, path))));
      } catch {
        gzipOfFile.set(path, null);
      }
    }
    return gzipOfFile.get(path);
  };

  try {
    for (const width of widths) {
      for (const reducedMotion of ['no-preference', 'reduce']) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion });
        // Nothing leaves the machine; what tried to is reported.
        const outbound = new Map();
        await context.route('**/*', (route) => {
          const url = route.request().url();
          if (isLocal(url)) return route.continue();
          let page;
          try {
            page = route.request().frame().page();
          } catch {
            // A service worker's request has no frame.
          }
          if (page) outbound.set(page, [...(outbound.get(page) ?? []), url]);
          return route.abort('blockedbyclient');
        });
        let done = 0;
        await pool(pages, concurrency, async ({ path, file }) => {
          const page = await context.newPage();
          const requests = [];
          page.on('requestfinished', (request) => requests.push(request));
          page.on('requestfailed', (request) => requests.push(request));
          try {
            const response = await load(page, `${origin}${path}`, { settle: reducedMotion === 'no-preference' });
            const entry = results.get(path).widths[width] ?? {};
            if (reducedMotion === 'no-preference') {
              const html = readFileSync(file, 'utf8');
              const css = firstPaintCss(html);
              const scripts = requests
                .filter((request) => request.resourceType() === 'script')
                .map((request) => new URL(request.url()).pathname);
              const stylesheets = requests
                .filter((request) => request.resourceType() === 'stylesheet')
                .map((request) => new URL(request.url()).pathname);
              const transferred = await Promise.all(
                requests.map(async (request) => (await request.sizes().catch(() => null))?.responseBodySize ?? 0),
              );
              const htmlGzip = gzipSize(html);
              const linkedCssGzip = css.linked.reduce((sum, href) => sum + (gzipOf(href) ?? 0), 0);
              Object.assign(entry, {
                status: response?.status() ?? null,
                requests: requests.length,
                transferredBytes: transferred.reduce((sum, bytes) => sum + bytes, 0),
                js: {
                  files: scripts.length,
                  gzipBytes: scripts.reduce((sum, script) => sum + (gzipOf(script) ?? 0), 0),
                  paths: scripts,
                },
                css: {
                  inlineBytes: Buffer.byteLength(css.inline),
                  inlineGzipBytes: gzipSize(css.inline),
                  files: stylesheets.length,
                  fileGzipBytes: stylesheets.reduce((sum, sheet) => sum + (gzipOf(sheet) ?? 0), 0),
                },
                html: { bytes: Buffer.byteLength(html), gzipBytes: htmlGzip },
                firstRoundTrip: {
                  gzipBytes: htmlGzip + linkedCssGzip,
                  fits: htmlGzip + linkedCssGzip <= budgets.firstRoundTripBytes,
                },
                islands: [...new Set(islandsIn(html).map((island) => `${island.name} (client:${island.client})`))],
              });
            }
            const axe = await new AxeBuilder({ page })
              .withTags([...wcagTags, 'best-practice'])
              .options({ resultTypes: ['violations'] })
              .analyze();
            const violations = violationsOf(axe);
            const wcag = new Set(
              axe.violations
                .filter((violation) => violation.tags.some((tag) => wcagTags.includes(tag)))
                .map((violation) => violation.id),
            );
            entry[reducedMotion === 'reduce' ? 'axeReducedMotion' : 'axe'] = {
              wcag: violations.filter((violation) => wcag.has(violation.id)),
              bestPractice: violations.filter((violation) => !wcag.has(violation.id)),
            };
            entry.outbound = [...(entry.outbound ?? []), ...(outbound.get(page) ?? [])];
            results.get(path).widths[width] = entry;
          } catch (error) {
            results.get(path).widths[width] = {
              ...(results.get(path).widths[width] ?? {}),
              error: (error instanceof Error ? error.message : String(error)).split('\n')[0],
            };
          } finally {
            await page.close();
            done += 1;
            if (done % 25 === 0 || done === pages.length)
              log(
                `  pages at ${width}px, ${reducedMotion === 'reduce' ? 'reduced motion' : 'motion allowed'}: ${done}/${pages.length}`,
              );
          }
        });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return [...results.values()];
}
