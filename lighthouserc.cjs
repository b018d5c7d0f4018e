// Lighthouse CI on one page of every type, served as Netlify serves it (docs/quality.md). `npm run test:lighthouse`
// (in `npm run verify`, so in CI) asserts what reads the page, not the clock: this file (mobile) and
// lighthouserc.desktop.cjs, one run a page. `npm run bench` (lighthouserc.timings.cjs) adds the timings, the median
// of three mobile runs, for a quiet machine. CommonJS, because Lighthouse CI loads its configuration with require().
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { chromiumArgs, systemChromium } = require('./support/chromium.ts');

/** An address no page has: the server answers it with the 404 page and status 404. */
const notFound = '/no-such-page';

/** One page of every type, a chapter among them once the books have one, and the 404 page. */
function pages() {
  const books = join(__dirname, 'dist', 'books');
  const chapter = existsSync(books)
    ? readdirSync(books, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) =>
          readdirSync(join(books, entry.name))
            .filter((name) => name.endsWith('.html'))
            .map((name) => `/books/${entry.name}/${name.replace(/\.html$/, '')}`),
        )
        .sort()[0]
    : undefined;
  return [
    '/',
    '/our-services',
    '/our-services/seo',
    '/what-we-do',
    '/our-story',
    '/contact-us',
    '/privacy-policy',
    '/apps',
    '/books/basic-electrical-engineering',
    ...(chapter ? [chapter] : []),
    notFound,
  ];
}

// The site runs on a port no other process holds. Lighthouse CI runs each step (collect, assert, upload) as a child
// process that loads this file again, so the port chosen first is handed down in the environment; so are the port
// and the Blobs folder of scripts/serve.ts, which the collect step starts.
process.env.LHCI_SITE_PORT ||= execFileSync(
  process.execPath,
  [
    '-e',
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => " +
      '{ process.stdout.write(String(s.address().port)); s.close(); });',
  ],
  { encoding: 'utf8' },
);
process.env.PORT = process.env.LHCI_SITE_PORT;
process.env.LOCAL_DATA_DIR = join(__dirname, '.lighthouseci', 'blobs');
const origin = `http://localhost:${process.env.LHCI_SITE_PORT}`;

/** Every page but the 404 page, and the 404 page, as patterns of the address Lighthouse measured. */
const everyPageButNotFound = `^(?!.*${notFound}$)`;
const notFoundPage = `${notFound}$`;

/*
 * The 404 page must fail three audits: the status (404), `noindex`, and Chromium's console line about the status. Its
 * best-practices and SEO scores are therefore not asserted; every other audit of the two is, and the console and
 * crawling audits may hold that one finding each. These are Lighthouse 12.1's audits, the version @lhci/cli 0.14.0
 * pins: check the list against the categories' auditRefs when upgrading it.
 */
const notFoundAudits = {
  ...Object.fromEntries(
    [
      // Best practices
      'is-on-https',
      'geolocation-on-start',
      'notification-on-start',
      'paste-preventing-inputs',
      'image-aspect-ratio',
      'image-size-responsive',
      'viewport',
      'font-size',
      'doctype',
      'charset',
      'deprecations',
      'third-party-cookies',
      'inspector-issues',
      // SEO
      'document-title',
      'meta-description',
      'link-text',
      'crawlable-anchors',
      'robots-txt',
      'hreflang',
      'canonical',
    ].map((audit) => [audit, ['error', { minScore: 1 }]]),
  ),
  'errors-in-console': ['error', { maxLength: 1 }],
  'is-crawlable': ['error', { maxLength: 1 }],
  // The status itself, 404, is checked by tests/dist/server-integration.test.ts.
  'http-status-code': 'off',
};

/** What every page must pass with either preset: nothing here depends on the machine's speed. */
const untimed = [
  {
    matchingUrlPattern: everyPageButNotFound,
    // Every run, not a median: these audits read the page, not the clock.
    aggregationMethod: 'pessimistic',
    assertions: {
      'categories:accessibility': ['error', { minScore: 1 }],
      'categories:best-practices': ['error', { minScore: 1 }],
      'categories:seo': ['error', { minScore: 1 }],
    },
  },
  {
    matchingUrlPattern: notFoundPage,
    aggregationMethod: 'pessimistic',
    assertions: { 'categories:accessibility': ['error', { minScore: 1 }], ...notFoundAudits },
  },
  {
    // Nothing is fetched from outside the machine. Chromium resolves no host but this one (chromeFlags below), and a
    // request that tried is still counted here.
    aggregationMethod: 'pessimistic',
    assertions: { 'resource-summary:third-party:count': ['error', { maxNumericValue: 0 }] },
  },
];

/**
 * What moves with the machine's speed, under Lighthouse's simulated throttling. On mobile (Slow 4G, 4× slower CPU), by
 * the median of three runs: the largest paint within 0.95 s and no layout shift. On desktop, one run is enough for the
 * layout shift, which the page decides, not the clock. The performance score follows from the timings and the
 * machine's load, so a score below 100 is a warning.
 * @param {'mobile' | 'desktop'} preset
 */
function timed(preset) {
  return {
    aggregationMethod: 'median',
    assertions: {
      ...(preset === 'mobile' ? { 'largest-contentful-paint': ['error', { maxNumericValue: 950 }] } : {}),
      'cumulative-layout-shift': ['error', { maxNumericValue: 0 }],
      'categories:performance': ['warn', { minScore: 1 }],
    },
  };
}

/**
 * @param {'mobile' | 'desktop'} preset
 * @param {{ timings?: boolean }} [options] timings: also assert the timings, by the median of three runs
 */
function configFor(preset, { timings = false } = {}) {
  const mobile = preset === 'mobile';
  return {
    ci: {
      collect: {
        url: pages().map((path) => `${origin}${path}`),
        startServerCommand: 'node scripts/serve.ts',
        startServerReadyPattern: 'Serving the site',
        // It listens once it has packaged the functions: a minute or more on a busy machine.
        startServerReadyTimeout: 240_000,
        numberOfRuns: timings ? 3 : 1,
        ...(systemChromium ? { chromePath: systemChromium } : {}),
        settings: {
          ...(mobile ? {} : { preset: 'desktop' }),
          chromeFlags: [
            ...chromiumArgs,
            '--host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"',
          ].join(' '),
          // Lighthouse refuses a page that answers 404 unless told so; every other page's status is still checked,
          // by the SEO audit http-status-code.
          ignoreStatusCode: true,
        },
      },
      assert: {
        assertMatrix: timings ? [...untimed, timed(preset)] : untimed,
      },
      upload: {
        target: 'filesystem',
        outputDir: `.lighthouseci/${preset}${timings ? '-timings' : ''}`,
        reportFilenamePattern: '%%PATHNAME%%.report.%%EXTENSION%%',
      },
    },
  };
}

module.exports = { ...configFor('mobile'), configFor };
