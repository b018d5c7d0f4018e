// Screenshots of the content editor for CONTENT.md, taken from the built site
// (run `npm run build` first): `npm run content:screenshots`. The editor works on
// a copy of src/content in the browser's private file system, as in
// tests/e2e/cms.spec.ts, so nothing on disk changes and nothing is signed in.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, systemChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '4329';
const out = (name) => join(root, 'docs/cms', name);
const files = readdirSync(join(root, 'src/content'), { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(json|md)$/.test(name))
  .map((name) => ({ path: `src/content/${name}`, text: readFileSync(join(root, 'src/content', name), 'utf8') }));

const server = spawn(process.execPath, [join(root, 'scripts/serve.mjs')], { env: { ...process.env, PORT: port } });
await new Promise((resolve) => server.stdout.once('data', resolve));
const browser = await chromium.launch({ executablePath: systemChromium, args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://localhost:${port}/`);
  await page.evaluate(async (contents) => {
    const folder = await navigator.storage.getDirectory();
    await folder.getDirectoryHandle('.git', { create: true });
    for (const { path, text } of contents) {
      const parts = path.split('/');
      let directory = folder;
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part, { create: true });
      const writable = await (await directory.getFileHandle(parts.at(-1), { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, files);
  await page.addInitScript(() =>
    Object.assign(window, { showDirectoryPicker: () => navigator.storage.getDirectory() }),
  );
  await page.goto(`http://localhost:${port}/admin`, { waitUntil: 'commit' });
  const local = page.getByRole('button', { name: 'Work with Local Repository' });
  await local.waitFor();
  await page.screenshot({ path: out('sign-in.png') });
  await local.click();
  await page.getByText('Web Hosting', { exact: true }).first().click();
  const packages = page.getByText('Packages', { exact: true }).first();
  await packages.scrollIntoViewIfNeeded();
  const price = page.getByLabel('Price', { exact: true }).first();
  await price.scrollIntoViewIfNeeded();
  await page.screenshot({ path: out('price.png') });
  await page.evaluate(() => {
    location.hash = '#/collections/chapters/entries/thermodynamics/work-and-heat';
  });
  const text = page.locator('textarea').and(page.getByLabel('Text', { exact: true }));
  await text.scrollIntoViewIfNeeded();
  await page.screenshot({ path: out('chapter.png') });
  console.log('Screenshots written to docs/cms/.');
} finally {
  await browser.close();
  server.kill();
}
