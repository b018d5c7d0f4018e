import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { pendingKey, submissionKey, type StoredSubmission } from '../../netlify/lib/records';
import { startBlobs } from '../support/blobs';
import { cleanEnv } from '../../support/site-server';

/*
 * `npm run submissions` (scripts/submissions.ts) over a Blobs folder that
 * holds what a visitor or a crash can leave: control characters in the fields,
 * an entry that is not JSON, a temporary file of an interrupted write, and a
 * delivery given up after the limit.
 */

const root = resolve(import.meta.dirname, '../..');
let blobs: Awaited<ReturnType<typeof startBlobs>>;

beforeEach(async () => {
  blobs = await startBlobs('submissions', 'local-site');
});
afterEach(async () => {
  await blobs.stop();
});

function record(id: string, fields: Record<string, unknown>, delivery: StoredSubmission['delivery']): StoredSubmission {
  return { id, kind: 'contact', receivedAt: `2026-11-2${id.at(-1)}T10:00:00.000Z`, spam: false, fields, delivery };
}

/** A character a terminal acts on, or that reorders or hides text. */
const isRaw = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

async function listSubmissions(...args: [...string[]] | [...string[], Record<string, string>]) {
  const env = typeof args.at(-1) === 'object' ? (args.pop() as Record<string, string>) : {};
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['scripts/submissions.ts', ...(args as string[])],
    {
      cwd: root,
      env: { ...cleanEnv(), LOCAL_DATA_DIR: blobs.directory, SUBMISSIONS_STORE: 'submissions', ...env },
      timeout: 20_000,
    },
  );
  return { stdout, stderr };
}

// Each test starts Node and a Blobs server of its own: seconds on a busy machine.
describe('npm run submissions', { timeout: 30_000 }, () => {
  it("shows a visitor's control characters as visible escapes: no screen clearing, no forged lines, no reordered text", async () => {
    await blobs.store.setJSON(
      submissionKey('id-1'),
      record(
        'id-1',
        {
          name: 'Mallory\u001b[2J',
          email: 'm@example.com',
          message: 'Hello\r\nforged line\u0007\u009b\u202eevil\u2066',
          serviceFields: { note: 'tab\there\u007f' },
        },
        { status: 'delivered', attempts: 1, deliveredAt: '2026-11-21T10:00:01.000Z' },
      ),
    );
    const { stdout } = await listSubmissions();
    expect(stdout).toContain('name: Mallory\\x1b[2J');
    expect(stdout).toContain('message: Hello\\r\\nforged line\\x07\\x9b\\u202eevil\\u2066');
    expect(stdout).toContain('serviceFields.note: tab\\there\\x7f');
    expect(stdout).toContain('email: m@example.com');
    // Nothing the terminal would act on is printed raw: only newlines of the listing itself.
    const raw = [...stdout].filter((character) => isRaw(character.codePointAt(0)!) && character !== '\n');
    expect(raw).toEqual([]);
    expect(stdout.split('\n').filter((line) => line.includes('forged line'))).toHaveLength(1);

    // The full records too: JSON as escaped for the terminal, and still the same values once parsed.
    const json = (await listSubmissions('--json')).stdout;
    expect([...json].filter((character) => isRaw(character.codePointAt(0)!) && character !== '\n')).toEqual([]);
    expect((JSON.parse(json) as StoredSubmission[])[0]!.fields.message).toBe(
      'Hello\r\nforged line\u0007\u009b\u202eevil\u2066',
    );
  });

  it('names and skips an entry that is not JSON and a leftover temporary file, and lists the rest', async () => {
    await blobs.store.setJSON(
      submissionKey('id-2'),
      record('id-2', { name: 'Asha Verma', email: 'asha@example.com' }, { status: 'delivered', attempts: 1 }),
    );
    await blobs.store.set(submissionKey('id-3'), '{"id": "id-3", "fields": {"na');
    // Where the local Blobs server writes a temporary file before renaming it into place.
    writeFileSync(join(blobs.directory, 'entries/local-site/site:submissions/submissions/.k2j4h5'), '{"id":');
    const { stdout, stderr } = await listSubmissions();
    expect(stderr).toMatch(/Skipped submissions\/id-3\b.*could not be read/);
    expect(stderr).toMatch(/Skipped submissions\/\.k2j4h5 \(a temporary file/);
    expect(stdout).toContain('1 submission(s)');
    expect(stdout).toContain('name: Asha Verma');
    const json = JSON.parse((await listSubmissions('--json')).stdout) as StoredSubmission[];
    expect(json.map((entry) => entry.id)).toEqual(['id-2']);
  });

  it('shows a delivery given up after the limit as stored but not delivered, with its last error', async () => {
    await blobs.store.setJSON(
      submissionKey('id-4'),
      record(
        'id-4',
        { name: 'Ravi Kumar', email: 'ravi@example.com' },
        { status: 'failed', attempts: 19, failedAt: '2026-11-27T10:00:00.000Z', lastError: 'webhook answered 503' },
      ),
    );
    await blobs.store.setJSON(pendingKey('id-5'), { id: 'id-5', nextAttemptAt: '2026-11-25T10:00:00.000Z' });
    const { stdout } = await listSubmissions();
    expect(stdout).toContain('1 FAILED (stored, not delivered)');
    expect(stdout).toMatch(
      /webhook: FAILED: stored, NOT delivered by webhook; gave up after 19 attempt\(s\) \(last error: webhook answered 503\)/,
    );
  });
});

describe('npm run submissions -- --export / --erase', { timeout: 30_000 }, () => {
  async function storeThree(store = blobs.store) {
    for (const [id, email] of [
      ['asha-1', 'asha@example.com'],
      ['asha-2', 'ASHA@example.com'],
      ['ravi-3', 'ravi@example.com'],
    ] as const) {
      await store.setJSON(
        submissionKey(id),
        record(id, { name: `Name ${id}`, email, message: `Message of ${id}` }, { status: 'pending', attempts: 1 }),
      );
      await store.setJSON(pendingKey(id), { id, nextAttemptAt: '2026-11-21T10:00:00.000Z' });
    }
  }

  it("--export prints every submission stored for the address with its mailing-list consent, and no one else's", async () => {
    await storeThree();
    await blobs.store.setJSON(submissionKey('asha-2'), {
      ...record(
        'asha-2',
        { name: 'Name asha-2', email: 'ASHA@example.com', message: 'Message of asha-2' },
        {
          status: 'delivered',
          attempts: 1,
        },
      ),
      consent: { mailingList: true, givenAt: '2026-11-22T10:00:00.000Z', noticeVersion: '2026-11-01' },
    });
    const { stdout } = await listSubmissions('--export', 'asha@example.com');
    expect(stdout).toContain('2 submission(s) stored for asha@example.com');
    expect(stdout).toContain('message: Message of asha-1');
    expect(stdout).toContain('message: Message of asha-2');
    const consents = stdout.split('\n').filter((line) => line.includes('consent:'));
    expect(consents).toEqual([
      '    consent: mailing list, given at 2026-11-22T10:00:00.000Z under notice version 2026-11-01',
    ]);
    expect(stdout).toContain(pendingKey('asha-1'));
    expect(stdout).not.toContain('ravi');
  });

  it('--erase removes records and markers of the address only and says what it erased', async () => {
    await storeThree();
    const { stdout } = await listSubmissions('--erase', 'asha@example.com');
    expect(stdout).toContain('Erased 2 submission(s) of asha@example.com');
    expect(stdout).toContain(`asha-1: ${pendingKey('asha-1')}`);
    const { blobs: left } = await blobs.store.list({ prefix: '' });
    expect(left.map((entry) => entry.key).sort()).toEqual([pendingKey('ravi-3'), submissionKey('ravi-3')]);
    expect((await listSubmissions('--export', 'asha@example.com')).stdout).toContain('0 submission(s)');
  });

  it("with Netlify's credentials, exports and erases on the live site's store through Netlify Blobs' API", async () => {
    // A Blobs server reached as Netlify's API is (NETLIFY_API_URL points the command at it); the local folder the
    // command would otherwise open stays empty.
    const live = await startBlobs('submissions', 'live-site-id');
    onTestFinished(() => live.stop());
    const apiStore = getStore({ name: 'submissions', siteID: 'live-site-id', token: live.token, apiURL: live.apiURL });
    await storeThree(apiStore);
    const production = {
      NETLIFY_SITE_ID: 'live-site-id',
      NETLIFY_AUTH_TOKEN: live.token,
      NETLIFY_API_URL: live.apiURL,
    };
    const exported = await listSubmissions('--export', 'asha@example.com', production);
    expect(exported.stdout).toContain('2 submission(s) stored for asha@example.com');
    expect(exported.stdout).not.toContain('ravi');
    const erased = await listSubmissions('--erase', 'asha@example.com', production);
    expect(erased.stdout).toContain('Erased 2 submission(s) of asha@example.com');
    const { blobs: left } = await apiStore.list({ prefix: '' });
    expect(left.map((entry) => entry.key).sort()).toEqual([pendingKey('ravi-3'), submissionKey('ravi-3')]);
    const { blobs: local } = await blobs.store.list({ prefix: '' });
    expect(local).toEqual([]);
  });

  it('refuses an argument that is not an e-mail address', async () => {
    await expect(listSubmissions('--erase', '--json')).rejects.toMatchObject({ code: 2 });
  });
});
