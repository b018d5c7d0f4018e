import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  budgets,
  firstPaintCss,
  firstPaintHtml,
  firstRoundTrip,
  gzipSize,
  islandsIn,
  tapDialog,
} from '../../support/budgets.ts';
import { rupeeCharacters, textCharacters } from '../../support/font-characters.ts';
import { builtPages, distRoot, type BuiltPage } from '../support/dist';
import { inlineScripts } from '../../src/integrations/content-security-policy';

/*
 * The budgets (docs/decisions.md, "Performance budgets") that the built files decide, checked without a
 * browser: what a page could load before the visitor does anything, the first
 * round trip, fonts and images. What a browser decides (no script loaded before
 * use, no lazy LCP image, at each width) is checked by the browser tests' page
 * sweep (tests/e2e/support/page-sweep.ts); Lighthouse's scores and timings are
 * Lighthouse CI's assertions (lighthouserc.cjs).
 */

const pages = builtPages();

/**
 * Every island, how it hydrates and the pages it is on. Each directive waits
 * for something: a click on one of its triggers (first-use), the island
 * scrolling into view (visible, below the fold), or the first focus, tap or
 * key in a form (the forms' own first-use).
 * A new island is added here with its directive, on purpose.
 */
const islands: Record<string, { client: string; on: (path: string) => boolean; where: string }> = {
  NarrowMenu: {
    client: 'first-use',
    on: () => true,
    where: 'every page (on the first click of its toggle, shown below 1180 px)',
  },
  SiteDialogs: {
    client: 'first-use',
    on: () => true,
    where: 'every page (on the first "Request a callback" or "Get Started" click)',
  },
  TestimonialSlider: { client: 'visible', on: (path) => path === '/', where: 'the home page' },
  ContactForm: {
    client: 'first-use',
    on: (path) => path === '/contact-us',
    where: '/contact-us (on the first focus, tap or key in the form)',
  },
  DataRequestForm: {
    client: 'first-use',
    on: (path) => path === '/your-data',
    where: '/your-data (on the first focus, tap or key in the form)',
  },
  JobApplicationForm: {
    client: 'first-use',
    on: (path) => path === '/join-us',
    where: '/join-us (on the first focus, tap or key in the form)',
  },
  BookSearch: {
    client: 'first-use',
    on: (path) => /^\/books(\/\d+|\/[^/]+\/[^/]+)?$/.test(path),
    where: 'the book list pages and the chapters',
  },
};

const fontUrlPattern = /url\((['"]?)([^'")]+)\1\)/g;

function fontFaces(built: BuiltPage) {
  return [...firstPaintCss(built.html).inline.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => body!);
}

const rasterPattern = /\.(png|jpe?g|gif|bmp|tiff?)(\?|#|$)/i;
const modernPattern = /\.(webp|avif)(\?|#|$)/i;

describe('JavaScript before interaction', () => {
  it.each(pages.map((built) => [built.path, built] as const))(
    '%s references JavaScript files only as islands that load on their moment',
    (_path, built) => {
      const { document, html } = built;
      expect(document.querySelectorAll('script[src]').map((script) => script.getAttribute('src'))).toEqual([]);
      expect(
        document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="script"], link[rel="prefetch"]'),
      ).toHaveLength(0);
      // Inline scripts run with the page: none may pull in a file as it runs.
      for (const script of document.querySelectorAll('script:not([type="application/ld+json"])')) {
        expect(script.textContent, 'a static import in an inline script').not.toMatch(
          /(^|[;\s}])import\s*(["'`]|[\w${*][^;]*?\bfrom\s*["'`])/,
        );
      }
      // Outside the islands' own attributes, and the list the page's dialog asks for on a tap (checked below), no .js
      // address appears in the page, not even in a list.
      const elsewhere = html.replace(/<astro-island\s[^>]*>/g, '').replace(/ data-modules="[^"]*"/, '');
      expect(elsewhere.match(/["'(\s](?:https?:)?\.{0,2}\/[^"'()\s]*\.m?js["')?#\s]/g) ?? []).toEqual([]);
    },
  );

  it("lists on the page's dialog every module its island needs and nothing else, for the tap to ask for at once", () => {
    const imports = (file: string) =>
      [
        ...readFileSync(join(distRoot, file), 'utf8').matchAll(
          /(?:\bfrom|\bimport)\s*\(?\s*["'`]\.\/([\w.-]+\.js)["'`]/g,
        ),
      ].map(([, name]) => `/_astro/${name}`);
    const lists = new Set<string>();
    for (const built of pages) {
      const dialog = built.document.querySelector('dialog[data-modules]');
      expect(dialog, built.path).not.toBeNull();
      lists.add(dialog!.getAttribute('data-modules')!);
      const island = built.document
        .querySelectorAll('astro-island')
        .find((element) => element.getAttribute('component-url')?.includes('/SiteDialogs.'));
      const listed = dialog!.getAttribute('data-modules')!.split(' ');
      // The island and Astro's React renderer first, then all they import, statically or on demand, and only that.
      expect(listed.slice(0, 2), built.path).toEqual([
        island?.getAttribute('component-url'),
        island?.getAttribute('renderer-url'),
      ]);
      const reached = new Set(listed.slice(0, 2));
      for (const file of reached) for (const imported of imports(file)) reached.add(imported);
      expect([...reached].sort(), built.path).toEqual([...listed].sort());
    }
    // One island on every page: one list.
    expect(lists.size).toBe(1);
    const listed = [...lists][0]!.split(' ');
    expect(
      listed.some((file) => /\/Captcha\.[\w-]+\.js$/.test(file)),
      'the captcha widget',
    ).toBe(true);
    for (const file of listed) expect(existsSync(join(distRoot, file)), file).toBe(true);
  });

  it('hydrates each island as late as it can, on the pages listed for it', () => {
    const found = new Map<string, string[]>();
    for (const built of pages) {
      for (const island of islandsIn(built.html)) {
        const expected = islands[island.name];
        expect(expected, `${built.path}: island ${island.name} is not listed in this test`).toBeDefined();
        expect(island.client, `${built.path}: ${island.name}`).toBe(expected!.client);
        expect(expected!.on(built.path), `${built.path} has ${island.name}, listed for ${expected!.where}`).toBe(true);
        found.set(island.name, [...(found.get(island.name) ?? []), built.path]);
      }
    }
    for (const [name, expected] of Object.entries(islands)) {
      const missing = pages
        .filter((built) => expected.on(built.path) && !found.get(name)?.includes(built.path))
        .map((built) => built.path);
      expect(missing, `${name} missing from pages listed for it (${expected.where})`).toEqual([]);
    }
  });

  it('hydrates the narrow menu on the first click of its own toggle', () => {
    const menu = islandsIn(pages[0]!.html).find((island) => island.name === 'NarrowMenu');
    expect(menu?.value).toBe('[data-narrow-menu] > summary');
  });
});

describe('the first round trip', () => {
  // A chapter and a book's page grow as the books are written (a whole book's page passes 14 KB): what must arrive in
  // the first round trip is their first screen with all the CSS before it. Every other page arrives whole.
  it.each(pages.map((built) => [built.path, built] as const))(
    `%s: HTML with its inline CSS is within ${budgets.firstRoundTripBytes / 1024} KB gzip, a book or chapter up to its first screen`,
    (path, built) => {
      const css = firstPaintCss(built.html);
      // The CSS is inlined (astro.config.mjs: inlineStylesheets 'always'); a linked stylesheet would add a round trip.
      expect(css.linked).toEqual([]);
      const first = firstRoundTrip(built.html, path);
      expect(gzipSize(first.html)).toBeLessThanOrEqual(budgets.firstRoundTripBytes);
      if (first.part === 'document') return;
      // Every style sheet the first paint uses is in that part. (A <noscript> style applies only without scripts.)
      const later = built.html.slice(first.html.length).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
      expect(later, 'a <style> after the first screen').not.toMatch(/<style[\s>]/);
      // The first screen: the page's title and the text that follows it.
      expect(first.html, 'the h1').toMatch(/<h1[\s>][\s\S]*<\/h1>/);
      expect(later.length, 'the rest of the page is left out').toBeGreaterThan(0);
    },
  );

  it.each(pages.map((built) => [built.path, built] as const))(
    `%s ends with the dialog a tap opens, within ${budgets.tapDialogBytes / 1024} KB gzip`,
    (_path, built) => {
      const dialog = tapDialog(built.html);
      expect(dialog).toBeDefined();
      // Nothing the first paint needs comes after it: it is drawn only on a tap, by then long arrived.
      expect(built.html.slice(built.html.indexOf(dialog!) + dialog!.length).trim()).toBe('</body></html>');
      expect(gzipSize(built.html) - gzipSize(firstPaintHtml(built.html))).toBeLessThanOrEqual(budgets.tapDialogBytes);
    },
  );

  it('measures a chapter and a book to the end of their first screen, every other page whole', () => {
    const parts = (pattern: RegExp) =>
      new Set(
        pages.filter((built) => pattern.test(built.path)).map((built) => firstRoundTrip(built.html, built.path).part),
      );
    expect(parts(/^\/books\/[^/]+\/[^/]+$/)).toEqual(new Set(['first screen']));
    expect(parts(/^\/books\/[a-z][^/]*$/)).toEqual(new Set(['first screen']));
    expect(parts(/^\/(?!books\/[a-z])/)).toEqual(new Set(['document']));
    // The first screen of a chapter ends after its header and two blocks of its text: here its opening paragraph
    // and the heading after it, before the list under that heading.
    const chapter = pages.find((built) => built.path === '/books/basic-electrical-engineering/kirchhoff-s-laws')!;
    const cut = firstRoundTrip(chapter.html, chapter.path).html;
    const text = cut.slice(cut.indexOf('class="prose"'));
    expect(text.match(/<p[\s>]/g)).toHaveLength(1);
    expect(text).toMatch(/>Definitions<\/h2>$/);
    expect(chapter.html.slice(cut.length)).toMatch(/^\s*<ul>/);
  });
});

describe('fonts', () => {
  it.each(pages.map((built) => [built.path, built] as const))(
    '%s uses at most two self-hosted, subset font files, never preloaded and never swapped in late',
    (_path, built) => {
      const faces = fontFaces(built);
      const files = new Set<string>();
      for (const face of faces) {
        expect(face.replace(/\s+/g, ''), 'font-display').toContain('font-display:optional');
        expect(face, 'a subset names its characters').toMatch(/unicode-range\s*:/);
        for (const [, , url] of face.matchAll(fontUrlPattern)) files.add(url!);
      }
      // A preloaded font is a request the first paint waits for (docs/decisions.md, "The web font").
      expect(built.document.querySelectorAll('link[rel="preload"][as="font"]')).toHaveLength(0);
      // The loader that fetches the font after the page has loaded fetches exactly these files.
      const loader = inlineScripts(built.html).find((script) => script.includes('qd-web-font'));
      expect(loader, 'the web font loader').toBeDefined();
      const fetched = JSON.parse(/const files = (\[[^\]]*\])/.exec(loader!)![1]!) as string[];
      expect(new Set(fetched)).toEqual(files);
      expect(files.size).toBeGreaterThan(0);
      expect(files.size).toBeLessThanOrEqual(budgets.maxFontFiles);
      for (const url of files) {
        expect(url, 'self-hosted').toMatch(/^\/_astro\/[^/]+\.woff2$/);
        expect(existsSync(join(distRoot, url)), `${url} is in dist`).toBe(true);
      }
    },
  );

  it('has every character of every heading and button in the font, so none mixes two typefaces', () => {
    const inFont = new Set([...textCharacters, ...rupeeCharacters]);
    const missing = new Map<string, string>();
    for (const built of pages) {
      for (const element of built.document.querySelectorAll('h1, h2, h3, h4, h5, h6, button, .button, title')) {
        // Formulas in chapter headings are MathML, set in the system's maths font on purpose.
        const text = element
          .querySelectorAll('math')
          .reduce((rest, math) => rest.replace(math.textContent, ''), element.textContent);
        // Subscript and superscript digits (CaCO₃) are notation like the formulas; Inter has none.
        for (const character of text.replace(/[\s\u2070-\u209f]/g, '')) {
          if (!inFont.has(character) && !missing.has(character))
            missing.set(character, `${built.path}: ${text.trim()}`);
        }
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('keeps each font file small, as a subset is: under 24 KB', () => {
    const urls = new Set(
      fontFaces(pages[0]!).flatMap((face) => [...face.matchAll(fontUrlPattern)].map(([, , url]) => url!)),
    );
    expect(urls.size).toBeGreaterThan(0);
    for (const url of urls) expect(readFileSync(join(distRoot, url)).length, url).toBeLessThan(24 * 1024);
  });
});

describe('images', () => {
  it.each(pages.map((built) => [built.path, built] as const))(
    '%s sizes every image and never lazy-loads one at the top of the page',
    (_path, built) => {
      const { document } = built;
      for (const image of document.querySelectorAll('img, video')) {
        const label = image.getAttribute('src') ?? image.getAttribute('poster') ?? image.tagName;
        expect(image.getAttribute('width'), `${label} width`).toMatch(/^[1-9]\d*$/);
        expect(image.getAttribute('height'), `${label} height`).toMatch(/^[1-9]\d*$/);
      }
      // The likely LCP image is an image in the opening of <main>: before its first h2.
      const main = document.querySelector('main')!;
      const opening = main.innerHTML.split(/<h2[\s>]/)[0]!;
      for (const [tag] of opening.matchAll(/<img\s[^>]*>/g)) {
        expect(tag, 'an image at the top of the page loads eagerly').toMatch(/\sloading="eager"/);
      }
    },
  );

  it('draws the artwork beside the first text of /apps, a book, our story, contact us and the 404 inside the page', () => {
    // As <img>, each SVG was a document the browser built on the main thread before the first paint (five on /apps).
    const drawn: [path: string, selector: string, count: number][] = [
      [
        '/apps',
        'ul.grid > li.app > svg',
        pages
          .find((built) => built.path === '/apps')!
          .document.querySelectorAll('ul.grid')[0]!
          .querySelectorAll('li.app').length,
      ],
      ['/books/basic-electrical-engineering', 'svg.book__icon', 1],
      ['/our-story', 'svg.banner', 1],
      ['/contact-us', 'svg.office__photo', 1],
      ['/404', '.not-found > svg', 1],
    ];
    for (const [path, selector, count] of drawn) {
      const { document } = pages.find((built) => built.path === path)!;
      expect(document.querySelectorAll(selector), `${path} ${selector}`).toHaveLength(count);
      expect(
        document.querySelector('main')!.querySelectorAll('img[src$=".svg"]').length,
        `${path}: an SVG <img> in the first view`,
      ).toBe(path === '/apps' ? document.querySelectorAll('.coming-soon img').length : 0);
    }
  });

  it.each(pages.map((built) => [built.path, built] as const))(
    '%s draws no artwork inside the page that a reader would hear unnamed or see a tooltip of',
    (_path, built) => {
      for (const svg of built.document.querySelectorAll('main svg:not(svg svg)')) {
        if (svg.closest('math, .katex')) continue;
        const named = svg.getAttribute('role') === 'img' && Boolean(svg.getAttribute('aria-label'));
        if (!named) expect(svg.getAttribute('aria-hidden'), svg.toString().slice(0, 80)).toBe('true');
        expect(svg.querySelectorAll('title, script, style, foreignObject'), svg.toString().slice(0, 80)).toHaveLength(
          0,
        );
      }
    },
  );

  it.each(pages.map((built) => [built.path, built] as const))(
    '%s serves raster images in a modern format with a fallback',
    (_path, built) => {
      const { document } = built;
      for (const image of document.querySelectorAll('img')) {
        const src = image.getAttribute('src') ?? '';
        const picture = image.parentNode?.tagName === 'PICTURE' ? image.parentNode : null;
        const sources = picture?.querySelectorAll('source').map((source) => source.getAttribute('type') ?? '') ?? [];
        if (rasterPattern.test(src))
          expect(sources, `${src} needs an AVIF or WebP <source>`).toEqual(
            expect.arrayContaining([expect.stringMatching(/image\/(avif|webp)/)]),
          );
        if (modernPattern.test(src))
          expect.fail(`${src}: a WebP or AVIF image needs a <picture> with a PNG or JPEG <img> as the fallback`);
      }
      // A poster has no fallback mechanism; every browser that plays the video reads WebP.
      for (const video of document.querySelectorAll('video[poster]'))
        expect(video.getAttribute('poster')).toMatch(modernPattern);
    },
  );
});
