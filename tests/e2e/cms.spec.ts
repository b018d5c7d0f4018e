import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { formatInr } from '../../src/lib/inr';
import { slugify } from '../../src/lib/slug';
import { contentTree, openEditorOn, readContentTree, readSavedFile } from '../../support/cms-folder';
import { projectCopy } from '../support/project-copy';

/*
 * The content editor at /admin in its local-repository mode, on a copy of
 * src/content in the browser's private file system (support/cms-folder.ts).
 * An author changes a price and a paragraph and adds a chapter with a formula;
 * afterwards every file under src/content is read back: those three may differ,
 * byte for byte as expected, and nothing else may have changed or appeared.
 * The figures and words come from today's files, so an author's edits to them never break this test (the test
 * needs the Web Hosting service and the chapter below to exist).
 */

const root = join(import.meta.dirname, '../..');
const before = contentTree(root);

const SERVICE = 'src/content/services/web-hosting.json';
const CHAPTER = 'src/content/chapters/thermodynamics/work-and-heat.md';
const BOOK = 'thermodynamics';
const chapterTitle = (parseYaml(before[CHAPTER]!.split('---\n')[1]!) as { title: string }).title;
const chapterSlug = slugify(chapterTitle);
const bookSlug = slugify((JSON.parse(before[`src/content/books/${BOOK}.json`]!) as { name: string }).name);

const service = JSON.parse(before[SERVICE]!) as { title: string; packages: { price: number }[] };
const oldPrice = service.packages[0]!.price;
const newPrice = oldPrice === 399 ? 401 : 399;

// The chapter's first plain paragraph (not a heading, list, formula, picture or table), with a sentence added.
const paragraph = before[CHAPTER]!.replace(/^---\n[\s\S]*?\n---\n/, '')
  .split('\n\n')
  .map((block) => block.trim())
  .find((block) => /^[A-Za-z]/.test(block) && !block.includes('\n'))!;
const ADDED = 'This sentence was added in the content editor.';

// A new chapter in unit 1, topic 1, which every book has; its formula holds the backslashes and $$ of LaTeX.
const NEW_TITLE = 'The First Law for a Cycle';
const NEW_CHAPTER = `src/content/chapters/${BOOK}/the-first-law-for-a-cycle.md`;
const NEW_DESCRIPTION =
  'Why the net heat and the net work of a closed cycle are equal, written as one cyclic integral.';
const NEW_BODY = 'Over any cycle of a closed system:\n\n$$\n\\oint \\delta Q = \\oint \\delta W\n$$\n';

test('an author changes a price and a paragraph and adds a chapter with a formula in /admin; only those files change', async ({
  page,
}) => {
  expect(before[NEW_CHAPTER], 'the new chapter must not exist yet').toBeUndefined();
  // The build of the saved files takes a while on a busy machine.
  test.setTimeout(240_000);
  await page.goto('/');
  await openEditorOn(page, before);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();

  await page.getByText(service.title, { exact: true }).first().click();
  // The editor draws its fields only as they scroll into view: scroll its pane, as a person would, to the first price.
  const price = page.getByLabel('Price', { exact: true }).first();
  await page.getByLabel('Title', { exact: true }).first().hover();
  await expect(async () => {
    await page.mouse.wheel(0, 300);
    await expect(price).toBeVisible({ timeout: 300 });
  }).toPass();
  await expect(price).toHaveValue(String(oldPrice));
  await price.fill(String(newPrice));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => readSavedFile(page, SERVICE)).toContain(`"price": ${newPrice}`);

  // Raw Markdown mode: a plain text area (the rich-text editor beside it stays hidden).
  const text = page.locator('textarea').and(page.getByLabel('Text', { exact: true }));
  // After a save the editor returns to its list by itself, which can undo an address set just before: set it again
  // until the chapter is open.
  await expect(async () => {
    await page.evaluate(() => {
      location.hash = '#/collections/chapters/entries/thermodynamics/work-and-heat';
    });
    await expect.poll(() => text.inputValue({ timeout: 1000 }).catch(() => ''), { timeout: 3000 }).toContain(paragraph);
  }).toPass();
  await text.fill((await text.inputValue()).replace(paragraph, `${paragraph} ${ADDED}`));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => readSavedFile(page, CHAPTER)).toContain(ADDED);

  // As CONTENT.md says: open the book's folder under Chapters, then New; the chapter is saved in that folder.
  await expect(async () => {
    await page.evaluate(() => {
      location.hash = '#/collections/chapters';
    });
    await page.getByText(BOOK, { exact: true }).click({ timeout: 3000 });
    await expect(page.getByText(chapterTitle, { exact: true }).first()).toBeVisible({ timeout: 3000 });
  }).toPass();
  // Until the folder's chapters are listed (above), an empty list offers a second "Create New Entry" button.
  await expect(page.getByRole('button', { name: 'Create New Entry' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Create New Entry' }).click();
  await expect(page.getByRole('button', { name: 'Parent Folder' })).toHaveAccessibleDescription(BOOK);
  const fields = [
    [page.getByLabel('Title', { exact: true }), NEW_TITLE],
    [page.getByLabel('Description', { exact: true }), NEW_DESCRIPTION],
    [page.getByLabel('Unit', { exact: true }), '1'],
    [page.getByLabel('Topic', { exact: true }), '1'],
    [text, NEW_BODY],
  ] as const;
  // A new entry's form can be drawn again just after it appears, losing what was typed first (on a busy machine, the
  // title): type each field, then type again whatever did not stay, until everything has.
  await expect(async () => {
    for (const [field, value] of fields) if ((await field.inputValue()) !== value) await field.fill(value);
    for (const [field, value] of fields) expect(await field.inputValue()).toBe(value);
  }).toPass();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => readSavedFile(page, NEW_CHAPTER)).toContain(NEW_TITLE);

  const after = await readContentTree(page);
  const expected = {
    ...before,
    [SERVICE]: before[SERVICE]!.replace(`"price": ${oldPrice},`, `"price": ${newPrice},`),
    [CHAPTER]: before[CHAPTER]!.replace(paragraph, `${paragraph} ${ADDED}`),
    [NEW_CHAPTER]: `---\ntitle: ${NEW_TITLE}\ndescription: ${NEW_DESCRIPTION}\nunit: 1\ntopic: 1\norder: 1\n---\n\n${NEW_BODY}`,
  };
  expect((JSON.parse(after[SERVICE]!) as typeof service).packages[0]!.price).toBe(newPrice);
  // Every file under src/content, the three changed ones included: none other changed, appeared or went missing.
  expect(Object.keys(after).sort()).toEqual(Object.keys(expected).sort());
  for (const [path, text] of Object.entries(expected)) expect(after[path], path).toBe(text);

  // What the editor saved, built as a pull request's deploy preview would be: it passes and shows all three changes.
  const project = projectCopy();
  try {
    for (const path of [SERVICE, CHAPTER, NEW_CHAPTER]) writeFileSync(join(project.directory, path), after[path]!);
    const { status, output } = project.run('build');
    expect(status, output.slice(-2000)).toBe(0);
    const built = (path: string) => readFileSync(join(project.directory, 'dist', path), 'utf8');
    expect(built(`our-services/${slugify(service.title)}.html`)).toContain(formatInr(newPrice));
    expect(built(`books/${bookSlug}/${chapterSlug}.html`)).toContain(ADDED);
    const chapter = built(`books/${bookSlug}/${slugify(NEW_TITLE)}.html`);
    expect(chapter).toMatch(new RegExp(`<h1[^>]*>${NEW_TITLE}</h1>`));
    // The display formula, drawn by the build as MathML: the cyclic integral sign, twice.
    expect(chapter).toMatch(/<math [^>]*display="block">(?:(?!<\/math>).)*∮(?:(?!<\/math>).)*∮/);
    expect(built(`books/${bookSlug}.html`)).toContain(`href="/books/${bookSlug}/${slugify(NEW_TITLE)}"`);
  } finally {
    project.remove();
  }
});
