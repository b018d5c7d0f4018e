// Every built page in Chromium at a phone and a desktop width: what loads
// before the visitor does anything (JavaScript, CSS, requests), whether the
// HTML and the CSS of the first paint fit the first round trip (a book or a chapter
// up to its first screen, budgets.ts: firstRoundTrip), and axe with
// and without the reduced-motion preference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page, type Request } from '@playwright/test';
import { chromiumArgs } from '../../support/chromium.ts';
import {
  budgets,
  distPages,
  firstPaintCss,
  firstRoundTrip,
  gzipSize,
  islandsIn,
  renderEverything,
  wcagTags,
} from '../../support/budgets.ts';
import type { AxeViolation, PageAtWidth, PageEntry } from './report.ts';

export const widths = [375, 1280];

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

const isLocal = (url: string) => ['localhost', '127.0.0.1'].includes(new URL(url).hostname);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

function violationsOf(results: AxeResults): AxeViolation[] {
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    count: violation.nodes.length,
  }));
}

/** Loads a page and, when asked, waits until nothing more arrives without the visitor doing anything. */
async function load(page: Page, url: string, { settle }: { settle: boolean }) {
  const response = await page.goto(url, { waitUntil: 'load' });
  if (settle) await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  return response;
}

export interface PagesOptions {
  origin: string;
  distRoot: string;
  /** The browser; Playwright's own when undefined. */
  chromePath: string | undefined;
  concurrency?: number;
  log?: (line: string) => void;
}

export async function measurePages({
  origin,
  distRoot,
  chromePath,
  concurrency = 2,
  log = () => {},
}: PagesOptions): Promise<PageEntry[]> {
  const pages = distPages(distRoot);
  const browser = await chromium.launch({ ...(chromePath ? { executablePath: chromePath } : {}), args: chromiumArgs });
  const results = new Map<string, PageEntry>(pages.map(({ path }) => [path, { path, widths: {} }]));
  const gzipOfFile = new Map<string, number | null>();
  const gzipOf = (path: string): number | null => {
    if (!gzipOfFile.has(path)) {
      try {
        gzipOfFile.set(path, gzipSize(readFileSync(join(distRoot, path))));
      } catch {
        gzipOfFile.set(path, null);
      }
    }
    return gzipOfFile.get(path) ?? null;
  };

  try {
    for (const width of widths) {
      for (const reducedMotion of ['no-preference', 'reduce'] as const) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion });
        // Nothing leaves the machine; what tried to is reported.
        const outbound = new Map<Page, string[]>();
        await context.route('**/*', (route) => {
          const url = route.request().url();
          if (isLocal(url)) return route.continue();
          let page: Page | undefined;
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
          const requests: Request[] = [];
          page.on('requestfinished', (request) => requests.push(request));
          page.on('requestfailed', (request) => requests.push(request));
          try {
            const response = await load(page, `${origin}${path}`, { settle: reducedMotion === 'no-preference' });
            const result = results.get(path)!;
            const entry: PageAtWidth = result.widths[width] ?? {};
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
              const firstPartGzip = gzipSize(firstRoundTrip(html, path).html);
              const linkedCssGzip = css.linked.reduce((sum, href) => sum + (gzipOf(href) ?? 0), 0);
              const measured: PageAtWidth = {
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
                  gzipBytes: firstPartGzip + linkedCssGzip,
                  fits: firstPartGzip + linkedCssGzip <= budgets.firstRoundTripBytes,
                },
                islands: [...new Set(islandsIn(html).map((island) => `${island.name} (client:${island.client})`))],
              };
              Object.assign(entry, measured);
            }
            await page.addStyleTag({ content: renderEverything });
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
            result.widths[width] = entry;
          } catch (error) {
            const result = results.get(path)!;
            result.widths[width] = {
              ...result.widths[width],
              error: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '',
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
