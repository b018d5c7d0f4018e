import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { deliverSubmission } from '../../netlify/lib/delivery';
import { erasePerson, exportPerson } from '../../netlify/lib/personal-data';
import { eraseExpired } from '../../netlify/lib/retention';
import {
  idempotencyKey,
  leaseKey,
  pendingKey,
  submissionKey,
  type StoredSubmission,
  type SubmissionStore,
} from '../../netlify/lib/records';
import { site } from '../../src/site';
import { startBlobs } from '../support/blobs';
import { memoryStore, type MemoryStore } from '../support/memory-store';

/*
 * What the company does with stored submissions for the people who sent them:
 * erase them after the retention period (spam sooner), and show or erase
 * everything stored for one e-mail address, markers and claims included.
 */

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-23T12:00:00Z');

async function put(
  store: SubmissionStore,
  id: string,
  options: { email: string; daysOld: number; spam?: boolean; pending?: boolean },
): Promise<StoredSubmission> {
  const receivedAt = new Date(NOW.getTime() - options.daysOld * DAY).toISOString();
  const key = `key-${id}`;
  const record: StoredSubmission = {
    id,
    kind: 'contact',
    receivedAt,
    spam: options.spam ?? false,
    fields: { name: `Person ${id}`, email: options.email, message: 'Hello' },
    idempotencyKey: key,
    delivery: options.pending
      ? { status: 'pending', attempts: 1, nextAttemptAt: receivedAt }
      : { status: 'delivered', attempts: 1 },
  };
  await store.setJSON(idempotencyKey(key), { id, receivedAt, bodyHash: 'x' });
  if (options.pending) {
    await store.setJSON(pendingKey(id), { id, nextAttemptAt: receivedAt });
    await store.setJSON(leaseKey(id), { owner: 'run', expiresAt: receivedAt });
  }
  await store.setJSON(submissionKey(id), record);
  return record;
}

const keysOf = (store: MemoryStore) => [...store.entries.keys()].sort();

describe('retention', () => {
  it('erases a submission older than the period with its marker, lease and claim; a younger one stays', async () => {
    const store = memoryStore();
    const { retentionDays } = site.privacy;
    await put(store, 'old', { email: 'a@example.com', daysOld: retentionDays + 1, pending: true });
    await put(store, 'young', { email: 'b@example.com', daysOld: retentionDays - 1 });
    const result = await eraseExpired({ store, now: () => NOW });
    expect(result.erased).toBe(1);
    expect(keysOf(store)).toEqual([idempotencyKey('key-young'), submissionKey('young')]);
  });

  it('erases spam after the shorter spam period', async () => {
    const store = memoryStore();
    const { spamRetentionDays } = site.privacy;
    expect(spamRetentionDays).toBeLessThan(site.privacy.retentionDays);
    await put(store, 'spam-old', { email: 'c@example.com', daysOld: spamRetentionDays + 1, spam: true });
    await put(store, 'spam-young', { email: 'c@example.com', daysOld: spamRetentionDays - 1, spam: true });
    await put(store, 'real', { email: 'c@example.com', daysOld: spamRetentionDays + 1 });
    await eraseExpired({ store, now: () => NOW });
    expect(keysOf(store).filter((key) => key.startsWith('submissions/'))).toEqual([
      submissionKey('real'),
      submissionKey('spam-young'),
    ]);
  });

  it('erases an old claim whose request never finished storing, and an old unreadable entry by the time in its key', async () => {
    const store = memoryStore();
    const old = new Date(NOW.getTime() - 200 * DAY).toISOString();
    await store.setJSON(idempotencyKey('orphan-claim'), { id: 'x', receivedAt: old, bodyHash: 'x' });
    store.entries.set(submissionKey('2026-01-01T00-00-00-000Z-abcdef123456'), { text: 'not json{', etag: '"x"' });
    const result = await eraseExpired({ store, now: () => NOW, retentionDays: 180 });
    expect(result).toMatchObject({ erased: 1, claimsErased: 1 });
    expect(keysOf(store)).toEqual([]);
  });
});

describe('retention in a store too large for one run', () => {
  beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => undefined));
  afterEach(() => void vi.restoreAllMocks());

  /** A store on which every call takes 10 ms of a clock the test owns: no real waiting. */
  function slowStore(store: MemoryStore) {
    const clock = { now: 0 };
    const slow = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => {
      return (...args: A) => {
        clock.now += 10;
        return call(...args);
      };
    };
    const timed: SubmissionStore = {
      get: slow(store.get),
      getWithMetadata: slow(store.getWithMetadata),
      setJSON: slow(store.setJSON),
      delete: slow(store.delete),
      list: slow(store.list),
    };
    return { timed, clock: () => clock.now };
  }

  const RUN_MS = 4_000;
  const oldDays = site.privacy.retentionDays + 1;
  const countOf = (store: MemoryStore, prefix: string) => keysOf(store).filter((key) => key.startsWith(prefix)).length;

  it('each run erases some expired submissions and some orphaned claims, and a few runs erase them all', async () => {
    const store = memoryStore();
    for (let index = 0; index < 120; index += 1) {
      await put(store, `old-${index}`, { email: 'a@example.com', daysOld: oldDays, pending: index % 2 === 0 });
    }
    const old = new Date(NOW.getTime() - oldDays * DAY).toISOString();
    for (let index = 0; index < 300; index += 1) {
      await store.setJSON(idempotencyKey(`orphan-${index}`), { id: `lost-${index}`, receivedAt: old, bodyHash: 'x' });
    }
    const { timed, clock } = slowStore(store);
    const run = () =>
      eraseExpired({ store: timed, now: () => NOW, clock, deadline: clock() + RUN_MS, startAt: () => 0 });

    const first = await run();
    expect(first.erased).toBeGreaterThan(0);
    expect(first.claimsErased).toBeGreaterThan(0);
    expect(countOf(store, 'submissions/')).toBeGreaterThan(0);
    expect(countOf(store, 'idempotency/')).toBeGreaterThan(0);
    for (let runs = 1; runs < 20 && store.entries.size > 0; runs += 1) await run();
    expect(keysOf(store)).toEqual([]);
  });

  it('a run starts where startAt says, so an old claim behind many young ones is reached', async () => {
    const store = memoryStore();
    const young = new Date(NOW.getTime() - DAY).toISOString();
    for (let index = 0; index < 200; index += 1) {
      await store.setJSON(idempotencyKey(`young-${index}`), { id: `y-${index}`, receivedAt: young, bodyHash: 'x' });
    }
    const old = new Date(NOW.getTime() - oldDays * DAY).toISOString();
    await store.setJSON(idempotencyKey('orphan-last'), { id: 'lost', receivedAt: old, bodyHash: 'x' });
    const { timed, clock } = slowStore(store);
    // Time for some 30 reads: from the start of the listing the old claim, last of 201, is out of reach.
    const run = (start: number) =>
      eraseExpired({ store: timed, now: () => NOW, clock, deadline: clock() + 300, startAt: () => start });

    expect((await run(0)).claimsErased).toBe(0);
    expect((await run(190)).claimsErased).toBe(1);
    expect(store.entries.has(idempotencyKey('orphan-last'))).toBe(false);
    expect(countOf(store, 'idempotency/')).toBe(200);
  });
});

describe("a person's data", () => {
  async function storeOfThree() {
    const store = memoryStore();
    await put(store, 'asha-1', { email: 'Asha@Example.com', daysOld: 3, pending: true });
    await put(store, 'asha-2', { email: 'asha@example.com ', daysOld: 1 });
    await put(store, 'ravi-1', { email: 'ravi@example.com', daysOld: 2, pending: true });
    return store;
  }

  it("export shows every submission of the address and the keys stored for them, and nobody else's", async () => {
    const store = await storeOfThree();
    const found = await exportPerson(store, 'asha@example.com');
    expect(found.submissions.map((record) => record.id).sort()).toEqual(['asha-1', 'asha-2']);
    expect(found.keys.sort()).toEqual(
      [
        idempotencyKey('key-asha-1'),
        pendingKey('asha-1'),
        leaseKey('asha-1'),
        submissionKey('asha-1'),
        idempotencyKey('key-asha-2'),
        submissionKey('asha-2'),
      ].sort(),
    );
  });

  it('erase removes records, markers and leases of the address only, leaves its claims as tombstones, and says what it erased', async () => {
    const store = await storeOfThree();
    const tombstones = [idempotencyKey('key-asha-1'), idempotencyKey('key-asha-2')];
    const before = [...keysOf(store).filter((key) => key.includes('ravi')), ...tombstones].sort();
    const result = await erasePerson(store, 'ASHA@example.com');
    expect(result.erased.map((entry) => entry.id).sort()).toEqual(['asha-1', 'asha-2']);
    expect(result.erased.find((entry) => entry.id === 'asha-1')?.keys).toHaveLength(4);
    expect(keysOf(store)).toEqual(before);
    for (const key of tombstones) {
      expect(await store.get(key, { type: 'json' })).toEqual({
        id: expect.any(String),
        receivedAt: expect.any(String),
        bodyHash: '',
        erased: true,
      });
    }
    expect((await exportPerson(store, 'asha@example.com')).submissions).toEqual([]);
  });

  it('an empty or unknown address matches nothing', async () => {
    const store = await storeOfThree();
    expect((await erasePerson(store, '')).erased).toEqual([]);
    expect((await erasePerson(store, 'nobody@example.com')).erased).toEqual([]);
    expect(store.entries.size).toBe(10);
  });
});

describe('an erase while a delivery is in flight', () => {
  const allKeys = async (store: SubmissionStore) =>
    (await store.list({ prefix: '' })).blobs.map(({ key }) => key).sort();
  // Asha's claim stays as a tombstone (netlify/lib/personal-data.ts), holding nothing of her.
  const raviOnly = [idempotencyKey('key-asha-1'), idempotencyKey('key-ravi-1'), submissionKey('ravi-1')];
  const stores = [
    { name: 'in a store whose conditional writes are atomic, as on Netlify', open: async () => memoryStore() },
    {
      name: 'on the local Blobs server, which gives ETags only in its listing',
      open: async () => {
        const blobs = await startBlobs();
        onTestFinished(() => blobs.stop());
        return blobs.store;
      },
    },
  ];

  describe.each(stores)('$name', ({ open }) => {
    it.each([
      { outcome: 'delivered', status: 200 },
      { outcome: 'pending', status: 503 },
    ])('stays erased: the outcome ($outcome) is not written back and no marker returns', async ({ status }) => {
      vi.spyOn(console, 'log').mockImplementation(() => undefined);
      onTestFinished(() => void vi.restoreAllMocks());
      const store = await open();
      await put(store, 'asha-1', { email: 'asha@example.com', daysOld: 1, pending: true });
      await put(store, 'ravi-1', { email: 'ravi@example.com', daysOld: 1 });
      let erased: string[] = [];
      // The company runs `npm run submissions -- --erase` while the webhook is being called.
      const webhook = async () => {
        erased = (await erasePerson(store, 'asha@example.com')).erased.flatMap((entry) => entry.keys);
        return new Response(null, { status });
      };

      const result = await deliverSubmission('asha-1', {
        store,
        forwardUrl: 'https://hooks.example/lead',
        retryBaseMs: 60_000,
        now: () => NOW,
        fetch: webhook as typeof fetch,
      });

      expect(erased).toContain(submissionKey('asha-1'));
      expect(await allKeys(store)).toEqual(raviOnly);
      expect(result).toBe('gone');
    });

    it('stays erased when the erase comes between the record and its pending marker', async () => {
      vi.spyOn(console, 'log').mockImplementation(() => undefined);
      onTestFinished(() => void vi.restoreAllMocks());
      const store = await open();
      await put(store, 'asha-1', { email: 'asha@example.com', daysOld: 1, pending: true });
      await put(store, 'ravi-1', { email: 'ravi@example.com', daysOld: 1 });
      const racing: SubmissionStore = {
        get: (key, options) => store.get(key, options),
        getWithMetadata: (key, options) => store.getWithMetadata(key, options),
        delete: (key) => store.delete(key),
        list: (options) => store.list(options),
        async setJSON(key, data, options) {
          const written = await store.setJSON(key, data, options);
          if (key === submissionKey('asha-1') && written.modified) await erasePerson(store, 'asha@example.com');
          return written;
        },
      };

      const result = await deliverSubmission('asha-1', {
        store: racing,
        forwardUrl: 'https://hooks.example/lead',
        retryBaseMs: 60_000,
        now: () => NOW,
        fetch: (async () => new Response(null, { status: 503 })) as typeof fetch,
      });

      expect(result).toBe('pending');
      expect(await allKeys(store)).toEqual(raviOnly);
    });
  });
});
