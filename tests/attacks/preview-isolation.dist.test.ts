import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactRequest } from '../../support/contact-request';
import { formBodies, person } from '../../support/form-bodies';
import { cleanEnv, startSiteServer, type SiteServer } from '../../support/site-server';
import { PASSING_TOKEN, startFakeSiteverify, type FakeSiteverify } from '../../support/stand-ins';
import { KEY } from '../support/function-harness';

/*
 * On Netlify's local runtime (`npm start`'s server) with SUBMISSIONS_KEY set as production sets it: a lead sent
 * through the site is on disk only sealed, so any code that reads the store without the key (a preview's function,
 * `npm run submissions` without it) sees no personal data; with the key the company reads all of it.
 */

const root = resolve(import.meta.dirname, '../..');
let server: SiteServer;
let siteverify: FakeSiteverify;
let dataDir: string;

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  dataDir = mkdtempSync(join(tmpdir(), 'qd-sealed-'));
  // One call at a time is all this needs: one runtime instance starts, not one per core.
  server = await startSiteServer({
    dataDir,
    env: { HCAPTCHA_VERIFY_URL: siteverify.url, FUNCTION_CALLS: '1', SUBMISSIONS_KEY: KEY },
  });
}, 200_000);

afterAll(async () => {
  await server?.stop();
  await siteverify?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file the local Blobs server wrote, as text: not the local e-mail beside them (mail/), which is mail. */
function everyFile(directory: string): string {
  return readdirSync(directory)
    .filter((name) => directory !== dataDir || name !== 'mail')
    .map((name) => join(directory, name))
    .map((path) => (statSync(path).isDirectory() ? everyFile(path) : readFileSync(path, 'utf8')))
    .join('\n');
}

const submissions = (env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['scripts/submissions.ts'], {
    cwd: root,
    env: { ...cleanEnv(), LOCAL_DATA_DIR: dataDir, ...env },
    timeout: 20_000,
  });

it('a lead stored through the local runtime is sealed on disk and readable only with the key', async () => {
  const response = await fetch(
    contactRequest(formBodies(PASSING_TOKEN).contact, { site: server.origin, to: server.url }),
  );
  expect(response.status).toBe(202);

  const disk = everyFile(dataDir);
  expect(disk).toContain('"sealed":"v1.');
  for (const value of [person.name, person.email, person.phone, person.message]) expect(disk).not.toContain(value);

  const without = await submissions({});
  expect(without.stdout).toMatch(/it is sealed: set SUBMISSIONS_KEY/);
  expect(without.stdout).not.toContain(person.email);
  expect((await submissions({ SUBMISSIONS_KEY: KEY })).stdout).toContain(person.email);
});
