#!/usr/bin/env node
// `npm run bench`: builds the site, serves dist/ as Netlify would (compression,
// headers, 404 status) on a free port, measures it with Lighthouse and in
// Chromium page by page, and writes reports/quality.md and reports/quality.json.
//
//   npm run bench                     everything, Lighthouse median of 3 runs
//   npm run bench -- --runs 1         one Lighthouse run per page and preset (quicker, noisier)
//   npm run bench -- --skip-build     measure the dist/ that is there
//   npm run bench -- --skip-lighthouse | --skip-pages
//   npm run bench -- --port 4410      serve on this port instead of the first free one from 4400
//   npm run bench -- --check          exit with status 1 when a budget does not hold (for a quiet CI machine)
//
// CHROME_PATH or CHROMIUM_PATH names the browser; otherwise /usr/bin/chromium,
// otherwise the one chrome-launcher finds.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { measureBuild } from './build.mjs';
import { measure } from './lighthouse.mjs';
import { measurePages } from './pages.mjs';
import { checkBudgets, renderMarkdown } from './report.mjs';
import { freePort, serveDist } from './server.mjs';

const root = resolve(import.meta.dirname, '../..');
const reportsRoot = join(root, 'reports');

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-pages': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1, not ${options.runs}`);

const chromePath =
  process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const log = (line) => console.log(line);

/** One page of every type; a chapter only once the books have chapters. */
function lighthouseTargets(distRoot) {
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
    chapter ? { type: 'A chapter', path: chapter } : { type: 'A chapter', path: null, note: 'skipped: dist/ has no /books/<book>/<chapter> page yet' },
    { type: '404', path: '/no-such-page', ignoreStatusCode: true },
  ];
}

/** Asks for every page and asset once in each encoding, so no measured request waits for the server's first compression of a file. */
async function warmUp(server) {
  const files = readdirSync(server.distRoot, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const paths = files.map((entry) => `/${join(entry.parentPath, entry.name).slice(server.distRoot.length + 1)}`.replace(/\.html$/, '').replace(/\/index$/, '/'));
  for (const encoding of ['br', 'gzip']) {
    for (const path of paths) await fetch(`${server.origin}${path}`, { headers: { 'Accept-Encoding': encoding } }).then((response) => response.arrayBuffer());
  }
}

function chromiumVersion() {
  try {
    return chromePath ? execFileSync(chromePath, ['--version'], { encoding: 'utf8' }).trim() : null;
  } catch {
    return null;
  }
}

const started = Date.now();
const report = {
  generatedAt: new Date().toISOString(),
  options: { runs, skipBuild: options['skip-build'], skipLighthouse: options['skip-lighthouse'], skipPages: options['skip-pages'] },
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, memoryBytes: totalmem(), loadAverageAtStart: loadavg(), node: process.version, chromium: chromiumVersion() },
  build: null,
  lighthouse: [],
  pages: [],
};

if (!options['skip-build']) {
  log('bench: npm run build');
  const build = await measureBuild(root);
  report.build = { seconds: build.seconds, peakMemoryBytes: build.peakMemoryBytes };
  log(`  built in ${build.seconds.toFixed(1)} s, peak memory ${build.peakMemoryBytes ? `${Math.round(build.peakMemoryBytes / 2 ** 20)} MiB` : 'not measured'}`);
}
if (!existsSync(join(root, 'dist', 'index.html'))) throw new Error('dist/ has no site: run without --skip-build');

const port = options.port ? Number(options.port) : await freePort();
const server = await serveDist(root, port);
log(`bench: serving a copy of dist/ at ${server.origin}`);
await warmUp(server);
try {
  if (!options['skip-lighthouse']) {
    log(`bench: Lighthouse, ${runs} run(s) per page and preset`);
    for (const target of lighthouseTargets(server.distRoot)) {
      if (!target.path) {
        report.lighthouse.push({ type: target.type, path: null, note: target.note });
        continue;
      }
      for (const preset of ['mobile', 'desktop']) {
        const result = await measure(`${server.origin}${target.path}`, preset, { chromePath, runs, ignoreStatusCode: target.ignoreStatusCode, log });
        report.lighthouse.push({ type: target.type, path: target.path, ...result, url: undefined });
      }
    }
  }
  if (!options['skip-pages']) {
    log('bench: every page in Chromium at 375 and 1280 px, with axe');
    report.pages = await measurePages({ origin: server.origin, distRoot: server.distRoot, chromePath, log });
  }
} finally {
  await server.stop();
}

report.machine.loadAverageAtEnd = loadavg();
report.seconds = (Date.now() - started) / 1000;
mkdirSync(reportsRoot, { recursive: true });
writeFileSync(join(reportsRoot, 'quality.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(reportsRoot, 'quality.md'), renderMarkdown(report));
log(`bench: wrote reports/quality.md and reports/quality.json in ${Math.round(report.seconds)} s`);
const broken = checkBudgets(report).filter((check) => check.failures.length > 0);
for (const check of broken) log(`  budget not held: ${check.budget} (${check.failures.length})`);
if (options.check && broken.length > 0) process.exitCode = 1;
