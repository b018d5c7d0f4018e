import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlobs } from '../support/blobs';

/*
 * The local server's Netlify Blobs (support/local-blobs.ts) keep the promises
 * the delivery and the idempotency claims rest on, as Netlify Blobs does: every
 * read carries the ETag a conditional write is checked against, and of writes
 * to one key that arrive together under one condition, exactly one lands.
 */

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(() => blobs.stop());

const AT_ONCE = 20;

describe('the local Blobs store', () => {
  it('gives a read the ETag of the write that made it, and a new one after the next write', async () => {
    const first = await blobs.store.setJSON('etags/one', { n: 1 });
    const read = await blobs.store.getWithMetadata('etags/one', { type: 'json', consistency: 'strong' });
    expect(read?.etag).toBeTruthy();
    expect(read?.etag).toBe(first.etag);
    await blobs.store.setJSON('etags/one', { n: 2 });
    const again = await blobs.store.getWithMetadata('etags/one', { type: 'json', consistency: 'strong' });
    expect(again?.etag).not.toBe(read?.etag);
    expect((await blobs.store.setJSON('etags/one', { n: 3 }, { onlyIfMatch: read!.etag! })).modified).toBe(false);
    expect((await blobs.store.setJSON('etags/one', { n: 3 }, { onlyIfMatch: again!.etag! })).modified).toBe(true);
  });

  it(`lets exactly one of ${AT_ONCE} create-only writes of one key land`, async () => {
    for (const key of ['claims/a', 'claims/b', 'claims/c']) {
      const writes = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, writer) => blobs.store.setJSON(key, { writer }, { onlyIfNew: true })),
      );
      expect(
        writes.filter((write) => write.modified),
        key,
      ).toHaveLength(1);
    }
  });

  it(`lets exactly one of ${AT_ONCE} writes conditional on the same ETag land`, async () => {
    for (const key of ['leases/a', 'leases/b', 'leases/c']) {
      const { etag } = await blobs.store.setJSON(key, { owner: 'nobody' });
      const writes = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, owner) => blobs.store.setJSON(key, { owner }, { onlyIfMatch: etag! })),
      );
      expect(
        writes.filter((write) => write.modified),
        key,
      ).toHaveLength(1);
    }
  });
});
