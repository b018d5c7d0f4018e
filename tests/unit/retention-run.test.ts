import { expect, it, vi } from 'vitest';
import type { Context } from '@netlify/functions';
import {
  idempotencyKey,
  leaseKey,
  newSubmissionId,
  pendingKey,
  submissionKey,
  type StoredSubmission,
} from '../../netlify/lib/records';
import { site } from '../../src/site';
import { functionEnvironment } from '../support/function-environment';

/*
 * Retention as it runs in production: the scheduled function (deliver-pending)
 * called as Netlify calls it, with its own getStore() on a real Blobs server and
 * the webhook configured. One run erases what is past its period, with every
 * marker, lease and claim, before any delivery is tried.
 */

const DAY = 24 * 60 * 60 * 1000;

const running = functionEnvironment();

/** One stored submission with its claim, and, while pending, its marker and a lease, as the function leaves them. */
async function store(name: string, daysOld: number, state: { spam?: boolean; pending?: boolean } = {}) {
  const arrived = new Date(Date.now() - daysOld * DAY);
  const id = newSubmissionId(arrived);
  const receivedAt = arrived.toISOString();
  const record: StoredSubmission = {
    id,
    kind: 'callback',
    receivedAt,
    spam: state.spam ?? false,
    fields: { name, email: `${name.toLowerCase()}@example.com`, message: 'Please call me' },
    idempotencyKey: `claim-${name}`,
    delivery: state.spam
      ? { status: 'spam', attempts: 0 }
      : state.pending
        ? { status: 'pending', attempts: 3, nextAttemptAt: receivedAt, lastError: 'webhook answered 503' }
        : { status: 'delivered', attempts: 1, deliveredAt: receivedAt },
  };
  await running.blobs.store.setJSON(idempotencyKey(`claim-${name}`), { id, receivedAt, bodyHash: 'x' });
  if (state.pending) {
    await running.blobs.store.setJSON(pendingKey(id), { id, nextAttemptAt: receivedAt, createdAt: receivedAt });
    await running.blobs.store.setJSON(leaseKey(id), { owner: 'a stopped run', expiresAt: receivedAt });
  }
  await running.blobs.store.setJSON(submissionKey(id), record);
  return id;
}

it('one run of the scheduled function erases what is past its period, with every marker, lease and claim, and keeps the rest', async () => {
  const { retentionDays, spamRetentionDays } = site.privacy;
  await store('Old', retentionDays + 1, { pending: true });
  const young = await store('Young', retentionDays - 1);
  await store('Spam', spamRetentionDays + 1, { spam: true });
  const logs: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void logs.push(line));
  const { default: run } = await import('../../netlify/functions/deliver-pending');

  const response = await run(new Request('https://quartz.example/.netlify/functions/deliver-pending'), {
    deploy: { context: 'dev' },
    waitUntil: () => undefined,
  } as unknown as Context);

  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({
    retention: { erased: 2, claimsErased: 0, unreadable: 0 },
    tried: 0,
  });
  const { blobs: left } = await running.blobs.store.list();
  expect(left.map(({ key }) => key).sort()).toEqual([idempotencyKey('claim-Young'), submissionKey(young)]);
  // Erased before the deliveries ran: the old pending submission never reached the webhook.
  expect(running.webhook.deliveries).toEqual([]);
  // Nothing was left for the deliveries to clear up (an orphaned marker is dropped with an error).
  expect(logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  expect(logs.join('\n')).not.toMatch(/old@example\.com|spam@example\.com|young@example\.com/);
});
