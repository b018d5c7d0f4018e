import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingKey, submissionKey, type StoredSubmission } from '../../netlify/lib/records';
import { startBlobs } from '../support/blobs';

/*
 * `npm run submissions` (scripts/submissions.mjs) over a Blobs folder that
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

async function listSubmissions(...args: string[]) {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/submissions.mjs', ...args], {
    cwd: root,
    env: { ...process.env, LOCAL_DATA_DIR: blobs.directory, SUBMISSIONS_STORE: 'submissions' },
    timeout: 20_000,
  });
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
    const raw = [...stdout].filter((character) => {
      const code = character.codePointAt(0)!;
      return (
        (code < 0x20 && code !== 0x0a) ||
        (code >= 0x7f && code <= 0x9f) ||
        (code >= 0x202a && code <= 0x202e) ||
        (code >= 0x2066 && code <= 0x2069)
      );
    });
    expect(raw).toEqual([]);
    expect(stdout.split('\n').filter((line) => line.includes('forged line'))).toHaveLength(1);
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
      /delivery: FAILED: stored, NOT delivered to the webhook; gave up after 19 attempt\(s\) \(last error: webhook answered 503\)/,
    );
  });
});
