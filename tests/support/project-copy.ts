import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/*
 * A throwaway copy of the project to change content in and run Astro on, as an
 * author's branch would be built: the tests of a broken content file and of the
 * editor's saves build one. It holds only the first unit of each book's chapters,
 * which have every kind of chapter content: the whole books took each build from
 * seconds to half a minute.
 */

const root = resolve(import.meta.dirname, '../..');
const astro = join(root, 'node_modules/astro/bin/astro.mjs');

export interface ProjectCopy {
  directory: string;
  /** Runs `astro sync` or `astro build` in the copy. */
  run(command: 'sync' | 'build'): { status: number | null; output: string };
  remove(): void;
}

export function projectCopy(): ProjectCopy {
  const directory = mkdtempSync(join(tmpdir(), 'qd-copy-'));
  for (const item of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(join(root, item), join(directory, item), { recursive: true });
  }
  const chapters = join(directory, 'src/content/chapters');
  for (const book of readdirSync(chapters, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of readdirSync(join(chapters, book.name))) {
      const path = join(chapters, book.name, file);
      if (!/^unit: 1$/m.test(readFileSync(path, 'utf8'))) rmSync(path);
    }
  }
  // Share the installed packages but not Astro's cache in node_modules/.astro,
  // so the copy neither reads nor spoils the real project's content store.
  mkdirSync(join(directory, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '.astro') symlinkSync(join(root, 'node_modules', entry), join(directory, 'node_modules', entry));
  }
  return {
    directory,
    run(command) {
      const result = spawnSync(process.execPath, [astro, command, ...(command === 'build' ? ['--force'] : [])], {
        cwd: directory,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      });
      return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
    },
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}
