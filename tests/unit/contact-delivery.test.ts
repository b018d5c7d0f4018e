import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deliverPending,
  deliverSubmission,
  GIVE_UP_AFTER_MS,
  LEASE_MS,
  type RunOptions,
  type RunResult,
} from '../../netlify/lib/delivery';
import { leaseKey, pendingKey, readSubmission, submissionKey, type SubmissionStore } from '../../netlify/lib/records';
import { startBlobs } from '../support/blobs';
import { useFakeClock } from '../support/fake-clock';
import { seedPending } from '../support/pending-submissions';
import { memoryStore, type MemoryStore } from '../support/memory-store';
import { inProcessServices, startWebhookReceiver, WEBHOOK_URL } from '../../support/stand-ins';

/*
 * The retry run (the scheduled deliver-pending function): runs that overlap,
 * entries it cannot read, a webhook that hangs or stays down for days.
 */

let clock: Date;
let logs: string[];

beforeEach(() => {
  clock = new Date('2026-11-21T10:00:00Z');
  logs = [];
  const capture = (...parts: unknown[]) => void logs.push(parts.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

/** n submissions stored and pending, due now. */
const seed = (store: SubmissionStore, n: number, prefix = 'sub') => seedPending(store, n, clock, prefix);

const statusOf = async (store: SubmissionStore, id: string) => (await readSubmission(store, id))?.delivery.status;

describe('two retry runs at once', () => {
  it('over 100 pending on the local Blobs server (one process) deliver each exactly once', async () => {
    const blobs = await startBlobs();
    const webhook = await startWebhookReceiver();
    try {
      const ids = await seed(blobs.store, 100);
      // A budget no slow machine reaches: this test is about overlap, the budget has its own below.
      const options: RunOptions = {
        store: blobs.store,
        forwardUrl: webhook.url,
        retryBaseMs: 1000,
        now: () => clock,
        budgetMs: 600_000,
      };
      const [one, two] = await Promise.all([deliverPending(options), deliverPending(options)]);
      expect(one.delivered + two.delivered).toBe(100);
      expect(webhook.deliveries).toHaveLength(100);
      expect(webhook.distinct()).toBe(100);
      for (const id of ids) expect(await statusOf(blobs.store, id), id).toBe('delivered');
      expect((await blobs.store.list({ prefix: 'pending/' })).blobs).toEqual([]);
      expect((await blobs.store.list({ prefix: 'leases/' })).blobs).toEqual([]);
    } finally {
      await webhook.close();
      await blobs.stop();
    }
  }, 60_000);

  it('in two function instances (nothing shared but the store and its atomic writes) deliver each exactly once', async () => {
    const store = memoryStore();
    const services = inProcessServices();
    const ids = await seed(store, 100);
    const run = () =>
      deliverPending({
        store,
        forwardUrl: WEBHOOK_URL,
        retryBaseMs: 1000,
        now: () => clock,
        fetch: services.fetch,
        heldHere: new Set(),
      });
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((sum, result) => sum + result.delivered, 0)).toBe(100);
    for (const id of ids) expect(services.webhook.deliveredCount(id), id).toBe(1);
    expect([...store.entries.keys()].filter((key) => !key.startsWith('submissions/'))).toEqual([]);
  });

  for (const where of ['memory', 'local Blobs server'] as const) {
    it(`leave a submission alone while another holds its lease, and take it over once it has expired (${where})`, async () => {
      // The local Blobs server answers reads without an ETag: the takeover must still work there.
      const blobs = where === 'memory' ? undefined : await startBlobs();
      const store = blobs?.store ?? memoryStore();
      try {
        const services = inProcessServices();
        const [id] = await seed(store, 1);
        // A run that stopped (its function was ended) while holding the lease.
        const expiresAt = new Date(clock.getTime() + LEASE_MS).toISOString();
        await store.setJSON(leaseKey(id!), { owner: 'stopped-run', expiresAt });
        const options = {
          store,
          forwardUrl: WEBHOOK_URL,
          retryBaseMs: 1000,
          now: () => clock,
          fetch: services.fetch,
          heldHere: new Set<string>(),
        };
        expect(await deliverPending(options)).toMatchObject({ tried: 0, skipped: 1 });
        expect(await deliverSubmission(id!, options)).toBe('busy');
        expect(services.webhook.deliveries).toEqual([]);
        later(LEASE_MS + 1);
        expect(await deliverPending(options)).toMatchObject({ tried: 1, delivered: 1 });
        expect(services.webhook.deliveredCount(id!)).toBe(1);
        expect((await store.list({ prefix: 'leases/' })).blobs).toEqual([]);
      } finally {
        await blobs?.stop();
      }
    });
  }
});

describe('an entry the run cannot read', () => {
  it('is skipped and logged by its id without personal data; every other entry is delivered', async () => {
    const blobs = await startBlobs();
    const services = inProcessServices();
    try {
      const ids = await seed(blobs.store, 10);
      await blobs.store.set(pendingKey('broken-marker'), 'not json at all');
      await blobs.store.setJSON(pendingKey('broken-record'), {
        id: 'broken-record',
        nextAttemptAt: clock.toISOString(),
      });
      await blobs.store.set(submissionKey('broken-record'), '{"id": "broken-record", "fields": {"name": "Asha Ver');
      const result = await deliverPending({
        store: blobs.store,
        forwardUrl: WEBHOOK_URL,
        retryBaseMs: 1000,
        now: () => clock,
        fetch: services.fetch,
      });
      expect(result).toMatchObject({ tried: 10, delivered: 10, skipped: 2 });
      for (const id of ids) expect(services.webhook.deliveredCount(id)).toBe(1);
      const text = logs.join('\n');
      expect(text).toMatch(/"id":"broken-marker".*unreadable/);
      expect(text).toMatch(/"id":"broken-record".*unreadable/);
      expect(text).not.toContain('Asha');
      // Nothing of the broken entries is lost: they wait for a person to look.
      expect((await blobs.store.list({ prefix: 'pending/' })).blobs.map(({ key }) => key).sort()).toEqual([
        'pending/broken-marker',
        'pending/broken-record',
      ]);
    } finally {
      await blobs.stop();
    }
  });
});

describe('a webhook that hangs', () => {
  it('does not keep the run past its time budget, and strands nothing: the rest is delivered by later runs', async () => {
    const store = memoryStore();
    const services = inProcessServices();
    const ids = await seed(store, 30);
    services.webhook.mode = 'hang';
    const options = {
      store,
      forwardUrl: WEBHOOK_URL,
      retryBaseMs: 1000,
      now: () => clock,
      fetch: services.fetch,
      budgetMs: 1500,
      timeoutMs: 1000,
      concurrency: 4,
      heldHere: new Set<string>(),
    };
    // On a fake clock: the run's four workers each start one call; the calls time out after 1 s, past the latest
    // start the 1.5 s budget allows (it keeps room for a call's timeout), so the run starts no more. Without the
    // budget it would go on to try all 30, four at a time.
    useFakeClock();
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return services.fetch(input, init);
    };
    let result: RunResult | undefined;
    const run = deliverPending({ ...options, fetch: counting }).then((finished) => (result = finished));
    // The clock stands still until the four workers have each started their call.
    while (calls < 4) await new Promise((done) => setImmediate(done));
    while (!result) await vi.advanceTimersByTimeAsync(100);
    await run;
    expect(calls).toBe(4);
    expect(result).toMatchObject({ tried: 4, left: 26 });
    for (const id of ids) {
      const record = await readSubmission(store, id);
      expect(record?.delivery.status).toBe('pending');
      expect(store.entries.has(pendingKey(id)), `marker of ${id}`).toBe(true);
    }
    expect([...store.entries.keys()].filter((key) => key.startsWith('leases/'))).toEqual([]);
    expect(logs.join('\n')).toMatch(/webhook timed out/);

    vi.useRealTimers();
    services.webhook.mode = 'up';
    for (let run = 0; run < 10 && store.entries.size > ids.length; run += 1) {
      later(60 * 60 * 1000);
      await deliverPending({ ...options, timeoutMs: 1000, budgetMs: 20_000 });
    }
    for (const id of ids) expect(services.webhook.deliveredCount(id), id).toBe(1);
    expect([...store.entries.keys()].filter((key) => !key.startsWith('submissions/'))).toEqual([]);
  });
});

describe('a webhook down for days', () => {
  it('is retried with growing waits, then after the limit the submission is marked failed and stays stored', async () => {
    const store: MemoryStore = memoryStore();
    const services = inProcessServices();
    services.webhook.mode = 'down';
    const [id] = await seed(store, 1);
    const options = { store, forwardUrl: WEBHOOK_URL, retryBaseMs: 60_000, now: () => clock, fetch: services.fetch };
    const receivedAt = clock.getTime();
    const waits: number[] = [];
    for (let run = 0; run < 2000; run += 1) {
      const record = (await readSubmission(store, id!))!;
      if (record.delivery.status !== 'pending') break;
      const due = Date.parse(record.delivery.nextAttemptAt!);
      waits.push(due - clock.getTime());
      clock = new Date(Math.max(due, clock.getTime()) + 5 * 60_000); // the next five-minute run after it is due
      await deliverPending(options);
    }
    const record = (await readSubmission(store, id!))!;
    expect(record.delivery).toMatchObject({ status: 'failed', lastError: 'webhook answered 503' });
    expect(Date.parse(record.delivery.failedAt!) - receivedAt).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(Date.parse(record.delivery.failedAt!) - receivedAt).toBeLessThan(GIVE_UP_AFTER_MS + 7 * 60 * 60 * 1000);
    expect(record.fields).toMatchObject({ name: 'Asha Verma' });
    expect(store.entries.has(pendingKey(id!))).toBe(false);
    // Growing waits, at most six hours: about 20 attempts over three days, not one every five minutes.
    expect(record.delivery.attempts).toBeGreaterThan(10);
    expect(record.delivery.attempts).toBeLessThan(30);
    expect(Math.max(...waits)).toBeLessThanOrEqual(6 * 60 * 60 * 1000);
    expect(logs.join('\n')).toMatch(/"status":"failed"/);

    // Nothing brings it back: later runs leave it alone.
    services.webhook.mode = 'up';
    later(GIVE_UP_AFTER_MS);
    expect(await deliverPending(options)).toMatchObject({ tried: 0 });
    expect(services.webhook.deliveries).toEqual([]);
  });
});
