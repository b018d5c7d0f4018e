import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StaticHandler } from '@netlify/static';
import { formatInr } from '../../src/lib/inr';
import { FORM_KINDS } from '../../src/lib/forms';
import { slugify } from '../../src/lib/slug';
import { contentRoot, readCollection } from '../unit/content-files';
import { builtPages, distRoot, jsonLd, page } from '../support/dist';
import { site } from '../../src/site';
import { inlineScripts, sha256 } from '../../src/integrations/content-security-policy';
import { firstPaintCss } from '../../support/budgets.ts';

/* The built site: every page complete, every link resolving, every route present. */

const pages = builtPages();
const contentPages = pages.filter((built) => built.path !== '/404');

describe('every page', () => {
  it.each(pages.map((built) => [built.path, built] as const))(
    '%s has a title, description, canonical, lang, one h1 and a skip link',
    (_path, built) => {
      const { document } = built;
      expect(document.querySelector('title')?.textContent.trim()).toMatch(/\S.+\| Quartz Digital$|^Quartz Digital: /);
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')?.length).toBeGreaterThan(40);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/^https?:\/\/[^/]+\//);
      expect(document.querySelector('meta[property="og:title"]')).not.toBeNull();
      expect(document.querySelector('html')?.getAttribute('lang')).toBe('en-IN');
      expect(document.querySelectorAll('h1')).toHaveLength(1);
      expect(document.querySelector('a.skip-link')?.getAttribute('href')).toBe('#main');
      expect(document.querySelector('main#main')).not.toBeNull();
      // The first paint waits for the whole header (BaseLayout.astro, tests/e2e/first-paint.spec.ts).
      const expectLink = document.querySelector('head link[rel="expect"]');
      expect([expectLink?.getAttribute('href'), expectLink?.getAttribute('blocking')]).toEqual(['#main', 'render']);
    },
  );

  it('names its own clean address as canonical; an app privacy page at its title slug names the appId address', () => {
    const apps = readCollection('apps').map((entry) => entry.data as { appId: string; title: string });
    for (const built of pages) {
      const canonical = new URL(built.document.querySelector('link[rel="canonical"]')!.getAttribute('href')!);
      const app = apps.find((candidate) => built.path === `/apps/${slugify(candidate.title)}/privacy`);
      expect(canonical.pathname, built.path).toBe(app ? `/apps/${app.appId}/privacy` : built.path);
      expect(built.document.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(canonical.href);
    }
  });

  it('has a title of its own, unless it is another address of the same page', () => {
    const byTitle = new Map<string, Set<string>>();
    for (const { document } of pages) {
      const title = document.querySelector('title')!.textContent;
      const canonical = document.querySelector('link[rel="canonical"]')!.getAttribute('href')!;
      byTitle.set(title, (byTitle.get(title) ?? new Set()).add(canonical));
    }
    const shared = [...byTitle].filter(([, canonicals]) => canonicals.size > 1).map(([title]) => title);
    expect(shared).toEqual([]);
  });

  it('loads no script file with the page: islands load theirs only when their moment comes', () => {
    for (const built of pages) {
      expect(
        built.document.querySelectorAll('script[src]').map((script) => script.getAttribute('src')),
        built.path,
      ).toEqual([]);
      expect(built.document.querySelectorAll('link[rel="modulepreload"]'), built.path).toHaveLength(0);
    }
  });

  it('allows every inline script by its hash in the Content-Security-Policy, and nothing inline besides', () => {
    const headers = readFileSync(join(distRoot, '_headers'), 'utf8');
    const policy = /Content-Security-Policy: (.+)/.exec(headers)![1]!;
    const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    for (const built of pages) {
      for (const script of inlineScripts(built.html))
        expect(scriptSrc, `${built.path}: ${script.slice(0, 60)}`).toContain(`'${sha256(script)}'`);
    }
  });
});

describe('links and assets', () => {
  const references = pages.flatMap((built) =>
    built.document.querySelectorAll('a[href], link[href], img[src], source[src], video[poster]').map((element) => ({
      from: built.path,
      url: element.getAttribute('href') ?? element.getAttribute('src') ?? element.getAttribute('poster')!,
    })),
  );

  it('resolves every internal link and asset to a file in dist, as Netlify finds it', async () => {
    const files = new StaticHandler({ directory: distRoot });
    const broken: string[] = [];
    for (const { from, url } of references) {
      if (/^(https?:|mailto:|tel:|data:)/.test(url) || url.startsWith('#')) continue;
      const target = new URL(url, `http://site${from}`);
      if (!(await files.match(new Request(target)))) broken.push(`${from} -> ${url}`);
    }
    expect(broken).toEqual([]);
  });

  it('resolves every in-page anchor to an element with that id', () => {
    const broken: string[] = [];
    for (const { from, url } of references) {
      const match = /^(?<path>\/[^#?]*)?(?:\?[^#]*)?#(?<id>.+)$/.exec(url);
      if (!match?.groups || url.startsWith('http')) continue;
      const target = match.groups.path ? pages.find((built) => built.path === match.groups!.path) : page(from);
      if (target && !target.document.getElementById(decodeURIComponent(match.groups.id!)))
        broken.push(`${from} -> ${url}`);
    }
    expect(broken).toEqual([]);
  });

  it('opens links to other sites without handing them this page', () => {
    for (const built of pages) {
      for (const link of built.document.querySelectorAll('a[target="_blank"]')) {
        expect(link.getAttribute('rel'), built.path).toMatch(/noopener/);
      }
    }
  });
});

describe('the catalogue', () => {
  const services = readCollection('services').map(
    (entry) => entry.data as { title: string; packages: { price: number; name: string }[] },
  );

  it('builds one page for each service, at the slug of its title', () => {
    const servicePages = pages.filter((built) => built.path.startsWith('/our-services/'));
    expect(servicePages.map((built) => built.path).sort()).toEqual(
      services.map((service) => `/our-services/${slugify(service.title)}`).sort(),
    );
  });

  it.each(services.map((service) => [service.title, service] as const))(
    '%s shows its three prices in Indian grouping, a "Get Started" each and a link to #packages',
    (_title, service) => {
      const built = page(`/our-services/${slugify(service.title)}`);
      const cards = built.document.querySelectorAll('#packages article');
      expect(cards).toHaveLength(3);
      cards.forEach((card, index) => {
        expect(card.querySelector('data')?.textContent).toBe(formatInr(service.packages[index]!.price));
        expect(card.querySelector('a[data-package-request]')?.textContent).toContain('Get Started');
        expect(card.querySelector('a[data-package-request]')?.getAttribute('href')).toContain(
          `package=${encodeURIComponent(service.packages[index]!.name).replace(/%20/g, '+')}`,
        );
      });
      expect(built.document.querySelector('a[href="#packages"]')?.textContent).toBe('See Plans and Pricing');
    },
  );

  it('labels the two day figures, says the price period beside each price, and marks the "most chosen" package its file names', () => {
    const all = readCollection('services').map(
      (entry) =>
        entry.data as {
          title: string;
          estimatedDeliveryDays: number;
          pricePeriod?: string;
          mostChosen?: string;
          packages: { id: string; deliveryDays: number }[];
        },
    );
    expect(all.filter((service) => service.mostChosen).length).toBeGreaterThan(0);
    for (const service of all) {
      const { document } = page(`/our-services/${slugify(service.title)}`);
      const facts = document.querySelector('.hero__facts')!.textContent.replace(/\s+/g, ' ');
      expect(facts).toContain(`Work starts within ${service.estimatedDeliveryDays} day`);
      const cards = document.querySelectorAll('#packages article');
      cards.forEach((card, index) => {
        const pkg = service.packages[index]!;
        expect(card.querySelector('.package__delivery')?.textContent).toMatch(
          new RegExp(`^Delivery time: ${pkg.deliveryDays} days?$`),
        );
        expect(card.querySelector('.package__price')?.textContent).toContain(service.pricePeriod ?? 'one-time');
        expect(card.textContent.includes('Most chosen'), `${service.title} ${pkg.id}`).toBe(
          service.mostChosen === pkg.id,
        );
      });
      expect(document.querySelector('#packages')!.textContent).not.toMatch(/ask for:|\(optional\)/);
    }
  });

  it('says how tax applies, in the words of src/site.ts, wherever prices are shown', () => {
    const priced = pages.filter((candidate) => candidate.path.startsWith('/our-services'));
    // The catalogue and every service page.
    expect(priced).toHaveLength(services.length + 1);
    for (const built of priced)
      expect(built.document.querySelector('main')!.textContent, built.path).toContain(site.taxNote);
  });

  it('describes each service as a schema.org Service with three offers in rupees', () => {
    for (const service of services) {
      const [data] = jsonLd(page(`/our-services/${slugify(service.title)}`)) as [
        {
          '@type': string;
          offers: {
            price: number;
            priceCurrency: string;
            priceSpecification: { price: number; description: string };
          }[];
        },
      ];
      expect(data['@type']).toBe('Service');
      expect(data.offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual(
        service.packages.map((pkg) => [pkg.price, 'INR']),
      );
      expect(
        data.offers.map((offer) => [offer.priceSpecification.price, offer.priceSpecification.description]),
      ).toEqual(service.packages.map((pkg) => [pkg.price, site.taxNote]));
    }
  });

  it('lists every service on /our-services with its headline', () => {
    const built = page('/our-services');
    expect(built.document.querySelector('h1')?.textContent).toBe('We make technology work so your business can grow.');
    expect(built.document.querySelectorAll('main li article')).toHaveLength(services.length);
  });

  it('shows each service card with its category, its lowest price and a link that names what it opens', () => {
    const built = page('/our-services');
    const all = readCollection('services').map(
      (entry) => entry.data as { title: string; category: string; pricePeriod?: string; packages: { price: number }[] },
    );
    for (const service of all) {
      const card = built.document
        .querySelectorAll('main li article')
        .find((article) => article.querySelector('h3')?.textContent === service.title);
      expect(card, service.title).toBeDefined();
      expect(card!.querySelector('.eyebrow')?.textContent).toBe(service.category);
      const lowest = formatInr(Math.min(...service.packages.map((pkg) => pkg.price)));
      const from = `from ${lowest}${service.pricePeriod ? ` ${service.pricePeriod}` : ''}`;
      expect(card!.textContent.replace(/\s+/g, ' ')).toContain(from);
      const link = card!.querySelector('a')!;
      expect(link.getAttribute('href')).toBe(`/our-services/${slugify(service.title)}`);
      expect(link.textContent.replace(/\s+/g, ' ').trim()).toBe(`Get ${service.title}: packages and prices`);
    }
  });

  it('narrows the catalogue by category without JavaScript: a jump list of anchors to one section per category', () => {
    const built = page('/our-services');
    const categories = [
      ...new Set(readCollection('services').map((entry) => (entry.data as { category: string }).category)),
    ];
    const jumps = built.document.querySelectorAll('nav[aria-labelledby="categories-title"] a');
    expect(jumps).toHaveLength(categories.length);
    for (const jump of jumps) {
      const section = built.document.querySelector(jump.getAttribute('href')!);
      expect(section?.tagName).toBe('SECTION');
      const heading = section!.querySelector('h2')!.textContent;
      expect(jump.textContent).toContain(heading);
      expect(section!.querySelectorAll('.eyebrow').every((eyebrow) => eyebrow.textContent === heading)).toBe(true);
    }
  });
});

describe('home page', () => {
  const home = page('/');

  it('has the hero text, a looping muted video in both formats, fetched only when its script starts it', () => {
    expect(home.document.querySelector('h1')?.textContent).toBe('What happens now...');
    const video = home.document.querySelector('video')!;
    for (const attribute of ['muted', 'loop', 'playsinline']) expect(video.hasAttribute(attribute)).toBe(true);
    // autoplay would fetch the video with the page, ahead of its text on a slow connection.
    expect(video.hasAttribute('autoplay')).toBe(false);
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.querySelectorAll('source').map((source) => source.getAttribute('type'))).toEqual([
      'video/webm',
      'video/mp4',
    ]);
  });

  it('fetches the poster only on a screen wider than a phone, where the video can play: a phone gets it drawn in CSS', () => {
    // A poster attribute is fetched whether the video shows or not; a background in a media query is not.
    expect(home.document.querySelector('video')!.hasAttribute('poster')).toBe(false);
    const css = firstPaintCss(home.html).inline.replace(/\s+/g, '');
    const wide = css.match(/@media\(width>=48em\)\{\.hero__video[^{]*\{[^}]*\}/g) ?? [];
    expect(wide.join('\n')).toContain('background:url(/video/hero-poster.webp)');
    const hero = /\.hero\[[^\]]+\]\{[^}]*\}/.exec(css)?.[0] ?? '';
    expect(hero).toMatch(/background:radial-gradient/);
    const preload = home.document.querySelector('link[rel="preload"][as="image"]')!;
    expect([preload.getAttribute('href'), preload.getAttribute('media')]).toEqual([
      '/video/hero-poster.webp',
      '(min-width: 48em)',
    ]);
  });

  it('says in the hero what the company does and for whom, with one primary action and a small named pause control', () => {
    const hero = home.document.querySelector('section.hero')!;
    expect(hero.querySelector('.hero__lead')?.textContent).toMatch(/businesses across India/);
    const actions = hero.querySelectorAll('.hero__actions a');
    expect(actions.map((link) => [link.getAttribute('class'), link.getAttribute('href')])).toEqual([
      ['hero__cta', '/our-services'],
      ['hero__callback', '/contact-us?kind=callback#contact-form'],
    ]);
    expect(actions[1]!.hasAttribute('data-callback-trigger')).toBe(true);
    const pause = hero.querySelector('button[data-hero-pause]')!;
    expect(pause.querySelector('.visually-hidden')?.textContent).toBe('Pause background video');
    expect(pause.textContent.trim()).toBe('Pause background video');
    expect(pause.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the hero video under 1 MB for both formats together', () => {
    const size = ['hero.webm', 'hero.mp4'].reduce((sum, name) => sum + statSync(join(distRoot, 'video', name)).size, 0);
    expect(size).toBeLessThan(1024 * 1024);
  });

  it('links to the four stages page, at most three projects, and our story', () => {
    const hrefs = home.document.querySelectorAll('main a').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/what-we-do', '/work', '/our-story']));
    expect(home.document.querySelectorAll('#work-title ~ ul article').length).toBeLessThanOrEqual(3);
    expect(
      home.document.querySelectorAll('#stages-title ~ ol li h3').map((h) => h.textContent.replace(/^\d+\.\s*/, '')),
    ).toEqual(['Discover', 'Pilot', 'Launch', 'Boost']);
  });

  it('shows the four stage pictures from one file, each through a view that file has', () => {
    for (const built of [home, page('/what-we-do')]) {
      const sources = built.document.querySelectorAll('ol.stages img').map((image) => image.getAttribute('src')!);
      expect(sources).toHaveLength(4);
      const files = new Set(sources.map((source) => source.split('#')[0]!));
      expect(files.size).toBe(1);
      const sprite = readFileSync(join(distRoot, [...files][0]!), 'utf8');
      for (const source of sources) {
        const view = source.split('#')[1];
        expect(sprite, source).toContain(`<view id="${view}" `);
      }
      expect(new Set(sources).size).toBe(4);
    }
  });

  it('shows every testimonial of testimonials.json and the New Delhi office', () => {
    const testimonials = JSON.parse(readFileSync(join(contentRoot, 'testimonials.json'), 'utf8')) as unknown[];
    expect(home.document.querySelectorAll('#stories-title ~ * blockquote')).toHaveLength(testimonials.length);
    expect(home.document.querySelector('#office-title')?.textContent).toBe('New Delhi');
  });

  it('describes the organisation with its New Delhi address', () => {
    for (const path of ['/', '/contact-us']) {
      const organisation = jsonLd(page(path)).find((data) => data['@type'] === 'Organization') as {
        address: { addressLocality: string };
      };
      expect(organisation.address.addressLocality).toBe('New Delhi');
    }
  });
});

describe('apps, books and policies', () => {
  const apps = readCollection('apps').map(
    (entry) =>
      entry.data as { appId: string; title: string; score?: number; ratingCount?: number; playstoreUrl?: string },
  );

  it('shows on every book card of the list how far the book is written, as the book itself says', () => {
    const listPages = builtPages().filter((built) => /^\/books(\/\d+)?$/.test(built.path));
    const cards = listPages.flatMap((built) => built.document.querySelectorAll('main ul.grid > li'));
    expect(cards.length).toBe(readCollection('books').length);
    for (const card of cards) {
      const book = page(card.querySelector('a')!.getAttribute('href')!);
      const progress = book.document.querySelector('.book__progress strong')!.textContent.trim();
      expect(progress).toMatch(/^\d+ of \d+ chapters$/);
      expect(card.querySelector('.card__eyebrow')?.textContent.trim(), book.path).toBe(`${progress} written`);
    }
  });

  it("indexes for search a chapter's words, not its list of sections, its pager or the search box", () => {
    // A book's own page is indexed with its contents, which are its substance (the topics it covers).
    const chapters = builtPages().filter((built) => /^\/books\/[^/]+\/[^/]+$/.test(built.path));
    expect(chapters.length).toBeGreaterThan(0);
    for (const built of chapters) {
      const bodies = built.document.querySelectorAll('[data-pagefind-body]');
      expect(bodies, built.path).toHaveLength(1);
      const furniture = bodies[0]!
        .querySelectorAll('nav, form, [role="search"]')
        .filter((element) => !element.closest('[data-pagefind-ignore="all"]'));
      expect(
        furniture.map((element) => element.getAttribute('aria-label') ?? element.getAttribute('class')),
        built.path,
      ).toEqual([]);
    }
  });

  it('lists every app, the unreleased ones apart as "coming soon", with a rating only where a count stands behind it', () => {
    const built = page('/apps');
    expect(built.document.querySelectorAll('main li.app')).toHaveLength(apps.length);
    const rated = apps.filter((app) => app.score !== undefined && app.ratingCount !== undefined);
    expect(built.document.querySelectorAll('.rating')).toHaveLength(rated.length);
    const unreleased = apps.filter((app) => !app.playstoreUrl);
    expect(unreleased.length).toBeGreaterThan(0);
    const comingSoon = built.document.querySelector('section[aria-labelledby="coming-soon-title"]')!;
    expect(comingSoon.querySelectorAll('li.app h3').map((heading) => heading.textContent)).toEqual(
      unreleased.map((app) => app.title.replace(/\s*\(Unreleased\)\s*/, '')),
    );
    expect(comingSoon.querySelectorAll('a[href*="play.google.com"]')).toHaveLength(0);
    const software = jsonLd(built).filter((data) => data['@type'] === 'SoftwareApplication');
    expect(software).toHaveLength(apps.length);
    expect(software.filter((data) => 'aggregateRating' in data)).toHaveLength(rated.length);
  });

  it('builds each app privacy policy at its appId and its title slug, naming the app', () => {
    for (const app of apps) {
      for (const id of [app.appId, slugify(app.title)]) {
        const built = page(`/apps/${id}/privacy`);
        expect(built.document.querySelector('h1')?.textContent).toContain(app.title);
        expect(built.document.querySelector('main')?.textContent).toContain(app.title);
        expect(built.html).not.toMatch(/\{\{\s*\w+\s*\}\}/);
      }
    }
    expect(pages.filter((built) => /^\/apps\/[^/]+\/privacy$/.test(built.path))).toHaveLength(
      new Set(apps.flatMap((app) => [app.appId, slugify(app.title)])).size,
    );
  });

  it('rewrites an unknown app privacy address to the Machine Learning Advance policy', () => {
    const redirects = readFileSync(join(distRoot, '_redirects'), 'utf8');
    expect(redirects).toMatch(/^\/apps\/\*\/privacy\s+\/apps\/machine-learning-advance\/privacy\s+200$/m);
    expect(existsSync(join(distRoot, 'apps/machine-learning-advance/privacy.html'))).toBe(true);
  });

  it('lists the books 12 to a page with the paginator wording', () => {
    const total = readCollection('books').length;
    const listPages = Math.ceil(total / 12);
    for (let number = 1; number <= listPages; number += 1) {
      const built = page(number === 1 ? '/books' : `/books/${number}`);
      const from = (number - 1) * 12 + 1;
      const to = Math.min(number * 12, total);
      expect(built.document.querySelectorAll('main li article')).toHaveLength(to - from + 1);
      expect(built.document.querySelector('.paginator__range')?.textContent).toBe(`${from} - ${to} of ${total}`);
      expect(built.html).toContain('Items per page');
    }
    expect(pages.filter((built) => /^\/books\/[^/]*[a-z][^/]*$/.test(built.path))).toHaveLength(total);
  });

  it('builds every chapter, links it from its book and back, and chains the chapters with previous/next', () => {
    const chapterFiles = readdirSync(join(contentRoot, 'chapters'), { recursive: true }).filter((name) =>
      String(name).endsWith('.md'),
    );
    const chapterPages = pages.filter(
      (built) => /^\/books\/[^/]+\/[^/]+$/.test(built.path) && !/^\/books\/\d+$/.test(built.path),
    );
    expect(chapterPages.length).toBe(chapterFiles.length);
    // Every book has chapters to read.
    const books = new Set(chapterPages.map((built) => built.path.split('/')[2]));
    expect(books.size).toBe(readCollection('books').length);
    for (const built of chapterPages) {
      const bookPath = built.path.split('/').slice(0, 3).join('/');
      expect(
        page(bookPath).document.querySelector(`a[href="${built.path}"]`),
        `${bookPath} links ${built.path}`,
      ).not.toBeNull();
      expect(
        built.document.querySelector(`nav[aria-label="Breadcrumb"] a[href="${bookPath}"]`),
        `${built.path} links back`,
      ).not.toBeNull();
      const next = built.document.querySelector('a[rel="next"]')?.getAttribute('href');
      if (next) expect(page(next).document.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe(built.path);
      const data = jsonLd(built).find((item) => item['@type'] === 'Chapter') as
        { isPartOf: { url: string } } | undefined;
      expect(data?.isPartOf.url).toMatch(new RegExp(`${bookPath}$`));
    }
  });

  it('renders formulas as MathML with no TeX left in the text', () => {
    const kirchhoff = page('/books/basic-electrical-engineering/kirchhoff-s-laws');
    expect(kirchhoff.document.querySelectorAll('math').length).toBeGreaterThan(5);
    expect(kirchhoff.document.querySelector('main')!.textContent).not.toMatch(/\$[^$]+\$|\\frac|\\sum/);
  });

  it('gives every table header words, not only a formula (assistive technology reads no name from MathML there)', () => {
    const bare: string[] = [];
    for (const built of pages) {
      for (const header of built.document.querySelectorAll('th')) {
        const words = header.clone() as typeof header;
        words.querySelectorAll('math').forEach((formula) => formula.remove());
        if (!words.textContent.trim()) bare.push(`${built.path}: ${header.textContent.trim()}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it('puts each wide formula, table and diagram in a named scroll container a keyboard can reach', () => {
    const chapters = pages.filter((built) => /^\/books\/[^/]+\/[^/]+$/.test(built.path));
    let scrollers = 0;
    for (const built of chapters) {
      for (const table of built.document.querySelectorAll('main table')) {
        expect(table.closest('.table-scroll'), built.path).not.toBeNull();
      }
      for (const image of built.document.querySelectorAll('.prose img')) {
        expect(image.closest('.diagram-scroll'), built.path).not.toBeNull();
      }
      for (const scroller of built.document.querySelectorAll(
        '.table-scroll, .diagram-scroll, .formula[tabindex], .formula-inline',
      )) {
        scrollers += 1;
        expect(scroller.getAttribute('tabindex'), built.path).toBe('0');
        expect(scroller.getAttribute('role'), built.path).toBe('group');
        expect(scroller.getAttribute('aria-label'), built.path).toMatch(/^(Formula|Table|Diagram), scrolls sideways$/);
      }
    }
    expect(scrollers).toBeGreaterThan(50);
  });

  it("shows each book's further reading, every reference of its file", () => {
    const books = readCollection('books');
    for (const { data } of readCollection('references')) {
      const { book, references } = data as { book: string; references: unknown[] };
      const { name } = books.find((entry) => entry.id === book)!.data as { name: string };
      const bookPage = page(`/books/${slugify(name)}`);
      expect(bookPage.document.querySelectorAll('#references-title ~ ol li'), book).toHaveLength(references.length);
    }
  });

  it('shows the four policies, the terms in numbered sections, with no placeholder left', () => {
    for (const path of ['/privacy-policy', '/terms-and-conditions', '/refunds-and-cancellations', '/shipping-policy']) {
      expect(page(path).html).not.toMatch(/\{\{\s*\w+\s*\}\}/);
    }
    const terms = page('/terms-and-conditions');
    const numbers = terms.document
      .querySelectorAll('main h2')
      .map((heading) => /^(\d+)\. /.exec(heading.textContent)?.[1])
      .filter(Boolean)
      .map(Number);
    // Numbered 1, 2, 3… with none skipped or repeated, however many the terms have.
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).toEqual(numbers.map((_number, index) => index + 1));
    for (const path of ['/terms-and-conditions', '/privacy-policy']) {
      expect(page(path).document.querySelector('main')?.textContent).toMatch(
        /Last revised (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
      );
    }
  });
});

describe('expertise, projects and services', () => {
  const projects = readCollection('projects').map((entry) => ({
    id: entry.id,
    ...(entry.data as { name: string; industry: string; services: string[] }),
  }));
  const expertise = readCollection('expertise').map((entry) => ({
    id: entry.id,
    ...(entry.data as { name: string; services: string[] }),
  }));
  const services = readCollection('services').map((entry) => ({ id: entry.id, ...(entry.data as { title: string }) }));

  it('links each project to its industry and the services it used, and each industry back to its projects and their services', () => {
    for (const project of projects) {
      const industry = expertise.find((item) => item.id === project.industry)!;
      const links = page(`/work/${slugify(project.name)}`)
        .document.querySelectorAll('main .related a')
        .map((link) => link.getAttribute('href'));
      expect(links).toContain(`/expertise/${slugify(industry.name)}`);
      for (const id of project.services)
        expect(links).toContain(`/our-services/${slugify(services.find((service) => service.id === id)!.title)}`);
      const back = page(`/expertise/${slugify(industry.name)}`)
        .document.querySelectorAll('main .related a')
        .map((link) => link.getAttribute('href'));
      expect(back).toContain(`/work/${slugify(project.name)}`);
      for (const id of project.services)
        expect(back).toContain(`/our-services/${slugify(services.find((service) => service.id === id)!.title)}`);
    }
  });

  it('links every industry to the services its file names, so no industry page is a dead end', () => {
    for (const industry of expertise) {
      const links = page(`/expertise/${slugify(industry.name)}`)
        .document.querySelectorAll('main .related a')
        .map((link) => link.getAttribute('href'));
      expect(industry.services.length, industry.id).toBeGreaterThan(0);
      for (const id of industry.services)
        expect(links, industry.id).toContain(
          `/our-services/${slugify(services.find((service) => service.id === id)!.title)}`,
        );
    }
  });
});

describe('what we do', () => {
  it('lists under each discipline the services whose files name it, every service once', () => {
    const all = readCollection('services').map((entry) => entry.data as { title: string; discipline: string });
    const groups = page('/what-we-do').document.querySelectorAll('#our-services-title ~ ul > li');
    expect(groups).toHaveLength(5);
    for (const group of groups) {
      const name = group.querySelector('h3')!.textContent;
      const listed = group
        .querySelectorAll('a')
        .map((link) => link.textContent)
        .sort();
      expect(listed, name).toEqual(
        all
          .filter((service) => service.discipline === name)
          .map((service) => service.title)
          .sort(),
      );
    }
  });
});

describe('trust', () => {
  it('links no social network home page, only profiles the identity file gives', () => {
    for (const built of pages) {
      for (const link of built.document.querySelectorAll('a[href]')) {
        const href = link.getAttribute('href')!;
        expect(href, built.path).not.toMatch(/^https:\/\/(www\.)?(facebook|twitter|instagram|linkedin|x)\.com\/?$/);
      }
      expect(built.document.querySelectorAll('nav[aria-label="Social media"] a').length).toBe(site.social.length);
    }
  });

  it("lets a job seeker apply through the site: each role's Apply link leads to the application form on the page", () => {
    const joinUs = page('/join-us').document;
    const links = joinUs.querySelectorAll('.role a');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^(\?role=[^#]+)?#apply$/);
    expect(joinUs.querySelector('#apply form.job-application-form')).not.toBeNull();
    expect(page('/join-us').html).not.toContain('forms.example.com');
  });
});

describe('search engines', () => {
  const sitemap = readFileSync(join(distRoot, 'sitemap-0.xml'), 'utf8');
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname.replace(/\/$/, '') || '/',
  );

  it('lists every page but the 404 in the sitemap', () => {
    expect(listed.sort()).toEqual(contentPages.map((built) => built.path).sort());
  });

  it('names the sitemap in robots.txt', () => {
    expect(readFileSync(join(distRoot, 'robots.txt'), 'utf8')).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
  });

  it('keeps the 404 page out of the index', () => {
    expect(page('/404').document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});

describe('personal data', () => {
  const { grievanceOfficer, retentionDays, spamRetentionDays, dataProtectionBoardUrl } = site.privacy;

  it('every page links to "Your data" from its footer', () => {
    for (const built of pages) {
      const links = built.document.querySelectorAll('footer a').map((link) => link.getAttribute('href'));
      expect(links, built.path).toContain('/your-data');
    }
  });

  it('"Your data" says how to get, correct or erase data, withdraw consent and complain, with the grievance contact', () => {
    const { document } = page('/your-data');
    const main = document.querySelector('main')!;
    for (const id of ['what-we-keep', 'request', 'withdraw', 'complain'])
      expect(main.querySelector(`#${id}`), id).not.toBeNull();
    expect(main.textContent).toContain(`${retentionDays} days`);
    expect(main.textContent).toContain(`after ${spamRetentionDays}`);
    expect(main.textContent).toContain(grievanceOfficer.name);
    expect(main.textContent).toContain(grievanceOfficer.postalAddress);
    const hrefs = main.querySelectorAll('a').map((link) => link.getAttribute('href') ?? '');
    expect(hrefs).toContain(`mailto:${grievanceOfficer.email}`);
    expect(hrefs).toContain(dataProtectionBoardUrl);
    expect(hrefs.filter((href) => href.startsWith(`mailto:${grievanceOfficer.email}?subject=`))).toHaveLength(4);
  });

  it('the privacy policy itemises the data, and names the retention period, the rights and the grievance officer', () => {
    const text = page('/privacy-policy').document.querySelector('main')!.textContent;
    for (const heading of [
      'What each form collects',
      'Why we use it',
      'How long we keep it',
      'Your rights',
      'Grievance redressal',
      'The Data Protection Board of India',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(`${retentionDays} days`);
    expect(text).toContain(grievanceOfficer.email);
  });

  it('the privacy policy, and every app privacy page built from it, itemises what every kind of form collects', () => {
    const notice = JSON.parse(readFileSync(join(contentRoot, 'privacy-notice.json'), 'utf8')) as {
      formNames: Record<string, string>;
      collected: Record<string, string>;
    };
    const app = pages.find((built) => /^\/apps\/[^/]+\/privacy$/.test(built.path))!;
    for (const path of ['/privacy-policy', app.path]) {
      const heading = page(path).document.querySelector('main h3#what-each-form-collects');
      expect(heading, path).not.toBeNull();
      const items = heading!.nextElementSibling!.querySelectorAll('li').map((item) => item.textContent.trim());
      expect(items, path).toEqual(FORM_KINDS.map((kind) => `${notice.formNames[kind]}: ${notice.collected[kind]}.`));
    }
  });
});

describe('the icon', () => {
  it('travels inside every page, so it costs no request before the first paint, and is public/favicon.svg', () => {
    const file = readFileSync(join(distRoot, 'favicon.svg'), 'utf8').trim().replaceAll('"', "'");
    for (const built of pages) {
      const href = built.document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '';
      expect(href.startsWith('data:image/svg+xml,'), built.path).toBe(true);
      expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(file);
    }
  });
});
