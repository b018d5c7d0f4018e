// The budgets of the site (issue 6) and the reading of dist/ they need, in one
// place: `npm run bench` reports against them, and the tests assert them
// (tests/dist/budgets.test.ts from the files, tests/e2e/budgets.spec.ts in Chromium).
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

export const budgets = {
  /**
   * What a new connection delivers in its first round trip: TCP's initial
   * congestion window of 10 segments of about 1460 bytes, less room for the
   * response headers. The HTML and the CSS its first paint needs fit in it.
   */
  firstRoundTripBytes: 14 * 1024,
  /** Font files any one page may reference. */
  maxFontFiles: 2,
  /** Every Lighthouse category, mobile and desktop. */
  lighthouseScore: 100,
  /** Mobile LCP under Lighthouse's simulated Slow 4G and 4x CPU slowdown, in ms. */
  mobileLcpMs: 1200,
  /** Cumulative layout shift, mobile and desktop. */
  cls: 0,
};

/** Pages whose purpose is a form: their form may hydrate when it is in view. Every other page is a content page. */
export const formPages = ['/contact-us'];

/** The axe rule sets of WCAG 2.2 levels A and AA (2.0 and 2.1 rules included). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Every page of dist/ as the address a visitor uses (/our-services/seo for
 * dist/our-services/seo.html), with its file, in address order.
 * @param {string} distRoot
 * @returns {{ path: string, file: string }[]}
 */
export function distPages(distRoot) {
  // dist/admin holds the content editor (src/integrations/cms.ts), which is no page of the site.
  const editor = join(distRoot, 'admin');
  const walk = (directory) =>
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
export function gzipSize(content) {
  return gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
}

function decodeEntities(text) {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function attribute(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return match ? decodeEntities(match[1]) : undefined;
}

/**
 * The islands of a built page: which component, and which hydration directive with its value.
 * @param {string} html
 * @returns {{ name: string, client: string, value: string | undefined }[]}
 */
export function islandsIn(html) {
  return [...html.matchAll(/<astro-island\s[^>]*>/g)].map(([tag]) => {
    const opts = JSON.parse(attribute(tag, 'opts') ?? '{}');
    return {
      name: String(opts.name ?? ''),
      client: attribute(tag, 'client') ?? '',
      value: typeof opts.value === 'string' ? opts.value : undefined,
    };
  });
}

/**
 * The CSS a page's first paint waits for: its inline <style> elements and the
 * stylesheets its <head> links to.
 * @param {string} html
 * @returns {{ inline: string, linked: string[] }}
 */
export function firstPaintCss(html) {
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join('\n');
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const linked = [...head.matchAll(/<link\s[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /\srel="stylesheet"/.test(tag) && !/\smedia="print"/.test(tag))
    .map((tag) => attribute(tag, 'href') ?? '');
  return { inline, linked };
}

/**
 * The pages Lighthouse measures: one of every type, a chapter only once the books have chapters.
 * @param {string} distRoot
 */
export function lighthouseTargets(distRoot) {
  const booksDirectory = join(distRoot, 'books');
  const chapter = existsSync(booksDirectory)
    ? readdirSync(booksDirectory, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) =>
          readdirSync(join(booksDirectory, entry.name))
            .filter((name) => name.endsWith('.html'))
            .map((name) => `/books/${entry.name}/${name.replace(/\.html$/, '')}`),
        )
        .sort()[0]
    : undefined;
  return [
    { type: 'Home', path: '/' },
    { type: 'Services', path: '/our-services' },
    { type: 'A service', path: '/our-services/seo' },
    { type: 'What we do', path: '/what-we-do' },
    { type: 'Our story', path: '/our-story' },
    { type: 'Contact us', path: '/contact-us' },
    { type: 'A policy', path: '/privacy-policy' },
    { type: 'Apps', path: '/apps' },
    { type: 'A book', path: '/books/basic-electrical-engineering' },
    chapter
      ? { type: 'A chapter', path: chapter }
      : { type: 'A chapter', path: null, note: 'skipped: dist/ has no /books/<book>/<chapter> page yet' },
    { type: '404', path: '/no-such-page', ignoreStatusCode: true },
  ];
}
