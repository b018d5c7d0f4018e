import { site } from '../../src/site.ts';
import { logEvent } from './log.ts';
import { eraseSubmission } from './personal-data.ts';
import { readClaim, type StoredSubmission, type SubmissionStore } from './records.ts';

/*
 * Stored submissions are erased once they are older than the retention period
 * of the site's identity file (src/site.ts, privacy.retentionDays; spam sooner,
 * privacy.spamRetentionDays), with their pending markers, leases and
 * idempotency claims. The scheduled function runs this on every call. Only ids
 * and counts are logged.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  store: SubmissionStore;
  now?: () => Date;
  retentionDays?: number;
  spamRetentionDays?: number;
  /** Stop starting new erasures after this time (the scheduled function shares Netlify's 30 s limit). */
  deadline?: number;
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

export async function eraseExpired(options: RetentionOptions): Promise<RetentionResult> {
  const now = (options.now ?? (() => new Date()))().getTime();
  const keepFor = (options.retentionDays ?? site.privacy.retentionDays) * DAY_MS;
  const keepSpamFor = (options.spamRetentionDays ?? site.privacy.spamRetentionDays) * DAY_MS;
  const outOfTime = () => options.deadline !== undefined && Date.now() > options.deadline;
  const result: RetentionResult = { erased: 0, claimsErased: 0, unreadable: 0 };

  const { blobs } = await options.store.list({ prefix: 'submissions/' });
  for (const { key } of blobs) {
    if (outOfTime()) break;
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
      await eraseSubmission(options.store, record);
      result.erased += 1;
      logEvent('info', { event: 'retention', id: record.id, reason: record.spam ? 'spam' : 'expired' });
    }
  }

  // A claim whose request never finished storing (a crash) has no record to erase it with.
  const { blobs: claims } = await options.store.list({ prefix: 'idempotency/' });
  for (const { key } of claims) {
    if (outOfTime()) break;
    const claim = await readClaim(options.store, key.slice('idempotency/'.length)).catch(() => null);
    const time = claim ? Date.parse(claim.receivedAt) : Number.NaN;
    if (claim === null || (!Number.isNaN(time) && now - time > keepFor)) {
      if (claim !== null) {
        await options.store.delete(key);
        result.claimsErased += 1;
      }
    }
  }
  return result;
}
