import {
  pendingKey,
  readSubmission,
  submissionKey,
  type PendingMarker,
  type StoredSubmission,
  type SubmissionStore,
} from './records.ts';
import { logEvent } from './log.ts';

/*
 * Forwarding a stored submission to the company's webhook. A delivery that
 * fails stays pending and is retried with growing waits by the scheduled
 * function; the submission id travels as the Idempotency-Key so the receiver
 * can drop a repeat, and a retry never makes a second lead.
 */

export const DELIVERY_TIMEOUT_MS = 10_000;
export const MAX_ATTEMPTS = 12;
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

export interface DeliveryOptions {
  store: SubmissionStore;
  forwardUrl: string;
  retryBaseMs: number;
  now?: () => Date;
  fetch?: typeof fetch;
}

/** The wait before attempt n+1, after n failed attempts: base, 2×base, 4×base, ... at most six hours. */
export function backoff(failedAttempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, failedAttempts - 1), MAX_WAIT_MS);
}

export async function deliver(submission: StoredSubmission, options: DeliveryOptions): Promise<StoredSubmission> {
  const now = options.now ?? (() => new Date());
  const attempts = submission.delivery.attempts + 1;
  let problem: string | undefined;
  try {
    const response = await (options.fetch ?? fetch)(options.forwardUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': submission.id },
      body: JSON.stringify({
        id: submission.id,
        kind: submission.kind,
        receivedAt: submission.receivedAt,
        ...submission.fields,
      }),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) problem = `webhook answered ${response.status}`;
  } catch (error) {
    problem = error instanceof Error && error.name === 'TimeoutError' ? 'webhook timed out' : 'webhook unreachable';
  }

  let updated: StoredSubmission;
  if (!problem) {
    updated = { ...submission, delivery: { status: 'delivered', attempts, deliveredAt: now().toISOString() } };
  } else if (attempts >= MAX_ATTEMPTS) {
    updated = { ...submission, delivery: { status: 'failed', attempts, lastError: problem } };
  } else {
    const nextAttemptAt = new Date(now().getTime() + backoff(attempts, options.retryBaseMs)).toISOString();
    updated = { ...submission, delivery: { status: 'pending', attempts, nextAttemptAt, lastError: problem } };
  }
  await options.store.setJSON(submissionKey(submission.id), updated);
  const { nextAttemptAt } = updated.delivery;
  if (updated.delivery.status === 'pending' && nextAttemptAt) {
    await options.store.setJSON(pendingKey(submission.id), {
      id: submission.id,
      nextAttemptAt,
    } satisfies PendingMarker);
  } else {
    await options.store.delete(pendingKey(submission.id));
  }
  logEvent(updated.delivery.status === 'failed' ? 'error' : 'info', {
    event: 'delivery',
    status: updated.delivery.status,
    kind: updated.kind,
    id: updated.id,
    attempts,
    ...(problem ? { problem } : {}),
  });
  return updated;
}

/** Delivers every pending submission whose wait is over. Returns how many were tried and delivered. */
export async function deliverPending(options: DeliveryOptions): Promise<{ tried: number; delivered: number }> {
  const now = options.now ?? (() => new Date());
  const { blobs } = await options.store.list({ prefix: 'pending/' });
  let tried = 0;
  let delivered = 0;
  for (const { key } of blobs) {
    const marker = (await options.store.get(key, { type: 'json', consistency: 'strong' })) as PendingMarker | null;
    if (!marker || new Date(marker.nextAttemptAt) > now()) continue;
    const submission = await readSubmission(options.store, marker.id);
    if (!submission || submission.delivery.status !== 'pending') {
      await options.store.delete(key);
      continue;
    }
    tried += 1;
    if ((await deliver(submission, options)).delivery.status === 'delivered') delivered += 1;
  }
  return { tried, delivered };
}
