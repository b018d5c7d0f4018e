// `npm run bench:taps`: the first tap on a phone (docs/decisions.md, "The first tap answers at once"). How long from
// a tap on "Get Started", on "Request a callback" and into the Contact Us form until the page answers on screen, and
// until the form's script has taken over so the visitor types into the finished form. Chromium at 375 px with touch,
// on Slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up) and a 4× slower CPU, set through the DevTools protocol;
// each run is a first visit (an empty cache), tapped after the page has loaded and sat idle for three seconds, as in
// issue 27. It serves dist/ with the local server (scripts/serve.ts) and prints the median of three runs (`--runs N`)
// against the budgets; it ends with status 1 when one is not held. Timings depend on the machine: run it on a quiet one.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { budgets } from '../support/budgets.ts';
import { chromiumArgs, systemChromium } from '../support/chromium.ts';
import { startSiteServer } from '../support/site-server.ts';

interface TapTarget {
  /** What is tapped, as the table names it. */
  name: string;
  path: string;
  /** The element tapped: a CSS selector, scrolled into view before the page is left idle. */
  selector: string;
}

const tapTargets: TapTarget[] = [
  { name: '"Get Started" (package request)', path: '/our-services/seo', selector: '[data-package-request]' },
  { name: '"Request a callback" in the header', path: '/our-services/seo', selector: 'header [data-callback-trigger]' },
  { name: "The Contact Us form's first field", path: '/contact-us', selector: '.contact-form input' },
];

/** Slow 4G, as Lighthouse's mobile preset names it, in the DevTools protocol's units (bytes per second, ms). */
const slow4g = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

function medianOf(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

declare global {
  interface Window {
    /** What the page saw of the tap, in its own clock (performance.now()). */
    tapTimes?: { tap?: number; response?: number; usable?: number };
  }
}

/**
 * Runs in the page before its own scripts. A moment is the frame it shows in: the time a task queued from that
 * frame's animation callback starts, which is after the frame is drawn.
 *
 * - The tap: the first pointerdown.
 * - The response: a dialog open, or (on a form in the page) the focus in one of its fields.
 * - Usable: the focus in a field of a form the island has taken over: a dialog's form with its send button (not the
 *   first frame the page drew), or a Contact Us form whose island said so (qd:ready).
 */
function watchTheTap() {
  const times: NonNullable<Window['tapTimes']> = {};
  window.tapTimes = times;
  const inFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then));
  let islandReady = false;
  const check = () => {
    if (times.tap === undefined) return;
    const focused = document.activeElement;
    const field = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? focused : null;
    const dialog = document.querySelector('dialog[open]');
    if (times.response === undefined && (dialog || field)) {
      times.response = -1;
      inFrame(() => (times.response = performance.now()));
    }
    const form = field?.form;
    const taken = form && (dialog ? dialog.contains(form) && form.querySelector('[type="submit"]') : islandReady);
    if (times.usable === undefined && taken) {
      times.usable = -1;
      inFrame(() => (times.usable = performance.now()));
    }
  };
  addEventListener(
    'pointerdown',
    (event) => {
      times.tap ??= event.timeStamp;
      check();
    },
    true,
  );
  addEventListener('qd:ready', (event) => {
    if ((event as CustomEvent<string>).detail === '.contact-form') islandReady = true;
    queueMicrotask(check);
  });
  addEventListener('focusin', check, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributeFilter: ['open'] });
}

async function tapOnce(page: Page, origin: string, target: TapTarget) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(watchTheTap);
  await page.goto(`${origin}${target.path}`, { waitUntil: 'load' });
  const tapped = page.locator(target.selector).first();
  await tapped.scrollIntoViewIfNeeded();
  // Loaded and left alone for three seconds, as a visitor reads before tapping.
  await page.waitForTimeout(3000);
  await tapped.tap();
  await page.waitForFunction(() => (window.tapTimes?.usable ?? -1) > 0, undefined, { timeout: 20_000 });
  const times = (await page.evaluate(() => window.tapTimes))!;
  const since = (moment: number | undefined) =>
    moment !== undefined && moment > 0 && times.tap !== undefined ? Math.round(moment - times.tap) : null;
  return { response: since(times.response), usable: since(times.usable) };
}

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number of 1 or more, not ${options.runs}`);
const root = resolve(import.meta.dirname, '..');
if (!existsSync(join(root, 'dist', 'index.html'))) throw new Error('dist/ has no site: run `npm run build` first');

// Plain HTTP/1.1 from the local server, which compresses and sends Netlify's headers; Netlify itself answers over
// HTTP/2 with TLS (docs/decisions.md, "The first tap answers at once"). Its Blobs go to a folder of their own.
const dataDir = mkdtempSync(join(tmpdir(), 'qd-bench-taps-'));
const rows: { name: string; response: (number | null)[]; usable: (number | null)[]; error?: string }[] = [];
const server = await startSiteServer({ dataDir });
// No host resolves but this machine: hCaptcha's script, which a form asks for once it is in use, is never fetched.
// (Routing requests through Playwright instead would add its own time to every request measured.)
const browser = await chromium
  .launch({
    ...(systemChromium ? { executablePath: systemChromium } : {}),
    args: [...chromiumArgs, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'],
  })
  .catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
try {
  for (const target of tapTargets) {
    const row: (typeof rows)[number] = { name: target.name, response: [], usable: [] };
    for (let run = 0; run < runs; run += 1) {
      // A new context each run: a first visit, with nothing cached.
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const { response, usable } = await tapOnce(await context.newPage(), server.origin, target);
        row.response.push(response);
        row.usable.push(usable);
      } catch (error) {
        row.response.push(null);
        row.usable.push(null);
        row.error = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      } finally {
        await context.close();
      }
    }
    rows.push(row);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (value: number | null) => (value === null ? 'none' : `${Math.round(value)} ms`);
const cell = (values: (number | null)[], budget: number) => {
  const median = medianOf(values);
  const held = median !== null && median <= budget && values.every((value) => value !== null);
  return { text: `${ms(median)} (${values.map(ms).join(', ')})${held ? '' : ' over budget'}`, held };
};
const table = [
  ['First tap', `Answered, budget ${budgets.tapResponseMs} ms`, `Usable, budget ${budgets.tapUsableMs} ms`],
  ...rows.map((row) => {
    const response = cell(row.response, budgets.tapResponseMs);
    const usable = cell(row.usable, budgets.tapUsableMs);
    if (!response.held || !usable.held) process.exitCode = 1;
    return [row.name, response.text, usable.text];
  }),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
console.log(`The first tap on a simulated phone, median of ${runs} run(s) (each run in brackets):\n`);
for (const line of table)
  console.log(
    line
      .map((text, column) => text.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
for (const row of rows) if (row.error) console.log(`\n${row.name}: ${row.error}`);
