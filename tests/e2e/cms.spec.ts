import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { projectCopy } from '../support/project-copy';

/*
 * The content editor at /admin in its local-repository mode, which edits a folder
 * through the browser's File System Access API. The browser's origin private file
 * system stands in for the folder an author would pick: it is filled with the
 * repository's content files, the picker returns it, and after the saves the test
 * reads every file back. Only the price and the paragraph may have changed, byte
 * for byte; everything else must come back exactly as written.
 */

const root = join(import.meta.dirname, '../..');
const files = readdirSync(join(root, 'src/content'), { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(json|md)$/.test(name))
  .map((name) => ({
    path: `src/content/${name.split('\\').join('/')}`,
    text: readFileSync(join(root, 'src/content', name), 'utf8'),
  }));

const SERVICE = 'src/content/services/web-hosting.json';
const CHAPTER = 'src/content/chapters/thermodynamics/work-and-heat.md';

async function fillFolder(page: Page) {
  await page.evaluate(async (contents) => {
    const folder = await navigator.storage.getDirectory();
    // The editor checks that the picked folder is a Git repository.
    await folder.getDirectoryHandle('.git', { create: true });
    for (const { path, text } of contents) {
      const parts = path.split('/');
      let directory = folder;
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part, { create: true });
      const writable = await (await directory.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, files);
}

async function readFolder(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    async (paths) => {
      const folder = await navigator.storage.getDirectory();
      const result: Record<string, string> = {};
      for (const path of paths) {
        const parts = path.split('/');
        let directory = folder;
        for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part);
        result[path] = await (await (await directory.getFileHandle(parts.at(-1)!)).getFile()).text();
      }
      return result;
    },
    files.map((file) => file.path),
  );
}

test('an author changes a price and a paragraph in /admin: only those bytes change, and the site builds with both', async ({
  page,
}) => {
  // The build of the saved files takes a while on a busy machine.
  test.setTimeout(180_000);
  await page.goto('/');
  await fillFolder(page);
  await page.addInitScript(() => {
    Object.assign(window, { showDirectoryPicker: () => navigator.storage.getDirectory() });
  });
  await page.goto('/admin', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();

  await page.getByText('Web Hosting', { exact: true }).first().click();
  // The editor draws its fields only as they scroll into view: scroll its pane, as a person would, to the first price.
  const price = page.getByLabel('Price', { exact: true }).first();
  await page.getByLabel('Title', { exact: true }).first().hover();
  await expect(async () => {
    await page.mouse.wheel(0, 300);
    await expect(price).toBeVisible({ timeout: 300 });
  }).toPass();
  await price.fill('399');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await readFolder(page))[SERVICE]).toContain('"price": 399');

  const chapter = files.find((file) => file.path === CHAPTER)!.text;
  const paragraph = /\n\n(Without exchanging mass[^\n]*)\n/.exec(chapter)![1]!;
  const edited = paragraph.replace('in only two ways', 'in exactly two ways');
  await page.evaluate(() => {
    location.hash = '#/collections/chapters/entries/thermodynamics/work-and-heat';
  });
  // Raw Markdown mode: a plain text area (the rich-text editor beside it stays hidden).
  const text = page.locator('textarea').and(page.getByLabel('Text', { exact: true }));
  await expect(text).toHaveValue(/Without exchanging mass/);
  await text.fill((await text.inputValue()).replace(paragraph, edited));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await readFolder(page))[CHAPTER]).toContain(edited);

  const after = await readFolder(page);
  const service = files.find((file) => file.path === SERVICE)!.text;
  expect(after[SERVICE]).toBe(service.replace('"price": 129,', '"price": 399,'));
  expect(after[CHAPTER]).toBe(chapter.replace(paragraph, edited));
  for (const file of files.filter(({ path }) => path !== SERVICE && path !== CHAPTER)) {
    expect(after[file.path], file.path).toBe(file.text);
  }

  // What the editor saved, built as a pull request's deploy preview would be: it passes and shows both changes.
  const project = projectCopy();
  try {
    for (const path of [SERVICE, CHAPTER]) writeFileSync(join(project.directory, path), after[path]!);
    const { status, output } = project.run('build');
    expect(status, output.slice(-2000)).toBe(0);
    const built = (path: string) => readFileSync(join(project.directory, 'dist', path), 'utf8');
    expect(built('our-services/web-hosting.html')).toContain('₹399');
    expect(built('books/thermodynamics/work-and-heat.html')).toContain('in exactly two ways');
  } finally {
    project.remove();
  }
});
