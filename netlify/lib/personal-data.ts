import { ackLimitKey } from './ack-limit.ts';
import type { Mailer } from './mailer.ts';
import {
  gaveUpKey,
  idempotencyKey,
  leaseKey,
  openSubmission,
  pendingKey,
  submissionKey,
  type IdempotencyClaim,
  type StoredSubmission,
  type SubmissionStore,
} from './records.ts';

/*
 * Everything stored about one submission, and about one person, so that it can
 * be shown to them or erased: the record, its pending marker, its delivery
 * lease and the idempotency claim of the request that made it. Used by the
 * scheduled retention run (netlify/lib/retention.ts) and by
 * `npm run submissions -- --export EMAIL` / `--erase EMAIL`.
 */

/** The keys that belong to one submission, the record's own key last. */
export function keysOf(record: Pick<StoredSubmission, 'id' | 'idempotencyKey'>): string[] {
  return [
    ...(record.idempotencyKey ? [idempotencyKey(record.idempotencyKey)] : []),
    pendingKey(record.id),
    gaveUpKey(record.id),
    leaseKey(record.id),
    submissionKey(record.id),
  ];
}

/**
 * Erases one submission everywhere it is stored. The record goes last: a run
 * stopped half-way leaves the record, so the next run finds it and finishes.
 * Returns the keys that were there.
 */
export async function eraseSubmission(
  store: SubmissionStore,
  record: Pick<StoredSubmission, 'id' | 'idempotencyKey'>,
  { tombstone = true }: { tombstone?: boolean } = {},
): Promise<string[]> {
  const erased: string[] = [];
  for (const key of keysOf(record)) {
    const existing = await store.get(key, { type: 'json', consistency: 'strong' }).catch(() => undefined);
    if (tombstone && key.startsWith('idempotency/')) {
      // The claim becomes a tombstone, without the answers' hash, until retention: a resend under its key
      // (a form retrying, or racing this erasure) then stores nothing again (netlify/lib/contact.ts).
      const tombstone: IdempotencyClaim = {
        id: record.id,
        receivedAt: (existing as IdempotencyClaim | null)?.receivedAt ?? new Date().toISOString(),
        bodyHash: '',
        erased: true,
      };
      await store.setJSON(key, tombstone);
    } else {
      await store.delete(key);
    }
    if (existing !== null) erased.push(key);
  }
  return erased;
}

const normalEmail = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** Whether a stored submission was sent with this e-mail address (compared without case or spaces). */
export function belongsTo(record: StoredSubmission, email: string): boolean {
  const wanted = normalEmail(email);
  return wanted !== '' && normalEmail(record.fields?.email) === wanted;
}

/**
 * Reads every submission record, opened with the key when sealed; an entry that cannot be read (or opened:
 * no key, or another one) is reported by key and left alone.
 */
export async function readAllSubmissions(
  store: SubmissionStore,
  key?: string,
): Promise<{ records: StoredSubmission[]; unreadable: string[] }> {
  const { blobs } = await store.list({ prefix: 'submissions/' });
  const records: StoredSubmission[] = [];
  const unreadable: string[] = [];
  for (const { key: blobKey } of blobs) {
    try {
      const record = (await store.get(blobKey, { type: 'json', consistency: 'strong' })) as StoredSubmission | null;
      if (record && typeof record === 'object' && typeof record.id === 'string')
        records.push(openSubmission(record, key));
      else if (record !== null) unreadable.push(blobKey);
    } catch {
      unreadable.push(blobKey);
    }
  }
  return { records, unreadable };
}

/** Everything stored for one e-mail address: the submissions and the keys of their markers and claims. */
export async function exportPerson(
  store: SubmissionStore,
  email: string,
  key?: string,
): Promise<{ submissions: StoredSubmission[]; keys: string[]; unreadable: string[] }> {
  const { records, unreadable } = await readAllSubmissions(store, key);
  const submissions = records.filter((record) => belongsTo(record, email));
  const keys: string[] = [];
  for (const record of submissions) {
    for (const stored of keysOf(record)) {
      if ((await store.get(stored, { type: 'json', consistency: 'strong' }).catch(() => null)) !== null)
        keys.push(stored);
    }
  }
  return { submissions, keys, unreadable };
}

/** Erases everything stored for one e-mail address; returns what was erased, submission by submission. */
export async function erasePerson(
  store: SubmissionStore,
  email: string,
  key?: string,
  mailer?: Pick<Mailer, 'forget'>,
): Promise<{ erased: { id: string; keys: string[] }[]; unreadable: string[] }> {
  const { records, unreadable } = await readAllSubmissions(store, key);
  const erased: { id: string; keys: string[] }[] = [];
  for (const record of records.filter((candidate) => belongsTo(candidate, email))) {
    const keys = await eraseSubmission(store, record);
    await mailer?.forget(record.id);
    erased.push({ id: record.id, keys });
  }
  // The count of acknowledgements sent to the address, kept as a keyed hash of it.
  await store.delete(ackLimitKey(email, key));
  return { erased, unreadable };
}
