import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/*
 * The content editor at /admin in its local-repository mode edits a folder through
 * the browser's File System Access API. The browser's origin private file system
 * stands in for the folder an author would pick: it is filled with a copy of
 * src/content and the folder picker returns it, so nothing on disk changes and
 * nobody signs in. The editor test (tests/e2e/cms.spec.ts) and the screenshots of
 * CONTENT.md (scripts/cms-screenshots.ts) both open the editor this way.
 */

/** Files by their path from the repository root ("src/content/services/seo.json"), with their text. */
export type Tree = Record<string, string>;

/** Every file under src/content of the repository at `root`. */
export function contentTree(root: string): Tree {
  return Object.fromEntries(
    readdirSync(join(root, 'src/content'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [
          path
            .slice(root.length)
            .replace(/^[\\/]/, '')
            .split('\\')
            .join('/'),
          readFileSync(path, 'utf8'),
        ];
      }),
  );
}

/**
 * Copies `tree` into the browser's private file system, makes the folder picker
 * return that folder, and opens the editor on it. `page` must be on the site.
 */
export async function openEditorOn(page: Page, tree: Tree, adminUrl = '/admin'): Promise<void> {
  await page.evaluate(async (files) => {
    const folder = await navigator.storage.getDirectory();
    // The editor checks that the picked folder is a Git repository.
    await folder.getDirectoryHandle('.git', { create: true });
    for (const [path, text] of Object.entries(files)) {
      const parts = path.split('/');
      let directory = folder;
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part, { create: true });
      const writable = await (await directory.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, tree);
  await page.addInitScript(() => {
    Object.assign(window, { showDirectoryPicker: () => navigator.storage.getDirectory() });
  });
  await page.goto(adminUrl, { waitUntil: 'commit' });
}

/**
 * The text of one file in the browser's private file system, or undefined while it does not exist or is being written
 * (a file the editor changes between the handle and the read cannot be read: NotReadableError; poll again).
 */
export async function readSavedFile(page: Page, path: string): Promise<string | undefined> {
  return page.evaluate(async (parts) => {
    try {
      let directory = await navigator.storage.getDirectory();
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part);
      return await (await directory.getFileHandle(parts.at(-1)!)).getFile().then((file) => file.text());
    } catch (error) {
      if (error instanceof DOMException && ['NotFoundError', 'NotReadableError'].includes(error.name)) return undefined;
      throw error;
    }
  }, path.split('/'));
}

/** Every file under src/content in the browser's private file system; read it once the editor has saved. */
export async function readContentTree(page: Page): Promise<Tree> {
  return page.evaluate(async () => {
    const files: Record<string, string> = {};
    const walk = async (directory: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      for await (const handle of directory.values()) {
        if (handle.kind === 'directory') await walk(handle, `${prefix}${handle.name}/`);
        else files[`${prefix}${handle.name}`] = await (await handle.getFile()).text();
      }
    };
    let content = await navigator.storage.getDirectory();
    for (const part of ['src', 'content']) content = await content.getDirectoryHandle(part);
    await walk(content, 'src/content/');
    return files;
  });
}
