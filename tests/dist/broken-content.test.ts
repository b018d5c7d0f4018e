import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * A wrong content file must fail the build and name the file and the field.
 * Each case breaks one file in a throwaway copy of the project and runs Astro on it.
 */

const root = resolve(import.meta.dirname, '../..');
const astro = join(root, 'node_modules/astro/bin/astro.mjs');
let copy: string | undefined;

function projectCopy(): string {
  copy = mkdtempSync(join(tmpdir(), 'qd-broken-'));
  for (const item of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(join(root, item), join(copy, item), { recursive: true });
  }
  // Share the installed packages but not Astro's cache in node_modules/.astro,
  // so the copy neither reads nor spoils the real project's content store.
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '.astro') symlinkSync(join(root, 'node_modules', entry), join(copy, 'node_modules', entry));
  }
  return copy;
}

function edit(project: string, file: string, change: (text: string) => string) {
  const path = join(project, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

function run(project: string, command: 'sync' | 'build') {
  const result = spawnSync(process.execPath, [astro, command, ...(command === 'build' ? ['--force'] : [])], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
});

describe('a broken content file fails the build', () => {
  it('names the service file and the price field when a price is negative', () => {
    const project = projectCopy();
    edit(project, 'src/content/services/seo.json', (text) => text.replace('"price": 15000', '"price": -15000'));
    const { status, output } = run(project, 'sync');
    expect(status).not.toBe(0);
    expect(output).toContain('src/content/services/seo.json');
    expect(output).toContain('packages.0.price');
  });

  it('names the app file and the score field when a score is out of range', () => {
    const project = projectCopy();
    edit(project, 'src/content/apps/machine-learning-advance.json', (text) =>
      text.replace('"score": 4.6', '"score": 7'),
    );
    const { status, output } = run(project, 'sync');
    expect(status).not.toBe(0);
    expect(output).toContain('src/content/apps/machine-learning-advance.json');
    expect(output).toContain('score');
  });

  it('names the image when an icon file is missing', () => {
    const project = projectCopy();
    rmSync(join(project, 'src/assets/services/seo/icon.svg'));
    const { status, output } = run(project, 'build');
    expect(status).not.toBe(0);
    expect(output).toContain('seo/icon.svg');
  });

  it('fails the build, not just warns, when a JSON collection file is malformed', () => {
    const project = projectCopy();
    edit(project, 'src/content/testimonials.json', (text) => text.replace('[', '[,'));
    const { status, output } = run(project, 'build');
    expect(status).not.toBe(0);
    expect(output).toMatch(/testimonials/);
  });
});
