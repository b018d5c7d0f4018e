import type { SubmissionConfig } from './config.ts';
import { acknowledgementMail, teamMail, type LeadAddresses, type MailChannel } from './lead-mail.ts';
import { logEvent } from './log.ts';
import { MailProblem, type Mailer } from './mailer.ts';
import {
  gaveUpKey,
  leaseKey,
  openSubmission,
  pendingKey,
  readSubmission,
  submissionKey,
  type ChannelState,
  type DeliveryLease,
  type PendingMarker,
  type StoredSubmission,
  type SubmissionStore,
} from './records.ts';
import { postToWebhook, WEBHOOK_TIMEOUT_MS } from './webhook.ts';

/*
 * Delivering a stored submission on each channel (webhook, team e-mail,
 * acknowledgement), each with its own state; a failed one is retried with
 * growing waits by the scheduled function. Receivers drop repeats only loosely,
 * so whoever delivers first takes the lease "leases/{id}" (create-only, or an
 * expired one taken over by ETag) and re-reads the record under it; outcomes
 * are written only over the record and marker that were read, so an erasure
 * in flight stays erased. docs/forms.md, "Delivery", has the whole story.
 */

/** Each webhook call or mail conversation gives up after this long. */
export const DELIVERY_TIMEOUT_MS = WEBHOOK_TIMEOUT_MS;
/** A lease outlives any delivery by far: a run that holds it has stopped (Netlify ends a function at 30 s). */
export const LEASE_MS = 2 * 60_000;
/** A retry run starts no delivery that could end after this, well inside Netlify's 30 s limit. */
export const RUN_BUDGET_MS = 20_000;
/** Submissions delivered at the same time within one run. */
export const RUN_CONCURRENCY = 4;
/** A delivery still failing this long after the submission arrived is marked failed and no longer retried. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** A pending marker whose record never followed (a crash between the two writes) waits this long for the resend. */
export const ORPHAN_MARKER_GRACE_MS = 24 * 60 * 60 * 1000;
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

export interface DeliveryOptions {
  store: SubmissionStore;
  /** The webhook; none: the webhook channel is not configured. */
  forwardUrl?: string | undefined;
  /** Signs each body (X-Signature); without it (dev only) bodies go unsigned. */
  forwardSecret?: string | undefined;
  /** Sends the e-mail channels; none: they are not configured. */
  mailer?: Mailer | undefined;
  /** Who receives each kind of lead, and the site's address for the acknowledgement's links. */
  leads?: LeadAddresses | undefined;
  siteUrl?: string | undefined;
  /** Opens records sealed in the store (netlify/lib/records.ts). */
  submissionsKey?: string | undefined;
  retryBaseMs: number;
  now?: () => Date;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How long a lease lasts; LEASE_MS unless the configuration shortens it. */
  leaseMs?: number;
  /** The submissions this process is delivering now; a separate set stands for another function instance in tests. */
  heldHere?: Set<string>;
}

/** The delivery settings of a configuration, for the function and the scheduled run alike. */
export function deliveryOptions(config: SubmissionConfig, mailer: Mailer | undefined): Omit<DeliveryOptions, 'store'> {
  return {
    forwardUrl: config.forwardUrl,
    forwardSecret: config.forwardSecret,
    mailer,
    leads: config.leads,
    siteUrl: config.siteUrl,
    submissionsKey: config.submissionsKey,
    retryBaseMs: config.retryBaseMs,
    leaseMs: config.leaseMs,
  };
}

export interface RunOptions extends DeliveryOptions {
  budgetMs?: number;
  concurrency?: number;
}

export interface RunResult {
  /** Submissions attempted. */
  tried: number;
  /** Submissions every channel of which is now done. */
  delivered: number;
  /** Submissions a channel of which was given up in this run: stored, not delivered there. */
  failed: number;
  /** Entries that could not be read, or held by another run. */
  skipped: number;
  /** Due entries left for the next run because the time budget was spent. */
  left: number;
}

/** What one attempt on one channel came to: nothing wrong, or the problem (no personal data) and how to go on. */
export interface Attempt {
  problem?: string;
  /** The address or its access is wrong: no retry can succeed, so the channel is given up at once. */
  permanent?: boolean;
  /** The receiver asked for this wait (Retry-After on a 429 or 503). */
  retryAfterMs?: number;
}

export type ChannelName = 'webhook' | MailChannel;
export const CHANNELS: readonly ChannelName[] = ['webhook', 'team', 'ack'];

/** A channel's state in a record: the webhook's is `delivery`, the e-mails' are under `mail`. */
export function channelState(record: StoredSubmission, channel: ChannelName): ChannelState | undefined {
  return channel === 'webhook' ? record.delivery : record.mail?.[channel];
}

function withChannelState(record: StoredSubmission, channel: ChannelName, state: ChannelState): StoredSubmission {
  if (channel === 'webhook') return { ...record, delivery: state };
  const skipped: ChannelState = { status: 'skipped', attempts: 0 };
  return { ...record, mail: { team: skipped, ack: skipped, ...record.mail, [channel]: state } };
}

const heldInThisProcess = new Set<string>();

/** The wait before attempt n+1, after n failed attempts: base, 2×base, 4×base, ... at most six hours. */
export function backoff(failedAttempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, failedAttempts - 1), MAX_WAIT_MS);
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
  const expiresAt = Date.parse((current.data as Partial<DeliveryLease> | null)?.expiresAt ?? '');
  if (expiresAt > now.getTime() || !current.etag) return undefined;
  return (await store.setJSON(leaseKey(id), lease, { onlyIfMatch: current.etag })).modified ? owner : undefined;
}

async function releaseLease(store: SubmissionStore, id: string, owner: string): Promise<void> {
  const current = (await store
    .get(leaseKey(id), { type: 'json', consistency: 'strong' })
    .catch(() => null)) as DeliveryLease | null;
  if (current?.owner === owner) await store.delete(leaseKey(id));
}

/** One attempt on one channel; the record is opened (unsealed) for it. */
async function attemptChannel(
  channel: ChannelName,
  record: StoredSubmission,
  options: DeliveryOptions,
  now: Date,
): Promise<Attempt> {
  let open: StoredSubmission;
  try {
    open = openSubmission(record, options.submissionsKey);
  } catch {
    return { problem: 'record sealed under another key, or SUBMISSIONS_KEY missing' };
  }
  if (channel === 'webhook') {
    if (!options.forwardUrl) return { problem: 'CONTACT_FORWARD_URL is no longer set' };
    const payload = { id: open.id, kind: open.kind, receivedAt: open.receivedAt, ...open.fields };
    return postToWebhook(payload, open.id, {
      url: options.forwardUrl,
      secret: options.forwardSecret,
      now,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
  }
  if (!options.mailer || !options.leads) return { problem: 'SMTP_URL is no longer set' };
  const mail =
    channel === 'team'
      ? teamMail(open, options.leads)
      : acknowledgementMail(open, options.leads, options.siteUrl ?? 'http://localhost:4321');
  try {
    await options.mailer.send(mail);
    return {};
  } catch (error) {
    const problem = error instanceof MailProblem ? error : new MailProblem('mail could not be sent', false);
    return { problem: problem.message, ...(problem.permanent ? { permanent: true } : {}) };
  }
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
  if (!found?.data) return null;
  // Without it the outcome could not be written safely: the run leaves it for the next one.
  if (!found.etag) throw new Error('the store gave no ETag for the record');
  const marker = await store
    .getWithMetadata(pendingKey(id), { type: 'json', consistency: 'strong' })
    .catch(() => undefined);
  return { submission: found.data as StoredSubmission, etag: found.etag, markerEtag: marker?.etag };
}

/** A channel's state after one attempt: delivered, pending with its next time, or failed (given up). */
function afterAttempt(
  state: ChannelState,
  { problem, permanent, retryAfterMs }: Attempt,
  receivedAt: string,
  options: DeliveryOptions,
  at: Date,
): ChannelState {
  const attempts = state.attempts + 1;
  if (!problem) return { status: 'delivered', attempts, deliveredAt: at.toISOString() };
  if (permanent || at.getTime() - Date.parse(receivedAt) >= GIVE_UP_AFTER_MS) {
    return { status: 'failed', attempts, failedAt: at.toISOString(), lastError: problem };
  }
  const wait = Math.max(backoff(attempts, options.retryBaseMs), retryAfterMs ?? 0);
  return {
    status: 'pending',
    attempts,
    nextAttemptAt: new Date(at.getTime() + wait).toISOString(),
    lastError: problem,
  };
}

/** The earliest next attempt of a record's pending channels; undefined when none is pending. */
export function nextAttemptOf(record: StoredSubmission): string | undefined {
  const times = CHANNELS.map((channel) => channelState(record, channel))
    .filter((state) => state?.status === 'pending')
    .map((state) => state!.nextAttemptAt ?? record.receivedAt);
  return times.sort()[0];
}

/** Whether a channel is waiting for its attempt now: pending, and never tried or its wait over. */
function isDue(state: ChannelState | undefined, now: Date): boolean {
  if (state?.status !== 'pending') return false;
  return state.attempts === 0 || !state.nextAttemptAt || Date.parse(state.nextAttemptAt) <= now.getTime();
}

/**
 * Attempts every due channel of a record read under its lease and records the outcomes: one write conditional on
 * the record's ETag, then the pending marker moved to the next attempt (or left for removal when none is pending).
 * Null when the record was erased (or changed) meanwhile: nothing is written back.
 */
async function attemptAndSettle(
  { submission, etag, markerEtag }: ReadUnderLease,
  options: DeliveryOptions,
  now: () => Date,
): Promise<StoredSubmission | null> {
  const due = CHANNELS.filter((channel) => isDue(channelState(submission, channel), now()));
  const attempts = await Promise.all(due.map((channel) => attemptChannel(channel, submission, options, now())));
  const at = now();
  let updated = submission;
  due.forEach((channel, index) => {
    const state = afterAttempt(
      channelState(submission, channel)!,
      attempts[index]!,
      submission.receivedAt,
      options,
      at,
    );
    updated = withChannelState(updated, channel, state);
  });
  if (!(await options.store.setJSON(submissionKey(submission.id), updated, { onlyIfMatch: etag })).modified) {
    logEvent('info', {
      event: 'delivery',
      status: 'not recorded',
      kind: submission.kind,
      id: submission.id,
      reason: 'the record was erased or changed while it was being delivered',
    });
    return null;
  }
  const nextAttemptAt = nextAttemptOf(updated);
  if (nextAttemptAt && markerEtag) {
    const marker: PendingMarker = { id: submission.id, nextAttemptAt, createdAt: submission.receivedAt };
    await options.store.setJSON(pendingKey(submission.id), marker, { onlyIfMatch: markerEtag });
  }
  const failed = due.filter((channel) => channelState(updated, channel)!.status === 'failed');
  if (failed.length > 0) {
    const previous = (await options.store
      .get(gaveUpKey(submission.id), { type: 'json', consistency: 'strong' })
      .catch(() => null)) as GaveUpMarker | null;
    const marker: GaveUpMarker = {
      id: submission.id,
      channels: [...new Set([...(previous?.channels ?? []), ...failed])],
      failedAt: at.toISOString(),
      alerted: false,
    };
    await options.store.setJSON(gaveUpKey(submission.id), marker);
  }
  due.forEach((channel, index) => {
    const state = channelState(updated, channel)!;
    const { problem, permanent } = attempts[index]!;
    logEvent(state.status === 'failed' ? 'error' : 'info', {
      event: 'delivery',
      channel,
      status: state.status,
      kind: updated.kind,
      id: updated.id,
      attempts: state.attempts,
      ...(problem ? { problem } : {}),
      ...(permanent ? { reason: 'configuration' } : {}),
    });
  });
  return updated;
}

/** What a given-up delivery leaves for the scheduled run's alert and count. */
export interface GaveUpMarker {
  id: string;
  channels: ChannelName[];
  failedAt: string;
  /** Whether the team has been sent the alert that names it. */
  alerted: boolean;
}

/** Where a record's channels stand all together. */
function overall(record: StoredSubmission): 'delivered' | 'pending' | 'failed' {
  const states = CHANNELS.map((channel) => channelState(record, channel)?.status);
  if (states.includes('pending')) return 'pending';
  return states.includes('failed') ? 'failed' : 'delivered';
}

export type DeliveryOutcome = 'delivered' | 'pending' | 'failed' | 'busy' | 'done' | 'missing' | 'gone';

/**
 * Delivers one stored submission's due channels, under its lease. "pending": a channel still waits;
 * "failed": none waits and one was given up; "busy": another run holds it; "done": it needs no delivery
 * any more (its marker is removed); "missing": there is no record (yet); "gone": the record was erased (or
 * changed) meanwhile, so nothing was written back.
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
      else if (overall(read.submission) !== 'pending') outcome = 'done';
      else {
        const updated = await attemptAndSettle(read, options, now);
        outcome = updated ? overall(updated) : 'gone';
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
  // Room after the last call for the writes that record its outcome.
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

/** The given-up deliveries still stored (`npm run submissions` lists them), as their markers. */
export async function givenUpMarkers(store: SubmissionStore): Promise<GaveUpMarker[]> {
  const { blobs } = await store.list({ prefix: 'gave-up/' });
  const markers = await Promise.all(
    blobs.map(({ key }) => store.get(key, { type: 'json', consistency: 'strong' }).catch(() => null)),
  );
  return markers.filter((marker): marker is GaveUpMarker => Boolean(marker && typeof marker === 'object'));
}

/**
 * One e-mail to the team naming every delivery given up that no alert has named yet, then those markers
 * marked as alerted. At most one per scheduled run; returns how many it named.
 */
export async function alertGivenUp(
  store: SubmissionStore,
  markers: GaveUpMarker[],
  send: (entries: { id: string; channel: string; problem: string }[]) => Promise<void>,
): Promise<number> {
  const fresh = markers.filter((marker) => !marker.alerted);
  if (fresh.length === 0) return 0;
  const entries = await Promise.all(
    fresh.flatMap((marker) =>
      marker.channels.map(async (channel) => {
        const record = await readSubmission(store, marker.id).catch(() => null);
        const state = record ? channelState(record, channel) : undefined;
        return { id: marker.id, channel, problem: state?.lastError ?? 'given up' };
      }),
    ),
  );
  await send(entries);
  for (const marker of fresh) await store.setJSON(gaveUpKey(marker.id), { ...marker, alerted: true });
  return fresh.length;
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
