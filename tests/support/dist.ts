import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';

/* The built site in dist/, read as files: what Netlify would publish. */

export const distRoot = resolve(import.meta.dirname, '../../dist');

export interface BuiltPage {
  /** The address a visitor uses: /our-services/seo for dist/our-services/seo.html. */
  path: string;
  file: string;
  html: string;
  document: HTMLElement;
}

function walk(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = join(directory, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

export function pathOf(file: string): string {
  const path = `/${relative(distRoot, file)}`.replace(/\.html$/, '').replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

let cache: BuiltPage[] | undefined;

export function builtPages(): BuiltPage[] {
  cache ??= walk(distRoot)
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const html = readFileSync(file, 'utf8');
      return { path: pathOf(file), file, html, document: parse(html) };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
  return cache;
}

export function page(path: string): BuiltPage {
  const found = builtPages().find((candidate) => candidate.path === path);
  if (!found) throw new Error(`dist has no page at ${path}`);
  return found;
}

export function jsonLd(built: BuiltPage): Record<string, unknown>[] {
  return built.document
    .querySelectorAll('script[type="application/ld+json"]')
    .flatMap((script) => [JSON.parse(script.textContent) as Record<string, unknown> | Record<string, unknown>[]].flat());
}
