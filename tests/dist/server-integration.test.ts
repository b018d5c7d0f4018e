import { execFile } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { readSubmission, type StoredSubmission, type SubmissionStore } from '../../netlify/lib/records';
import { contactRequest } from '../../support/contact-request';
import { builtPages, distRoot } from '../support/dist';
import { formBodies, person } from '../../support/form-bodies';
import { seedPending } from '../support/pending-submissions';
import { cleanEnv, startSiteServer, type SiteServer } from '../../support/site-server';
import {
  PASSING_TOKEN,
  startFakeSiteverify,
  startWebhookReceiver,
  type FakeSiteverify,
  type WebhookReceiver,
} from '../../support/stand-ins';

/*
 * The local server of `npm start` (scripts/serve.ts, Netlify's runtime) over
 * HTTP, as a browser and the company's webhook see it: the built site with its
 * headers, and the submission function packaged and run by Netlify's function
 * wrapper, with Netlify Blobs in a temporary folder, hCaptcha's
 * siteverify API and the webhook standing in on loopback. The stored
 * submissions are read with `npm run submissions -- --json` while it runs.
 */

const root = resolve(import.meta.dirname, '../..');
const RETRY_BASE_MS = 300;

let server: SiteServer;
let base: string;
let origin: string;
let dataDirectory: string;
let siteverify: FakeSiteverify;
let siteverifyOpen = true;
let webhook: WebhookReceiver;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** What the local server is given on top of its defaults. */
const serverSettings = () => ({
  HCAPTCHA_VERIFY_URL: siteverify.url,
  CONTACT_FORWARD_URL: webhook.url,
  DELIVERY_RETRY_BASE_MS: String(RETRY_BASE_MS),
});

/** The server's store, read and written through a Blobs server of our own on the same folder. */
async function withStore<T>(work: (store: SubmissionStore) => Promise<T>): Promise<T> {
  const token = crypto.randomUUID();
  const blobs = new BlobsServer({ directory: dataDirectory, token });
  const url = `http://127.0.0.1:${(await blobs.start()).port}`;
  try {
    const options = { edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' } as const;
    return await work(getStore({ name: 'submissions', siteID: 'local-site', token, ...options }));
  } finally {
    await blobs.stop();
  }
}

/** `npm run submissions -- --json` against the same folder, while the server runs. */
async function storedSubmissions(): Promise<StoredSubmission[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/submissions.ts', '--json'], {
    cwd: root,
    env: {
      ...cleanEnv(),
      LOCAL_DATA_DIR: dataDirectory,
    },
    timeout: 20_000,
  });
  return JSON.parse(stdout) as StoredSubmission[];
}

function submit(body: unknown, idempotencyKey?: string, site = { base, origin }): Promise<Response> {
  return fetch(
    contactRequest(body, { site: site.origin, to: site.base, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

const { 'data-request': _dataRequest, 'job-application': _jobApplication, ...forms } = formBodies(PASSING_TOKEN);

/** A request with its path sent as written (fetch would tidy it), answered without following redirects. */
function rawRequest(
  method: string,
  path: string,
): Promise<{ status: number; location: string | undefined; headers: IncomingHttpHeaders }> {
  return new Promise((done, fail) => {
    const { hostname, port } = new URL(base);
    const request = httpRequest({ hostname, port, method, path }, (response) => {
      response.resume();
      done({ status: response.statusCode ?? 0, location: response.headers.location, headers: response.headers });
    });
    request.on('error', fail);
    request.end();
  });
}

const deliveriesOf = (id: string) => webhook.deliveries.filter((delivery) => delivery.idempotencyKey === id);

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  webhook = await startWebhookReceiver();
  dataDirectory = mkdtempSync(join(tmpdir(), 'qd-serve-'));
  server = await startSiteServer({ dataDir: dataDirectory, env: serverSettings() });
  base = server.url;
  origin = server.origin;
}, 200_000);

afterAll(async () => {
  await server?.stop();
  if (siteverifyOpen) await siteverify?.close();
  await webhook?.close();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
}, 30_000);

describe('submissions through the local server', () => {
  it('answers a package request, a callback and a contact message 202; stores each, delivers each once keyed by its id', async () => {
    const ids: Record<string, string> = {};
    for (const [kind, form] of Object.entries(forms)) {
      const response = await submit(form, `integration-${kind}`);
      expect(response.status, server.output()).toBe(202);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { ok: boolean; id: string };
      expect(body.ok).toBe(true);
      ids[kind] = body.id;
    }

    await eventually('three deliveries', () => (webhook.deliveries.length >= 3 ? true : undefined));
    await sleep(500); // room for a duplicate to show up
    expect(webhook.deliveries).toHaveLength(3);
    for (const [kind, id] of Object.entries(ids)) {
      const received = deliveriesOf(id);
      expect(received, kind).toHaveLength(1);
      expect(received[0]!.body).toMatchObject({ id, kind, name: person.name, email: person.email });
      expect(JSON.stringify(received[0]!.body)).not.toContain(PASSING_TOKEN);
    }

    // Read through scripts/submissions.ts, its own BlobsServer on the same folder as the running server.
    const records = await eventually('the three records marked delivered', async () => {
      const all = await storedSubmissions();
      const mine = Object.values(ids).map((id) => all.find((record) => record.id === id));
      return mine.every((record) => record?.delivery.status === 'delivered') ? (mine as StoredSubmission[]) : undefined;
    });
    for (const record of records) {
      expect(record.fields).toMatchObject({ name: person.name, email: person.email });
      expect(record.delivery).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(JSON.stringify(record)).not.toContain(PASSING_TOKEN);
    }
    expect(records.map((record) => record.kind).sort()).toEqual(['callback', 'contact', 'package-request']);

    // The same request again (a retry by the form) makes no second record and no second delivery.
    const again = await submit(forms.callback, 'integration-callback');
    expect(again.status).toBe(202);
    expect(((await again.json()) as { id: string }).id).toBe(ids.callback);
    await sleep(300);
    expect(deliveriesOf(ids.callback!)).toHaveLength(1);
    expect((await storedSubmissions()).filter((record) => record.kind === 'callback')).toHaveLength(1);
  });

  it('with no SMTP_URL writes the lead to sales and the acknowledgement to the visitor as .eml files, shown in npm run submissions', async () => {
    // A sender of its own: the tests before this one used up the acknowledgements the limit allows an address.
    const response = await submit(formBodies(PASSING_TOKEN, { email: 'asha.mail@example.com' })['package-request']);
    const { id } = (await response.json()) as { id: string };
    const mail = join(dataDirectory, 'mail');
    const files = await eventually('two .eml files', () => {
      const found = existsSync(mail) ? readdirSync(mail).filter((name) => name.startsWith(id)) : [];
      return found.length === 2 ? found.sort() : undefined;
    });
    expect(files).toEqual([`${id}.ack.eml`, `${id}.team.eml`]);
    const team = readFileSync(join(mail, `${id}.team.eml`), 'utf8');
    expect(team).toMatch(/^To: sales@example\.com$/m);
    expect(team).toMatch(/^Reply-To: Asha Verma <asha\.mail@example\.com>$/m);
    expect(team).toMatch(/^Subject: Package request: Asha Verma, SEO \(Growth\)$/m);
    expect(readFileSync(join(mail, `${id}.ack.eml`), 'utf8')).toMatch(/^To: asha\.mail@example\.com$/m);
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/submissions.ts'], {
      cwd: root,
      env: { ...cleanEnv(), LOCAL_DATA_DIR: dataDirectory },
      timeout: 20_000,
    });
    const listed = stdout.slice(stdout.indexOf(id));
    expect(listed).toMatch(/team e-mail: delivered at /);
    expect(listed).toMatch(/acknowledgement: delivered at /);
    expect(listed).toContain(`message: ${join(mail, `${id}.team.eml`)}`);
  });

  it('keeps a submission pending while the webhook is down; once it is back and due, the retry delivers it once', async () => {
    webhook.mode = 'down';
    const response = await submit({ ...forms.callback, name: 'Ravi Kumar' }, 'integration-webhook-down');
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };

    const pending = await eventually('the failed first attempt to be recorded', async () => {
      const record = (await storedSubmissions()).find((candidate) => candidate.id === id);
      return record && record.delivery.attempts === 1 ? record : undefined;
    });
    expect(pending.delivery).toMatchObject({ status: 'pending', attempts: 1, lastError: 'webhook answered 503' });
    expect(deliveriesOf(id)).toEqual([]);

    webhook.mode = 'up';
    const wait = new Date(pending.delivery.nextAttemptAt!).getTime() - Date.now();
    expect(wait).toBeLessThanOrEqual(RETRY_BASE_MS);
    await sleep(Math.max(0, wait) + 100);

    const run = await server.runRetries();
    expect(run.status).toBe(200);
    expect(JSON.parse(run.body)).toMatchObject({ tried: 1, delivered: 1 });
    expect(deliveriesOf(id)).toHaveLength(1);
    expect(deliveriesOf(id)[0]!.body).toMatchObject({ id, kind: 'callback', name: 'Ravi Kumar' });

    const second = await server.runRetries();
    expect(JSON.parse(second.body)).toMatchObject({ tried: 0, delivered: 0 });
    expect(deliveriesOf(id)).toHaveLength(1);
    const record = (await storedSubmissions()).find((candidate) => candidate.id === id);
    expect(record?.delivery).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  // Every function call runs in a worker of its own, so only the store's create-only and ETag-conditional writes keep
  // two calls apart: these fail when the local Blobs take them as a check and then a write (support/local-blobs.ts).
  it('delivers each of 100 pending submissions exactly once when two retry runs overlap', async () => {
    const ids = await withStore((store) => seedPending(store, 100, new Date(), 'race'));
    // A run that spends its time budget on a busy machine leaves the rest to the next: pairs of runs until none is left.
    for (let round = 0; round < 5; round += 1) {
      const runs = await Promise.all([server.runRetries(), server.runRetries()]);
      for (const run of runs) expect(run.status, `${run.body}\n${server.output()}`).toBe(200);
      const records = await withStore((store) => Promise.all(ids.map((id) => readSubmission(store, id))));
      if (records.every((record) => record?.delivery.status === 'delivered')) break;
    }
    const twice = ids.filter((id) => deliveriesOf(id).length > 1);
    expect(twice, `${twice.length} of 100 delivered more than once`).toEqual([]);
    expect(ids.filter((id) => deliveriesOf(id).length === 0)).toEqual([]);
    expect(await withStore(async (store) => (await store.list({ prefix: 'leases/' })).blobs)).toEqual([]);
  });

  it('stores one record and delivers it once when 10 copies of a request with one Idempotency-Key arrive at once', async () => {
    const body = { ...forms.callback, name: 'Meera Iyer' };
    const send = async () => {
      const response = await submit(body, 'integration-race-resend');
      const answer = (await response.json().catch(() => ({}))) as { id?: string };
      return { status: response.status, id: answer.id };
    };
    // The server runs at least two function calls at once (scripts/serve.ts): the robot check answers two together,
    // so they go on to claim the key at the same moment, and the others follow as calls end.
    siteverify.together = 2;
    let answers = await Promise.all(Array.from({ length: 10 }, send)).finally(() => (siteverify.together = 0));
    // A copy that a busy machine did not answer in time (the wrapper's 30 s) is sent again, as the form does.
    for (let round = 0; round < 3 && answers.some((answer) => answer.status !== 202); round += 1) {
      const unanswered = answers.filter((answer) => answer.status !== 202);
      answers = [...answers.filter((answer) => answer.status === 202), ...(await Promise.all(unanswered.map(send)))];
    }
    expect(answers.filter((answer) => answer.status !== 202)).toEqual([]);
    const ids = new Set(answers.map((answer) => answer.id));
    expect(ids.size, 'ids answered').toBe(1);
    const [id] = [...ids] as [string];
    await eventually('its delivery', () => (deliveriesOf(id).length > 0 ? true : undefined));
    await sleep(500); // room for a second delivery to show up
    expect(deliveriesOf(id)).toHaveLength(1);
    const stored = (await storedSubmissions()).filter((record) => record.fields.name === 'Meera Iyer');
    expect(stored.map((record) => record.id)).toEqual([id]);
  });

  it('accepts a form sent from the page under whichever host name the site is served (localhost or 127.0.0.1)', async () => {
    const port = new URL(base).port;
    for (const host of ['localhost', '127.0.0.1']) {
      const site = { base: `http://${host}:${port}`, origin: `http://${host}:${port}` };
      const response = await submit(forms.callback, `integration-host-${host}`, site);
      expect(response.status, `${host}: ${server.output()}`).toBe(202);
    }
  });

  it('answers 503 and stores nothing when hCaptcha answers with an error or cannot be reached', async () => {
    const before = (await storedSubmissions()).length;
    const delivered = webhook.deliveries.length;

    siteverify.mode = 'error';
    const calls = siteverify.calls.length;
    const erroring = await submit(forms.contact, 'integration-captcha-error');
    expect(erroring.status).toBe(503);
    expect(await erroring.json()).toEqual({ ok: false, error: expect.stringMatching(/robot check/) });
    expect(siteverify.calls.length).toBe(calls + 1);

    await siteverify.close();
    siteverifyOpen = false;
    const unreachable = await submit(forms.contact, 'integration-captcha-closed');
    expect(unreachable.status).toBe(503);
    expect(((await unreachable.json()) as { ok: boolean }).ok).toBe(false);

    await sleep(300);
    expect((await storedSubmissions()).length).toBe(before);
    expect(webhook.deliveries.length).toBe(delivered);
  });

  it('answers TRACE and other methods than POST on the form address without an internal error', async () => {
    for (const method of ['TRACE', 'GET', 'PUT', 'DELETE']) {
      const { status, headers } = await rawRequest(method, '/api/contact');
      expect(status, method).toBe(405);
      expect(headers['x-content-type-options'], method).toBe('nosniff');
      expect(headers['cache-control'], method).toBe('no-store');
    }
  });

  it('refuses a malformed XSRF cookie with 403 instead of failing with 500', async () => {
    const response = await fetch(
      contactRequest(forms.callback, {
        site: origin,
        to: base,
        headers: { Cookie: 'XSRF-TOKEN=%', 'X-XSRF-TOKEN': '%' },
      }),
    );
    expect(response.status).toBe(403);
  });
});

describe('the static site through the local server', () => {
  const securityHeaders = (response: Response, path: string) => {
    const csp = response.headers.get('content-security-policy');
    expect(csp, `${path}: Content-Security-Policy`).toBeTruthy();
    const directives = new Map(
      csp!
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name!, values]),
    );
    expect(directives.get('frame-ancestors'), `${path}: frame-ancestors`).toEqual(["'none'"]);
    expect(directives.get('script-src'), `${path}: script-src`).toBeDefined();
    expect(directives.get('script-src'), `${path}: script-src`).not.toContain("'unsafe-inline'");
    expect(response.headers.get('strict-transport-security'), path).toMatch(/max-age=\d{7,}/);
    expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(response.headers.get('referrer-policy'), path).toBeTruthy();
    expect(response.headers.get('permissions-policy'), path).toBeTruthy();
  };

  it('answers an unknown address 404 with the 404 page', async () => {
    const response = await fetch(`${base}/no-such-page-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(readFileSync(join(distRoot, '404.html'), 'utf8'));
    securityHeaders(response, '/no-such-page-here');
  });

  it('answers an address that looks like another host without sending the visitor there', async () => {
    for (const path of [
      '/.//evil.example/..%2Fabout-us/',
      '//evil.example/',
      '/\\evil.example/',
      '/%2F%2Fevil.example/',
    ]) {
      const { status, location } = await rawRequest('GET', path);
      if (location !== undefined)
        expect(new URL(location, base).host, `${path} -> ${location}`).toBe(new URL(base).host);
      expect(status, path).not.toBe(500);
    }
  });

  it('serves a page at its address with or without the trailing slash or .html, as Netlify does (no redirect)', async () => {
    const expected = readFileSync(join(distRoot, 'about-us.html'), 'utf8');
    for (const path of ['/about-us', '/about-us/', '/about-us.html']) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(expected);
    }
  });

  it('compresses text with Brotli or gzip, as the visitor accepts', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${base}/about-us`, { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(await response.text()).toBe(readFileSync(join(distRoot, 'about-us.html'), 'utf8'));
    }
  });

  it("answers an unknown app's privacy address 200 with the Machine Learning Advance policy", async () => {
    const response = await fetch(`${base}/apps/unknown.app/privacy`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toBe(readFileSync(join(distRoot, 'apps/machine-learning-advance/privacy.html'), 'utf8'));
    expect(html).toContain('Machine Learning Advance');
    securityHeaders(response, '/apps/unknown.app/privacy');
  });

  it('sends the security headers with every page', async () => {
    const pages = builtPages().filter((page) => page.path !== '/404');
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const response = await fetch(`${base}${page.path}`);
      expect(response.status, page.path).toBe(200);
      expect(response.headers.get('content-type'), page.path).toMatch(/^text\/html/);
      securityHeaders(response, page.path);
      await response.body?.cancel();
    }
  });

  it('marks every /_astro/ asset immutable for a year', async () => {
    const assets = readdirSync(join(distRoot, '_astro'));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await fetch(`${base}/_astro/${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control'), asset).toMatch(
        /max-age=31536000.*immutable|immutable.*max-age=31536000/,
      );
      await response.body?.cancel();
    }
  });
});
