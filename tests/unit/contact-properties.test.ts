import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig, type SubmissionConfig } from '../../netlify/lib/config';
import { handleContact, MAX_BODY_BYTES } from '../../netlify/lib/contact';
import type { StoredSubmission } from '../../netlify/lib/records';
import {
  callbackSchema,
  contactSchema,
  packageRequestSchema,
  serviceFieldsProblems,
  submissionSchema,
  type ServiceQuestion,
} from '../../src/lib/forms';
import { startBlobs } from '../support/blobs';
import {
  PASSING_TOKEN,
  startFakeSiteverify,
  startWebhookReceiver,
  type FakeSiteverify,
  type WebhookReceiver,
} from '../support/stand-ins';

/*
 * Properties of the submission function's handler over generated requests:
 * any body, any headers, any size. Whatever arrives, the handler answers (it
 * never throws), with one of the statuses it documents and a JSON body the
 * forms can read, and it never stores a submission the forms' own schemas
 * would refuse, nor a captcha token. A real Netlify Blobs server on loopback,
 * the fake siteverify API and a webhook receiver stand in for the services.
 */

const site = 'https://quartz.example';
const partnerOrigin = 'https://partner.example';
const STATUSES = [202, 400, 403, 405, 413, 415, 422, 503];
const RUNS = 200;
/**
 * Each property stops generating (and shrinking) after 30 s, so a failure still
 * reports its counterexample before the test's own 60 s limit; a passing run
 * takes a few seconds.
 */
const bounded = <T>(numRuns: number): fc.Parameters<T> => ({
  numRuns,
  plugins: [fc.interruptAfterTimeLimit(30_000) as fc.Plugin<T>],
});
const TEST_TIMEOUT = 60_000;
/** How often each status was seen in the current property, to show the generators reach every stage. */
let seen: Map<number, number>;

// ---------------------------------------------------------------- services

interface Service {
  id: string;
  inputFields: ServiceQuestion[];
}
const servicesFolder = join(process.cwd(), 'src/content/services');
const services: Service[] = readdirSync(servicesFolder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({
    id: file.replace(/\.json$/, ''),
    ...(JSON.parse(readFileSync(join(servicesFolder, file), 'utf8')) as { inputFields: ServiceQuestion[] }),
  }));
const serviceById = new Map(services.map((service) => [service.id, service]));

const schemaOf = { 'package-request': packageRequestSchema, callback: callbackSchema, contact: contactSchema } as const;

// ---------------------------------------------------------------- arbitraries

/** Any string: any code point (control characters, astral characters, emoji; no lone surrogates), or printable graphemes. */
const anyString = (maxLength = 60) =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary-ascii', maxLength }),
  );
const whitespace = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff'),
  minLength: 1,
  maxLength: 8,
});
/** Strings a field should refuse or accept at its edges: empty, blank, huge, padded, with control characters. */
const edgeString = (limit: number) =>
  fc.oneof(
    fc.constant(''),
    whitespace,
    fc.string({ unit: 'grapheme', minLength: limit - 2, maxLength: limit + 2 }),
    fc.string({ unit: 'binary', minLength: limit + 1, maxLength: limit + 40 }),
    fc
      .tuple(whitespace, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), whitespace)
      .map((parts) => parts.join('')),
    fc.string({
      unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
      minLength: 1,
      maxLength: 10,
    }),
  );
/** A value of the wrong type for a string field. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

const OMIT = Symbol('omit');
/** A value no field should take: an edge string, any string, a wrong type, or no field at all. */
const garbage = (limit: number) =>
  fc.oneof(
    { arbitrary: edgeString(limit), weight: 2 },
    { arbitrary: anyString(), weight: 1 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: fc.constant(OMIT), weight: 1 },
  );
/** A field's value: one a person might type, or (in a wild form) often garbage. */
function field<T>(usual: fc.Arbitrary<T>, limit: number, wild: boolean): fc.Arbitrary<unknown> {
  return wild ? fc.oneof({ arbitrary: usual, weight: 2 }, { arbitrary: garbage(limit), weight: 1 }) : usual;
}

const personName = fc.oneof(
  fc.constantFrom('Asha Verma', 'Ravi', 'Zoë Ó Briain', '李小龍', 'محمد'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
);
const emailValue = fc.oneof(
  fc.constantFrom('asha.verma@example.com', 'a@b', "o'brien@example.org", '  padded@example.com  '),
  fc.emailAddress(),
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((text) => `${text}@example.com`),
);
const phoneValue = fc.oneof(
  fc.constantFrom('+91 98100 12345', '011-2345-6789'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }),
);
const textValue = (max: number) =>
  fc.oneof(
    fc.constantFrom('Web Hosting', 'We need a new website for our clinic.'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }),
  );
const tokenValue = (wild: boolean) =>
  wild
    ? fc.oneof(
        { arbitrary: fc.constant(PASSING_TOKEN), weight: 4 },
        { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 50 }), weight: 1 },
        { arbitrary: fc.string({ unit: 'binary', minLength: 10_000, maxLength: 10_010 }), weight: 1 },
        { arbitrary: garbage(20), weight: 1 },
      )
    : fc.oneof(
        { arbitrary: fc.constant(PASSING_TOKEN), weight: 8 },
        { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 50 }), weight: 1 },
      );
/** The honeypot: empty (or absent) for a person, filled by a bot. */
const honeypotValue = (wild: boolean) =>
  wild
    ? fc.oneof(
        { arbitrary: fc.constantFrom(OMIT, ''), weight: 4 },
        { arbitrary: whitespace, weight: 1 },
        { arbitrary: anyString(), weight: 2 },
        { arbitrary: wrongType, weight: 1 },
      )
    : fc.oneof({ arbitrary: fc.constantFrom(OMIT, ''), weight: 8 }, { arbitrary: anyString(), weight: 1 });
const extraKeys = fc.oneof(
  { arbitrary: fc.constant({}), weight: 3 },
  {
    arbitrary: fc.dictionary(
      fc.oneof(
        fc.string(),
        fc.constantFrom('__proto__', 'constructor', 'id', 'spam', 'delivery', 'receivedAt', 'fields'),
      ),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 4 },
    ),
    weight: 1,
  },
);

/** Answers to a service's own questions: right ones, or (in a wild form) wrong and unknown ones. */
const serviceAnswers = (service: Service | undefined, wild: boolean) => {
  const questions = service?.inputFields ?? [];
  const answer = (question: ServiceQuestion) =>
    question.type === 'select'
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...(question.options ?? ['x'])), weight: 8 },
          { arbitrary: anyString(10), weight: 1 },
        )
      : question.type === 'url'
        ? fc.oneof(
            { arbitrary: fc.webUrl(), weight: 4 },
            { arbitrary: fc.constantFrom('clinic.example', 'https://clinic.example/path'), weight: 4 },
            { arbitrary: anyString(20), weight: 1 },
          )
        : fc.oneof(
            { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), weight: 8 },
            { arbitrary: edgeString(500), weight: 1 },
          );
  const right =
    questions.length === 0
      ? fc.constant({})
      : fc.record(
          Object.fromEntries(questions.map((question) => [question.name, answer(question)])) as Record<
            string,
            fc.Arbitrary<string>
          >,
          {
            requiredKeys: questions.filter((question) => question.required).map((question) => question.name),
          },
        );
  return wild
    ? fc.oneof(
        { arbitrary: right, weight: 3 },
        {
          arbitrary: fc.dictionary(
            fc.oneof(fc.stringMatching(/^[a-zA-Z]{1,12}$/), fc.string()),
            fc.oneof(anyString(20), wrongType),
            { maxKeys: 12 },
          ),
          weight: 1,
        },
        { arbitrary: wrongType, weight: 1 },
        { arbitrary: fc.constant(OMIT), weight: 1 },
      )
    : right;
};

const serviceIdValue = (wild: boolean) =>
  wild
    ? fc.oneof(
        { arbitrary: fc.constantFrom(...services.map((service) => service.id)), weight: 4 },
        { arbitrary: fc.stringMatching(/^[a-z_-]{1,12}$/), weight: 1 },
        {
          arbitrary: fc.constantFrom(
            '../config',
            'seo/../seo',
            'SEO',
            'seo.json',
            '%2e%2e',
            'constructor',
            '__proto__',
          ),
          weight: 1,
        },
        { arbitrary: anyString(20), weight: 1 },
        { arbitrary: wrongType, weight: 1 },
      )
    : fc.constantFrom(...services.map((service) => service.id));

const withoutOmitted = (object: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== OMIT));

const packageRequestShape = (wild: boolean) =>
  serviceIdValue(wild).chain((serviceId) =>
    fc
      .record({
        kind: fc.constant('package-request'),
        name: field(personName, 100, wild),
        email: field(emailValue, 254, wild),
        phone: field(phoneValue, 30, wild),
        serviceId: fc.constant(serviceId),
        service: field(textValue(200), 200, wild),
        message: field(textValue(5000), 5000, wild),
        serviceFields: serviceAnswers(typeof serviceId === 'string' ? serviceById.get(serviceId) : undefined, wild),
        'h-captcha-response': tokenValue(wild),
        website: honeypotValue(wild),
        extra: extraKeys,
      })
      .map(({ extra, ...fields }) => withoutOmitted({ ...extra, ...fields })),
  );
const callbackShape = (wild: boolean) =>
  fc
    .record({
      kind: fc.constant('callback'),
      name: field(personName, 100, wild),
      email: field(emailValue, 254, wild),
      phone: field(fc.oneof(phoneValue, fc.constantFrom('', OMIT)), 30, wild),
      service: field(fc.oneof(textValue(200), fc.constantFrom('', OMIT)), 200, wild),
      message: field(textValue(5000), 5000, wild),
      'h-captcha-response': tokenValue(wild),
      website: honeypotValue(wild),
      extra: extraKeys,
    })
    .map(({ extra, ...fields }) => withoutOmitted({ ...extra, ...fields }));
const contactShape = (wild: boolean) =>
  fc
    .record({
      kind: fc.constant('contact'),
      name: field(personName, 100, wild),
      email: field(emailValue, 254, wild),
      subject: field(textValue(150), 150, wild),
      reason: wild
        ? fc.oneof(
            { arbitrary: fc.constantFrom('help-needed', 'general-question', 'complaint'), weight: 4 },
            { arbitrary: fc.constantFrom('Help Needed', '', 'other'), weight: 1 },
            { arbitrary: wrongType, weight: 1 },
          )
        : fc.constantFrom('help-needed', 'general-question', 'complaint'),
      message: field(textValue(5000), 5000, wild),
      optIn: wild
        ? fc.oneof(
            { arbitrary: fc.boolean(), weight: 4 },
            { arbitrary: fc.constant(OMIT), weight: 2 },
            { arbitrary: fc.constantFrom('true', 'yes', 1, null), weight: 1 },
          )
        : fc.constantFrom(true, false, OMIT),
      'h-captcha-response': tokenValue(wild),
      website: honeypotValue(wild),
      extra: extraKeys,
    })
    .map(({ extra, ...fields }) => withoutOmitted({ ...extra, ...fields }));
const anyKind = (wild: boolean) => fc.oneof(packageRequestShape(wild), callbackShape(wild), contactShape(wild));
/** A form as the page sends it, with one field replaced by garbage (or removed). */
const perturbed = fc
  .tuple(anyKind(false), garbage(300))
  .chain(([form, value]) =>
    fc.constantFrom(...Object.keys(form)).map((key) => withoutOmitted({ ...form, [key]: value })),
  );
/**
 * An object shaped like one of the forms: as a person's browser sends it, with
 * one field spoiled, with many fields spoiled, or claiming another kind or none.
 */
const formShaped = fc.oneof(
  { arbitrary: anyKind(false), weight: 3 },
  { arbitrary: perturbed, weight: 3 },
  { arbitrary: anyKind(true), weight: 3 },
  {
    arbitrary: fc
      .tuple(
        anyKind(true),
        fc.oneof(fc.constantFrom('Callback', 'contact ', 'package_request', ''), wrongType, fc.constant(OMIT)),
      )
      .map(([form, kind]) => withoutOmitted({ ...form, kind })),
    weight: 1,
  },
);

/** A header value Fetch accepts: any Latin-1 character but NUL, CR and LF. */
const headerText = (maxLength = 40) =>
  fc.string({
    unit: fc
      .integer({ min: 1, max: 255 })
      .filter((code) => code !== 10 && code !== 13)
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

type Headers = Record<string, string>;
const contentTypeHeader = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON ; charset=UTF-8',
    ),
    weight: 8,
  },
  {
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json-patch+json',
      'application/jsonx',
      '',
    ),
    weight: 2,
  },
  { arbitrary: headerText(), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);
const originHeader = fc.oneof(
  { arbitrary: fc.constantFrom(site, partnerOrigin), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      'https://evil.example',
      'http://quartz.example',
      `${site}/`,
      'null',
      'https://quartz.example.evil.example',
      '',
    ),
    weight: 2,
  },
  { arbitrary: headerText(), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);
/** The XSRF pair: matching, different, one of the two, neither, odd cookie text. */
const xsrfHeaders = fc.oneof(
  {
    arbitrary: fc
      .stringMatching(/^[A-Za-z0-9_-]{8,40}$/)
      .map((token): Headers => ({ 'X-XSRF-TOKEN': token, Cookie: `theme=light; XSRF-TOKEN=${token}` })),
    weight: 8,
  },
  {
    arbitrary: fc
      .record({
        header: fc.option(headerText(), { nil: undefined }),
        cookie: fc.option(headerText(60), { nil: undefined }),
      })
      .map(({ header, cookie }): Headers => ({
        ...(header === undefined ? {} : { 'X-XSRF-TOKEN': header }),
        ...(cookie === undefined ? {} : { Cookie: cookie }),
      })),
    weight: 1,
  },
  {
    // A token the cookie carries percent-encoded, or with an encoding that does not decode.
    arbitrary: fc
      .tuple(headerText(20), fc.constantFrom('%', '%zz', '%E0%A4%A', 'a%20b', '='))
      .map(([token, odd]): Headers => ({ 'X-XSRF-TOKEN': token + odd, Cookie: `XSRF-TOKEN=${token}${odd}` })),
    weight: 1,
  },
  {
    arbitrary: fc
      .stringMatching(/^[A-Za-z0-9]{8,20}$/)
      .map((token): Headers => ({ 'X-XSRF-TOKEN': token, Cookie: `XSRF-TOKEN=${token}x` })),
    weight: 1,
  },
  { arbitrary: fc.constant<Headers>({}), weight: 1 },
);
const idempotencyHeader = fc.oneof(
  { arbitrary: fc.constant<Headers>({}), weight: 4 },
  // A small pool, so that repeats of one key happen within a run.
  {
    arbitrary: fc
      .constantFrom('form-aaaaaaaa', 'form-bbbbbbbb', 'form-cccccccc')
      .map((key): Headers => ({ 'Idempotency-Key': key })),
    weight: 2,
  },
  {
    arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,100}$/).map((key): Headers => ({ 'Idempotency-Key': key })),
    weight: 2,
  },
  { arbitrary: headerText(120).map((key): Headers => ({ 'Idempotency-Key': key })), weight: 1 },
);
const methodValue = fc.oneof(
  { arbitrary: fc.constant('POST'), weight: 12 },
  { arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), weight: 1 },
);

interface Shape {
  /** POST, JSON, own origin, matching XSRF pair: the request reaches the schema. */
  good: boolean;
  method: string;
  contentType: string | undefined;
  origin: string | undefined;
  xsrf: Headers;
  idempotency: Headers;
  extra: Headers;
}
const headerShape = (good = false): fc.Arbitrary<Shape> =>
  fc.record({
    good: fc.constant(good),
    method: good ? fc.constant('POST') : methodValue,
    contentType: good ? fc.constant('application/json') : contentTypeHeader,
    origin: good ? fc.constant(site) : originHeader,
    xsrf: good
      ? fc.constant<Headers>({ 'X-XSRF-TOKEN': 'token-1234567890', Cookie: 'XSRF-TOKEN=token-1234567890' })
      : xsrfHeaders,
    idempotency: idempotencyHeader,
    extra: good
      ? fc.constant<Headers>({})
      : fc.oneof(
          { arbitrary: fc.constant<Headers>({}), weight: 4 },
          { arbitrary: fc.dictionary(fc.stringMatching(/^x-[a-z]{1,10}$/), headerText(), { maxKeys: 3 }), weight: 1 },
          {
            arbitrary: fc.constantFrom<Headers>(
              { 'Content-Length': '99999999' },
              { 'Content-Length': 'abc' },
              { 'Content-Length': '-1' },
            ),
            weight: 1,
          },
        ),
  });

/** Any body at all: text, bytes (not always UTF-8), JSON values, form-shaped objects. */
const rawBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  formShaped.map((form) => JSON.stringify(form)),
  fc.constantFrom('', ' ', 'null', '{}', '[]', '{"kind":"callback",', '\ufeff{}', '{"kind":"contact"}'),
);

function makeRequest(shape: Shape, body: string | Uint8Array | ReadableStream<Uint8Array>): Request {
  const headers = new Headers();
  if (shape.contentType !== undefined) headers.set('Content-Type', shape.contentType);
  if (shape.origin !== undefined) headers.set('Origin', shape.origin);
  for (const [name, value] of Object.entries({ ...shape.extra, ...shape.xsrf, ...shape.idempotency }))
    headers.set(name, value);
  const withBody = shape.method !== 'GET' && shape.method !== 'HEAD';
  return new Request(`${site}/api/contact`, {
    method: shape.method,
    headers,
    ...(withBody ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}

// ---------------------------------------------------------------- fixture

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let siteverify: FakeSiteverify;
let webhook: WebhookReceiver;
let background: Promise<unknown>[];
/** What was sent for each id answered with 202, and the store keys already checked. */
let sent: Map<string, unknown>;
let checked: Set<string>;
/** Idempotency keys already answered 202: a repeat is answered from the store, without hCaptcha. */
let acceptedKeys: Set<string>;

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
  webhook.deliveries = [];
  background = [];
  sent = new Map();
  checked = new Set();
  acceptedKeys = new Set();
  seen = new Map();
  // Thousands of requests: keep the handler's log lines out of the report.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.allSettled(background);
  await blobs.stop();
});

const configs = {
  dev: () =>
    readConfig(
      {
        URL: site,
        ALLOWED_ORIGINS: partnerOrigin,
        HCAPTCHA_VERIFY_URL: siteverify.url,
        CONTACT_FORWARD_URL: webhook.url,
        DELIVERY_RETRY_BASE_MS: '1000',
      },
      'dev',
    ),
  productionWithSecret: () =>
    readConfig(
      {
        URL: site,
        ALLOWED_ORIGINS: partnerOrigin,
        HCAPTCHA_SECRET: 'live-secret',
        HCAPTCHA_VERIFY_URL: siteverify.url,
        CONTACT_FORWARD_URL: webhook.url,
      },
      'production',
    ),
  preview: () =>
    readConfig(
      {
        URL: site,
        ALLOWED_ORIGINS: partnerOrigin,
        HCAPTCHA_VERIFY_URL: siteverify.url,
        CONTACT_FORWARD_URL: webhook.url,
      },
      'deploy-preview',
    ),
};

interface Answer {
  status: number;
  body: { ok?: unknown; error?: unknown; id?: unknown };
}

/** Calls the handler; a throw or a rejection fails the property with what was sent. */
async function call(request: Request, config: SubmissionConfig, parsedBody: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await handleContact(request, {
      config,
      store: blobs.store,
      waitUntil: (promise) => void background.push(promise),
      clientIp: '203.0.113.7',
    });
  } catch (error) {
    throw new Error(
      `handleContact threw instead of answering: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      { cause: error },
    );
  }
  const text = await response.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    throw new Error(`status ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  if (response.status === 202 && typeof body?.id === 'string') {
    // Noted before any assertion, so a failing run leaves no unexplained record for the next one.
    if (!sent.has(body.id)) sent.set(body.id, parsedBody);
    const key = request.headers.get('idempotency-key')?.trim();
    if (key) acceptedKeys.add(key);
  }
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  // (d) ok is a boolean; a refusal says why.
  expect(body).toBeTypeOf('object');
  expect(typeof body.ok).toBe('boolean');
  if (body.ok === false) expect(body.error).toBeTypeOf('string');
  expect(body.ok).toBe(response.status === 202);
  seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
  // (b) one of the documented statuses.
  expect(STATUSES).toContain(response.status);
  if (response.status === 202) expect(body.id).toBeTypeOf('string');
  return { status: response.status, body };
}

/** Every string in a value, keys included. */
function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      strings(item, into);
    }
  }
  return into;
}

/**
 * (c) Every record in the store: its fields pass the form's schema again (with
 * a captcha token put back) and are exactly what the schema makes of them, a
 * package request's answers fit its service, and no captcha token was kept.
 */
async function checkStore(): Promise<StoredSubmission[]> {
  await Promise.allSettled(background.splice(0));
  const { blobs: keys } = await blobs.store.list({ prefix: 'submissions/' });
  const fresh: StoredSubmission[] = [];
  for (const { key } of keys) {
    if (checked.has(key)) continue;
    checked.add(key);
    const record = (await blobs.store.get(key, { type: 'json' })) as StoredSubmission;
    fresh.push(record);
    expect(key).toBe(`submissions/${record.id}`);
    // Nothing is stored that was not answered 202.
    expect(sent.has(record.id), `record ${record.id} was stored but never answered 202`).toBe(true);
    const schema = schemaOf[record.kind];
    expect(schema, `stored kind ${String(record.kind)}`).toBeDefined();
    expect(Object.keys(record.fields)).not.toContain('h-captcha-response');
    expect(Object.keys(record.fields)).not.toContain('website');
    expect(Object.keys(record.fields)).not.toContain('kind');
    const again = schema.safeParse({ ...record.fields, kind: record.kind, 'h-captcha-response': PASSING_TOKEN });
    expect(again.success, `stored ${record.kind} fails its schema: ${again.error?.message}`).toBe(true);
    const {
      'h-captcha-response': _token,
      website: _honeypot,
      kind: _kind,
      ...normalised
    } = again.data as Record<string, unknown>;
    expect(record.fields).toEqual(normalised);
    if (record.kind === 'package-request') {
      const service = serviceById.get(record.fields.serviceId as string);
      expect(service, `stored package request for unknown service ${String(record.fields.serviceId)}`).toBeDefined();
      expect(
        serviceFieldsProblems(service!.inputFields, record.fields.serviceFields as Record<string, string>),
      ).toEqual({});
    }
    expect(JSON.stringify(record)).not.toContain(PASSING_TOKEN);
    // The token sent with it appears in the fields only where the visitor also typed it elsewhere.
    const body = sent.get(record.id) as Record<string, unknown>;
    const token = body['h-captcha-response'];
    if (typeof token === 'string' && token !== '') {
      const { 'h-captcha-response': _sentToken, ...rest } = body;
      const typedElsewhere = strings(rest).some((text) => text.includes(token));
      if (!typedElsewhere)
        for (const text of strings(record.fields))
          expect(text.includes(token), 'the captcha token was stored').toBe(false);
    }
  }
  return fresh;
}

function parseOrUndefined(body: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

/** The XSRF-TOKEN cookie as a browser would read it; undefined when absent or not decodable. */
function xsrfCookie(header: string | null): string | undefined {
  const match = /(?:^|;)\s*XSRF-TOKEN=([^;]*)/.exec(header ?? '');
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!.trim());
  } catch {
    return undefined;
  }
}

/** The checks before the body's content, as the spec states them: POST, JSON, size, origin, XSRF pair. */
function passesGate(request: Request, body: string | Uint8Array, allowedOrigins: string[]): boolean {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = Number(request.headers.get('content-length'));
  const origin = request.headers.get('origin');
  const token = request.headers.get('x-xsrf-token');
  return (
    request.method === 'POST' &&
    contentType === 'application/json' &&
    size <= MAX_BODY_BYTES &&
    !(declared > MAX_BODY_BYTES) &&
    origin !== null &&
    [site, ...allowedOrigins].includes(origin) &&
    Boolean(token) &&
    token === xsrfCookie(request.headers.get('cookie'))
  );
}

/**
 * Whether a request passes every check before hCaptcha (the gate, schema,
 * service questions), comes from a person (empty honeypot) and is not a
 * repeat: the ones whose fate hCaptcha decides.
 */
function reachesCaptcha(
  request: Request,
  body: string | Uint8Array,
  parsed: unknown,
  allowedOrigins: string[],
): boolean {
  if (!passesGate(request, body, allowedOrigins)) return false;
  const result = submissionSchema.safeParse(parsed);
  if (!result.success || result.data.website.trim() !== '') return false;
  if (result.data.kind === 'package-request') {
    const service = serviceById.get(result.data.serviceId);
    if (!service || Object.keys(serviceFieldsProblems(service.inputFields, result.data.serviceFields)).length > 0)
      return false;
  }
  const key = request.headers.get('idempotency-key')?.trim();
  return !(key && /^[A-Za-z0-9_-]{8,100}$/.test(key) && acceptedKeys.has(key));
}
const tokenOf = (parsed: unknown) => (parsed as Record<string, unknown>)['h-captcha-response'];

// ---------------------------------------------------------------- properties

describe('with hCaptcha reachable', () => {
  it(
    'answers any body with any headers: never a throw, a documented status, never a 5xx, JSON with ok and error',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          headerShape(),
          rawBody,
          fc.constantFrom<keyof typeof configs>('dev', 'productionWithSecret', 'preview'),
          async (shape, body, which) => {
            const parsed = parseOrUndefined(body);
            const config = configs[which]();
            const request = makeRequest(shape, body);
            const captcha = reachesCaptcha(request, body, parsed, config.allowedOrigins);
            const { status } = await call(request, config, parsed);
            expect(status).toBeLessThan(500);
            if (shape.method !== 'POST') expect(status).toBe(405);
            // hCaptcha decides: the passing token is accepted, any other refused.
            if (captcha) expect(status).toBe(tokenOf(parsed) === PASSING_TOKEN ? 202 : 403);
            await checkStore();
          },
        ),
        bounded(RUNS),
      );
    },
    TEST_TIMEOUT,
  );

  it(
    'answers form-shaped bodies with arbitrary field values: a valid one from a person is accepted, nothing invalid is stored',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ arbitrary: headerShape(true), weight: 3 }, { arbitrary: headerShape(), weight: 1 }),
          formShaped,
          async (shape, form) => {
            const text = JSON.stringify(form);
            const config = configs.dev();
            const request = makeRequest(shape, text);
            const gate = passesGate(request, text, config.allowedOrigins);
            const captcha = reachesCaptcha(request, text, form, config.allowedOrigins);
            const { status } = await call(request, config, form);
            if (captcha) expect(status).toBe(tokenOf(form) === PASSING_TOKEN ? 202 : 403);
            expect(status).toBeLessThan(500);
            // With good headers a form the schema refuses is a 422, never stored; one it accepts is never a 422 for its fields.
            if (gate && !submissionSchema.safeParse(form).success) expect(status).toBe(422);
            await checkStore();
          },
        ),
        bounded(200),
      );
      // The generators reach every stage: a property that only ever saw 422s would prove little.
      expect(seen.get(202) ?? 0, `statuses seen: ${JSON.stringify([...seen])}`).toBeGreaterThanOrEqual(20);
      expect(seen.get(422) ?? 0).toBeGreaterThanOrEqual(20);
      expect(seen.get(403) ?? 0).toBeGreaterThanOrEqual(5);
    },
    TEST_TIMEOUT,
  );

  it(
    'refuses a body over 32 KB with 413 and reads one up to 32 KB, counting bytes not characters, streamed or not',
    async () => {
      const valid = {
        kind: 'callback',
        name: 'Asha Verma',
        email: 'asha@example.com',
        message: 'Call me, please.',
        'h-captcha-response': PASSING_TOKEN,
      };
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { arbitrary: fc.integer({ min: MAX_BODY_BYTES - 300, max: MAX_BODY_BYTES + 300 }), weight: 5 },
            { arbitrary: fc.integer({ min: MAX_BODY_BYTES + 1, max: 1_000_000 }), weight: 1 },
          ),
          fc.constantFrom('x', 'é', '€', '😀'),
          fc.constantFrom('string', 'stream', 'declared'),
          fc.integer({ min: 1, max: 9000 }),
          async (size, unit, delivery, chunkSize) => {
            // {...valid, "padding": "<unit repeated>"} then spaces up to exactly `size` bytes.
            const bytesOf = (text: string) => Buffer.byteLength(text);
            const skeleton = JSON.stringify({ ...valid, padding: '' });
            const room = Math.max(0, size - bytesOf(skeleton));
            const padding = unit.repeat(Math.floor(room / bytesOf(unit)));
            let text = JSON.stringify({ ...valid, padding });
            text += ' '.repeat(Math.max(0, size - bytesOf(text)));
            const bytes = new TextEncoder().encode(text);
            fc.pre(bytes.byteLength === size);
            const shape: Shape = {
              good: true,
              method: 'POST',
              contentType: 'application/json',
              origin: site,
              xsrf: { 'X-XSRF-TOKEN': 'token-1', Cookie: 'XSRF-TOKEN=token-1' },
              idempotency: {},
              extra: {},
            };
            if (delivery === 'declared') shape.extra = { 'Content-Length': String(size) };
            const body =
              delivery === 'stream'
                ? new ReadableStream<Uint8Array>({
                    start(controller) {
                      for (let offset = 0; offset < bytes.byteLength; offset += chunkSize)
                        controller.enqueue(bytes.slice(offset, offset + chunkSize));
                      controller.close();
                    },
                  })
                : text;
            const { status } = await call(makeRequest(shape, body), configs.dev(), JSON.parse(text));
            expect(status).toBe(size > MAX_BODY_BYTES ? 413 : 202);
            await checkStore();
          },
        ),
        bounded(100),
      );
    },
    TEST_TIMEOUT,
  );
});

describe('503 only where it is documented', () => {
  it(
    'hCaptcha unreachable (refusing connections or answering 500): a valid submission gets 503 and is not stored; nothing else is a 5xx',
    async () => {
      const closed = await startFakeSiteverify();
      await closed.close();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(headerShape(true), headerShape()),
          fc.oneof({ arbitrary: formShaped, weight: 3 }, { arbitrary: rawBody, weight: 1 }),
          fc.boolean(),
          async (shape, form, refusing) => {
            siteverify.mode = refusing ? 'by-token' : 'error';
            const config = refusing
              ? readConfig({ URL: site, HCAPTCHA_VERIFY_URL: closed.url, CONTACT_FORWARD_URL: webhook.url }, 'dev')
              : configs.dev();
            const text = typeof form === 'string' || form instanceof Uint8Array ? form : JSON.stringify(form);
            const parsed = parseOrUndefined(text);
            const request = makeRequest(shape, text);
            const captcha = reachesCaptcha(request, text, parsed, config.allowedOrigins);
            const { status, body } = await call(request, config, parsed);
            // 503 exactly for the requests hCaptcha would decide, whatever their token; never for another.
            if (captcha) {
              expect(status, 'a request hCaptcha decides, while hCaptcha is unreachable').toBe(503);
              expect(body.error).toMatch(/robot check/);
            } else {
              expect(status, 'a request refused or accepted before hCaptcha').toBeLessThan(500);
            }
            // Only a bot's filled honeypot, never checked with hCaptcha, can be stored now.
            for (const record of await checkStore())
              expect(record.spam, `record ${record.id} stored without hCaptcha's pass`).toBe(true);
          },
        ),
        bounded(RUNS),
      );
      siteverify.mode = 'by-token';
      expect(seen.get(503) ?? 0, 'no request reached the captcha check').toBeGreaterThanOrEqual(10);
    },
    TEST_TIMEOUT,
  );

  it(
    'production without HCAPTCHA_SECRET: a valid submission gets 503 without asking hCaptcha; nothing else is a 5xx',
    async () => {
      const production = readConfig(
        { URL: site, HCAPTCHA_VERIFY_URL: siteverify.url, CONTACT_FORWARD_URL: webhook.url },
        'production',
      );
      expect(production.hcaptchaSecret).toBeUndefined();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(headerShape(true), headerShape()),
          fc.oneof({ arbitrary: formShaped, weight: 3 }, { arbitrary: rawBody, weight: 1 }),
          async (shape, form) => {
            const text = typeof form === 'string' || form instanceof Uint8Array ? form : JSON.stringify(form);
            const parsed = parseOrUndefined(text);
            const request = makeRequest(shape, text);
            const captcha = reachesCaptcha(request, text, parsed, production.allowedOrigins);
            const { status, body } = await call(request, production, parsed);
            if (captcha) {
              expect(status, 'a request hCaptcha would decide, in production without a secret').toBe(503);
              expect(body.error).toMatch(/not available/);
            } else {
              expect(status, 'a request refused or accepted before hCaptcha').toBeLessThan(500);
            }
            for (const record of await checkStore())
              expect(record.spam, `record ${record.id} stored without hCaptcha's pass`).toBe(true);
          },
        ),
        bounded(RUNS),
      );
      expect(seen.get(503) ?? 0, 'no request reached the captcha check').toBeGreaterThanOrEqual(10);
      expect(siteverify.calls).toEqual([]);
    },
    TEST_TIMEOUT,
  );
});
