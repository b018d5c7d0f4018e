import { createHmac } from 'node:crypto';
import type { SubmissionStore } from './records.ts';

/*
 * Anyone can type someone else's address into a form: without a limit the
 * acknowledgement would let a script fill that person's inbox. Each address
 * gets at most ACKS_PER_HOUR acknowledgements an hour; past that the lead still
 * reaches the team, only the acknowledgement is skipped. Addresses are kept as
 * keyed hashes, never as written.
 */

export const ACKS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export const ackLimitKey = (email: string, secret = 'acknowledgement-limit') =>
  `ack-limit/${createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

interface AckLimit {
  sent: string[];
}

/**
 * Counts one acknowledgement for the address if it is under the limit; false when it is over, or when the
 * count cannot be kept (a store fault, or other sends racing it three times): in doubt, no acknowledgement.
 */
export async function takeAcknowledgement(
  store: SubmissionStore,
  email: string,
  now: Date,
  secret?: string,
): Promise<boolean> {
  const key = ackLimitKey(email, secret);
  for (let round = 0; round < 3; round += 1) {
    try {
      const found = await store.getWithMetadata(key, { type: 'json', consistency: 'strong' });
      const recent = ((found?.data as AckLimit | null)?.sent ?? []).filter(
        (time) => now.getTime() - Date.parse(time) < HOUR_MS,
      );
      if (recent.length >= ACKS_PER_HOUR) return false;
      const next: AckLimit = { sent: [...recent, now.toISOString()] };
      // Netlify Blobs gives every read its ETag; a store that gave none could not keep the count.
      if (found && !found.etag) return false;
      const condition = found?.etag ? { onlyIfMatch: found.etag } : { onlyIfNew: true };
      if ((await store.setJSON(key, next, condition)).modified) return true;
    } catch {
      return false;
    }
  }
  return false;
}
