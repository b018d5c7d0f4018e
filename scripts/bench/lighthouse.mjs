// Lighthouse, the npm package, in the machine's Chromium: one page of every
// type, with the mobile (default) and desktop presets, several runs each. A run
// cannot reach the internet: Chromium resolves no host but this machine, and
// its background services (updates, sync, field trials) are off.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { chromiumArgs, systemChromium } from '../chromium.mjs';

export const chromiumFlags = [
  '--headless=new',
  ...chromiumArgs,
  // The bench's HTTP/2 front (server.mjs) has a certificate made for the run.
  '--ignore-certificate-errors',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--metrics-recording-only',
  // Every name but this machine's fails to resolve: nothing leaves it.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/**
 * The system's Chromium (or CHROMIUM_PATH), otherwise Playwright's own
 * (`npx playwright install chromium`), otherwise the Chrome chrome-launcher finds.
 */
export const chromePath = systemChromium ?? [chromium.executablePath()].find((path) => existsSync(path));

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const metrics = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbt: 'total-blocking-time',
  si: 'speed-index',
};

function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const isLocal = (url) => {
  try {
    const { hostname, protocol } = new URL(url);
    return !/^https?:$/.test(protocol) || hostname === 'localhost' || hostname === '127.0.0.1';
  } catch {
    return true;
  }
};

/** The audits below a full score, without the informative ones, for the report. */
function shortfalls(lhr) {
  const scored = new Set(
    categories.flatMap(
      (id) => lhr.categories[id]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id) ?? [],
    ),
  );
  return Object.values(lhr.audits)
    .filter((audit) => scored.has(audit.id) && audit.score !== null && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      score: audit.score,
      displayValue: audit.displayValue ?? '',
      explanation: audit.explanation ?? '',
    }));
}

/**
 * One Lighthouse run in a fresh Chromium.
 * @param {string} url
 * @param {'mobile' | 'desktop'} preset
 * @param {{ chromePath?: string | undefined, ignoreStatusCode?: boolean }} options
 */
export async function runLighthouse(url, preset, { chromePath, ignoreStatusCode = false }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumFlags, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'silent', onlyCategories: categories, ignoreStatusCode },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * The audits a correct "not found" page must fail, and why; each is excused only
 * when it fails for that reason alone.
 */
const notFoundAudits = {
  // The page answers with status 404 (not 500 or any other failure).
  'http-status-code': (audit, lhr) =>
    audit.score === 0 &&
    (lhr.audits['network-requests']?.details?.items ?? []).some(
      (request) => request.url === lhr.finalDisplayedUrl && request.statusCode === 404,
    ),
  // It asks not to be indexed (<meta name="robots" content="noindex">), and nothing else blocks it.
  'is-crawlable': (audit) =>
    (audit.details?.items ?? []).length > 0 &&
    audit.details.items.every((item) =>
      /<meta name="robots" content="noindex"/.test(JSON.stringify(item).replaceAll('\\"', '"')),
    ),
  // Chromium logs the 404 status of the page itself, and nothing else.
  'errors-in-console': (audit, lhr) =>
    (audit.details?.items ?? []).every(
      (item) =>
        item.source === 'network' &&
        item.sourceLocation?.url === lhr.finalDisplayedUrl &&
        /status of 404\b/.test(item.description ?? ''),
    ),
};

/**
 * Category scores as Lighthouse computes them (the weighted mean of the scored
 * audits), leaving out the audits a "not found" page fails on purpose.
 */
function scoresExcusingNotFound(lhr) {
  const excused = new Set(
    Object.entries(notFoundAudits)
      .filter(([id, why]) => lhr.audits[id] && lhr.audits[id].score !== 1 && why(lhr.audits[id], lhr))
      .map(([id]) => id),
  );
  const scored = (ref) =>
    ref.weight > 0 &&
    !excused.has(ref.id) &&
    !['notApplicable', 'manual', 'informative'].includes(lhr.audits[ref.id]?.scoreDisplayMode);
  const scores = Object.fromEntries(
    categories.map((id) => {
      const refs = lhr.categories[id]?.auditRefs.filter(scored) ?? [];
      const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
      const score =
        weight === 0
          ? null
          : refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0) / weight;
      return [id, score == null ? null : Math.round(score * 100)];
    }),
  );
  return { scores, excused: [...excused] };
}

/** What the report keeps of one run. */
function summarise(lhr, { notFound = false } = {}) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    scores: Object.fromEntries(
      categories.map((id) => [
        id,
        lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
      ]),
    ),
    ...(notFound ? { notFound: scoresExcusingNotFound(lhr) } : {}),
    metrics: Object.fromEntries(
      Object.entries(metrics).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? null]),
    ),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? null,
    bytesByType: Object.fromEntries(
      (lhr.audits['resource-summary']?.details?.items ?? []).map((item) => [
        item.resourceType,
        { requests: item.requestCount, bytes: item.transferSize },
      ]),
    ),
    outbound: requests.map((request) => request.url).filter((requestUrl) => !isLocal(requestUrl)),
    shortfalls: shortfalls(lhr),
    runtimeError: lhr.runtimeError?.code ?? null,
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

/**
 * Runs Lighthouse `runs` times (more, after the runs of an `earlier` result) and keeps the median: the median of each
 * category score and each metric, and Lighthouse's own median run
 * (closest to the median FCP and TTI) for the bytes and the shortfalls.
 * @param {string} url
 * @param {'mobile' | 'desktop'} preset
 * @param {{ chromePath?: string | undefined, runs: number, ignoreStatusCode?: boolean, log?: (line: string) => void, earlier?: { lhrs?: object[], errors: string[] } }} options
 */
export async function measure(url, preset, { chromePath, runs, ignoreStatusCode = false, log = () => {}, earlier }) {
  const lhrs = [...(earlier?.lhrs ?? [])];
  const errors = [...(earlier?.errors ?? [])];
  const wanted = lhrs.length + runs;
  // A run that fails to record its trace (NO_NAVSTART and the like, more often on a busy
  // machine) is run again, up to two extra times, so the median has its runs.
  for (let attempt = 1; lhrs.length < wanted && attempt <= runs + 2; attempt += 1) {
    const label = `  lighthouse ${preset} ${url} run ${lhrs.length + 1}/${wanted}`;
    try {
      const lhr = await runLighthouse(url, preset, { chromePath, ignoreStatusCode });
      if (lhr.runtimeError) errors.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      else lhrs.push(lhr);
      log(
        `${label}: ${lhr.runtimeError ? `${lhr.runtimeError.code}, again` : categories.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)).join('/')}`,
      );
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      log(`${label}: failed (${errors.at(-1)}), again`);
    }
  }
  if (lhrs.length === 0)
    return withRuns({ url, preset, runs: 0, errors, scores: null, metrics: null, medianRun: null }, lhrs);
  const runsSummary = lhrs.map((lhr) => summarise(lhr, { notFound: ignoreStatusCode }));
  const valid = filterToValidRuns(lhrs);
  const medianRun = summarise(valid.length > 0 ? computeMedianRun(valid) : lhrs[0], { notFound: ignoreStatusCode });
  return withRuns(
    {
      url,
      preset,
      runs: lhrs.length,
      errors,
      scores: Object.fromEntries(categories.map((id) => [id, median(runsSummary.map((run) => run.scores[id]))])),
      ...(ignoreStatusCode
        ? {
            notFound: {
              scores: Object.fromEntries(
                categories.map((id) => [id, median(runsSummary.map((run) => run.notFound.scores[id]))]),
              ),
              excused: [...new Set(runsSummary.flatMap((run) => run.notFound.excused))],
            },
          }
        : {}),
      metrics: Object.fromEntries(
        Object.keys(metrics).map((key) => [key, median(runsSummary.map((run) => run.metrics[key]))]),
      ),
      medianRun,
      perRun: runsSummary.map(({ scores, metrics: values, benchmarkIndex }) => ({
        scores,
        metrics: values,
        benchmarkIndex,
      })),
    },
    lhrs,
  );
}

/** Keeps the full Lighthouse results on a summary, for `earlier`, out of its JSON and of a spread copy. */
function withRuns(summary, lhrs) {
  return Object.defineProperty(summary, 'lhrs', { value: lhrs, enumerable: false });
}
