import { createHmac } from 'node:crypto';
import {
  gaveUpKey,
  leaseKey,
  openSubmission,
  pendingKey,
  readSubmission,
  submissionKey,
  type DeliveryLease,
  type PendingMarker,
  type StoredSubmission,
  type SubmissionStore,
} from './records.ts';
import { logEvent } from './log.ts';

/*
 * Forwarding a stored submission to the company's webhook. A delivery that
 * fails stays pending and is retried with growing waits by the scheduled
 * function. Slack and Zapier ignore the Idempotency-Key header, so the only
 * guard against a second message is here: whoever forwards a submission (the
 * function right after accepting it, or a retry run) first takes its lease,
 * "leases/{id}", and re-reads the record under it.
 *
 * The lease is created with a create-only write; an expired one is taken over
 * with a write conditional on the ETag that was read, so of two runs that find
 * the same expired lease only one succeeds. Netlify Blobs makes both writes
 * atomic, and so does the local server (scripts/serve.ts takes the writes of one
 * key one at a time in front of its Blobs server, which checks and then writes).
 * Leases held by this process are also kept in memory: that covers deliveries
 * started in one process (a warm Netlify instance, tests that call this
 * module), not the local server, which runs every function call in a worker
 * thread of its own, with its own memory.
 *
 * The outcome is written back only over the record that was read (a write
 * conditional on its ETag), and the pending marker only over the marker that
 * was there: when `npm run submissions -- --erase` erases a submission while
 * its delivery is in flight, neither comes back.
 *
 * The only way left to deliver twice is a crash after the webhook answered and
 * before the record says "delivered"; the submission id travels as the
 * Idempotency-Key so a receiver that honours it can drop that repeat.
 */

/** Each webhook call gives up after this long. */
export const DELIVERY_TIMEOUT_MS = 8_000;
/** A lease outlives any delivery by far: a run that holds it has stopped (Netlify ends a function at 30 s). */
export const LEASE_MS = 2 * 60_000;
/** A retry run starts no delivery that could end after this, well inside Netlify's 30 s limit. */
export const RUN_BUDGET_MS = 20_000;
/** Webhook calls at the same time within one run. */
export const RUN_CONCURRENCY = 4;
/** A delivery still failing this long after the submission arrived is marked failed and no longer retried. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** A pending marker whose record never followed (a crash between the two writes) waits this long for the resend. */
export const ORPHAN_MARKER_GRACE_MS = 24 * 60 * 60 * 1000;
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

export interface DeliveryOptions {
  store: SubmissionStore;
  forwardUrl: string;
  /** Signs each body (X-Signature); without it (dev only) bodies go unsigned. */
  forwardSecret?: string | undefined;
  /** Opens records sealed in the store (netlify/lib/records.ts). */
  submissionsKey?: string | undefined;
  retryBaseMs: number;
  now?: () => Date;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How long a lease lasts; LEASE_MS unless the configuration shortens it. */
  leaseMs?: number;
  /** The submissions this process is forwarding now; a separate set stands for another function instance in tests. */
  heldHere?: Set<string>;
}

export interface RunOptions extends DeliveryOptions {
  budgetMs?: number;
  concurrency?: number;
}

export interface RunResult {
  /** Deliveries attempted. */
  tried: number;
  delivered: number;
  /** Given up after GIVE_UP_AFTER_MS: stored, not delivered. */
  failed: number;
  /** Entries that could not be read, or held by another run. */
  skipped: number;
  /** Due entries left for the next run because the time budget was spent. */
  left: number;
}

const heldInThisProcess = new Set<string>();

/** The wait before attempt n+1, after n failed attempts: base, 2×base, 4×base, ... at most six hours. */
export function backoff(failedAttempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, failedAttempts - 1), MAX_WAIT_MS);
}

/**
 * The ETag of one entry from the store's listing: the local Blobs server answers a read without one (and its
 * listing reads the whole folder, a few milliseconds per hundred entries). Netlify's read carries it.
 * Under load that listing now and then fails, or leaves the entry out or without its ETag: it looks at every file of
 * the folder while other writes rename their temporary files (@netlify/blobs 11.1, BlobsServer.walk). It is asked
 * again, a moment later, a few times.
 */
async function etagFromListing(store: SubmissionStore, key: string): Promise<string | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { blobs } = await store.list({ prefix: key });
      const etag = blobs.find((blob) => blob.key === key)?.etag;
      if (etag || attempt === 3) return etag || undefined;
    } catch (error) {
      if (attempt === 3) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
  }
}

/** Takes the lease of one submission; returns its owner token, or undefined when another holds it. */
async function takeLease(store: SubmissionStore, id: string, now: Date, leaseMs: number): Promise<string | undefined> {
  const owner = crypto.randomUUID();
  const lease: DeliveryLease = { owner, expiresAt: new Date(now.getTime() + leaseMs).toISOString() };
  if ((await store.setJSON(leaseKey(id), lease, { onlyIfNew: true })).modified) return owner;
  let current: { data: unknown; etag?: string | undefined } | null;
  try {
    current = await store.getWithMetadata(leaseKey(id), { type: 'json', consistency: 'strong' });
  } catch {
    // A lease that cannot be read is treated as expired; the ETag condition below still decides.
    current = null;
  }
  if (!current) return (await store.setJSON(leaseKey(id), lease, { onlyIfNew: true })).modified ? owner : undefined;
  let { data, etag } = current;
  if (!etag) {
    // The ETag is read before the data, so a lease renewed in between fails the condition instead of being lost.
    etag = await etagFromListing(store, leaseKey(id));
    data = await store.get(leaseKey(id), { type: 'json', consistency: 'strong' }).catch(() => null);
  }
  const expiresAt = Date.parse((data as Partial<DeliveryLease> | null)?.expiresAt ?? '');
  if (expiresAt > now.getTime() || !etag) return undefined;
  return (await store.setJSON(leaseKey(id), lease, { onlyIfMatch: etag })).modified ? owner : undefined;
}

async function releaseLease(store: SubmissionStore, id: string, owner: string): Promise<void> {
  const current = (await store
    .get(leaseKey(id), { type: 'json', consistency: 'strong' })
    .catch(() => null)) as DeliveryLease | null;
  if (current?.owner === owner) await store.delete(leaseKey(id));
}

/**
 * The signature a receiver checks: HMAC-SHA256 under CONTACT_FORWARD_SECRET of "{timestamp}.{body}", sent as
 * "X-Signature: t={timestamp},v1={hex}" (docs/forms.md shows the receiver's side).
 */
export function signBody(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What one webhook call came to: nothing wrong, or the problem (no personal data) and how to go on. */
interface Attempt {
  problem?: string;
  /** The address or its access is wrong: no retry can succeed, so the delivery is given up at once. */
  permanent?: boolean;
  /** The receiver asked for this wait (Retry-After on a 429 or 503). */
  retryAfterMs?: number;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
function retryAfter(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const wait = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now.getTime();
  return Number.isFinite(wait) && wait > 0 ? Math.min(wait, MAX_WAIT_MS) : undefined;
}

/** One webhook call. A redirect is never followed: a revoked hook that sends to a login page has not delivered. */
async function post(submission: StoredSubmission, options: DeliveryOptions, now: Date): Promise<Attempt> {
  let fields: Record<string, unknown>;
  try {
    fields = openSubmission(submission, options.submissionsKey).fields;
  } catch {
    return { problem: 'record sealed under another key, or SUBMISSIONS_KEY missing' };
  }
  const body = JSON.stringify({
    id: submission.id,
    kind: submission.kind,
    receivedAt: submission.receivedAt,
    ...fields,
  });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': submission.id };
  if (options.forwardSecret)
    headers['X-Signature'] = signBody(options.forwardSecret, Math.floor(now.getTime() / 1000), body);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(options.forwardUrl, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
  } catch (error) {
    return {
      problem: error instanceof Error && error.name === 'TimeoutError' ? 'webhook timed out' : 'webhook unreachable',
    };
  }
  const { status } = response;
  if (status >= 200 && status < 300) return {};
  // fetch reports a redirect it was told not to follow as status 0 ("opaqueredirect") in browsers, 3xx in Node.
  if (status < 200 || (status >= 300 && status < 400)) return { problem: `webhook redirected (${status || '3xx'})` };
  const wait = status === 429 || status === 503 ? retryAfter(response.headers.get('retry-after'), now) : undefined;
  if (status >= 400 && status < 500 && ![408, 425, 429].includes(status)) {
    return { problem: `webhook answered ${status}: check CONTACT_FORWARD_URL and its access`, permanent: true };
  }
  return { problem: `webhook answered ${status}`, ...(wait ? { retryAfterMs: wait } : {}) };
}

/** A submission as read under its lease, with the ETags its outcome is written against. */
interface ReadUnderLease {
  submission: StoredSubmission;
  etag: string;
  /** The pending marker's ETag; undefined when there is none (it was erased). */
  markerEtag: string | undefined;
}

async function readUnderLease(store: SubmissionStore, id: string): Promise<ReadUnderLease | null> {
  const found = await store.getWithMetadata(submissionKey(id), { type: 'json', consistency: 'strong' });
  if (!found) return null;
  let { data, etag } = found;
  if (!etag) {
    // The ETag is read before the data, so a change in between fails the condition instead of being lost.
    etag = await etagFromListing(store, submissionKey(id));
    data = await readSubmission(store, id);
  }
  if (!data) return null;
  // Without it the outcome could not be written safely: the run leaves it for the next one.
  if (!etag) throw new Error('the store gave no ETag for the record');
  const marker = await store
    .getWithMetadata(pendingKey(id), { type: 'json', consistency: 'strong' })
    .catch(() => undefined);
  const markerEtag = marker === null ? undefined : (marker?.etag ?? (await etagFromListing(store, pendingKey(id))));
  return { submission: data as StoredSubmission, etag, markerEtag };
}

/**
 * Records the outcome of an attempt: delivered, pending with its next time, or failed after the limit.
 * Null when the record was erased (or changed) while the webhook was called: nothing is written back.
 */
async function settle(
  { submission, etag, markerEtag }: ReadUnderLease,
  { problem, permanent, retryAfterMs }: Attempt,
  options: DeliveryOptions,
  now: () => Date,
): Promise<StoredSubmission | null> {
  const attempts = submission.delivery.attempts + 1;
  const at = now();
  let updated: StoredSubmission;
  if (!problem) {
    updated = { ...submission, delivery: { status: 'delivered', attempts, deliveredAt: at.toISOString() } };
  } else if (permanent || at.getTime() - Date.parse(submission.receivedAt) >= GIVE_UP_AFTER_MS) {
    updated = {
      ...submission,
      delivery: { status: 'failed', attempts, failedAt: at.toISOString(), lastError: problem },
    };
  } else {
    const wait = Math.max(backoff(attempts, options.retryBaseMs), retryAfterMs ?? 0);
    const nextAttemptAt = new Date(at.getTime() + wait).toISOString();
    updated = { ...submission, delivery: { status: 'pending', attempts, nextAttemptAt, lastError: problem } };
  }
  if (!(await options.store.setJSON(submissionKey(submission.id), updated, { onlyIfMatch: etag })).modified) {
    logEvent('info', {
      event: 'delivery',
      status: 'not recorded',
      kind: submission.kind,
      id: submission.id,
      reason: 'the record was erased or changed while the webhook was called',
    });
    return null;
  }
  const { nextAttemptAt } = updated.delivery;
  if (updated.delivery.status === 'pending' && nextAttemptAt && markerEtag) {
    const marker: PendingMarker = { id: submission.id, nextAttemptAt, createdAt: submission.receivedAt };
    await options.store.setJSON(pendingKey(submission.id), marker, { onlyIfMatch: markerEtag });
  }
  if (updated.delivery.status === 'failed') {
    await options.store.setJSON(gaveUpKey(submission.id), { id: submission.id, failedAt: at.toISOString() });
  }
  logEvent(updated.delivery.status === 'failed' ? 'error' : 'info', {
    event: 'delivery',
    status: updated.delivery.status,
    kind: updated.kind,
    id: updated.id,
    attempts,
    ...(problem ? { problem } : {}),
    ...(permanent ? { reason: 'configuration' } : {}),
  });
  return updated;
}

export type DeliveryOutcome = 'delivered' | 'pending' | 'failed' | 'busy' | 'done' | 'missing' | 'gone';

/**
 * Forwards one stored submission if it is still pending, under its lease.
 * "busy": another run holds it; "done": it needs no delivery any more (its marker
 * is removed); "missing": there is no record (yet); "gone": the record was erased
 * (or changed) while the webhook was called, so nothing was written back.
 */
export async function deliverSubmission(id: string, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const now = options.now ?? (() => new Date());
  const held = options.heldHere ?? heldInThisProcess;
  if (held.has(id)) return 'busy';
  held.add(id);
  try {
    const owner = await takeLease(options.store, id, now(), options.leaseMs ?? LEASE_MS);
    if (!owner) return 'busy';
    let outcome: DeliveryOutcome;
    try {
      // Read under the lease: a run that delivered it before has already written "delivered".
      const read = await readUnderLease(options.store, id);
      if (!read) outcome = 'missing';
      else if (read.submission.delivery.status !== 'pending') outcome = 'done';
      else {
        const updated = await settle(read, await post(read.submission, options, now()), options, now);
        outcome = updated ? (updated.delivery.status as 'delivered' | 'pending' | 'failed') : 'gone';
      }
    } finally {
      await releaseLease(options.store, id, owner);
    }
    // The marker goes last, after the lease: a crash before this leaves a marker that the next
    // run finds delivered (or failed) and removes, never a lease that nothing comes back to.
    if (outcome === 'delivered' || outcome === 'failed' || outcome === 'done') {
      await options.store.delete(pendingKey(id));
    }
    return outcome;
  } finally {
    held.delete(id);
  }
}

/**
 * One retry run: every pending submission whose wait is over, a few at a time,
 * starting none that could end after the time budget. An entry that cannot be
 * read is skipped and logged by its id alone; it never stops the run.
 */
export async function deliverPending(options: RunOptions): Promise<RunResult> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const budgetMs = options.budgetMs ?? RUN_BUDGET_MS;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  // Room after the last webhook call for the writes that record its outcome.
  const latestStart = budgetMs - timeoutMs - Math.min(2_000, timeoutMs / 4);
  const result: RunResult = { tried: 0, delivered: 0, failed: 0, skipped: 0, left: 0 };
  const { blobs } = await options.store.list({ prefix: 'pending/' });
  const queue = blobs.map(({ key }) => key);

  const work = async (key: string) => {
    const id = key.slice('pending/'.length);
    let marker: PendingMarker | null;
    try {
      marker = (await options.store.get(key, { type: 'json', consistency: 'strong' })) as PendingMarker | null;
    } catch {
      result.skipped += 1;
      logEvent('error', { event: 'retry-run', id, reason: 'pending marker unreadable; skipped' });
      return;
    }
    if (!marker) return;
    const due = Date.parse(marker.nextAttemptAt);
    if (due > now().getTime()) return;
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliverSubmission(id, { ...options, timeoutMs });
    } catch {
      result.skipped += 1;
      logEvent('error', { event: 'retry-run', id, reason: 'submission unreadable or store failed; skipped' });
      return;
    }
    if (outcome === 'missing') {
      await dropOrphan(options.store, key, id, marker, now());
      return;
    }
    if (outcome === 'busy') result.skipped += 1;
    if (outcome === 'delivered' || outcome === 'pending' || outcome === 'failed' || outcome === 'gone')
      result.tried += 1;
    if (outcome === 'delivered') result.delivered += 1;
    if (outcome === 'failed') result.failed += 1;
  };

  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      if (performance.now() - started > latestStart) {
        result.left += queue.length + 1;
        queue.length = 0;
        return;
      }
      await work(key);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? RUN_CONCURRENCY }, worker));
  return result;
}

/** How many deliveries have been given up and still wait for a person (`npm run submissions` lists them). */
export async function countGivenUp(store: SubmissionStore): Promise<number> {
  return (await store.list({ prefix: 'gave-up/' })).blobs.length;
}

/** A marker whose record never came: the resend with the same key will write it; after the grace period, drop it. */
async function dropOrphan(store: SubmissionStore, key: string, id: string, marker: PendingMarker, now: Date) {
  const since = Date.parse(marker.createdAt ?? marker.nextAttemptAt);
  if (!(now.getTime() - since > ORPHAN_MARKER_GRACE_MS)) return;
  try {
    await store.delete(key);
    logEvent('error', {
      event: 'retry-run',
      id,
      reason: 'pending marker without a record after the grace period; dropped',
    });
  } catch {
    logEvent('error', { event: 'retry-run', id, reason: 'orphan pending marker could not be dropped' });
  }
}
