// `npm run bench`: builds the site, serves dist/ as Netlify would (compression,
// headers, 404 status) on a free port, measures it with Lighthouse and in
// Chromium page by page, and writes reports/quality.md and reports/quality.json.
//
//   npm run bench                     everything, Lighthouse median of 3 runs
//   npm run bench -- --runs 1         one Lighthouse run per page and preset (quicker, noisier)
//   npm run bench -- --skip-build     measure the dist/ that is there
//   npm run bench -- --skip-lighthouse | --skip-pages | --skip-taps
//   npm run bench -- --taps           only the first taps on a simulated phone (scripts/bench/taps.ts)
//   npm run bench -- --port 4410      serve on this port instead of the first free one from 4400
//   npm run bench -- --check          exit with status 1 when a budget does not hold
//
// CHROMIUM_PATH (or CHROME_PATH) names the browser; otherwise /usr/bin/chromium,
// otherwise Playwright's own, otherwise the one chrome-launcher finds
// (scripts/chromium.ts, lighthouse.ts). The tests assert what of the same
// budgets timing cannot move (tests/lighthouse, tests/dist/budgets.test.ts, tests/e2e).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { measureBuild } from './build.ts';
import { chromePath, measure, type Preset } from './lighthouse.ts';
import { measurePages } from './pages.ts';
import { measureTaps, type TapEntry } from './taps.ts';
import { lighthouseTargets } from '../../support/budgets.ts';
import { checkBudgets, renderMarkdown, type LighthouseEntry, type PageEntry, type Report } from './report.ts';
import { freePort, serveDist } from './server.ts';

const root = resolve(import.meta.dirname, '../..');
const reportsRoot = join(root, 'reports');

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-pages': { type: 'boolean', default: false },
    'skip-taps': { type: 'boolean', default: false },
    taps: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});
// --taps: the first taps alone, a minute or two instead of half an hour.
const skip = {
  lighthouse: options['skip-lighthouse'] || options.taps,
  pages: options['skip-pages'] || options.taps,
  taps: options['skip-taps'],
};
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number of at least 1, not ${options.runs}`);

const log = (line: string) => console.log(line);

function chromiumVersion(): string | null {
  try {
    return chromePath ? execFileSync(chromePath, ['--version'], { encoding: 'utf8' }).trim() : null;
  } catch {
    return null;
  }
}

/** The commit measured, and whether the working tree had changes on top of it. */
function sourceVersion(): Report['source'] {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const changed =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !==
      '';
    return { commit, changed };
  } catch {
    return null;
  }
}

const started = Date.now();
const generatedAt = new Date().toISOString();
const source = sourceVersion();
const loadAverageAtStart = loadavg();
let build: Report['build'] = null;
const lighthouse: LighthouseEntry[] = [];
let pages: PageEntry[] = [];
let taps: TapEntry[] = [];

if (!options['skip-build']) {
  log('bench: npm run build');
  const measured = await measureBuild(root);
  build = { seconds: measured.seconds, peakMemoryBytes: measured.peakMemoryBytes };
  const memory = build.peakMemoryBytes ? `${Math.round(build.peakMemoryBytes / 2 ** 20)} MiB` : 'not measured';
  log(`  built in ${build.seconds.toFixed(1)} s, peak memory ${memory}`);
}
if (!existsSync(join(root, 'dist', 'index.html'))) throw new Error('dist/ has no site: run without --skip-build');

const port = options.port ? Number(options.port) : await freePort();
const server = await serveDist(root, port);
log(`bench: serving a copy of dist/ at ${server.origin}, and over HTTP/2 with TLS at ${server.secureOrigin}`);
try {
  if (!skip.lighthouse) {
    log(`bench: Lighthouse, ${runs} run(s) per page and preset`);
    for (const target of lighthouseTargets(server.distRoot)) {
      if (!target.path) {
        lighthouse.push({ type: target.type, path: null, note: target.note });
        continue;
      }
      for (const preset of ['mobile', 'desktop'] satisfies Preset[]) {
        const result = await measure(`${server.secureOrigin}${target.path}`, preset, {
          chromePath,
          runs,
          ignoreStatusCode: target.ignoreStatusCode,
          log,
        });
        const { url: _url, ...measured } = result;
        lighthouse.push({ type: target.type, path: target.path, ...measured });
      }
    }
  }
  if (!skip.pages) {
    log('bench: every page in Chromium at 375 and 1280 px, with axe');
    pages = await measurePages({ origin: server.origin, distRoot: server.distRoot, chromePath, log });
  }
  if (!skip.taps) {
    log(`bench: the first tap on a phone (375 px, touch, Slow 4G, 4× slower CPU), ${runs} run(s) each`);
    taps = await measureTaps({ origin: server.secureOrigin, chromePath, runs, log });
  }
} finally {
  await server.stop();
}

const report: Report & { options: Record<string, unknown> } = {
  generatedAt,
  source,
  options: {
    runs,
    skipBuild: options['skip-build'],
    skipLighthouse: skip.lighthouse,
    skipPages: skip.pages,
    skipTaps: skip.taps,
  },
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? null,
    memoryBytes: totalmem(),
    loadAverageAtStart,
    node: process.version,
    chromium: chromiumVersion(),
    loadAverageAtEnd: loadavg(),
  },
  build,
  lighthouse,
  pages,
  taps,
  seconds: (Date.now() - started) / 1000,
};
mkdirSync(reportsRoot, { recursive: true });
writeFileSync(join(reportsRoot, 'quality.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(reportsRoot, 'quality.md'), renderMarkdown(report));
log(`bench: wrote reports/quality.md and reports/quality.json in ${Math.round(report.seconds)} s`);
const broken = checkBudgets(report).filter((check) => check.failures.length > 0);
for (const check of broken) log(`  budget not held: ${check.budget} (${check.failures.length})`);
if (options.check && broken.length > 0) process.exitCode = 1;
