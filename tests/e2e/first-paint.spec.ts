import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { distRoot } from '../support/dist';

/*
 * The first paint shows the whole page (src/layouts/BaseLayout.astro): rendering waits until the parser reaches the
 * marker at the end of <body>. A page's HTML fits in the first round trip (the 14 KB budget), so waiting costs no
 * network time, while a first frame of part of a page would be laid out and painted again a moment later.
 *
 * The stand-in server below sends a built page in two parts with a pause between them, as a slow network might,
 * the first part ending after the page's <main>.
 */

const pause = 400;

/** Serves dist/: a page's HTML in two parts `pause` ms apart, split after its </main>; every other file at once. */
async function twoPartServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path === '/' ? 'index.html' : path.endsWith('/') ? `${path}index.html` : path.slice(1);
    const html = !/\.[a-z0-9]+$/.test(file) || file.endsWith('.html');
    readFile(join(distRoot, html && !file.endsWith('.html') ? `${file}.html` : file)).then(
      (body) => {
        if (!html) return void response.writeHead(200).end(body);
        const text = body.toString('utf8');
        const split = text.indexOf('</main>') + '</main>'.length;
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

for (const path of ['/', '/about-us', '/books/automobile-engineering/chassis-and-body']) {
  test(`${path}: the first frame is drawn once the whole document is read, not after part of it`, async ({ page }) => {
    const { server, origin } = await twoPartServer();
    try {
      // A frame's animation callbacks run just before it is drawn: the first one records what that frame can show.
      await page.addInitScript(() =>
        requestAnimationFrame(() => {
          (window as Window & { firstFrameHadFooter?: boolean }).firstFrameHadFooter =
            document.querySelector('body > footer') !== null;
        }),
      );
      await page.goto(`${origin}${path}`);
      const { firstFrameHadFooter, firstPaint, secondPart } = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        // The paint entry can come after the load event: wait for it.
        return new Promise<{ firstFrameHadFooter: boolean | undefined; firstPaint: number; secondPart: number }>(
          (resolve) =>
            new PerformanceObserver((list, observer) => {
              const paint = list.getEntriesByName('first-contentful-paint')[0];
              if (!paint) return;
              observer.disconnect();
              resolve({
                firstFrameHadFooter: (window as Window & { firstFrameHadFooter?: boolean }).firstFrameHadFooter,
                firstPaint: paint.startTime,
                secondPart: navigation.responseEnd,
              });
            }).observe({ type: 'paint', buffered: true }),
        );
      });
      expect(firstFrameHadFooter).toBe(true);
      expect(secondPart).toBeGreaterThanOrEqual(pause);
      expect(firstPaint).toBeGreaterThanOrEqual(secondPart);
    } finally {
      server.close();
    }
  });
}
