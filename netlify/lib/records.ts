import { createHash } from 'node:crypto';
import type { Submission } from '../../src/lib/forms.ts';
import { seal, unseal } from './sealed.ts';

/*
 * Keys in Netlify Blobs: "submissions/{id}" (ids start with the arrival time, so keys sort by time),
 * "pending/{id}" for one still to deliver, "gave-up/{id}" for one given up, "idempotency/{key}" for the id a
 * request's Idempotency-Key claimed, "leases/{id}" for the run delivering it now. They are written claim, marker,
 * record: a crash between two writes leaves a claim or marker without its record, never a record nothing delivers.
 */

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'not-forwarded' | 'spam' | 'skipped';

/** Where one channel (the webhook, the team's e-mail, the acknowledgement) stands for one submission. */
export interface ChannelState {
  /** "not-forwarded" (no webhook) and "skipped" (a channel not configured, or an acknowledgement over the limit). */
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt?: string | undefined;
  deliveredAt?: string | undefined;
  /** When a delivery was given up (status "failed"). */
  failedAt?: string | undefined;
  /** The last problem, or why the channel was skipped; never personal data. */
  lastError?: string | undefined;
}

export interface StoredSubmission {
  id: string;
  kind: Submission['kind'];
  receivedAt: string;
  spam: boolean;
  /** The visitor's answers, without the captcha token and the honeypot; empty when they are sealed. */
  fields: Record<string, unknown>;
  /** The answers and the consent sealed under SUBMISSIONS_KEY (netlify/lib/sealed.ts), in production. */
  sealed?: string | undefined;
  idempotencyKey?: string | undefined;
  /** Consent to the mailing list, when the person gave it: when, and under which notice. */
  consent?: { mailingList: true; givenAt: string; noticeVersion: string } | undefined;
  /** The webhook's channel (CONTACT_FORWARD_URL). */
  delivery: ChannelState;
  /** The e-mail channels: the lead to the team, the acknowledgement to the visitor (records before them have none). */
  mail?: { team: ChannelState; ack: ChannelState } | undefined;
}

export interface PendingMarker {
  id: string;
  nextAttemptAt: string;
  /** When the marker was first written: a marker whose record never followed is dropped after a grace period. */
  createdAt?: string | undefined;
}

/** What a request with an Idempotency-Key claimed: written once, before anything else of it. */
export interface IdempotencyClaim {
  id: string;
  receivedAt: string;
  /** SHA-256 of the normalised answers (see answersHash): a resend with other answers is refused. */
  bodyHash: string;
  /** Set when the person's data was erased: a resend under this key stores nothing again. */
  erased?: boolean | undefined;
}

/** A delivery run's hold on one submission; a later run may take it over once it has expired. */
export interface DeliveryLease {
  owner: string;
  expiresAt: string;
}

type SetOptions = { onlyIfNew?: boolean; onlyIfMatch?: never } | { onlyIfMatch?: string; onlyIfNew?: never };

/** The part of a Netlify Blobs store the function uses; tests pass one in memory or on support/local-blobs.ts. */
export interface SubmissionStore {
  get(key: string, options: { type: 'json'; consistency?: 'strong' | 'eventual' }): Promise<unknown>;
  getWithMetadata(
    key: string,
    options: { type: 'json'; consistency?: 'strong' | 'eventual' },
  ): Promise<{ data: unknown; etag?: string | undefined } | null>;
  setJSON(key: string, data: unknown, options?: SetOptions): Promise<{ modified: boolean; etag?: string | undefined }>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string }): Promise<{ blobs: { key: string; etag?: string | undefined }[] }>;
}

export const submissionKey = (id: string) => `submissions/${id}`;
/** Marks a submission whose delivery was given up: each retry run counts them at error level until retention. */
export const gaveUpKey = (id: string) => `gave-up/${id}`;
export const pendingKey = (id: string) => `pending/${id}`;
export const idempotencyKey = (key: string) => `idempotency/${key}`;
export const leaseKey = (id: string) => `leases/${id}`;

/** A time-sortable id: "2026-11-21T01-02-03-456Z-" and 12 random hex digits. */
export function newSubmissionId(
  now: Date,
  random: () => string = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12),
): string {
  return `${now.toISOString().replaceAll(':', '-').replace('.', '-')}-${random()}`;
}

/** JSON with the keys of every object sorted, so equal answers give equal text whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fingerprint of what a visitor sent, without the captcha token (a fresh check gives a fresh token). */
export function answersHash(answers: unknown): string {
  return createHash('sha256').update(canonical(answers)).digest('hex');
}

/** What a visitor typed, and their consent, sealed when there is a key; a record as the store keeps it. */
export function sealSubmission(record: StoredSubmission, key: string | undefined): StoredSubmission {
  if (!key) return record;
  const { fields, consent, ...rest } = record;
  return { ...rest, fields: {}, sealed: seal({ fields, consent }, key) };
}

/** A record with its answers readable; throws when they are sealed and the key is missing or another. */
export function openSubmission(record: StoredSubmission, key: string | undefined): StoredSubmission {
  if (!record.sealed) return record;
  if (!key) throw new Error('the record is sealed and SUBMISSIONS_KEY is not set');
  const { fields, consent } = unseal(record.sealed, key) as Pick<StoredSubmission, 'fields' | 'consent'>;
  const { sealed: _sealed, ...rest } = record;
  return { ...rest, fields, ...(consent ? { consent } : {}) };
}

export async function readSubmission(store: SubmissionStore, id: string): Promise<StoredSubmission | null> {
  return (
    ((await store.get(submissionKey(id), { type: 'json', consistency: 'strong' })) as StoredSubmission | null) ?? null
  );
}

export async function readClaim(store: SubmissionStore, key: string): Promise<IdempotencyClaim | null> {
  return (
    ((await store.get(idempotencyKey(key), { type: 'json', consistency: 'strong' })) as IdempotencyClaim | null) ?? null
  );
}
