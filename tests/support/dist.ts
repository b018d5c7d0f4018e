import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { distPages } from '../../scripts/bench/budgets.ts';

/* The built site in dist/, read as files: what Netlify would publish. */

export const distRoot = resolve(import.meta.dirname, '../../dist');

export interface BuiltPage {
  /** The address a visitor uses: /our-services/seo for dist/our-services/seo.html. */
  path: string;
  file: string;
  html: string;
  document: HTMLElement;
}

let cache: BuiltPage[] | undefined;

export function builtPages(): BuiltPage[] {
  cache ??= distPages(distRoot).map(({ path, file }) => {
    const html = readFileSync(file, 'utf8');
    return { path, file, html, document: parse(html) };
  });
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
    .flatMap((script) =>
      [JSON.parse(script.textContent) as Record<string, unknown> | Record<string, unknown>[]].flat(),
    );
}
