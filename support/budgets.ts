// The budgets of the site (docs/decisions.md, "Performance budgets") and the reading of dist/ they need, in one
// place: the tests assert them (tests/dist/budgets.test.ts from the files, the browser tests in Chromium) and
// `npm run bench:taps` measures the first tap against them. Lighthouse's budgets are its assertions, in lighthouserc.cjs.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { parse } from 'node-html-parser';
import { SITE_DIALOG } from '../src/lib/site-dialog.ts';

export const budgets = {
  /**
   * What a new connection delivers in its first round trip: TCP's initial
   * congestion window of 10 segments of about 1460 bytes, less room for the
   * response headers. The HTML and the CSS its first paint needs fit in it.
   */
  firstRoundTripBytes: 14 * 1024,
  /** Font files any one page may reference. */
  maxFontFiles: 2,
  /**
   * The dialog a tap opens, with its script, at the end of every page: the gzip bytes it adds to the page (0.7 to
   * 1 KB as it stands, more on a long page, where it shares less with the text before it).
   */
  tapDialogBytes: 1.25 * 1024,
  /** From a tap on a dialog's link (or a first tap into Contact Us) to the frame that answers it, in ms. */
  tapResponseMs: 100,
  /** From that tap to a first field the form's script has taken over, in ms. */
  tapUsableMs: 1000,
};

/** The axe rule sets of WCAG 2.2 levels A and AA (2.0 and 2.1 rules included). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A built page: the address a visitor uses and the file under dist/. */
export interface DistPage {
  path: string;
  file: string;
}

/**
 * Every page of dist/ as the address a visitor uses (/our-services/seo for
 * dist/our-services/seo.html), with its file, in address order.
 */
export function distPages(distRoot: string): DistPage[] {
  // dist/admin holds the content editor (src/integrations/cms.ts), which is no page of the site.
  const editor = join(distRoot, 'admin');
  const walk = (directory: string): string[] =>
    readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      if (path === editor) return [];
      return entry.isDirectory() ? walk(path) : [path];
    });
  return walk(distRoot)
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const path = `/${relative(distRoot, file)}`.replace(/\.html$/, '').replace(/\/index$/, '');
      return { path: path === '' ? '/' : path, file };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Size in bytes after gzip at its highest level, as a CDN compresses static files. */
export function gzipSize(content: string | Uint8Array): number {
  return gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function attribute(tag: string, name: string): string | undefined {
  const value = tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

/** An island of a built page: which component, and which hydration directive with its value. */
export interface Island {
  name: string;
  client: string;
  value: string | undefined;
}

/** The islands of a built page. */
export function islandsIn(html: string): Island[] {
  return [...html.matchAll(/<astro-island\s[^>]*>/g)].map(([tag]) => {
    const opts = JSON.parse(attribute(tag, 'opts') ?? '{}') as { name?: unknown; value?: unknown };
    return {
      name: String(opts.name ?? ''),
      client: attribute(tag, 'client') ?? '',
      value: typeof opts.value === 'string' ? opts.value : undefined,
    };
  });
}

/** The dialog a tap opens (src/components/SiteDialog.astro), with its script, as it stands in a built page. */
export function tapDialog(html: string): string | undefined {
  return new RegExp(`<dialog\\s[^>]*\\bid="${SITE_DIALOG.dialog}"[^>]*>[\\s\\S]*?</dialog>`).exec(html)?.[0];
}

/**
 * The HTML a page's first paint needs: all of it but the dialog a tap opens, which stands last in the page, after
 * everything the first frame waits for, and is drawn only on a tap (docs/decisions.md, "The first tap answers at
 * once").
 */
export function firstPaintHtml(html: string): string {
  const dialog = tapDialog(html);
  return dialog === undefined ? html : html.replace(dialog, '');
}

/**
 * The CSS a page's first paint waits for: its inline <style> elements and the
 * stylesheets its <head> links to.
 */
export function firstPaintCss(html: string): { inline: string; linked: string[] } {
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css ?? '').join('\n');
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const linked = [...head.matchAll(/<link\s[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /\srel="stylesheet"/.test(tag) && !/\smedia="print"/.test(tag))
    .map((tag) => attribute(tag, 'href') ?? '');
  return { inline, linked };
}

/**
 * The pages that grow with a book's text, and where the text their first screen shows begins: a chapter's Markdown,
 * and on a book's own page what follows its header (its icon, where to start reading, then its contents).
 */
const readingPages: { address: RegExp; /** A selector inside <main>. */ text: string }[] = [
  { address: /^\/books\/[^/]+\/[^/]+$/, text: 'article .prose' },
  { address: /^\/books\/[a-z][^/]*$/, text: '[data-pagefind-body]' },
];

/** The blocks of that text a phone's first screen shows below the page's header. */
const firstScreenBlocks = 2;

/**
 * What a page must deliver in the first round trip (docs/decisions.md, "Performance budgets"): the whole document
 * but the dialog a tap opens (last in the page, drawn only on a tap); for a chapter or a book, which grow as the books are written, their first screen: the HTML up to the end of
 * the page's header and of the first blocks of its text, with everything before that point (the head and all its
 * CSS, the toolbar, the book's contents beside the text). Fails when such a page lacks the parts that mark it.
 */
export function firstRoundTrip(html: string, path: string): { html: string; part: 'document' | 'first screen' } {
  const reading = readingPages.find((page) => page.address.test(path));
  if (!reading) return { html: firstPaintHtml(html), part: 'document' };
  const main = parse(html).querySelector('main');
  const header = main?.querySelector('header');
  const blocks = main?.querySelector(reading.text)?.children ?? [];
  if (!header || blocks.length === 0)
    throw new Error(`${path}: no <header> and "${reading.text}" in <main>, which mark where its first screen ends`);
  const last = blocks[Math.min(firstScreenBlocks, blocks.length) - 1]!;
  return { html: html.slice(0, Math.max(header.range[1], last.range[1])), part: 'first screen' };
}
