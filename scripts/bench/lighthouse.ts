// Lighthouse, the npm package, in the machine's Chromium: one page of every
// type, with the mobile (default) and desktop presets, several runs each. A run
// cannot reach the internet: Chromium resolves no host but this machine, and
// its background services (updates, sync, field trials) are off.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { chromiumArgs, systemChromium } from '../../support/chromium.ts';

export const chromiumFlags = [
  '--headless=new',
  ...chromiumArgs,
  // The bench's HTTP/2 front (server.ts) has a certificate made for the run.
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
export const chromePath: string | undefined =
  systemChromium ?? [chromium.executablePath()].find((path) => existsSync(path));

export type Preset = 'mobile' | 'desktop';
type Audit = Result['audits'][string];

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];
export type Scores = Record<Category, number | null>;

const metrics = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  cls: 'cumulative-layout-shift',
  tbt: 'total-blocking-time',
  si: 'speed-index',
} as const;
export type Metrics = Record<keyof typeof metrics, number | null>;

/** An audit below full marks. */
export interface Shortfall {
  id: string;
  score: number | null;
  displayValue: string;
  explanation: string;
}

/** What the report keeps of one run. */
export interface RunSummary {
  scores: Scores;
  notFound?: NotFoundScores;
  metrics: Metrics;
  lcpElement: string | null;
  /** The network floor of the largest paint under the run's throttling (lcpFloor), and what it is made of. */
  lcpFloor: LcpFloor | null;
  /** The requests besides the page that had ended before its largest paint (requestsBeforeLcp). */
  beforeLcp: BeforeLcp[];
  bytesByType: Record<string, { requests: number; bytes: number }>;
  outbound: string[];
  shortfalls: Shortfall[];
  runtimeError: string | null;
  warnings: string[];
  benchmarkIndex: number | null;
}

/**
 * The least time the largest paint can take over the run's throttled network, with no CPU time at all, by
 * Lighthouse's own network model (Lantern, in @paulirish/trace_engine: simulation/TCPConnection.js and DNSCache.js):
 * the HTML over a new connection (the name looked up in two round trips, TCP's handshake, TLS with False Start and
 * the request: five round trips to its first byte, which brings TCP's first ten segments) and a round trip for each
 * further window of TCP's slow start; when the largest element is an image, its request on the same warm HTTP/2
 * connection, where the bytes the HTML's last window had room for come free and each further window costs a round
 * trip. Before the HTML's first byte, the server's own response time as Lantern takes it for the run (serverResponseMs).
 * LCP divided by it says how much is left to win: at 1.0 the page is the network and nothing else.
 */
export interface LcpFloor {
  ms: number;
  rttMs: number;
  throughputKbps: number;
  /**
   * Lantern's estimate of the server's response time for the page's origin, from the run (each response's time to
   * first byte less the round trip, the median over the origin's requests): Lighthouse's network-server-latency audit.
   * An estimate of 0 (the loopback server answered within the measured round trip) is replaced by Lantern's default
   * of 30 ms (simulation/ConnectionPool.js: `serverResponseTimeByOrigin.get(origin) || DEFAULT_SERVER_RESPONSE_TIME`).
   */
  serverResponseMs: number;
  htmlBytes: number;
  /** The image the largest element shows, when it is one. */
  resource: { url: string; bytes: number } | null;
}

/**
 * A request that had ended before the largest paint in the run Lighthouse observed. Lantern builds its estimate of
 * LCP from exactly these (less images of low priority, which it takes for images out of view): each one is a cost
 * on the way to the largest paint, the network floor aside.
 */
export interface BeforeLcp {
  url: string;
  resourceType: string;
  priority: string;
}

/** Lantern's server response time for an origin it has no estimate for, or an estimate of 0. */
const LANTERN_DEFAULT_SERVER_RESPONSE_MS = 30;

/** TCP's segment and initial congestion window, as Lantern counts them. */
const SEGMENT_BYTES = 1460;
const INITIAL_WINDOW = 10;

/** One HTTP/2 connection as Lantern simulates it: slow start up to the window the bandwidth allows. */
export function lanternConnection(rttMs: number, throughputKbps: number) {
  const maxWindow = Math.max(1, Math.floor((((throughputKbps * 1024) / 8) * (rttMs / 1000)) / SEGMENT_BYTES));
  let window = Math.min(INITIAL_WINDOW, maxWindow);
  let spare = 0;
  let warm = false;
  return {
    /** The time in ms that `bytes` take, from the request to the last byte. */
    download(bytes: number): number {
      let elapsed = 0;
      let remaining = bytes;
      if (warm) {
        remaining -= spare;
      } else {
        elapsed = 5 * rttMs;
        remaining -= window * SEGMENT_BYTES;
        warm = true;
      }
      while (remaining > 0) {
        elapsed += rttMs;
        window = Math.min(maxWindow, window * 2);
        remaining -= window * SEGMENT_BYTES;
      }
      spare = Math.max(0, -remaining);
      return elapsed;
    },
  };
}

/** The 404 page's scores without the audits it fails on purpose, and which those were. */
export interface NotFoundScores {
  scores: Scores;
  excused: string[];
}

/** The median of several runs of one page with one preset; `scores` is null when no run completed. */
export interface Measurement {
  url: string;
  preset: Preset;
  runs: number;
  errors: string[];
  scores: Scores | null;
  notFound?: NotFoundScores;
  metrics: Metrics | null;
  medianRun: RunSummary | null;
  perRun?: { scores: Scores; metrics: Metrics; lcpFloor: LcpFloor | null; benchmarkIndex: number | null }[];
  /** The full Lighthouse results, kept out of the JSON (not enumerable), for `earlier`. */
  readonly lhrs?: Result[];
}

export function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => Number.isFinite(value)).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return null;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Lighthouse's details differ by audit: read a path through them without trusting their shape. */
function field(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** The rows of an audit's details table. */
function items(audit: Audit | undefined): Record<string, unknown>[] {
  const rows = field(audit, 'details', 'items');
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

const isLocal = (url: string) => {
  try {
    const { hostname, protocol } = new URL(url);
    return !/^https?:$/.test(protocol) || hostname === 'localhost' || hostname === '127.0.0.1';
  } catch {
    return true;
  }
};

/** The audits below a full score, without the informative ones, for the report. */
function shortfalls(lhr: Result): Shortfall[] {
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

/** One Lighthouse run in a fresh Chromium. */
export async function runLighthouse(
  url: string,
  preset: Preset,
  { chromePath, ignoreStatusCode = false }: { chromePath?: string | undefined; ignoreStatusCode?: boolean },
): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    ...(chromePath ? { chromePath } : {}),
    chromeFlags: chromiumFlags,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'silent', onlyCategories: [...categories], ignoreStatusCode },
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
const notFoundAudits: Record<string, (audit: Audit, lhr: Result) => boolean> = {
  // The page answers with status 404 (not 500 or any other failure).
  'http-status-code': (audit, lhr) =>
    audit.score === 0 &&
    items(lhr.audits['network-requests']).some(
      (request) => request['url'] === lhr.finalDisplayedUrl && request['statusCode'] === 404,
    ),
  // It asks not to be indexed (<meta name="robots" content="noindex">), and nothing else blocks it.
  'is-crawlable': (audit) =>
    items(audit).length > 0 &&
    items(audit).every((item) =>
      /<meta name="robots" content="noindex"/.test(JSON.stringify(item).replaceAll('\\"', '"')),
    ),
  // Chromium logs the 404 status of the page itself, and nothing else.
  'errors-in-console': (audit, lhr) =>
    items(audit).every(
      (item) =>
        item['source'] === 'network' &&
        field(item, 'sourceLocation', 'url') === lhr.finalDisplayedUrl &&
        /status of 404\b/.test(String(item['description'] ?? '')),
    ),
};

/**
 * Category scores as Lighthouse computes them (the weighted mean of the scored
 * audits), leaving out the audits a "not found" page fails on purpose.
 */
function scoresExcusingNotFound(lhr: Result): NotFoundScores {
  const excused = new Set(
    Object.entries(notFoundAudits)
      .filter(([id, why]) => {
        const audit = lhr.audits[id];
        return audit !== undefined && audit.score !== 1 && why(audit, lhr);
      })
      .map(([id]) => id),
  );
  const scored = (ref: Result.AuditRef) =>
    ref.weight > 0 &&
    !excused.has(ref.id) &&
    !['notApplicable', 'manual', 'informative'].includes(lhr.audits[ref.id]?.scoreDisplayMode ?? '');
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
  ) as Scores;
  return { scores, excused: [...excused] };
}

/** The file the largest element shows, read from its HTML: an image's src, a video's poster, a background's url(). */
function lcpResourcePath(snippet: string): string | undefined {
  const found = /\b(?:src|poster)="([^"]+)"/.exec(snippet) ?? /url\(['"]?([^'")]+)/.exec(snippet);
  if (!found) return undefined;
  try {
    return new URL(found[1]!.replaceAll('&amp;', '&'), 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/** The largest element, as Lighthouse 13 names it in its LCP breakdown. */
function lcpNode(lhr: Result): { selector: string; snippet: string } | null {
  const node = [
    ...items(lhr.audits['lcp-breakdown-insight']),
    ...items(lhr.audits['largest-contentful-paint-element']),
  ].find((item) => item['type'] === 'node');
  return node ? { selector: String(node['selector'] ?? ''), snippet: String(node['snippet'] ?? '') } : null;
}

/** The server response time Lantern simulates for the origin of `url` in this run (LcpFloor.serverResponseMs). */
function serverResponseMs(lhr: Result, url: string): number {
  const origin = new URL(url).origin;
  const estimate = Number(
    items(lhr.audits['network-server-latency']).find((item) => item['origin'] === origin)?.['serverResponseTime'] ?? 0,
  );
  return estimate || LANTERN_DEFAULT_SERVER_RESPONSE_MS;
}

export function lcpFloor(lhr: Result): LcpFloor | null {
  const { rttMs, throughputKbps } = lhr.configSettings.throttling;
  if (!rttMs || !throughputKbps) return null;
  const requests = items(lhr.audits['network-requests']);
  const document = requests.find((request) => request['resourceType'] === 'Document');
  if (!document) return null;
  const htmlBytes = Number(document['transferSize'] ?? 0);
  const path = lcpResourcePath(lcpNode(lhr)?.snippet ?? '');
  const request = path
    ? requests.find((candidate) => {
        try {
          return new URL(String(candidate['url'])).pathname === path;
        } catch {
          return false;
        }
      })
    : undefined;
  const resource = request ? { url: path!, bytes: Number(request['transferSize'] ?? 0) } : null;
  const server = serverResponseMs(lhr, String(document['url']));
  const connection = lanternConnection(rttMs, throughputKbps);
  const ms = connection.download(htmlBytes) + server + (resource ? connection.download(resource.bytes) : 0);
  return { ms, rttMs, throughputKbps, serverResponseMs: server, htmlBytes, resource };
}

function requestsBeforeLcp(lhr: Result): BeforeLcp[] {
  const audit = lhr.audits['network-requests'];
  const startUs = Number(field(audit, 'details', 'debugData', 'networkStartTimeTs'));
  const lcpUs = Number(field(items(lhr.audits['metrics'])[0], 'observedLargestContentfulPaintTs'));
  if (!Number.isFinite(startUs) || !Number.isFinite(lcpUs)) return [];
  return items(audit)
    .filter((request) => request['resourceType'] !== 'Document')
    .filter((request) => startUs + Number(request['networkEndTime']) * 1000 <= lcpUs)
    .map((request) => ({
      url: String(request['url']),
      resourceType: String(request['resourceType']),
      priority: String(request['priority']),
    }));
}

/** What the report keeps of one run. */
function summarise(lhr: Result, { notFound = false } = {}): RunSummary {
  const requests = items(lhr.audits['network-requests']);
  const score = (id: Category) => lhr.categories[id]?.score;
  return {
    scores: Object.fromEntries(
      categories.map((id) => [id, score(id) == null ? null : Math.round(score(id)! * 100)]),
    ) as Scores,
    ...(notFound ? { notFound: scoresExcusingNotFound(lhr) } : {}),
    metrics: Object.fromEntries(
      Object.entries(metrics).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? null]),
    ) as Metrics,
    lcpElement: lcpNode(lhr)?.selector || null,
    lcpFloor: lcpFloor(lhr),
    beforeLcp: requestsBeforeLcp(lhr),
    bytesByType: Object.fromEntries(
      items(lhr.audits['resource-summary']).map((item) => [
        String(item['resourceType']),
        { requests: Number(item['requestCount']), bytes: Number(item['transferSize']) },
      ]),
    ),
    outbound: requests.map((request) => String(request['url'])).filter((requestUrl) => !isLocal(requestUrl)),
    shortfalls: shortfalls(lhr),
    runtimeError: lhr.runtimeError?.code ?? null,
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

/** A run's four category scores, for the log: 100/100/100/100. */
const scoreLine = (lhr: Result) => categories.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)).join('/');

/**
 * Runs Lighthouse `runs` times (more, after the runs of an `earlier` result) and keeps the median: the median of each
 * category score and each metric, and Lighthouse's own median run
 * (closest to the median FCP and TTI) for the bytes and the shortfalls.
 */
export async function measure(
  url: string,
  preset: Preset,
  {
    chromePath,
    runs,
    ignoreStatusCode = false,
    log = () => {},
    earlier,
  }: {
    chromePath?: string | undefined;
    runs: number;
    ignoreStatusCode?: boolean | undefined;
    log?: (line: string) => void;
    earlier?: Pick<Measurement, 'lhrs' | 'errors'> | undefined;
  },
): Promise<Measurement> {
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
      log(`${label}: ${lhr.runtimeError ? `${lhr.runtimeError.code}, again` : scoreLine(lhr)}`);
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
      scores: Object.fromEntries(
        categories.map((id) => [id, median(runsSummary.map((run) => run.scores[id]))]),
      ) as Scores,
      ...(ignoreStatusCode
        ? {
            notFound: {
              scores: Object.fromEntries(
                categories.map((id) => [id, median(runsSummary.map((run) => run.notFound?.scores[id] ?? null))]),
              ) as Scores,
              excused: [...new Set(runsSummary.flatMap((run) => run.notFound?.excused ?? []))],
            },
          }
        : {}),
      metrics: Object.fromEntries(
        Object.keys(metrics).map((key) => [key, median(runsSummary.map((run) => run.metrics[key as keyof Metrics]))]),
      ) as Metrics,
      medianRun,
      perRun: runsSummary.map(({ scores, metrics: values, lcpFloor: floor, benchmarkIndex }) => ({
        scores,
        metrics: values,
        lcpFloor: floor,
        benchmarkIndex,
      })),
    },
    lhrs,
  );
}

/** Keeps the full Lighthouse results on a summary, for `earlier`, out of its JSON and of a spread copy. */
function withRuns(summary: Omit<Measurement, 'lhrs'>, lhrs: Result[]): Measurement {
  return Object.defineProperty(summary, 'lhrs', { value: lhrs, enumerable: false });
}
