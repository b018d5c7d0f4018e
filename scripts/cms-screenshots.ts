// Screenshots of the content editor for CONTENT.md, taken from the built site
// (run `npm run build` first): `npm run content:screenshots` (PORT sets the port
// of the server it starts, default 4329). The editor works on a copy of
// src/content in the browser's private file system (support/cms-folder.ts),
// so nothing on disk changes and nobody signs in; nothing is saved. Each picture
// is cropped to the part of the screen a step talks about, to stay small.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from '@playwright/test';
import { contentTree, openEditorOn } from '../support/cms-folder.ts';
import { startSiteServer } from '../support/site-server.ts';
import { chromiumArgs, systemChromium } from '../support/chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 4329);

/** Saves the smallest rectangle that holds every one of `parts`, with a margin, as docs/cms/<name>; the first is scrolled to. */
async function shot(page: Page, name: string, parts: Locator[], margin = 16): Promise<void> {
  // Scrolling to each part would move the others: bring the first to the middle, then measure them all.
  await parts[0]!.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // The editor slides pages in and out: wait until the last one has settled.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const boxes = [];
  for (const part of parts) {
    const box = await part.boundingBox();
    if (!box) throw new Error(`${name}: ${String(part)} is not on the screen.`);
    boxes.push(box);
  }
  const left = Math.max(0, Math.min(...boxes.map((box) => box.x)) - margin);
  const top = Math.max(0, Math.min(...boxes.map((box) => box.y)) - margin);
  const right = Math.max(...boxes.map((box) => box.x + box.width)) + margin;
  const bottom = Math.max(...boxes.map((box) => box.y + box.height)) + margin;
  await page.screenshot({
    path: join(root, 'docs/cms', name),
    clip: { x: left, y: top, width: right - left, height: bottom - top },
  });
  console.log(`docs/cms/${name}`);
}

// The site as npm start serves it, with Blobs in a throwaway folder (nothing is sent from the editor).
const dataDir = mkdtempSync(join(tmpdir(), 'qd-screenshots-'));
const server = await startSiteServer({ dataDir, port });
const origin = server.origin;
const browser = await chromium.launch({
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  args: chromiumArgs,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: origin });
  // The editor can take its time on a busy machine.
  page.setDefaultTimeout(120_000);
  await page.goto('/');
  await openEditorOn(page, contentTree(root));
  const local = page.getByRole('button', { name: 'Work with Local Repository' });
  await shot(page, 'sign-in.png', [
    page.getByRole('heading', { name: 'Quartz Digital content' }),
    page.getByText(/^Once prompted/),
    page.getByRole('button', { name: /^Sign In with/ }),
  ]);
  await local.click();

  // Change a price: the first package of Web Hosting, from its name (under the list's heading) to its price.
  await page.getByText('Web Hosting', { exact: true }).first().click();
  const price = page.getByLabel('Price', { exact: true }).first();
  // The editor draws its fields only as they scroll into view: scroll its pane down to the first price.
  await page.getByLabel('Title', { exact: true }).first().hover();
  for (let turns = 0; !(await price.isVisible()); turns += 1) {
    if (turns === 60) throw new Error('price.png: no Price field after scrolling the whole form.');
    await page.mouse.wheel(0, 300);
  }
  await shot(page, 'price.png', [
    price,
    page.getByLabel('Name', { exact: true }).first(),
    page.getByText('Price in whole rupees', { exact: false }).first(),
  ]);

  // Add a service: the empty form of a new one.
  await page.evaluate(() => {
    location.hash = '#/collections/services/new';
  });
  await shot(page, 'service-new.png', [
    page.getByText(/^Creating/),
    page.getByText('The group the service is listed under', { exact: false }),
  ]);

  // Add a chapter: the book's folder in Chapters, then New; Parent Folder names the book.
  await page.evaluate(() => {
    location.hash = '#/collections/chapters';
  });
  await page.getByText('thermodynamics', { exact: true }).click();
  const create = page.getByRole('button', { name: 'Create New Entry' });
  // A lower window brings the book's folder, at the foot of the left column, closer to New at the top.
  await page.setViewportSize({ width: 1280, height: 440 });
  await shot(page, 'chapter-folder.png', [page.getByText('thermodynamics', { exact: true }), create]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await create.click();
  const parent = page.getByRole('button', { name: 'Parent Folder' });
  await parent.waitFor();
  await page.getByLabel('Title', { exact: true }).fill('The First Law for a Cycle');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Why the net heat and the net work of a closed cycle are equal, written as one cyclic integral.');
  await page.getByLabel('Unit', { exact: true }).fill('2');
  await page.getByLabel('Topic', { exact: true }).fill('1');
  await shot(page, 'chapter-new.png', [
    page.getByText('Parent Folder', { exact: true }),
    parent,
    page.getByText("The unit's position in the book, 1 first."),
  ]);
  const text = page.locator('textarea').and(page.getByLabel('Text', { exact: true }));
  await text.fill(
    'Over any cycle of a closed system, the net heat equals the net work:\n\n' +
      '$$\n\\oint \\delta Q = \\oint \\delta W\n$$\n\n' +
      'so the energy of the system is the same after each cycle.\n',
  );
  // The whole Text field: its label, toolbar, the Markdown and the hint.
  await shot(page, 'chapter.png', [text.locator('xpath=ancestor::*[@role="group"][1]')]);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
