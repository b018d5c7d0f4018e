// The server the browser tests run against: `npm start`'s server (scripts/serve.mjs,
// Netlify's runtime) with a fake hCaptcha siteverify API on loopback in front of the
// packaged function, and its Blobs in a fresh temporary folder. Playwright starts and
// stops it, and waits for its first page (it listens once the functions are packaged).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeSiteverify } from '../../support/stand-ins.ts';

const siteverify = await startFakeSiteverify();
const dataDirectory = process.env.LOCAL_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'qd-e2e-'));
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, HCAPTCHA_VERIFY_URL: siteverify.url, LOCAL_DATA_DIR: dataDirectory },
});
const stop = async () => {
  server.kill('SIGTERM');
  await siteverify.close();
};
process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
process.on('SIGINT', () => void stop().then(() => process.exit(0)));
server.on('exit', (code) => process.exit(code ?? 0));
