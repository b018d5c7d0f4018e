// reports/quality.md: the bench's results as tables a person reads, each
// budget marked as holding or not. reports/quality.json has everything.
import { budgets } from '../../support/budgets.ts';
import { median, type Measurement, type Scores } from './lighthouse.ts';
import { medianOf, type TapEntry } from './taps.ts';

/** One Lighthouse line of the report: a page type and preset, or a type dist/ has no page of yet (`path` null). */
export type LighthouseEntry = { type: string; path: string | null; note?: string | undefined } & Partial<
  Omit<Measurement, 'url' | 'lhrs'>
>;
type MeasuredEntry = LighthouseEntry & Pick<Measurement, 'scores' | 'metrics' | 'medianRun'> & { path: string };

/** One axe rule a page breaks: its id, impact and help, and the first few elements that break it. */
export interface AxeViolation {
  id: string;
  impact?: string | null | undefined;
  help: string;
  targets: string[];
  count: number;
}

interface AxeFindings {
  wcag: AxeViolation[];
  bestPractice: AxeViolation[];
}

/** What the bench measured of one page at one width (scripts/bench/pages.ts). */
export interface PageAtWidth {
  status?: number | null;
  requests?: number;
  transferredBytes?: number;
  js?: { files: number; gzipBytes: number; paths: string[] };
  css?: { inlineBytes: number; inlineGzipBytes: number; files: number; fileGzipBytes: number };
  html?: { bytes: number; gzipBytes: number };
  firstRoundTrip?: { gzipBytes: number; fits: boolean };
  islands?: string[];
  axe?: AxeFindings;
  axeReducedMotion?: AxeFindings;
  outbound?: string[];
  error?: string;
}

export interface PageEntry {
  path: string;
  widths: Record<string, PageAtWidth>;
}

/** reports/quality.json, as scripts/bench/run.ts writes it. */
export interface Report {
  generatedAt: string;
  seconds: number;
  source: { commit: string; changed: boolean } | null;
  options: { runs: number };
  machine: {
    cpus: number;
    cpuModel: string | null;
    memoryBytes: number;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    node: string;
    chromium: string | null;
  };
  build: { seconds: number; peakMemoryBytes: number | null } | null;
  lighthouse: LighthouseEntry[];
  pages: PageEntry[];
  /** The first taps on a simulated phone (scripts/bench/taps.ts); absent from reports made before they were. */
  taps?: TapEntry[];
}

/** A budget and what breaks it; no failures means it holds. */
export interface BudgetCheck {
  budget: string;
  failures: string[];
}

const kb = (bytes: number | null | undefined) => (bytes == null ? '–' : `${(bytes / 1024).toFixed(1)}`);
const seconds = (ms: number | null | undefined) => (ms == null ? '–' : `${(ms / 1000).toFixed(2)} s`);
const mark = (ok: boolean) => (ok ? '✅' : '❌');
const clsText = (cls: number | null | undefined) => (cls == null ? '–' : cls.toFixed(3));
/** CLS as Lighthouse shows it, to three decimals. */
const clsHolds = (cls: number | null | undefined) => cls != null && Number(cls.toFixed(3)) <= budgets.cls;
const measured = (entry: LighthouseEntry): entry is MeasuredEntry => entry.path !== null && entry.scores != null;

/** The runs that have both an LCP and a network floor (the floor moves from run to run with the server's time). */
const runsWithFloor = (entry: MeasuredEntry) =>
  (entry.perRun ?? []).flatMap(({ metrics, lcpFloor }) =>
    lcpFloor && metrics.lcp != null ? [{ lcp: metrics.lcp, floor: lcpFloor }] : [],
  );

/** The median over the runs of each run's LCP divided by its own network floor. */
function floorRatio(entry: MeasuredEntry): number | null {
  return median(runsWithFloor(entry).map(({ lcp, floor }) => lcp / floor.ms));
}

/** The median network floor over the runs, and the median server response time Lantern put in it. */
const floorMs = (entry: MeasuredEntry) => median(runsWithFloor(entry).map(({ floor }) => floor.ms));
const serverMs = (entry: MeasuredEntry) => median(runsWithFloor(entry).map(({ floor }) => floor.serverResponseMs));

/**
 * The 404 page answers with status 404 and asks not to be indexed, on purpose, and
 * Chromium logs that status: its scores are held to the budget without those audits
 * (lighthouse.ts, notFoundAudits), each left out only when it fails for that reason alone.
 */
const budgetScores = (entry: MeasuredEntry): Scores => entry.notFound?.scores ?? entry.scores!;

export function checkBudgets(report: Pick<Report, 'lighthouse' | 'pages' | 'taps'>): BudgetCheck[] {
  const lighthouse = report.lighthouse.filter(measured);
  const failedRuns = report.lighthouse.filter((entry) => entry.path && !entry.scores);
  const atWidth = (pages: PageEntry[], width: number, test: (at: PageAtWidth) => boolean) =>
    pages.filter((page) => !test(page.widths[width] ?? {})).map((page) => page.path);
  const checks: BudgetCheck[] = [];
  if (report.lighthouse.length > 0) {
    checks.push({
      budget: `Lighthouse ${budgets.lighthouseScore} in all four categories, mobile and desktop`,
      failures: [
        ...lighthouse.flatMap((entry) =>
          Object.entries(budgetScores(entry))
            .filter(([, score]) => !(score !== null && score >= budgets.lighthouseScore))
            .map(([category, score]) => `${entry.path} ${entry.preset} ${category} ${score}`),
        ),
        ...failedRuns.map((entry) => `${entry.path} ${entry.preset ?? ''}: no run completed`),
      ],
    });
    checks.push({
      budget: `Mobile LCP at most ${seconds(budgets.mobileLcpMs)}`,
      failures: lighthouse
        .filter((entry) => entry.preset === 'mobile' && !((entry.metrics?.lcp ?? Infinity) <= budgets.mobileLcpMs))
        .map((entry) => `${entry.path} ${seconds(entry.metrics?.lcp)}`),
    });
    checks.push({
      budget: `Mobile LCP at most ${budgets.mobileLcpFloorRatio}× its network floor`,
      failures: lighthouse
        .filter((entry) => entry.preset === 'mobile')
        .filter((entry) => !((floorRatio(entry) ?? Infinity) <= budgets.mobileLcpFloorRatio))
        .map((entry) => `${entry.path} ${floorRatio(entry)?.toFixed(2) ?? 'no floor'}×`),
    });
    checks.push({
      budget: 'CLS 0, mobile and desktop',
      failures: lighthouse
        .filter((entry) => !clsHolds(entry.metrics?.cls))
        .map((entry) => `${entry.path} ${entry.preset} ${clsText(entry.metrics?.cls)}`),
    });
    checks.push({
      budget: 'Lighthouse reached nothing outside this machine',
      failures: lighthouse.flatMap((entry) =>
        (entry.medianRun?.outbound ?? []).map((url) => `${entry.path} ${entry.preset}: ${url}`),
      ),
    });
  }
  if (report.pages.length > 0) {
    checks.push({
      budget:
        'No JavaScript file before interaction on any page at 1280 px (a form loads its script when a person starts on it)',
      failures: atWidth(report.pages, 1280, (at) => at.js?.files === 0),
    });
    checks.push({
      budget:
        'No JavaScript file before interaction on any page at 375 px (the narrow menu hydrates when it is opened)',
      failures: atWidth(report.pages, 375, (at) => at.js?.files === 0),
    });
    checks.push({
      budget: `HTML plus first-paint CSS within ${kb(budgets.firstRoundTripBytes)} KB gzip on every page (a book or a chapter up to its first screen)`,
      failures: atWidth(report.pages, 1280, (at) => at.firstRoundTrip?.fits === true),
    });
    checks.push({
      budget: 'axe (WCAG 2.2 A and AA): no violation on any page at 375 and 1280 px, with and without reduced motion',
      failures: report.pages.flatMap((page) =>
        Object.entries(page.widths).flatMap(([width, at]) => [
          ...(at.axe?.wcag ?? []).map((violation) => `${page.path} ${width}px: ${violation.id}`),
          ...(at.axeReducedMotion?.wcag ?? []).map(
            (violation) => `${page.path} ${width}px reduced motion: ${violation.id}`,
          ),
          ...(at.error ? [`${page.path} ${width}px: ${at.error}`] : []),
        ]),
      ),
    });
    checks.push({
      budget: 'No page requested anything outside this machine',
      failures: report.pages.flatMap((page) =>
        Object.entries(page.widths).flatMap(([width, at]) =>
          (at.outbound ?? []).map((url) => `${page.path} ${width}px: ${url}`),
        ),
      ),
    });
  }
  const taps = report.taps ?? [];
  if (taps.length > 0) {
    const slower = (values: (number | null)[], budget: number) => !((medianOf(values) ?? Infinity) <= budget);
    const ms = (value: number | null) => (value === null ? 'not measured' : `${Math.round(value)} ms`);
    checks.push({
      budget: `The first tap answered on screen within ${budgets.tapResponseMs} ms on a simulated phone (median)`,
      failures: taps
        .filter((tap) => slower(tap.responseMs, budgets.tapResponseMs))
        .map((tap) => `${tap.name}: ${ms(medianOf(tap.responseMs))}`),
    });
    checks.push({
      budget: `The form usable within ${seconds(budgets.tapUsableMs)} of the first tap on a simulated phone (median)`,
      failures: taps
        .filter((tap) => slower(tap.usableMs, budgets.tapUsableMs))
        .map((tap) => `${tap.name}: ${ms(medianOf(tap.usableMs))}`),
    });
  }
  return checks;
}

/** A Markdown table; `numeric` names the columns to align right. */
function table(headings: string[], rows: string[][], numeric: string[] = []): string {
  const rule = headings.map((heading) => (numeric.includes(heading) ? '---:' : '---'));
  return [`| ${headings.join(' | ')} |`, `|${rule.join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}

export function renderMarkdown(report: Report): string {
  const lines: string[] = [];
  const checks = checkBudgets(report);
  lines.push('# Quality report', '');
  lines.push(
    `Generated by \`npm run bench\` on ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC in ${Math.round(report.seconds)} s` +
      (report.source
        ? `, from commit ${report.source.commit}${report.source.changed ? ' with uncommitted changes' : ''}. `
        : '. ') +
      `Machine: ${report.machine.cpus} × ${report.machine.cpuModel ?? 'CPU'}, ${Math.round(report.machine.memoryBytes / 2 ** 30)} GiB, ` +
      `load average ${(report.machine.loadAverageAtStart[0] ?? 0).toFixed(1)} at the start and ` +
      `${(report.machine.loadAverageAtEnd[0] ?? 0).toFixed(1)} at the end; ` +
      `Node ${report.machine.node}; ${report.machine.chromium ?? 'Chromium'}. This file is generated: do not edit it, run the bench again.`,
    '',
  );

  lines.push('## Budgets', '');
  lines.push(
    table(
      ['Budget', 'Holds', 'Failures'],
      checks.map((check) => [
        check.budget,
        mark(check.failures.length === 0),
        check.failures.length === 0
          ? ''
          : check.failures.slice(0, 12).join('<br>') +
            (check.failures.length > 12 ? `<br>… ${check.failures.length - 12} more` : ''),
      ]),
    ),
  );
  lines.push(
    '',
    'Fonts, image sizes and formats, the LCP image, islands and the absence of scripts are checked from ' +
      '`dist/` by `npm test` (tests/dist/budgets.test.ts).',
    '',
  );

  if (report.build) {
    lines.push('## Build', '');
    lines.push(
      table(
        ['Step', 'Time', 'Peak memory'],
        [
          [
            '`npm run build`',
            `${report.build.seconds.toFixed(1)} s`,
            report.build.peakMemoryBytes
              ? `${Math.round(report.build.peakMemoryBytes / 2 ** 20)} MiB (whole process tree)`
              : 'not measured',
          ],
        ],
        ['Time', 'Peak memory'],
      ),
      '',
    );
  }

  if (report.lighthouse.length > 0) {
    lines.push('## Lighthouse', '');
    lines.push(
      `Lighthouse with its mobile preset (simulated Slow 4G, 4× CPU slowdown) and desktop preset; the ` +
        `median of ${report.options.runs} run(s) of each score and metric. ` +
        'Pages are served as Netlify serves them, over HTTP/2 with TLS (a certificate made for the run) and compressed. ' +
        'Chromium resolves no host but localhost, so no run reaches the internet. Bytes are transferred ' +
        'bytes (Brotli, as served) in KB from Lighthouse’s median run. ' +
        'Floor is the least time the largest paint can take over the run’s throttled network with no CPU ' +
        'time at all, by Lighthouse’s own network model: five round trips to the HTML’s first byte (two for ' +
        'the name, TCP, TLS, the request), the server’s response time (Server), and TCP’s slow start for the ' +
        'rest of its bytes, plus a round trip and the bytes of the largest element’s image when it is one. ' +
        'Server is what Lantern takes for the server from the run itself: each response’s time to first byte ' +
        'less the round trip, the median over the site’s requests, and its default of 30 ms when that comes ' +
        'to 0 (the loopback server answered within the measured round trip). Floor and Server are medians ' +
        'over the runs; LCP/floor is the median of each run’s LCP over its own floor, how far above the ' +
        'network the page is.',
      '',
    );
    lines.push(
      table(
        [
          'Type',
          'Page',
          'Preset',
          'Perf',
          'A11y',
          'Best pr.',
          'SEO',
          'FCP',
          'LCP',
          'Floor',
          'Server',
          'LCP/floor',
          'CLS',
          'TBT',
          'HTML',
          'CSS',
          'JS',
          'Font',
          'Image',
          'Media',
          'Total',
          'Req.',
        ],
        report.lighthouse.map((entry) => {
          if (!entry.path)
            return [
              entry.type,
              '–',
              '–',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              entry.note ?? '',
            ];
          if (!measured(entry))
            return [
              entry.type,
              `\`${entry.path}\``,
              entry.preset ?? '',
              'error',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              '',
              (entry.errors ?? []).join('; '),
            ];
          const bytes = entry.medianRun?.bytesByType ?? {};
          const scores = entry.scores!;
          const metrics = entry.metrics;
          const score = (category: keyof Scores) =>
            entry.notFound && entry.notFound.scores[category] !== scores[category]
              ? `${scores[category]} (${entry.notFound.scores[category]}\\*)`
              : `${scores[category]}`;
          return [
            entry.type,
            `\`${entry.path}\``,
            entry.preset ?? '',
            score('performance'),
            score('accessibility'),
            score('best-practices'),
            score('seo'),
            seconds(metrics?.fcp),
            seconds(metrics?.lcp),
            seconds(floorMs(entry)),
            serverMs(entry) == null ? '–' : `${Math.round(serverMs(entry)!)} ms`,
            floorRatio(entry)?.toFixed(2) ?? '–',
            clsText(metrics?.cls),
            metrics?.tbt == null ? '–' : `${Math.round(metrics.tbt)} ms`,
            kb(bytes.document?.bytes),
            kb(bytes.stylesheet?.bytes),
            kb(bytes.script?.bytes),
            kb(bytes.font?.bytes),
            kb(bytes.image?.bytes),
            kb(bytes.media?.bytes),
            kb(bytes.total?.bytes),
            String(bytes.total?.requests ?? '–'),
          ];
        }),
        [
          'Perf',
          'A11y',
          'Best pr.',
          'SEO',
          'FCP',
          'LCP',
          'Floor',
          'Server',
          'LCP/floor',
          'CLS',
          'TBT',
          'HTML',
          'CSS',
          'JS',
          'Font',
          'Image',
          'Media',
          'Total',
          'Req.',
        ],
      ),
    );
    const excused = [...new Set(report.lighthouse.flatMap((entry) => entry.notFound?.excused ?? []))];
    if (excused.length > 0) {
      lines.push(
        '',
        `\\* In brackets, the 404 page's score without the audits a correct “not found” answer must fail, ` +
          `which is how the budget holds it: ${excused.map((id) => `\`${id}\``).join(', ')}. ` +
          'It answers with status 404, asks not to be indexed, and Chromium logs the 404 status in the ' +
          'console; each audit is left out only when that is its only finding.',
      );
    }
    lines.push('');
    const shortfalls = report.lighthouse.filter((entry) => (entry.medianRun?.shortfalls.length ?? 0) > 0);
    if (shortfalls.length > 0) {
      lines.push('Audits below full marks in the median run:', '');
      for (const entry of shortfalls) {
        const audits = (entry.medianRun?.shortfalls ?? []).map(
          (audit) => `${audit.id} ${audit.displayValue || audit.score}`,
        );
        lines.push(`- \`${entry.path}\` ${entry.preset}: ${audits.join(', ')}`);
      }
      lines.push('');
    }
    const benchmark = report.lighthouse
      .flatMap((entry) => entry.perRun ?? [])
      .map((run) => run.benchmarkIndex)
      .filter((index): index is number => Boolean(index));
    if (benchmark.length > 0) {
      const sorted = benchmark.sort((a, b) => a - b);
      lines.push(
        `Lighthouse’s benchmark index of this machine ranged from ${sorted[0]} to ${sorted.at(-1)} (a ` +
          `typical desktop scores 1000–2000; lower means the 4× CPU slowdown is applied to an already slow ` +
          `CPU, so TBT and the paint metrics read pessimistic).`,
        '',
      );
    }
  }

  if (report.pages.length > 0) {
    lines.push('## Every page at 375 and 1280 px', '');
    lines.push(
      'In Chromium, loaded and left until the network is idle, with no click, key or scroll. JS is every ' +
        'JavaScript file requested (gzip bytes of the files); CSS is the inline CSS (gzip) plus stylesheet ' +
        'files; ' +
        `HTML is the document gzipped; “14 KB” says whether the HTML and the CSS its first paint needs fit ` +
        `in ${kb(budgets.firstRoundTripBytes)} KB gzip (for a book or a chapter, the HTML up to the end of its ` +
        'first screen). Requests and transferred bytes (as served, Brotli) ' +
        `are at 375 / 1280 px. ` +
        'axe runs the WCAG 2.2 A and AA rules at both widths, with and without the reduced-motion preference ' +
        '(four runs): the column counts violations; best-practice findings are in quality.json.',
      '',
    );
    const js = (at: PageAtWidth | undefined) =>
      at?.js ? (at.js.files === 0 ? 'none' : `${at.js.files} files, ${kb(at.js.gzipBytes)} KB`) : '–';
    lines.push(
      table(
        [
          'Page',
          'HTML gzip',
          'CSS gzip',
          '14 KB',
          'JS at 375',
          'JS at 1280',
          'Requests',
          'Transferred KB',
          'axe',
          'Islands',
        ],
        report.pages.map((page) => {
          const narrow = page.widths[375] ?? {};
          const wide = page.widths[1280] ?? {};
          const axeCount = [narrow.axe, narrow.axeReducedMotion, wide.axe, wide.axeReducedMotion].reduce(
            (sum, result) => sum + (result?.wcag.length ?? 0),
            0,
          );
          const error = narrow.error ?? wide.error;
          return [
            `\`${page.path}\``,
            kb(wide.html?.gzipBytes),
            `${kb(wide.css?.inlineGzipBytes)}${wide.css?.files ? ` + ${wide.css.files} files` : ''}`,
            wide.firstRoundTrip ? `${mark(wide.firstRoundTrip.fits)} ${kb(wide.firstRoundTrip.gzipBytes)}` : '–',
            js(narrow),
            js(wide),
            `${narrow.requests ?? '–'} / ${wide.requests ?? '–'}`,
            `${kb(narrow.transferredBytes)} / ${kb(wide.transferredBytes)}`,
            error ? `error: ${error}` : axeCount === 0 ? '0' : `❌ ${axeCount}`,
            (wide.islands ?? []).join(', '),
          ];
        }),
        ['HTML gzip', 'CSS gzip', 'Requests', 'Transferred KB', 'axe'],
      ),
    );
    lines.push('');
  }
  const taps = report.taps ?? [];
  if (taps.length > 0) {
    lines.push('## The first tap', '');
    lines.push(
      'In Chromium at 375 px with touch, on Slow 4G (150 ms round trip, 1.6 Mbps) and a 4× slower CPU set through ' +
        'the DevTools protocol, over HTTP/2 with TLS; each run a first visit, tapped after the page has loaded and ' +
        'sat idle for three seconds (scripts/bench/taps.ts). Answered: from the tap to the first frame that shows ' +
        'the dialog, or the focus in the tapped field. Usable: to the first frame in which the form’s script has ' +
        `taken over and a field has the focus. Budgets ${budgets.tapResponseMs} ms and ` +
        `${seconds(budgets.tapUsableMs)}, on the median of the runs.`,
      '',
    );
    const runs = (values: (number | null)[]) => values.map((value) => (value === null ? '–' : value)).join(', ');
    const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);
    lines.push(
      table(
        ['Tap', 'Page', 'Answered', 'Usable', 'Runs (answered; usable, ms)'],
        taps.map((tap) => [
          tap.name,
          `\`${tap.path}\``,
          `${mark(!((medianOf(tap.responseMs) ?? Infinity) > budgets.tapResponseMs))} ${ms(medianOf(tap.responseMs))}`,
          `${mark(!((medianOf(tap.usableMs) ?? Infinity) > budgets.tapUsableMs))} ${ms(medianOf(tap.usableMs))}`,
          `${runs(tap.responseMs)}; ${runs(tap.usableMs)}${tap.error ? ` (${tap.error})` : ''}`,
        ]),
        ['Answered', 'Usable'],
      ),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
