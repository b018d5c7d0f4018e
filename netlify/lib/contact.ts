import { readCookie, XSRF_COOKIE, XSRF_HEADER } from '../../src/lib/api.ts';
import {
  fieldErrors,
  FORM_KINDS,
  normalWebAddress,
  serviceFieldsProblems,
  submissionSchema,
  type Submission,
} from '../../src/lib/forms.ts';
import { publishedNoticeVersions } from '../../src/lib/privacy-notice.ts';
import { verifyCaptcha } from './captcha.ts';
import { findService } from './catalogue.ts';
import type { SubmissionConfig } from './config.ts';
import { takeAcknowledgement } from './ack-limit.ts';
import { deliverSubmission, deliveryOptions, nextAttemptOf } from './delivery.ts';
import type { Mailer } from './mailer.ts';
import { logEvent } from './log.ts';
import { eraseSubmission } from './personal-data.ts';
import {
  answersHash,
  idempotencyKey,
  newSubmissionId,
  pendingKey,
  readClaim,
  readSubmission,
  sealSubmission,
  submissionKey,
  type IdempotencyClaim,
  type PendingMarker,
  type StoredSubmission,
  type SubmissionStore,
} from './records.ts';

/*
 * POST /api/contact: the checks every submission passes, in order, each with
 * its own status and a JSON body the forms can show. An accepted submission is
 * stored before the answer, then forwarded to the company's webhook.
 */

export const MAX_BODY_BYTES = 32 * 1024;

export interface ContactDependencies {
  config: SubmissionConfig;
  store: SubmissionStore;
  /** Keeps delivery running after the answer (Netlify's context.waitUntil). */
  waitUntil: (promise: Promise<unknown>) => void;
  clientIp?: string | undefined;
  /** Sends the team's lead and the acknowledgement; none where the site sends no mail. */
  mailer?: Mailer | undefined;
  now?: () => Date;
  fetch?: typeof fetch;
}

type Failure = {
  status: number;
  error: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  reason: string;
};

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    // Netlify's header rules do not reach function responses, so every answer carries its own.
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });

const failureResponse = (failure: Failure, kind = 'unknown') => {
  logEvent(failure.status >= 500 ? 'error' : 'info', {
    event: 'submission',
    status: failure.status,
    kind,
    reason: failure.reason,
  });
  return jsonResponse(
    failure.status,
    { ok: false, error: failure.error, ...(failure.fields ? { fields: failure.fields } : {}) },
    failure.headers,
  );
};

/** Reads at most MAX_BODY_BYTES; more is refused without reading the rest into memory. */
async function readBody(request: Request): Promise<string | 'too-large'> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > MAX_BODY_BYTES) return 'too-large';
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return 'too-large';
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

async function checkServiceFields(submission: Submission): Promise<Record<string, string>> {
  if (submission.kind !== 'package-request') return {};
  const service = await findService(submission.serviceId);
  if (!service) return { serviceId: 'Choose a service from our catalogue' };
  const problems = serviceFieldsProblems(service.inputFields, submission.serviceFields);
  // Web addresses are kept as the normal form of what was checked, never as typed.
  for (const question of service.inputFields) {
    const value = submission.serviceFields[question.name];
    if (question.type === 'url' && value) submission.serviceFields[question.name] = normalWebAddress(value) ?? value;
  }
  return problems;
}

const noticeVersions = new Set(publishedNoticeVersions());

/** The visitor's answers as stored and forwarded: everything but the captcha token and the honeypot. */
function storedAnswers(submission: Submission): Record<string, unknown> {
  const { 'h-captcha-response': _token, website: _honeypot, kind: _kind, ...rest } = submission;
  return rest;
}

/** The answer when the store cannot even be opened: 503, with the headers of every other answer. */
export function storeUnavailable(): Response {
  return failureResponse({ ...storageFailure, reason: 'store' });
}

/**
 * Answers every request, never throws: 202, 400, 403, 405, 409, 413, 415, 422 or 503,
 * each with a JSON body `{ ok, id }` or `{ ok: false, error, fields? }`.
 */
export async function handleContact(request: Request, deps: ContactDependencies): Promise<Response> {
  try {
    return await validateRequest(request, deps);
  } catch {
    // A fault nobody foresaw (a store client throwing where no check expected it) still gets a plain answer.
    return failureResponse({ ...storageFailure, reason: 'unexpected' });
  }
}

/** The request's checks, in order; a valid submission goes on to verifyAndClaim, one at a time per key. */
async function validateRequest(request: Request, deps: ContactDependencies): Promise<Response> {
  const now = deps.now ?? (() => new Date());
  for (const problem of deps.config.problems) logEvent('error', { event: 'configuration', reason: problem });

  if (request.method !== 'POST') {
    return failureResponse({
      status: 405,
      error: 'Send the form with POST.',
      headers: { Allow: 'POST' },
      reason: 'method',
    });
  }
  const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') {
    return failureResponse({
      status: 415,
      error: 'Send the form as JSON (Content-Type: application/json).',
      reason: 'content-type',
    });
  }
  const text = await readBody(request);
  if (text === 'too-large') {
    return failureResponse({
      status: 413,
      error: 'The form is too large to send. Shorten your message and try again.',
      reason: 'size',
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failureResponse({
      status: 400,
      error: 'The form could not be read. Reload the page and try again.',
      reason: 'json',
    });
  }

  const origin = request.headers.get('origin');
  const ownOrigin = new URL(request.url).origin;
  if (!origin || (origin !== ownOrigin && !deps.config.allowedOrigins.includes(origin))) {
    return failureResponse({
      status: 403,
      error: 'This form can only be sent from our own website.',
      reason: 'origin',
    });
  }
  const headerToken = request.headers.get(XSRF_HEADER) ?? '';
  // A cookie that is not valid %-encoding reads as none: refused with 403 like a missing one.
  const cookieToken = readCookie(request.headers.get('cookie') ?? '', XSRF_COOKIE) ?? '';
  if (!headerToken || !cookieToken || !sameToken(headerToken, cookieToken)) {
    return failureResponse({
      status: 403,
      error: 'Your session has expired. Reload the page and send the form again; what you typed is kept.',
      reason: 'xsrf',
    });
  }

  const parsed = submissionSchema.safeParse(body);
  const kindOf = (value: unknown) => {
    const kind = (value as { kind?: unknown } | null)?.kind;
    return typeof kind === 'string' && (FORM_KINDS as readonly string[]).includes(kind) ? kind : 'unknown';
  };
  if (!parsed.success) {
    return failureResponse(
      { status: 422, error: 'Some answers need changing.', fields: fieldErrors(parsed.error), reason: 'schema' },
      kindOf(body),
    );
  }
  const submission = parsed.data;
  if (!noticeVersions.has(submission.noticeVersion)) {
    return failureResponse(
      {
        status: 422,
        error: 'Some answers need changing.',
        fields: { noticeVersion: 'Reload the page and send the form again' },
        reason: 'notice-version',
      },
      submission.kind,
    );
  }
  const serviceProblems = await checkServiceFields(submission);
  if (Object.keys(serviceProblems).length > 0) {
    return failureResponse(
      { status: 422, error: 'Some answers need changing.', fields: serviceProblems, reason: 'service-fields' },
      submission.kind,
    );
  }

  const repeatKey = request.headers.get('idempotency-key')?.trim();
  const validRepeatKey = repeatKey && /^[A-Za-z0-9_-]{8,100}$/.test(repeatKey) ? repeatKey : undefined;
  if (!validRepeatKey) return verifyAndClaim(submission, undefined, deps, now);

  // Copies of one request that arrive together in one process are taken one after
  // the other, so the second finds what the first stored. Across function instances
  // the store's create-only write (onlyIfNew), atomic on Netlify Blobs, decides.
  const previous = inFlight.get(validRepeatKey) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(() => verifyAndClaim(submission, validRepeatKey, deps, now));
  inFlight.set(validRepeatKey, current);
  try {
    return await current;
  } finally {
    if (inFlight.get(validRepeatKey) === current) inFlight.delete(validRepeatKey);
  }
}

const inFlight = new Map<string, Promise<Response>>();

const storageFailure: Failure = {
  status: 503,
  error: 'We could not save your message just now. Please try again in a minute.',
  reason: 'storage',
};

/** Which channels a new submission goes through: a channel not configured is skipped, not failed. */
interface Channels {
  webhook: boolean;
  mail: boolean;
  /** The acknowledgement: mail is configured and the address is under its hourly limit. */
  ack: boolean;
}

/** A valid submission as it is stored, with the id and time it was given. */
function recordOf(
  submission: Submission,
  id: string,
  receivedAt: Date,
  validRepeatKey: string | undefined,
  channels: Channels,
): StoredSubmission {
  const pending = { status: 'pending' as const, attempts: 0, nextAttemptAt: receivedAt.toISOString() };
  const skipped = (why: string) => ({ status: 'skipped' as const, attempts: 0, lastError: why });
  return {
    id,
    kind: submission.kind,
    receivedAt: receivedAt.toISOString(),
    spam: false,
    fields: storedAnswers(submission),
    idempotencyKey: validRepeatKey,
    ...(submission.kind === 'contact' && submission.optIn
      ? {
          consent: {
            mailingList: true as const,
            givenAt: receivedAt.toISOString(),
            noticeVersion: submission.noticeVersion,
          },
        }
      : {}),
    delivery: channels.webhook ? pending : { status: 'not-forwarded', attempts: 0 },
    mail: {
      team: channels.mail ? pending : skipped('no mail server configured'),
      ack: channels.ack
        ? pending
        : skipped(channels.mail ? 'acknowledgement limit for this address' : 'no mail server configured'),
    },
  };
}

/** Whether an erasure turned the claim into a tombstone while a resend was writing the record again. */
async function erasedMeanwhile(store: SubmissionStore, key: string): Promise<boolean> {
  const claim = await readClaim(store, key).catch(() => null);
  return claim?.erased === true;
}

const formsUnavailable: Failure = {
  status: 503,
  error: 'Our forms are not available right now. Please call, WhatsApp or e-mail us instead.',
  reason: 'configuration',
};

/**
 * From here the submission is valid: a bot's is dropped, the captcha verified
 * and the key claimed before it is stored. With an Idempotency-Key the writes
 * are, in order: the claim of the key (create-only), the pending marker, the record.
 * A crash after any of them is mended by the form's resend with the same key,
 * which finds the claim and finishes under the claimed id; a record never
 * exists without its marker, so the retry run delivers whatever was stored.
 */
async function verifyAndClaim(
  submission: Submission,
  validRepeatKey: string | undefined,
  deps: ContactDependencies,
  now: () => Date,
): Promise<Response> {
  // A filled honeypot is a bot: it is told "accepted" and nothing of it is kept, so the form is no way to
  // write into the store without passing the captcha.
  if (submission.website.trim() !== '') {
    logEvent('info', { event: 'submission', status: 202, kind: submission.kind, reason: 'spam' });
    return jsonResponse(202, { ok: true, id: newSubmissionId(now()) });
  }
  const bodyHash = answersHash({ kind: submission.kind, website: submission.website, ...storedAnswers(submission) });

  if (validRepeatKey) {
    let claim: IdempotencyClaim | null;
    try {
      claim = await readClaim(deps.store, validRepeatKey);
    } catch {
      return failureResponse(storageFailure, submission.kind);
    }
    // No second captcha check: a claim is written only after this exact body (same hash) passed
    // the check, and a captcha token cannot be verified twice.
    if (claim) return handleResend(claim, bodyHash, submission, validRepeatKey, deps, now);
  }

  if (deps.config.refuseSubmissions || !deps.config.hcaptchaSecret)
    return failureResponse(formsUnavailable, submission.kind);
  const { verdict, codes } = await verifyCaptcha(submission['h-captcha-response'], {
    secret: deps.config.hcaptchaSecret,
    verifyUrl: deps.config.verifyUrl,
    siteKey: deps.config.hcaptchaSiteKey,
    remoteIp: deps.clientIp,
    hostnames: deps.config.captchaHostnames,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  if (verdict === 'misconfigured') {
    logEvent('error', {
      event: 'configuration',
      problem: codes.join(','),
      reason: 'siteverify refused the site key or secret; check HCAPTCHA_SECRET and PUBLIC_HCAPTCHA_SITE_KEY',
    });
    return failureResponse({ ...formsUnavailable, reason: 'captcha-configuration' }, submission.kind);
  }
  if (verdict === 'failed') {
    return failureResponse(
      {
        status: 403,
        error: 'The robot check did not pass. Please do the check again.',
        reason: codes.includes('hostname') ? 'captcha-hostname' : 'captcha',
      },
      submission.kind,
    );
  }
  if (verdict === 'unreachable') {
    return failureResponse(
      {
        status: 503,
        error: 'We could not run the robot check just now. Please try again in a minute.',
        reason: 'captcha-unreachable',
      },
      submission.kind,
    );
  }

  const receivedAt = now();
  const id = newSubmissionId(receivedAt);
  if (validRepeatKey) {
    const claim: IdempotencyClaim = { id, receivedAt: receivedAt.toISOString(), bodyHash };
    try {
      const written = await deps.store.setJSON(idempotencyKey(validRepeatKey), claim, { onlyIfNew: true });
      if (!written.modified) {
        // Another instance claimed the key a moment earlier: its claim decides.
        const earlier = await readClaim(deps.store, validRepeatKey);
        if (!earlier) return failureResponse(storageFailure, submission.kind);
        return handleResend(earlier, bodyHash, submission, validRepeatKey, deps, now);
      }
    } catch {
      return failureResponse(storageFailure, submission.kind);
    }
  }
  return storeAndForward(submission, id, receivedAt, validRepeatKey, deps, now);
}

/**
 * A resend of a claimed key: the same answers get the claimed id, finishing what the first copy began; other
 * answers a 409.
 */
async function handleResend(
  claim: IdempotencyClaim,
  bodyHash: string,
  submission: Submission,
  validRepeatKey: string,
  deps: ContactDependencies,
  now: () => Date,
): Promise<Response> {
  if (claim.erased) {
    // The person's data was erased since: the resend is answered as before and brings nothing back.
    logEvent('info', { event: 'submission', status: 202, kind: submission.kind, id: claim.id, reason: 'erased' });
    return jsonResponse(202, { ok: true, id: claim.id });
  }
  if (claim.bodyHash !== bodyHash) {
    return failureResponse(
      {
        status: 409,
        error: 'This form was already sent with different answers. Send it again as a new message.',
        reason: 'repeat-changed',
      },
      submission.kind,
    );
  }
  let existing: StoredSubmission | null;
  try {
    existing = await readSubmission(deps.store, claim.id);
  } catch {
    return failureResponse(storageFailure, submission.kind);
  }
  if (existing) {
    logEvent('info', { event: 'submission', status: 202, kind: submission.kind, id: claim.id, reason: 'repeat' });
    return jsonResponse(202, { ok: true, id: claim.id });
  }
  // The first copy stopped after its claim (or its marker): finish it under the claimed id.
  return storeAndForward(submission, claim.id, new Date(claim.receivedAt), validRepeatKey, deps, now, 'resumed');
}

/** Writes the pending marker (when a channel will deliver it), then the record; then starts its delivery. */
async function storeAndForward(
  submission: Submission,
  id: string,
  receivedAt: Date,
  validRepeatKey: string | undefined,
  deps: ContactDependencies,
  now: () => Date,
  reason?: string,
): Promise<Response> {
  const mail = Boolean(deps.mailer);
  const channels: Channels = {
    webhook: Boolean(deps.config.forwardUrl),
    mail,
    ack: mail && (await takeAcknowledgement(deps.store, submission.email, receivedAt, deps.config.submissionsKey)),
  };
  const record = recordOf(submission, id, receivedAt, validRepeatKey, channels);
  const nextAttemptAt = nextAttemptOf(record);
  let created: boolean;
  try {
    if (nextAttemptAt) {
      const marker: PendingMarker = { id, nextAttemptAt, createdAt: record.receivedAt };
      await deps.store.setJSON(pendingKey(id), marker);
    }
    // Create-only: if another copy already stored (and perhaps delivered) it, that record stays as it is.
    const stored = sealSubmission(record, deps.config.submissionsKey);
    created = (await deps.store.setJSON(submissionKey(id), stored, { onlyIfNew: true })).modified;
  } catch {
    return failureResponse(storageFailure, submission.kind);
  }
  if (created && validRepeatKey && reason === 'resumed' && (await erasedMeanwhile(deps.store, validRepeatKey))) {
    await eraseSubmission(deps.store, record).catch(() => undefined);
    logEvent('info', { event: 'submission', status: 202, kind: record.kind, id, reason: 'erased' });
    return jsonResponse(202, { ok: true, id });
  }

  logEvent('info', {
    event: 'submission',
    status: 202,
    kind: record.kind,
    id,
    ...(reason ? { reason } : {}),
  });
  if (nextAttemptAt && created) {
    deps.waitUntil(
      deliverSubmission(id, {
        ...deliveryOptions(deps.config, deps.mailer),
        store: deps.store,
        now,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      }).catch(() => {
        // The marker stays; the scheduled function retries. Nothing personal is logged.
        logEvent('error', { event: 'delivery', status: 'pending', kind: record.kind, id, reason: 'delivery threw' });
      }),
    );
  }
  return jsonResponse(202, { ok: true, id });
}
