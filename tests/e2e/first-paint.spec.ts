import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { distRoot } from '../support/dist';

/*
 * What the first frame waits for (src/layouts/BaseLayout.astro): on every page the whole header, so the toolbar is
 * never drawn in part. The stand-in server below sends a built page in two parts with a pause between them, as a slow
 * network might.
 */

const pause = 400;

/** Serves dist/: a page's HTML in two parts `pause` ms apart, split after `splitAfter`; every other file at once. */
async function twoPartServer(splitAfter: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const html = path === '/' || !/\.[a-z0-9]+$/.test(path);
    const file = path === '/' ? 'index.html' : html ? `${path.slice(1)}.html` : path.slice(1);
    readFile(join(distRoot, file)).then(
      (body) => {
        if (!html) return void response.writeHead(200).end(body);
        const text = body.toString('utf8');
        const split = text.indexOf(splitAfter) + splitAfter.length;
        if (split < splitAfter.length) throw new Error(`${splitAfter} is not in ${file}`);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.write(text.slice(0, split));
        setTimeout(() => response.end(text.slice(split)), pause);
      },
      () => void response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

interface FirstFrame {
  /** What the first frame could show. */
  had: { main: boolean; footer: boolean };
  /** When it was painted, and when the page's second part arrived (ms after navigation). */
  firstPaint: number;
  secondPart: number;
}

/** Loads `path` from a two-part server and reports the first frame. */
async function firstFrame(page: Page, path: string, splitAfter: string): Promise<FirstFrame> {
  const { server, origin } = await twoPartServer(splitAfter);
  try {
    // A frame's animation callbacks run just before it is drawn: the first one records what that frame can show.
    await page.addInitScript(() =>
      requestAnimationFrame(() => {
        (window as Window & { firstFrameHad?: FirstFrame['had'] }).firstFrameHad = {
          main: document.querySelector('main') !== null,
          footer: document.querySelector('body > footer') !== null,
        };
      }),
    );
    await page.goto(`${origin}${path}`);
    // The paint entry can come after the load event: wait for it.
    return await page.evaluate(
      () =>
        new Promise<FirstFrame>((resolve) =>
          new PerformanceObserver((list, observer) => {
            const paint = list.getEntriesByName('first-contentful-paint')[0];
            if (!paint) return;
            observer.disconnect();
            resolve({
              had: (window as Window & { firstFrameHad?: FirstFrame['had'] }).firstFrameHad!,
              firstPaint: paint.startTime,
              secondPart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
            });
          }).observe({ type: 'paint', buffered: true }),
        ),
    );
  } finally {
    server.close();
  }
}

for (const path of ['/', '/about-us', '/books/automobile-engineering/chassis-and-body']) {
  test(`${path} is never drawn with half a header`, async ({ page }) => {
    // The toolbar's wide menu arrives before the pause, its last buttons after it.
    const frame = await firstFrame(page, path, '</nav>');
    expect(frame.had.main).toBe(true);
    expect(frame.firstPaint).toBeGreaterThanOrEqual(frame.secondPart);
  });

  test(`${path} is drawn as it arrives once its header is whole`, async ({ page }) => {
    const frame = await firstFrame(page, path, '</main>');
    expect(frame.had).toEqual({ main: true, footer: false });
    expect(frame.secondPart).toBeGreaterThanOrEqual(pause);
    expect(frame.firstPaint).toBeLessThan(frame.secondPart);
  });
}
