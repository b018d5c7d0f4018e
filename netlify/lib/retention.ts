import { site } from '../../src/site.ts';
import type { Mailer } from './mailer.ts';
import { logEvent } from './log.ts';
import { eraseSubmission } from './personal-data.ts';
import { readClaim, type StoredSubmission, type SubmissionStore } from './records.ts';

/*
 * Stored submissions are erased once they are older than the retention period
 * of the site's identity file (src/site.ts, privacy.retentionDays; spam sooner,
 * privacy.spamRetentionDays), with their pending markers, leases and
 * idempotency claims. The scheduled function runs this on every call, for a
 * few seconds: the submissions get half of that time and the claims the rest,
 * and each list is read from a random place round to it, so a store too large
 * for one run is covered by the next ones. Only ids and counts are logged.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  store: SubmissionStore;
  /** Whose local copies of the messages (.eml files) go with each erased submission. */
  mailer?: Mailer | undefined;
  now?: () => Date;
  retentionDays?: number;
  spamRetentionDays?: number;
  /** Stop starting new erasures after this time, on `clock` (the scheduled function shares Netlify's 30 s limit). */
  deadline?: number;
  /** The clock `deadline` is read on, in milliseconds: Date.now unless a test drives it. */
  clock?: () => number;
  /** Where a run starts in a listing of `count` entries before wrapping round: a random place unless a test sets it. */
  startAt?: (count: number) => number;
}

export interface RetentionResult {
  erased: number;
  claimsErased: number;
  unreadable: number;
}

/** The time a submission arrived: from its record, or from its id, which starts with that time. */
function arrivedAt(record: Partial<StoredSubmission>): number {
  const fromRecord = Date.parse(String(record.receivedAt));
  if (!Number.isNaN(fromRecord)) return fromRecord;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(String(record.id));
  return match ? Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : Number.NaN;
}

const randomStart = (count: number) => Math.floor(Math.random() * count);

/** The keys under a prefix, starting at the run's chosen place and wrapping round. */
async function listFrom(options: RetentionOptions, prefix: string): Promise<string[]> {
  const keys = (await options.store.list({ prefix })).blobs.map(({ key }) => key);
  const start = keys.length === 0 ? 0 : (options.startAt ?? randomStart)(keys.length) % keys.length;
  return [...keys.slice(start), ...keys.slice(0, start)];
}

export async function eraseExpired(options: RetentionOptions): Promise<RetentionResult> {
  const now = (options.now ?? (() => new Date()))().getTime();
  const keepFor = (options.retentionDays ?? site.privacy.retentionDays) * DAY_MS;
  const keepSpamFor = (options.spamRetentionDays ?? site.privacy.spamRetentionDays) * DAY_MS;
  const clock = options.clock ?? Date.now;
  const { deadline } = options;
  const started = clock();
  const halfway = deadline === undefined ? undefined : started + (deadline - started) / 2;
  const after = (limit: number | undefined) => () => limit !== undefined && clock() > limit;
  const result: RetentionResult = { erased: 0, claimsErased: 0, unreadable: 0 };

  const submissionsOutOfTime = after(halfway);
  for (const key of await listFrom(options, 'submissions/')) {
    if (submissionsOutOfTime()) break;
    const id = key.slice('submissions/'.length);
    let record: StoredSubmission | null;
    try {
      record = (await options.store.get(key, { type: 'json', consistency: 'strong' })) as StoredSubmission | null;
    } catch {
      record = null;
    }
    if (!record || typeof record !== 'object') {
      // An entry that cannot be read still carries its arrival time in its key: erase it once it is old enough.
      const time = arrivedAt({ id });
      if (!Number.isNaN(time) && now - time > keepFor) {
        await options.store.delete(key);
        result.erased += 1;
      } else {
        result.unreadable += 1;
      }
      continue;
    }
    const age = now - arrivedAt(record);
    if (age > keepFor || (record.spam && age > keepSpamFor)) {
      // Past retention nobody resends: the claim goes with the record, no tombstone.
      await eraseSubmission(options.store, record, { tombstone: false });
      await options.mailer?.forget(record.id);
      result.erased += 1;
      logEvent('info', { event: 'retention', id: record.id, reason: record.spam ? 'spam' : 'expired' });
    }
  }

  // A claim whose request never finished storing (a crash) has no record to erase it with.
  const claimsOutOfTime = after(deadline);
  for (const key of await listFrom(options, 'idempotency/')) {
    if (claimsOutOfTime()) break;
    const claim = await readClaim(options.store, key.slice('idempotency/'.length)).catch(() => null);
    if (claim && now - Date.parse(claim.receivedAt) > keepFor) {
      await options.store.delete(key);
      result.claimsErased += 1;
    }
  }

  // The hourly counts of acknowledgements (netlify/lib/ack-limit.ts) are of no use after a day.
  for (const key of await listFrom(options, 'ack-limit/')) {
    if (claimsOutOfTime()) break;
    const count = (await options.store.get(key, { type: 'json', consistency: 'strong' }).catch(() => null)) as {
      sent?: string[];
    } | null;
    const last = Math.max(0, ...(count?.sent ?? []).map((time) => Date.parse(time) || 0));
    if (now - last > DAY_MS) await options.store.delete(key);
  }
  return result;
}
