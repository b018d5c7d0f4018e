import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../netlify/lib/config';
import { handleContact, type ContactDependencies } from '../../netlify/lib/contact';
import { deliverPending, LEASE_MS, ORPHAN_MARKER_GRACE_MS } from '../../netlify/lib/delivery';
import type { StoredSubmission, SubmissionStore } from '../../netlify/lib/records';
import { contactRequest, SITE } from '../../support/contact-request';
import { formBodies, person } from '../../support/form-bodies';
import { inProcessServices, VERIFY_URL, WEBHOOK_URL, type InProcessServices } from '../../support/stand-ins';
import { crashingStore, memoryStore, type MemoryStore } from '../support/memory-store';

/*
 * How the handler stores a submission, and what a resend with the same
 * Idempotency-Key finds: after a crash between any two writes, with other
 * answers, or at once. The store is in memory with atomic conditional writes
 * (as Netlify Blobs has them); a wrapper makes it stop after a chosen write,
 * as a process killed at that moment would.
 */

const callback = (token: string) => formBodies(token).callback;

let services: InProcessServices;
let store: MemoryStore;
let clock: Date;
let background: Promise<unknown>[];
let logs: string[];
const config = readConfig(
  { URL: SITE, HCAPTCHA_VERIFY_URL: VERIFY_URL, CONTACT_FORWARD_URL: WEBHOOK_URL, DELIVERY_RETRY_BASE_MS: '1000' },
  'dev',
);

beforeEach(() => {
  services = inProcessServices();
  store = memoryStore();
  clock = new Date('2026-11-21T10:00:00Z');
  background = [];
  logs = [];
  const capture = (...parts: unknown[]) => void logs.push(parts.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
});

afterEach(async () => {
  await Promise.allSettled(background);
  vi.restoreAllMocks();
});

function deps(on: SubmissionStore = store): ContactDependencies {
  return {
    config,
    store: on,
    waitUntil: (promise) => void background.push(promise),
    now: () => clock,
    fetch: services.fetch,
  };
}

async function send(body: unknown, key?: string, on?: SubmissionStore) {
  const response = await handleContact(
    contactRequest(body, { headers: key ? { 'Idempotency-Key': key } : {} }),
    deps(on),
  );
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const records = () =>
  [...store.entries]
    .filter(([key]) => key.startsWith('submissions/'))
    .map(([, entry]) => JSON.parse(entry.text) as StoredSubmission);
const keysUnder = (prefix: string) => [...store.entries.keys()].filter((key) => key.startsWith(prefix));

/** A retry run as the scheduled function would make it, at the current clock. */
const retry = () =>
  deliverPending({
    store,
    forwardUrl: WEBHOOK_URL,
    retryBaseMs: 1000,
    now: () => clock,
    fetch: services.fetch,
    heldHere: new Set(),
  });

describe('a resend with the same Idempotency-Key', () => {
  it('with the same answers (and a fresh captcha token) gets the same id: one record, one delivery', async () => {
    const first = await send(callback(services.siteverify.token()), 'form-key-000001');
    await Promise.all(background);
    const again = await send(callback(services.siteverify.token()), 'form-key-000001');
    expect(first.status).toBe(202);
    expect(again).toMatchObject({ status: 202, body: { ok: true, id: first.body.id } });
    await Promise.all(background);
    expect(records()).toHaveLength(1);
    expect(services.webhook.deliveredCount(first.body.id as string)).toBe(1);
    expect(services.webhook.deliveries).toHaveLength(1);
  });

  it('with other answers is refused with 409 in plain words, and the first submission stays as it was', async () => {
    const first = await send(callback(services.siteverify.token()), 'form-key-000002');
    const edited = await send(
      { ...callback(services.siteverify.token()), message: 'Actually, call me on Monday.' },
      'form-key-000002',
    );
    expect(edited.status).toBe(409);
    expect(edited.body).toEqual({ ok: false, error: expect.stringMatching(/already sent with different answers/) });
    expect(edited.headers.get('cache-control')).toBe('no-store');
    await Promise.all(background);
    expect(records()).toHaveLength(1);
    expect(records()[0]).toMatchObject({ id: first.body.id, fields: { message: person.message } });
    // The form then sends the edit under a new key: a new submission.
    const fresh = await send(
      { ...callback(services.siteverify.token()), message: 'Actually, call me on Monday.' },
      'form-key-000003',
    );
    expect(fresh.status).toBe(202);
    expect(fresh.body.id).not.toBe(first.body.id);
  });

  it('with a filled honeypot where the first had none changes nothing: answered 202, the first record as it was', async () => {
    const first = await send(callback(services.siteverify.token()), 'form-key-000004');
    const before = records();
    expect((await send({ ...callback('x'), website: 'http://spam.example' }, 'form-key-000004')).status).toBe(202);
    expect(records()).toEqual(before);
    expect(before.map((record) => record.id)).toEqual([first.body.id]);
  });
});

describe('a crash after any write', () => {
  // Writes of one accepted submission: claim, marker, record; then its delivery: lease, record, marker, lease.
  for (let crashAfter = 1; crashAfter <= 7; crashAfter += 1) {
    it(`after write ${crashAfter}: the resend and the retry run store it once and deliver it exactly once`, async () => {
      const key = `crash-key-${crashAfter}-0001`;
      const token = services.siteverify.token();
      const dying = crashingStore(store, crashAfter);
      const first = await send(callback(token), key, dying);
      await Promise.allSettled(background);
      expect(dying.crashed()).toBe(true);

      // The browser had no answer it trusts, so it sends the same request again (to a new process).
      clock = new Date(clock.getTime() + 2000);
      const again = await send(callback(token), key);
      expect(again.status).toBe(202);
      if (first.status === 202) expect(again.body.id).toBe(first.body.id);
      await Promise.allSettled(background);

      // Retry runs later, once any lease the dead process held has expired.
      clock = new Date(clock.getTime() + LEASE_MS + 60_000);
      await retry();
      await retry();

      const stored = records();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.id).toBe(again.body.id);
      expect(stored[0]!.delivery.status).toBe('delivered');
      expect(services.webhook.deliveries.map((delivery) => delivery.idempotencyKey)).toEqual([again.body.id]);
      expect(keysUnder('pending/')).toEqual([]);
      expect(keysUnder('leases/')).toEqual([]);
    });
  }

  it('never asks hCaptcha twice for one claimed request: its token could not pass again', async () => {
    const token = services.siteverify.token();
    await send(callback(token), 'crash-key-captcha1', crashingStore(store, 1));
    const again = await send(callback(token), 'crash-key-captcha1');
    expect(again.status).toBe(202);
    expect(services.siteverify.calls.length).toBe(1);
  });

  it('leaves a marker whose record never came for the grace period, then drops it, logging no personal data', async () => {
    const dying = crashingStore(store, 2);
    await send(callback(services.siteverify.token()), 'crash-key-orphan01', dying);
    expect(keysUnder('pending/')).toHaveLength(1);
    expect(records()).toEqual([]);

    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    await retry();
    expect(keysUnder('pending/')).toHaveLength(1);

    clock = new Date(clock.getTime() + ORPHAN_MARKER_GRACE_MS);
    await retry();
    expect(keysUnder('pending/')).toEqual([]);
    expect(services.webhook.deliveries).toEqual([]);
    const text = logs.join('\n');
    expect(text).toMatch(/without a record.*dropped/);
    for (const secret of Object.values(person)) expect(text).not.toContain(secret);
  });
});

describe('every answer', () => {
  const expectSafeHeaders = (headers: Headers, what: string) => {
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('cache-control'), what).toBe('no-store');
    expect(headers.get('content-type'), what).toMatch(/^application\/json/);
  };

  it('refuses every method but POST with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const response = await handleContact(contactRequest(callback('x'), { method }), deps());
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('POST');
      expectSafeHeaders(response.headers, method);
    }
    // Node's fetch cannot build a TRACE Request; the handler reads only its method before refusing it.
    const trace = { method: 'TRACE', headers: new Headers(), url: `${SITE}/api/contact` } as Request;
    const response = await handleContact(trace, deps());
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expectSafeHeaders(response.headers, 'TRACE');
  });

  it('carries nosniff and no-store, whatever its status', async () => {
    const statuses = new Map<number, Headers>();
    const note = async (request: Request, on: SubmissionStore = store) => {
      const response = await handleContact(request, deps(on));
      statuses.set(response.status, response.headers);
    };
    await note(contactRequest(callback(services.siteverify.token())));
    await note(contactRequest(undefined, { raw: '{' }));
    await note(contactRequest(callback('forged')));
    await note(contactRequest(callback('x'), { method: 'PUT' }));
    await send(callback(services.siteverify.token()), 'headers-key-0001');
    await note(
      contactRequest({ ...callback('x'), message: 'other' }, { headers: { 'Idempotency-Key': 'headers-key-0001' } }),
    );
    await note(contactRequest(undefined, { raw: 'x'.repeat(40_000) }));
    await note(contactRequest(callback('x'), { headers: { 'Content-Type': 'text/plain' } }));
    await note(contactRequest({ ...callback('x'), email: 'nope' }));
    await note(contactRequest(callback(services.siteverify.token())), crashingStore(store, 0));
    expect([...statuses.keys()].sort()).toEqual([202, 400, 403, 405, 409, 413, 415, 422, 503]);
    for (const [status, headers] of statuses) expectSafeHeaders(headers, String(status));
  });
});
