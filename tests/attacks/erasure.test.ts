import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { getStore } from '@netlify/blobs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { erasePerson } from '../../netlify/lib/personal-data';
import { submissionKey, type StoredSubmission, type SubmissionStore } from '../../netlify/lib/records';
import { startBlobs } from '../support/blobs';
import { formBodies, person } from '../../support/form-bodies';
import { cleanEnv } from '../../support/site-server';
import { devConfig, rawStore, send, useHarness } from '../support/function-harness';

/*
 * A person asked for erasure: nothing of theirs may be left in any store the site writes, and nothing may
 * bring it back, neither the form's own resend nor one that races the erasure.
 */

const harness = useHarness();
const root = resolve(import.meta.dirname, '../..');
const KEY_HEADER = { 'Idempotency-Key': 'form-erase-race-0001' };

const records = async (store: SubmissionStore) =>
  (await store.list({ prefix: 'submissions/' })).blobs.map(({ key }) => key);

describe('a resend after an erasure', () => {
  it("brings nothing back: the claim's tombstone answers it", async () => {
    const body = formBodies(harness.services.siteverify.token()).callback;
    const first = await send(harness, body, devConfig(), KEY_HEADER);
    await Promise.allSettled(harness.background);
    await erasePerson(harness.blobs.store, person.email);
    const again = await send(harness, body, devConfig(), KEY_HEADER);
    expect(again).toMatchObject({ status: 202, body: { id: first.body.id } });
    expect(await records(harness.blobs.store)).toEqual([]);
    expect(await rawStore(harness)).not.toContain(person.email);
  });

  it('that races the erasure (record gone between its two reads) does not re-create the record', async () => {
    const body = formBodies(harness.services.siteverify.token()).callback;
    const first = await send(harness, body, devConfig(), KEY_HEADER);
    await Promise.allSettled(harness.background);
    const store = harness.blobs.store;
    let raced = false;
    // The erasure runs just as the resend looks for the record its claim names.
    const racing: SubmissionStore = {
      ...store,
      get: async (key, options) => {
        if (key === submissionKey(first.body.id!) && !raced) {
          raced = true;
          await erasePerson(store, person.email);
        }
        return store.get(key, options);
      },
      getWithMetadata: (key, options) => store.getWithMetadata(key, options),
      setJSON: (key, data, options) => store.setJSON(key, data, options),
      delete: (key) => store.delete(key),
      list: (options) => store.list(options),
    };
    harness.blobs.store = racing as typeof harness.blobs.store;
    const again = await send(harness, body, devConfig(), KEY_HEADER);
    harness.blobs.store = store;
    await Promise.allSettled(harness.background);
    expect(raced).toBe(true);
    expect(again.status).toBe(202);
    expect(await records(store)).toEqual([]);
    expect(await rawStore(harness)).not.toContain(person.email);
  });
});

describe('npm run submissions -- --erase', () => {
  it(
    "erases the person from the production store and from the deploy previews' store",
    { timeout: 30_000 },
    async () => {
      const blobs = await startBlobs('submissions', 'local-site');
      onTestFinished(() => blobs.stop());
      const preview = getStore({
        name: 'submissions-preview',
        siteID: 'local-site',
        token: blobs.token,
        edgeURL: blobs.url,
        uncachedEdgeURL: blobs.url,
      });
      const record = (id: string): StoredSubmission => ({
        id,
        kind: 'callback',
        receivedAt: '2026-11-27T10:00:00.000Z',
        spam: false,
        fields: { email: person.email, name: person.name },
        delivery: { status: 'not-forwarded', attempts: 0 },
      });
      await blobs.store.setJSON(submissionKey('prod-1'), record('prod-1'));
      await preview.setJSON(submissionKey('preview-1'), record('preview-1'));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['scripts/submissions.ts', '--erase', person.email],
        { cwd: root, env: { ...cleanEnv(), LOCAL_DATA_DIR: blobs.directory }, timeout: 20_000 },
      );
      expect(stdout).toMatch(/Erased 1 submission\(s\) .* from the "submissions" store/);
      expect(stdout).toMatch(/Erased 1 submission\(s\) .* from the "submissions-preview" store/);
      expect(await records(blobs.store)).toEqual([]);
      expect(await records(preview)).toEqual([]);
    },
  );
});
