import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';

/*
 * Reads the content files straight from disk, the way an author writes them,
 * so the unit tests can check them against the schemas without a build.
 */

export const contentRoot = resolve(import.meta.dirname, '../../src/content');

/**
 * Stands in for Astro's image() helper: the path must name an existing file
 * relative to the entry, as Astro requires at build time.
 */
export function imageFor(file: string) {
  return () =>
    z
      .string()
      .refine((path) => existsSync(resolve(dirname(file), path)), { message: 'The image file does not exist.' });
}

export interface RawEntry {
  id: string;
  file: string;
  data: unknown;
  body?: string;
}

export function readCollection(folder: string): RawEntry[] {
  const directory = join(contentRoot, folder);
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json') || name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = join(directory, name);
      const text = readFileSync(file, 'utf8');
      const id = name.replace(/\.(json|md)$/, '');
      if (name.endsWith('.json')) return { id, file, data: JSON.parse(text) };
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${file} has no front matter`);
      return { id, file, data: parseYaml(match[1]!), body: match[2]! };
    });
}
