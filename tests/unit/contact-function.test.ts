import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../netlify/lib/config';
import { handleContact, MAX_BODY_BYTES } from '../../netlify/lib/contact';
import { deliverPending } from '../../netlify/lib/delivery';
import { readSubmission, type StoredSubmission } from '../../netlify/lib/records';
import { startBlobs } from '../support/blobs';
import { useFakeClock } from '../support/fake-clock';
import { contactRequest, SITE } from '../../support/contact-request';
import { formBodies, NOTICE_VERSION, person } from '../../support/form-bodies';
import {
  PASSING_TOKEN,
  startFakeSiteverify,
  startWebhookReceiver,
  type FakeSiteverify,
  type WebhookReceiver,
} from '../../support/stand-ins';

/*
 * The submission function's handler with Web Requests, a real Netlify Blobs
 * server on loopback, a fake siteverify API and a webhook receiver.
 */

const site = SITE;
const bodies = formBodies(PASSING_TOKEN);
const callback = bodies.callback;
const packageRequest = bodies['package-request'];

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let siteverify: FakeSiteverify;
let webhook: WebhookReceiver;
let background: Promise<unknown>[];
let logs: string[];

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  webhook = await startWebhookReceiver();
});

afterAll(async () => {
  await siteverify.close();
  await webhook.close();
});

beforeEach(async () => {
  blobs = await startBlobs();
  siteverify.mode = 'by-token';
  siteverify.calls = [];
  webhook.mode = 'up';
  webhook.deliveries = [];
  background = [];
  logs = [];
  const capture = (...parts: unknown[]) => void logs.push(parts.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
});

afterEach(async () => {
  // Deliveries still running log too: let them finish while the console is captured.
  await Promise.allSettled(background);
  vi.useRealTimers();
  vi.restoreAllMocks();
  await blobs.stop();
});

function config(overrides: Record<string, string> = {}, context = 'dev') {
  return readConfig(
    {
      URL: site,
      HCAPTCHA_VERIFY_URL: siteverify.url,
      CONTACT_FORWARD_URL: webhook.url,
      DELIVERY_RETRY_BASE_MS: '1000',
      ...overrides,
    },
    context,
  );
}

const request = contactRequest;

async function send(req: Request, options: { config?: ReturnType<typeof config> } = {}) {
  const response = await handleContact(req, {
    config: options.config ?? config(),
    store: blobs.store,
    waitUntil: (promise) => void background.push(promise),
    clientIp: '203.0.113.7',
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { ok: boolean; id?: string; error?: string; fields?: Record<string, string> },
  };
}

async function stored(): Promise<StoredSubmission[]> {
  const { blobs: keys } = await blobs.store.list({ prefix: 'submissions/' });
  return Promise.all(keys.map(async ({ key }) => (await blobs.store.get(key, { type: 'json' })) as StoredSubmission));
}

describe('each check answers with its own status', () => {
  it('refuses a GET with 405 and says to use POST', async () => {
    const { status, headers, body } = await send(request(undefined, { method: 'GET' }));
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST');
    expect(body.ok).toBe(false);
  });

  it('refuses a form that is not JSON with 415', async () => {
    expect(
      (await send(request(callback, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }))).status,
    ).toBe(415);
  });

  it('refuses a body over 32 KB with 413, whether or not its length is declared', async () => {
    const big = { ...callback, message: 'x'.repeat(MAX_BODY_BYTES) };
    expect((await send(request(big))).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let index = 0; index < 40; index += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = new Request(`${site}/api/contact`, {
      method: 'POST',
      headers: request(callback).headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await send(chunked)).status).toBe(413);
  });

  it('refuses malformed JSON with 400', async () => {
    expect((await send(request(undefined, { raw: '{"kind": "callback",' }))).status).toBe(400);
  });

  it('refuses a request from another site, or with no Origin, with 403', async () => {
    expect((await send(request(callback, { headers: { Origin: 'https://evil.example' } }))).status).toBe(403);
    const noOrigin = request(callback);
    noOrigin.headers.delete('origin');
    expect((await send(noOrigin)).status).toBe(403);
  });

  it('accepts the deploy URLs Netlify names as the site origin', async () => {
    const preview = 'https://deploy-preview-7--quartz.netlify.app';
    const { status } = await send(request(callback, { headers: { Origin: preview } }), {
      config: config({ DEPLOY_PRIME_URL: preview }),
    });
    expect(status).toBe(202);
  });

  it('refuses a missing or different XSRF token with 403', async () => {
    expect((await send(request(callback, { headers: { 'X-XSRF-TOKEN': '' } }))).status).toBe(403);
    expect((await send(request(callback, { headers: { 'X-XSRF-TOKEN': 'token-0000000000' } }))).status).toBe(403);
    expect((await send(request(callback, { headers: { Cookie: 'theme=light' } }))).status).toBe(403);
  });

  it('answers 422 with a message for each wrong field', async () => {
    const { status, body } = await send(request({ ...callback, email: 'asha', message: '' }));
    expect(status).toBe(422);
    expect(body.fields).toEqual({
      email: 'Enter an email address in the correct format, like name@example.com',
      message: 'Enter a message',
    });
    expect(await stored()).toEqual([]);
  });

  it("checks a package request's answers against the service's own questions", async () => {
    const missing = await send(request({ ...packageRequest, serviceFields: { targetLocation: 'Delhi' } }));
    expect(missing.status).toBe(422);
    expect(missing.body.fields).toEqual({ 'serviceFields.websiteUrl': 'Enter website address' });
    const unknown = await send(request({ ...packageRequest, serviceId: 'time-travel' }));
    expect(unknown.body.fields).toEqual({ serviceId: 'Choose a service from our catalogue' });
  });

  it('answers 403 when hCaptcha says the token is not valid, and stores nothing', async () => {
    const { status, body } = await send(request({ ...callback, 'h-captcha-response': 'forged-token' }));
    expect(status).toBe(403);
    expect(body.error).toMatch(/robot check/);
    expect(await stored()).toEqual([]);
  });

  it('answers 503 when hCaptcha cannot be reached, so the form can offer a retry, and stores nothing', async () => {
    siteverify.mode = 'error';
    expect((await send(request(callback))).status).toBe(503);
    const unreachable = config({ HCAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' });
    expect((await send(request(callback), { config: unreachable })).status).toBe(503);
    expect(await stored()).toEqual([]);
  });

  it('answers 503 when hCaptcha does not answer within 5 seconds, and waits that long', async () => {
    siteverify.mode = 'hang';
    useFakeClock();
    let answered: Awaited<ReturnType<typeof send>> | undefined;
    const sending = send(request(callback)).then((result) => (answered = result));
    // The check has reached the stand-in (over the network, on the real clock): from here the fake clock counts.
    while (siteverify.calls.length === 0) await new Promise((done) => setImmediate(done));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(answered).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((await sending).status).toBe(503);
    vi.useRealTimers();
    expect(await stored()).toEqual([]);
  });

  it('refuses every submission in production when HCAPTCHA_SECRET is missing, and logs a configuration error', async () => {
    const production = readConfig({ URL: site, SUBMISSIONS_KEY: 'k'.repeat(32) }, 'production');
    const { status } = await send(request(callback), { config: production });
    expect(status).toBe(503);
    expect(siteverify.calls).toEqual([]);
    expect(logs.join('\n')).toMatch(/"event":"configuration".*HCAPTCHA_SECRET/);
    expect(await stored()).toEqual([]);
  });

  it("verifies at hCaptcha's own address with the production secret in production, the test secret on deploy previews", async () => {
    const asked: { url: string; secret: string | null }[] = [];
    const recording = (async (url: string | URL | Request, init?: RequestInit) => {
      asked.push({ url: String(url), secret: new URLSearchParams(String(init?.body)).get('secret') });
      return Response.json({ success: true, hostname: 'localhost' });
    }) as typeof fetch;
    const env = {
      URL: site,
      HCAPTCHA_VERIFY_URL: siteverify.url,
      HCAPTCHA_SECRET: 'live-secret',
      SUBMISSIONS_KEY: 'k'.repeat(32),
    };
    for (const context of ['production', 'deploy-preview']) {
      await handleContact(request(callback), {
        config: readConfig(env, context),
        store: blobs.store,
        waitUntil: (promise) => void background.push(promise),
        fetch: recording,
      });
    }
    expect(asked).toEqual([
      { url: 'https://api.hcaptcha.com/siteverify', secret: 'live-secret' },
      { url: siteverify.url, secret: '0x0000000000000000000000000000000000000000' },
    ]);
  });
});

describe('an accepted submission', () => {
  it('is stored before the answer, 202 with its id, without the captcha token', async () => {
    const { status, body } = await send(request(packageRequest));
    expect(status).toBe(202);
    expect(body).toEqual({
      ok: true,
      id: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{12}$/),
    });
    const record = await readSubmission(blobs.store, body.id!);
    expect(record).toMatchObject({
      id: body.id,
      kind: 'package-request',
      spam: false,
      fields: { ...person, serviceId: 'seo', service: 'SEO - Growth' },
    });
    expect(JSON.stringify(record)).not.toContain(PASSING_TOKEN);
  });

  it('is forwarded to the webhook with its id as the idempotency key, then marked delivered', async () => {
    const { body } = await send(request(callback));
    await Promise.all(background);
    expect(webhook.deliveries).toHaveLength(1);
    expect(webhook.deliveries[0]).toMatchObject({
      idempotencyKey: body.id,
      body: { id: body.id, kind: 'callback', name: person.name, email: person.email },
    });
    expect((await readSubmission(blobs.store, body.id!))?.delivery.status).toBe('delivered');
    expect((await blobs.store.list({ prefix: 'pending/' })).blobs).toEqual([]);
  });

  it('stays pending when the webhook is down and is delivered once by the retry when it is back', async () => {
    webhook.mode = 'down';
    let clock = new Date('2026-11-21T10:00:00Z');
    const now = () => clock;
    const response = await handleContact(request(callback), {
      config: config(),
      store: blobs.store,
      waitUntil: (promise) => void background.push(promise),
      now,
    });
    const { id } = (await response.json()) as { id: string };
    await Promise.all(background);
    expect((await readSubmission(blobs.store, id))?.delivery).toMatchObject({ status: 'pending', attempts: 1 });

    webhook.mode = 'up';
    const options = { store: blobs.store, forwardUrl: webhook.url, retryBaseMs: 1000, now };
    expect(await deliverPending(options)).toMatchObject({ tried: 0, delivered: 0 });
    clock = new Date(clock.getTime() + 1000);
    expect(await deliverPending(options)).toMatchObject({ tried: 1, delivered: 1 });
    expect(await deliverPending(options)).toMatchObject({ tried: 0, delivered: 0 });
    expect(webhook.deliveries.map((delivery) => delivery.idempotencyKey)).toEqual([id]);
    expect((await readSubmission(blobs.store, id))?.delivery.status).toBe('delivered');
  });

  it('is stored but not forwarded when no webhook is configured', async () => {
    const { status, body } = await send(request(callback), { config: config({ CONTACT_FORWARD_URL: '' }) });
    expect(status).toBe(202);
    expect((await readSubmission(blobs.store, body.id!))?.delivery.status).toBe('not-forwarded');
    expect(webhook.deliveries).toEqual([]);
  });

  it('is never forwarded from a deploy preview, and goes to the preview store', async () => {
    const preview = readConfig(
      { URL: site, HCAPTCHA_VERIFY_URL: siteverify.url, CONTACT_FORWARD_URL: webhook.url },
      'deploy-preview',
    );
    expect(preview.storeName).toBe('submissions-preview');
    expect(preview.forwardUrl).toBeUndefined();
  });
});

describe('personal data', () => {
  const contact = { ...bodies.contact, subject: 'Newsletter' };

  it('records which notice the sender saw, and a mailing-list opt-in as consent with its time and that version', async () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const response = await handleContact(request({ ...contact, optIn: true }), {
      config: config(),
      store: blobs.store,
      waitUntil: (promise) => void background.push(promise),
      now: () => now,
    });
    const { id } = (await response.json()) as { id: string };
    const record = await readSubmission(blobs.store, id);
    expect(record?.fields).toMatchObject({ noticeVersion: NOTICE_VERSION, optIn: true });
    expect(record?.consent).toEqual({ mailingList: true, givenAt: now.toISOString(), noticeVersion: NOTICE_VERSION });
  });

  it('records no consent without the opt-in', async () => {
    const { body } = await send(request({ ...contact, optIn: false }));
    expect((await readSubmission(blobs.store, body.id!))?.consent).toBeUndefined();
  });

  it('takes a data request like any other form: checked, captcha-verified, stored and forwarded', async () => {
    const dataRequest = bodies['data-request'];
    expect((await send(request({ ...dataRequest, request: 'sell-my-data' }))).status).toBe(422);
    expect((await send(request({ ...dataRequest, 'h-captcha-response': 'wrong-token' }))).status).toBe(403);
    const { status, body } = await send(request(dataRequest));
    expect(status).toBe(202);
    expect(await readSubmission(blobs.store, body.id!)).toMatchObject({
      kind: 'data-request',
      fields: { request: 'erasure' },
    });
    await Promise.allSettled(background);
    expect(webhook.deliveries.map((delivery) => delivery.body)).toEqual([
      expect.objectContaining({ id: body.id, kind: 'data-request', email: person.email, request: 'erasure' }),
    ]);
  });
});

describe('job applications', () => {
  it('are checked, captcha-verified, stored and forwarded like any other form', async () => {
    const application = bodies['job-application'];
    expect((await send(request({ ...application, cvUrl: 'see attached' }))).status).toBe(422);
    expect((await send(request({ ...application, 'h-captcha-response': 'wrong-token' }))).status).toBe(403);
    const { status, body } = await send(request(application));
    expect(status).toBe(202);
    expect(await readSubmission(blobs.store, body.id!)).toMatchObject({
      kind: 'job-application',
      fields: { role: 'Software Trainee', cvUrl: application.cvUrl },
    });
    await Promise.allSettled(background);
    expect(webhook.deliveries.map((delivery) => delivery.body)).toEqual([
      expect.objectContaining({ id: body.id, kind: 'job-application', email: person.email, role: 'Software Trainee' }),
    ]);
  });
});

describe('spam and repeats', () => {
  it('answers a filled honeypot 202 and keeps nothing of it: no record, no claim, no forward, no hCaptcha call', async () => {
    const { status, body } = await send(
      request(
        { ...callback, website: 'http://cheap-pills.example', 'h-captcha-response': 'anything' },
        { headers: { 'Idempotency-Key': 'form-honeypot-0001' } },
      ),
    );
    expect(status).toBe(202);
    expect(body.ok).toBe(true);
    await Promise.all(background);
    expect((await blobs.store.list({ prefix: '' })).blobs).toEqual([]);
    expect(webhook.deliveries).toEqual([]);
    expect(siteverify.calls).toEqual([]);
  });

  it('stores a request repeated with the same idempotency key once, answering with the same id', async () => {
    const headers = { 'Idempotency-Key': 'form-7f3a9c2e-4b1d' };
    const first = await send(request(callback, { headers }));
    const again = await send(request({ ...callback, 'h-captcha-response': 'already-used-token' }, { headers }));
    expect(again).toMatchObject({ status: 202, body: { ok: true, id: first.body.id } });
    await Promise.all(background);
    expect(await stored()).toHaveLength(1);
    expect(webhook.deliveries).toHaveLength(1);
  });

  it('stores two simultaneous copies of one request once', async () => {
    const headers = { 'Idempotency-Key': 'form-simultaneous-01' };
    const [one, two] = await Promise.all([send(request(callback, { headers })), send(request(callback, { headers }))]);
    expect(one.body.id).toBe(two.body.id);
    await Promise.all(background);
    expect(await stored()).toHaveLength(1);
    expect(webhook.distinct()).toBe(1);
  });
});

describe('logs', () => {
  it('hold status, kind and id only: never a name, e-mail, phone or message', async () => {
    await send(request(packageRequest));
    await send(request({ ...callback, email: 'not-an-address' }));
    await send(request({ ...callback, 'h-captcha-response': 'forged' }));
    await send(request({ ...callback, website: 'spam' }));
    webhook.mode = 'down';
    await send(request(callback));
    await Promise.all(background);
    const text = logs.join('\n');
    expect(logs.length).toBeGreaterThanOrEqual(5);
    for (const secret of [
      person.name,
      person.email,
      person.phone,
      person.message,
      'not-an-address',
      'Asha',
      'clinic.example',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toMatch(/"status":202,"kind":"package-request","id":"/);
  });
});

describe('the deployed function', () => {
  it('answers at /api/contact with a per-visitor rate limit, and the retries run on a schedule', async () => {
    const contact = await import('../../netlify/functions/contact');
    const retries = await import('../../netlify/functions/deliver-pending');
    expect(contact.config.path).toBe('/api/contact');
    expect(contact.config.rateLimit).toMatchObject({ aggregateBy: expect.arrayContaining(['ip']) });
    expect(contact.config.rateLimit!.windowLimit).toBeGreaterThan(0);
    expect(retries.config.schedule).toMatch(/^\*\/\d+ \* \* \* \*$/);
  });
});
