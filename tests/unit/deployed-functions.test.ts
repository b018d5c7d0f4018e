import { expect, it, vi } from 'vitest';
import type { Context } from '@netlify/functions';
import { readSubmission } from '../../netlify/lib/records';
import { functionEnvironment } from '../support/function-environment';
import { seedPending } from '../support/pending-submissions';

/*
 * The two functions as Netlify calls them, each with its own getStore(): the
 * form address answers plainly when the store cannot be opened, and a store
 * fault while the scheduled run erases expired submissions is logged while the
 * deliveries still run.
 */

vi.mock('../../netlify/lib/retention', () => ({
  eraseExpired: () => Promise.reject(new Error('the store answered 500 to a list')),
}));

const running = functionEnvironment();

it('answers 503 with its usual headers when the store cannot be opened', async () => {
  vi.stubEnv('NETLIFY_BLOBS_CONTEXT', '');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { default: contact } = await import('../../netlify/functions/contact');
  const response = await contact(
    new Request('https://quartz.example/api/contact', { method: 'POST', body: '{}' }),
    {} as unknown as Context,
  );
  expect(response.status).toBe(503);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('no-store');
  vi.stubEnv('NETLIFY_BLOBS_CONTEXT', running.blobs.functionContext);
  vi.restoreAllMocks();
});

it('delivers what is pending when erasing expired submissions fails, and logs the fault without personal data', async () => {
  const ids = await seedPending(running.blobs.store, 3, new Date(Date.now() - 60_000));
  const logs: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void logs.push(line));
  vi.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
  const { default: run } = await import('../../netlify/functions/deliver-pending');

  const response = await run(new Request('https://quartz.example/.netlify/functions/deliver-pending'), {
    waitUntil: () => undefined,
  } as unknown as Context);

  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ delivered: 3, retention: null });
  expect(running.webhook.distinct()).toBe(3);
  for (const id of ids) expect((await readSubmission(running.blobs.store, id))?.delivery.status).toBe('delivered');
  expect(logs.some((line) => line.includes('"level":"error"') && line.includes('retention-run'))).toBe(true);
  expect(logs.join('\n')).not.toContain('asha.verma@example.com');
  vi.restoreAllMocks();
});
