import type { Submission } from '../../src/lib/forms.ts';

/*
 * How submissions are kept in Netlify Blobs. A submission is stored under
 * "submissions/{id}" where the id starts with the time it arrived, so keys sort
 * by time. "pending/{id}" marks one that still has to reach the webhook, and
 * "idempotency/{key}" remembers which id a repeated request already made.
 */

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'not-forwarded' | 'spam';

export interface StoredSubmission {
  id: string;
  kind: Submission['kind'];
  receivedAt: string;
  spam: boolean;
  /** The visitor's answers, without the captcha token and the honeypot. */
  fields: Record<string, unknown>;
  idempotencyKey?: string | undefined;
  delivery: {
    status: DeliveryStatus;
    attempts: number;
    nextAttemptAt?: string | undefined;
    deliveredAt?: string | undefined;
    lastError?: string | undefined;
  };
}

export interface PendingMarker {
  id: string;
  nextAttemptAt: string;
}

/** The part of a Netlify Blobs store the function uses; tests pass a store on a local BlobsServer. */
export interface SubmissionStore {
  get(key: string, options: { type: 'json'; consistency?: 'strong' | 'eventual' }): Promise<unknown>;
  setJSON(key: string, data: unknown, options?: { onlyIfNew?: boolean }): Promise<{ modified: boolean }>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string }): Promise<{ blobs: { key: string }[] }>;
}

export const submissionKey = (id: string) => `submissions/${id}`;
export const pendingKey = (id: string) => `pending/${id}`;
export const idempotencyKey = (key: string) => `idempotency/${key}`;

/** A time-sortable id: "2026-11-21T01-02-03-456Z-" and 12 random hex digits. */
export function newSubmissionId(
  now: Date,
  random: () => string = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12),
): string {
  return `${now.toISOString().replaceAll(':', '-').replace('.', '-')}-${random()}`;
}

export async function readSubmission(store: SubmissionStore, id: string): Promise<StoredSubmission | null> {
  return (
    ((await store.get(submissionKey(id), { type: 'json', consistency: 'strong' })) as StoredSubmission | null) ?? null
  );
}
