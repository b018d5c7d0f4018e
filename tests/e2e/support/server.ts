// The server the browser tests run against: `npm start`'s server (scripts/serve.ts,
// Netlify's runtime), started as every test starts it (support/site-server.ts),
// with a fake hCaptcha siteverify API on loopback in front of the packaged function
// and its Blobs in a fresh temporary folder. Playwright starts it with PORT set,
// waits for its first page and stops it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSiteServer } from '../../../support/site-server.ts';
import { startFakeSiteverify } from '../../../support/stand-ins.ts';

const siteverify = await startFakeSiteverify();
const server = await startSiteServer({
  dataDir: process.env.LOCAL_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'qd-e2e-')),
  port: Number(process.env.PORT ?? 4322),
  env: { HCAPTCHA_VERIFY_URL: siteverify.url },
  // Playwright waits four minutes for the first page.
  timeoutMs: 240_000,
  echo: true,
});
const stop = async () => {
  await server.stop();
  await siteverify.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
server.process.on('exit', (code) => process.exit(code ?? 0));
