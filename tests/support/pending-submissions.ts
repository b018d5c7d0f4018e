import { pendingKey, submissionKey, type StoredSubmission, type SubmissionStore } from '../../netlify/lib/records';

/**
 * n submissions stored and pending, due at `at`, as the function leaves them when the first delivery failed.
 * Returns their ids.
 */
export async function seedPending(store: SubmissionStore, n: number, at: Date, prefix = 'sub'): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, index) => `${prefix}-${String(index).padStart(4, '0')}`);
  const receivedAt = at.toISOString();
  await Promise.all(
    ids.map(async (id) => {
      const record: StoredSubmission = {
        id,
        kind: 'callback',
        receivedAt,
        spam: false,
        fields: { name: 'Asha Verma', email: 'asha.verma@example.com', message: 'Call me' },
        delivery: { status: 'pending', attempts: 1, nextAttemptAt: receivedAt, lastError: 'webhook answered 503' },
      };
      await store.setJSON(pendingKey(id), { id, nextAttemptAt: receivedAt, createdAt: receivedAt });
      await store.setJSON(submissionKey(id), record);
    }),
  );
  return ids;
}
