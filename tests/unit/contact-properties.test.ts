import fc from 'fast-check';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { findService } from '../../netlify/lib/catalogue';
import { readConfig } from '../../netlify/lib/config';
import { handleContact, MAX_BODY_BYTES } from '../../netlify/lib/contact';
import type { StoredSubmission } from '../../netlify/lib/records';
import { FORMS, serviceFieldsProblems } from '../../src/lib/forms';
import { contactRequest, SITE } from '../../support/contact-request';
import { formBodies } from '../../support/form-bodies';
import { inProcessServices, VERIFY_URL, WEBHOOK_URL, type InProcessServices } from '../../support/stand-ins';
import { memoryStore, type MemoryStore } from '../support/memory-store';

/*
 * One property of the submission function's handler, over generated requests
 * (any method, headers, Idempotency-Key and body, from valid forms with a
 * field changed to anything, to bytes that are not JSON): it never throws; it
 * answers only a documented status, as JSON, with nosniff and no-store; and it
 * stores only a submission it answered 202, that its form's schema accepts,
 * without the captcha token. hCaptcha and the store work here, so 503 (their
 * failure) is not among the statuses. Each check has a focused test of its own
 * in contact-function.test.ts and contact-storage.test.ts.
 */

const DOCUMENTED = [202, 400, 403, 405, 409, 413, 415, 422];

// The token is the one the generated request is given (below), so it is left out here.
const forms: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(formBodies('')).map(([kind, { 'h-captcha-response': _token, ...body }]) => [kind, body]),
);
const fieldNames = [...new Set(Object.values(forms).flatMap((form) => Object.keys(form)))];

const anyValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 2000, maxLength: 2100 }),
  fc.jsonValue({ maxDepth: 2 }),
);
/** A valid form, or one with a few fields changed to anything or left out, and sometimes a filled honeypot. */
const form = fc
  .record({
    kind: fc.constantFrom(...Object.keys(forms)),
    changes: fc.array(fc.tuple(fc.constantFrom(...fieldNames, 'kind', '__proto__'), fc.option(anyValue)), {
      maxLength: 3,
    }),
    honeypot: fc.oneof({ arbitrary: fc.constant(''), weight: 6 }, { arbitrary: fc.string(), weight: 1 }),
    token: fc.oneof({ arbitrary: fc.constant('passing'), weight: 4 }, { arbitrary: fc.string(), weight: 1 }),
  })
  .map(({ kind, changes, honeypot, token }) => {
    const body: Record<string, unknown> = { ...forms[kind], website: honeypot, 'h-captcha-response': token };
    for (const [name, value] of changes)
      if (value === null) delete body[name];
      else Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true });
    return body;
  });
const rawBody = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }),
  fc.integer({ min: MAX_BODY_BYTES - 10, max: MAX_BODY_BYTES + 10 }).map((size) => 'x'.repeat(size)),
);
const request = fc.record({
  method: fc.oneof(
    { arbitrary: fc.constant('POST'), weight: 8 },
    { arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'HEAD'), weight: 1 },
  ),
  contentType: fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 8 },
    { arbitrary: fc.constantFrom(undefined, 'text/plain', 'APPLICATION/JSON; charset=utf-8'), weight: 1 },
  ),
  origin: fc.oneof(
    { arbitrary: fc.constant(SITE), weight: 8 },
    { arbitrary: fc.constantFrom(undefined, 'https://evil.example', 'null'), weight: 1 },
  ),
  xsrf: fc.oneof({ arbitrary: fc.constant(true), weight: 8 }, { arbitrary: fc.constant(false), weight: 1 }),
  // A few keys only, so that repeats (with the same or other answers) happen.
  key: fc.option(fc.constantFrom('key-aaaaaaaa', 'key-bbbbbbbb', 'short', 'bad key!'), { freq: 2 }),
  body: fc.oneof({ arbitrary: form, weight: 6 }, { arbitrary: rawBody, weight: 1 }),
});

const validShape = {
  method: 'POST',
  contentType: 'application/json',
  origin: SITE,
  xsrf: true,
  key: 'key-aaaaaaaa',
} as const;

let services: InProcessServices;
let store: MemoryStore;
let background: Promise<unknown>[];
const config = readConfig({ URL: SITE, HCAPTCHA_VERIFY_URL: VERIFY_URL, CONTACT_FORWARD_URL: WEBHOOK_URL }, 'dev');

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

it('never throws, answers only documented statuses safely, and stores only valid submissions it accepted', async () => {
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 4 }), async (requests) => {
      services = inProcessServices();
      store = memoryStore();
      background = [];
      const accepted = new Set<string>();
      for (const shape of requests) {
        let body = shape.body;
        if (!(typeof body === 'string' || body instanceof Uint8Array) && body['h-captcha-response'] === 'passing')
          body = { ...body, 'h-captcha-response': services.siteverify.token() };
        const raw = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
        const response = await handleContact(
          contactRequest(undefined, {
            method: shape.method,
            raw,
            headers: {
              'Content-Type': shape.contentType,
              Origin: shape.origin,
              ...(shape.xsrf ? {} : { 'X-XSRF-TOKEN': undefined }),
              ...(shape.key ? { 'Idempotency-Key': shape.key } : {}),
            },
          }),
          { config, store, waitUntil: (promise) => void background.push(promise), fetch: services.fetch },
        );
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        expect(DOCUMENTED).toContain(response.status);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('cache-control')).toBe('no-store');
        const answer = (await response.json()) as { ok: boolean; id?: string; error?: string };
        expect(answer.ok).toBe(response.status === 202);
        if (answer.ok) accepted.add(answer.id!);
        else expect(answer.error).toEqual(expect.any(String));
      }
      await Promise.all(background);
      for (const [key, entry] of store.entries) {
        if (!key.startsWith('submissions/')) continue;
        const record = JSON.parse(entry.text) as StoredSubmission;
        expect(accepted.has(record.id), `${record.id} stored but not answered 202`).toBe(true);
        expect(Object.keys(record.fields)).not.toContain('h-captcha-response');
        expect(JSON.stringify(record)).not.toMatch(/"pass-\d+"/);
        // Each form's schema without the robot check: a stored submission has no token.
        const again = FORMS[record.kind].answersSchema.safeParse({ ...record.fields, kind: record.kind });
        expect(again.success, `stored ${record.kind} fails its schema`).toBe(true);
        if (record.kind === 'package-request') {
          const service = await findService(record.fields.serviceId as string);
          expect(
            serviceFieldsProblems(service!.inputFields, record.fields.serviceFields as Record<string, string>),
          ).toEqual({});
        }
      }
    }),
    {
      numRuns: 150,
      // Always among the runs: the same key sent again with an edited message (a 409).
      examples: [
        [
          [
            { ...validShape, body: { ...forms.callback, website: '', 'h-captcha-response': 'passing' } },
            {
              ...validShape,
              body: { ...forms.callback, website: '', message: 'Edited.', 'h-captcha-response': 'passing' },
            },
          ],
        ],
      ],
    },
  );
  // The generator reaches every stage: a property that only ever saw 422s would prove little.
  for (const status of [202, 403, 405, 409, 413, 415, 422])
    expect(seen.get(status) ?? 0, `status ${status}: ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
}, 60_000);
