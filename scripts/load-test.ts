// Load test of the submission function on the local server (`npm run load`).
// Starts the tests' stand-ins for hCaptcha's siteverify API and the company's
// webhook on loopback (tests/support/stand-ins.ts), starts the local server as
// the tests do (tests/support/site-server.ts) with Netlify Blobs in a temporary
// folder, sends --count valid submissions (the three forms in turn, each with
// its own Idempotency-Key) --concurrency at a time, waits for the deliveries to
// settle, and checks: every one answered 202, the store holds exactly --count
// submissions, all delivered, and the webhook received each id exactly once.
// Prints p50/p99 latency, requests per second and a PASS or FAIL line; exits 1
// on failure. All traffic stays on 127.0.0.1.
//
//   npm run load -- --count 1000 --concurrency 50 --timeout 180
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import type { StoredSubmission } from '../netlify/lib/records.ts';
import { contactRequest } from '../support/contact-request.ts';
import { formBodies } from '../support/form-bodies.ts';
import { startSiteServer, type SiteServer } from '../support/site-server.ts';
import { PASSING_TOKEN, startFakeSiteverify, startWebhookReceiver } from '../support/stand-ins.ts';

const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '50' },
    timeout: { type: 'string', default: '180' },
  },
});
const count = Number(options.count);
const concurrency = Number(options.concurrency);
const timeoutSeconds = Number(options.timeout);
for (const [name, value] of Object.entries({ count, concurrency, timeout: timeoutSeconds })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`load-test: --${name} must be a whole number above 0`);
    process.exit(2);
  }
}

const RETRY_BASE_MS = 500;
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let server: SiteServer | undefined;
let directory: string | undefined;
process.on('exit', () => {
  const child = server?.process;
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

// ---------------------------------------------------------------- the submissions

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function form(index: number): Record<string, unknown> {
  const person = {
    name: `Load Tester ${index}`,
    email: `load.tester.${index}@example.com`,
    message: `Load test message number ${index}.`,
  };
  const bodies = formBodies(PASSING_TOKEN, person);
  switch (index % 3) {
    case 0:
      return bodies['package-request'];
    case 1:
      return bodies.callback;
    default:
      return { ...bodies.contact, subject: `Question ${index}`, optIn: index % 2 === 0 };
  }
}

interface Result {
  status: number;
  id?: string;
  error?: string;
  ms: number;
}

async function sendAll(site: SiteServer): Promise<Result[]> {
  const results = new Array<Result>(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const index = next++;
      const begun = performance.now();
      try {
        const response = await fetch(
          contactRequest(form(index), {
            site: site.origin,
            to: site.url,
            headers: { 'Idempotency-Key': `load-${runId}-${index}` },
          }),
        );
        const body = (await response.json().catch(() => ({}))) as { id?: string };
        results[index] = {
          status: response.status,
          ...(body.id ? { id: body.id } : {}),
          ms: performance.now() - begun,
        };
      } catch (error) {
        results[index] = {
          status: 0,
          error: error instanceof Error ? error.message : String(error),
          ms: performance.now() - begun,
        };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** What the local server's Blobs folder holds, read through a Blobs server of our own (as scripts/submissions.ts does). */
async function readStore(folder: string): Promise<{ records: (StoredSubmission | null)[]; pending: number }> {
  const token = crypto.randomUUID();
  const blobs = new BlobsServer({ directory: folder, token });
  const { port } = await blobs.start();
  const url = `http://127.0.0.1:${port}`;
  try {
    const store = getStore({
      name: 'submissions',
      siteID: 'local-site',
      token,
      edgeURL: url,
      uncachedEdgeURL: url,
      consistency: 'strong',
    });
    const { blobs: keys } = await store.list({ prefix: 'submissions/' });
    const records = (await Promise.all(
      keys.map(({ key }) => store.get(key, { type: 'json' })),
    )) as (StoredSubmission | null)[];
    const { blobs: pending } = await store.list({ prefix: 'pending/' });
    return { records, pending: pending.length };
  } finally {
    await blobs.stop();
  }
}

// ---------------------------------------------------------------- the run

async function main(): Promise<string[]> {
  const siteverify = await startFakeSiteverify();
  const webhook = await startWebhookReceiver();
  directory = await mkdtemp(join(tmpdir(), 'qd-load-'));
  const problems: string[] = [];
  try {
    const site = await startSiteServer({
      dataDir: directory,
      env: {
        HCAPTCHA_VERIFY_URL: siteverify.url,
        CONTACT_FORWARD_URL: webhook.url,
        DELIVERY_RETRY_BASE_MS: String(RETRY_BASE_MS),
      },
    });
    server = site;
    log(`local server up at ${site.url}; sending ${count} submissions, ${concurrency} at a time`);

    const sendStarted = performance.now();
    const results = await sendAll(site);
    const seconds = (performance.now() - sendStarted) / 1000;
    const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
    const statuses: Record<number, number> = {};
    for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    log(
      `sent in ${seconds.toFixed(2)} s: ${(count / seconds).toFixed(1)} requests/s; ` +
        `latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
        `max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`,
    );
    log(`statuses: ${JSON.stringify(statuses)}`);
    const accepted = results.filter((result) => result.status === 202);
    if (accepted.length !== count) {
      const example = results.find((result) => result.status !== 202);
      problems.push(
        `${count - accepted.length} of ${count} were not answered 202 (for example: ${JSON.stringify(example)})`,
      );
    }
    const answeredIds = new Set(accepted.map((result) => result.id));
    if (answeredIds.size !== accepted.length)
      problems.push(`${accepted.length} answers 202 carried only ${answeredIds.size} distinct ids`);

    // Deliveries run after the answers (waitUntil): wait until the webhook has them all and nothing more
    // arrives, or until nothing has arrived for 5 s (a lost delivery would otherwise wait for the deadline).
    const settleDeadline = Math.min(started + timeoutSeconds * 1000 - 20_000, Date.now() + 60_000);
    let last = -1;
    let quietSince = Date.now();
    while (Date.now() < settleDeadline) {
      const received = webhook.deliveries.length;
      if (received !== last) quietSince = Date.now();
      else if (received >= answeredIds.size || Date.now() - quietSince >= 5_000) break;
      last = received;
      await sleep(500);
    }
    log(
      `webhook received ${webhook.deliveries.length} deliveries; stopping the server (it finishes deliveries in flight)`,
    );
    await site.stop();

    const received = webhook.deliveries.map((delivery) => delivery.idempotencyKey);
    const distinct = new Set(received);
    const twice = received.length - distinct.size;
    const mismatched = webhook.deliveries.filter((delivery) => delivery.idempotencyKey !== delivery.body.id).length;
    const unknown = [...distinct].filter((id) => !answeredIds.has(id)).length;
    const missing = [...answeredIds].filter((id) => !distinct.has(id)).length;
    if (distinct.size !== count) problems.push(`the webhook received ${distinct.size} distinct ids, not ${count}`);
    if (twice > 0) problems.push(`the webhook received ${twice} repeated deliveries`);
    if (mismatched > 0) problems.push(`${mismatched} deliveries had an Idempotency-Key other than their id`);
    if (unknown > 0 || missing > 0)
      problems.push(`webhook ids and answered ids differ: ${unknown} unknown, ${missing} missing`);

    const { records, pending } = await readStore(directory);
    const delivered = records.filter((record) => record?.delivery.status === 'delivered').length;
    log(`store: ${records.length} submissions (${delivered} delivered), ${pending} pending markers`);
    if (records.length !== count) problems.push(`the store holds ${records.length} submissions, not ${count}`);
    if (delivered !== records.length)
      problems.push(`${records.length - delivered} stored submissions are not marked delivered`);
    if (pending !== 0) problems.push(`${pending} pending markers remain`);
    const storedIds = new Set(records.map((record) => record?.id));
    if ([...answeredIds].some((id) => !storedIds.has(id))) problems.push('some ids answered 202 are not in the store');
    if (siteverify.calls.length !== count)
      problems.push(`siteverify was asked ${siteverify.calls.length} times, not ${count}`);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await server?.stop();
    await siteverify.close();
    await webhook.close();
    await rm(directory, { recursive: true, force: true });
  }
  return problems;
}

const overall = setTimeout(() => {
  console.log(`FAIL: the load test did not finish within ${timeoutSeconds} s`);
  server?.process.kill('SIGKILL');
  if (directory) rmSync(directory, { recursive: true, force: true });
  process.exit(1);
}, timeoutSeconds * 1000);

const problems = await main();
clearTimeout(overall);
if (problems.length > 0) {
  for (const problem of problems) console.log(`  - ${problem}`);
  const errors = (server?.output() ?? '')
    .split('\n')
    .filter((line) => line.includes('"level":"error"') || line.startsWith('serve:'));
  if (errors.length) console.log(`server errors (${errors.length}), first ones:\n${errors.slice(0, 10).join('\n')}`);
  console.log(`FAIL: ${problems.length} problem(s) with ${count} submissions at concurrency ${concurrency}`);
  process.exit(1);
}
log(`PASS: ${count} submissions at concurrency ${concurrency}: all answered 202, stored once and delivered once`);
