// `npm run load`: valid submissions (the three forms in turn, each with its own
// Idempotency-Key) sent --concurrency at a time to the local server, started as
// the tests start it, with its Blobs in a temporary folder and the tests'
// stand-ins for hCaptcha and the webhook on loopback. Once the deliveries
// settle it checks that every one was answered 202, stored once, and delivered
// once to the webhook and as its two .eml files; it prints latency, requests per
// second, the server's peak memory and PASS or FAIL (exit 1).
//
//   npm run load -- --count 500 --concurrency 50 --timeout 1800
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getStore } from '@netlify/blobs';
import type { StoredSubmission } from '../netlify/lib/records.ts';
import { contactRequest } from '../support/contact-request.ts';
import { formBodies } from '../support/form-bodies.ts';
import { startSiteServer, type SiteServer } from '../support/site-server.ts';
import { PASSING_TOKEN, startFakeSiteverify, startWebhookReceiver } from '../support/stand-ins.ts';
import { startLocalBlobs } from '../support/local-blobs.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '50' },
    timeout: { type: 'string', default: '1800' },
  },
});
const [count, concurrency, timeout] = [values.count, values.concurrency, values.timeout].map(Number) as number[];
if (![count, concurrency, timeout].every((value) => Number.isInteger(value) && value! > 0)) {
  console.error('load-test: --count, --concurrency and --timeout take whole numbers above 0');
  process.exit(2);
}

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
let server: SiteServer | undefined;
// However this script ends, its server ends with it.
process.on('exit', () => server?.process.kill('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
setTimeout(() => {
  console.log(`FAIL: the load test did not finish within ${timeout} s`);
  process.exit(1);
}, timeout! * 1000).unref();

/** The resident memory of a process and its children in MB, from /proc (Linux); undefined elsewhere. */
function residentMB(pid: number): number | undefined {
  try {
    const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return children.reduce((sum, child) => sum + (residentMB(Number(child)) ?? 0), own);
  } catch {
    return undefined;
  }
}

const runId = Date.now().toString(36);
function form(index: number): Record<string, unknown> {
  const bodies = formBodies(PASSING_TOKEN, {
    name: `Load Tester ${index}`,
    email: `load.tester.${index}@example.com`,
    message: `Load test message number ${index}.`,
  });
  return [bodies['package-request'], bodies.callback, { ...bodies.contact, subject: `Question ${index}` }][index % 3]!;
}

type Result = { status: number; id?: string; text?: string; ms: number };
async function sendAll(site: SiteServer): Promise<Result[]> {
  const results: Result[] = [];
  let next = 0;
  const sender = async () => {
    for (let index = next++; index < count!; index = next++) {
      const begun = performance.now();
      const headers = { 'Idempotency-Key': `load-${runId}-${index}` };
      const response = await fetch(contactRequest(form(index), { site: site.origin, to: site.url, headers })).catch(
        () => undefined,
      );
      const text = (await response?.text().catch(() => '')) ?? '';
      const { id } = (text.startsWith('{') ? JSON.parse(text) : {}) as { id?: string };
      const answer = id ? { id } : { text: text.slice(0, 300) };
      results[index] = { status: response?.status ?? 0, ...answer, ms: performance.now() - begun };
    }
  };
  await Promise.all(Array.from({ length: concurrency! }, sender));
  return results;
}

const siteverify = await startFakeSiteverify();
const webhook = await startWebhookReceiver();
const directory = await mkdtemp(join(tmpdir(), 'qd-load-'));
const problems: string[] = [];
const expect = (ok: boolean, problem: string) => void (ok || problems.push(problem));
try {
  const env = { HCAPTCHA_VERIFY_URL: siteverify.url, CONTACT_FORWARD_URL: webhook.url, DELIVERY_RETRY_BASE_MS: '500' };
  const site = await startSiteServer({ dataDir: directory, env });
  server = site;
  let peakMB = 0;
  const sampler = setInterval(() => (peakMB = Math.max(peakMB, residentMB(site.process.pid!) ?? 0)), 200);
  log(`local server up at ${site.url}; sending ${count} submissions, ${concurrency} at a time`);

  const sendStarted = performance.now();
  const results = await sendAll(site);
  const seconds = (performance.now() - sendStarted) / 1000;
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1]!.toFixed(0);
  const statuses = Object.groupBy(results, (result) => result.status);
  log(
    `sent in ${seconds.toFixed(1)} s: ${(count! / seconds).toFixed(1)} requests/s; latency p50 ${at(50)} ms, p99 ${at(99)} ms`,
  );
  log(
    `statuses: ${Object.entries(statuses)
      .map(([status, all]) => `${status} × ${all!.length}`)
      .join(', ')}`,
  );
  const ids = new Set(results.map((result) => result.id));
  const other = results.find((result) => result.status !== 202);
  expect(!other, `${count! - (statuses[202]?.length ?? 0)} not answered 202, like: ${JSON.stringify(other)}`);
  expect(ids.size === count && !ids.has(undefined), `${count} answers carried ${ids.size} distinct ids`);

  // Deliveries run after the answers (context.waitUntil): wait until the webhook has them all, or is quiet for 10 s.
  for (let last = -1, quiet = 0; webhook.deliveries.length < count! && quiet < 10_000; quiet += 500) {
    if (webhook.deliveries.length !== last) [last, quiet] = [webhook.deliveries.length, 0];
    await sleep(500);
  }
  await sleep(2_000); // the records written after the last delivery, and room for a repeat to arrive
  log(`webhook received ${webhook.deliveries.length} deliveries; peak memory of the server ${peakMB.toFixed(0)} MB`);
  clearInterval(sampler);
  await site.stop();

  const delivered = webhook.deliveries.map((delivery) => delivery.idempotencyKey);
  expect(delivered.length === count && new Set(delivered).size === count, `${delivered.length} webhook deliveries`);
  expect(
    delivered.every((id) => ids.has(id)),
    'the webhook received ids that were not answered',
  );
  const mail = join(directory, 'mail');
  const emails = new Set(existsSync(mail) ? readdirSync(mail) : []);
  const unmailed = [...ids].filter((id) => !emails.has(`${id}.team.eml`) || !emails.has(`${id}.ack.eml`));
  expect(unmailed.length === 0, `${unmailed.length} submissions lack their .eml files`);
  const blobs = await startLocalBlobs(directory);
  try {
    const store = getStore({ name: 'submissions', siteID: 'local-site', token: blobs.token, edgeURL: blobs.url });
    const keys = (await store.list({ prefix: 'submissions/' })).blobs.map(({ key }) => key);
    const records = (await Promise.all(keys.map((key) => store.get(key, { type: 'json' })))) as StoredSubmission[];
    const channels = (record: StoredSubmission) => [record.delivery, record.mail?.team, record.mail?.ack];
    const settled = records.filter((record) => channels(record).every((state) => state?.status === 'delivered'));
    log(`store: ${records.length} submissions, ${settled.length} delivered on every channel`);
    expect(records.length === count && settled.length === count, `the store holds ${settled.length} delivered`);
    const pending = (await store.list({ prefix: 'pending/' })).blobs.length;
    expect(pending === 0, `${pending} pending markers remain`);
  } finally {
    await blobs.stop();
  }
  expect(siteverify.calls.length === count, `siteverify was asked ${siteverify.calls.length} times`);
} catch (error) {
  problems.push(String(error));
} finally {
  await server?.stop();
  await siteverify.close();
  await webhook.close();
  await rm(directory, { recursive: true, force: true });
}
if (problems.length > 0) {
  for (const problem of problems) console.log(`  - ${problem}`);
  const errors = (server?.output() ?? '')
    .split('\n')
    .filter((line) => /"level":"error"|^serve:/.test(line))
    .sort();
  if (errors.length) console.log(`server errors (${errors.length}), first ones:\n${errors.slice(0, 10).join('\n')}`);
  console.log(`FAIL: ${problems.length} problem(s) with ${count} submissions at concurrency ${concurrency}`);
  process.exit(1);
}
log(`PASS: ${count} submissions at concurrency ${concurrency}: all answered 202, stored once and delivered once`);
