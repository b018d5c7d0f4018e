import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { distPages } from '../../support/budgets.ts';

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

/** One page of every type: each layout and each kind of deeper page (a service, a project, an app policy, a book, a chapter…). */
export function onePageOfEachType(): string[] {
  const pages = builtPages();
  const first = (pattern: RegExp) => pages.find((built) => pattern.test(built.path))?.path;
  const wanted = [
    '/',
    '/404',
    '/our-services',
    first(/^\/our-services\/[^/]+$/),
    '/what-we-do',
    '/work',
    first(/^\/work\/[^/]+$/),
    '/expertise',
    first(/^\/expertise\/[^/]+$/),
    '/our-story',
    '/contact-us',
    '/terms-and-conditions',
    '/apps',
    first(/^\/apps\/[^/]+\/privacy$/),
    '/books',
    first(/^\/books\/[a-z][^/]*$/),
    first(/^\/books\/[^/]+\/[^/]+$/),
  ];
  return wanted.filter((path): path is string => path !== undefined && pages.some((built) => built.path === path));
}

export function jsonLd(built: BuiltPage): Record<string, unknown>[] {
  return built.document
    .querySelectorAll('script[type="application/ld+json"]')
    .flatMap((script) =>
      [JSON.parse(script.textContent) as Record<string, unknown> | Record<string, unknown>[]].flat(),
    );
}
