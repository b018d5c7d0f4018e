#!/usr/bin/env node
// Load test of the submission function on the local server (`npm run load`).
// Starts the tests' stand-ins for hCaptcha's siteverify API and the company's
// webhook on loopback (tests/support/stand-ins.ts), starts scripts/serve.mjs on a free port with Netlify
// Blobs in a temporary folder, sends --count valid submissions (the three forms
// in turn, each with its own Idempotency-Key) --concurrency at a time, waits
// for the deliveries to settle, and checks: every one answered 202, the store
// holds exactly --count submissions, all delivered, and the webhook received
// each id exactly once. Prints p50/p99 latency, requests per second and a
// PASS or FAIL line; exits 1 on failure. All traffic stays on 127.0.0.1.
//
//   npm run load -- --count 1000 --concurrency 50 --timeout 180
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { PASSING_TOKEN, startFakeSiteverify, startWebhookReceiver } from '../tests/support/stand-ins.ts';
import { formBodies } from '../tests/support/form-bodies.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
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

const XSRF = 'load-test-xsrf-token-0123456789';
const RETRY_BASE_MS = 500;
const started = Date.now();
const log = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// ---------------------------------------------------------------- stand-ins on loopback

async function listen(server) {
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${server.address().port}`;
}

async function freePort() {
  const probe = createServer();
  const url = await listen(probe);
  await new Promise((done) => probe.close(() => done()));
  return Number(new URL(url).port);
}

// ---------------------------------------------------------------- the local server

let child;
let serverOutput = '';
let directory;

async function startServer(env, base) {
  child = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => void (serverOutput += chunk));
  child.stderr.on('data', (chunk) => void (serverOutput += chunk));
  // The server listens once it has packaged the functions: seconds, more on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`scripts/serve.mjs exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('scripts/serve.mjs did not answer within 180 s');
    await sleep(100);
  }
}

/** SIGTERM: the server finishes the deliveries still running (waitUntil), stops its Blobs server and exits. */
async function stopServer() {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
process.on('exit', () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

// ---------------------------------------------------------------- the submissions

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function form(index) {
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

async function sendAll(base, origin) {
  const results = new Array(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const index = next++;
      const begun = performance.now();
      try {
        const response = await fetch(`${base}/api/contact`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: origin,
            Cookie: `XSRF-TOKEN=${XSRF}`,
            'X-XSRF-TOKEN': XSRF,
            'Idempotency-Key': `load-${runId}-${index}`,
          },
          body: JSON.stringify(form(index)),
        });
        const body = await response.json().catch(() => ({}));
        results[index] = { status: response.status, id: body.id, ms: performance.now() - begun };
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

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** What the local server's Blobs folder holds, read through a Blobs server of our own (as scripts/submissions.mjs does). */
async function readStore(directory) {
  const token = crypto.randomUUID();
  const blobs = new BlobsServer({ directory, token });
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
    const records = await Promise.all(keys.map(({ key }) => store.get(key, { type: 'json' })));
    const { blobs: pending } = await store.list({ prefix: 'pending/' });
    return { records, pending: pending.length };
  } finally {
    await blobs.stop();
  }
}

// ---------------------------------------------------------------- the run

async function main() {
  const siteverify = await startFakeSiteverify();
  const webhook = await startWebhookReceiver();
  directory = await mkdtemp(join(tmpdir(), 'qd-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const env = { ...process.env };
  for (const name of [
    'CONTEXT',
    'URL',
    'DEPLOY_URL',
    'DEPLOY_PRIME_URL',
    'ALLOWED_ORIGINS',
    'HCAPTCHA_SECRET',
    'PUBLIC_HCAPTCHA_SITE_KEY',
    'SUBMISSIONS_STORE',
    'HOST',
    'NODE_OPTIONS',
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    PORT: String(port),
    LOCAL_DATA_DIR: directory,
    HCAPTCHA_VERIFY_URL: siteverify.url,
    CONTACT_FORWARD_URL: webhook.url,
    DELIVERY_RETRY_BASE_MS: String(RETRY_BASE_MS),
  });

  const problems = [];
  try {
    await startServer(env, base);
    log(`local server up at ${base}; sending ${count} submissions, ${concurrency} at a time`);

    const sendStarted = performance.now();
    const results = await sendAll(base, origin);
    const seconds = (performance.now() - sendStarted) / 1000;
    const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
    const statuses = {};
    for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    log(
      `sent in ${seconds.toFixed(2)} s: ${(count / seconds).toFixed(1)} requests/s; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`,
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
    await stopServer();

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
    const delivered = records.filter((record) => record?.delivery?.status === 'delivered').length;
    log(`store: ${records.length} submissions (${delivered} delivered), ${pending} pending markers`);
    if (records.length !== count) problems.push(`the store holds ${records.length} submissions, not ${count}`);
    if (delivered !== records.length)
      problems.push(`${records.length - delivered} stored submissions are not marked delivered`);
    if (pending !== 0) problems.push(`${pending} pending markers remain`);
    const storedIds = new Set(records.map((record) => record.id));
    if ([...answeredIds].some((id) => !storedIds.has(id))) problems.push('some ids answered 202 are not in the store');
    if (siteverify.calls.length !== count)
      problems.push(`siteverify was asked ${siteverify.calls.length} times, not ${count}`);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await stopServer();
    await siteverify.close();
    await webhook.close();
    await rm(directory, { recursive: true, force: true });
  }
  return problems;
}

const overall = setTimeout(() => {
  console.log(`FAIL: the load test did not finish within ${timeoutSeconds} s`);
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (directory) rmSync(directory, { recursive: true, force: true });
  process.exit(1);
}, timeoutSeconds * 1000);

const problems = await main();
clearTimeout(overall);
if (problems.length > 0) {
  for (const problem of problems) console.log(`  - ${problem}`);
  const errors = serverOutput
    .split('\n')
    .filter((line) => line.includes('"level":"error"') || line.startsWith('serve:'));
  if (errors.length) console.log(`server errors (${errors.length}), first ones:\n${errors.slice(0, 10).join('\n')}`);
  console.log(`FAIL: ${problems.length} problem(s) with ${count} submissions at concurrency ${concurrency}`);
  process.exit(1);
}
log(`PASS: ${count} submissions at concurrency ${concurrency}: all answered 202, stored once and delivered once`);
