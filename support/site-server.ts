import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/*
 * The whole site as `npm start` serves it (scripts/serve.ts): the built pages
 * and the functions, with Netlify Blobs kept in `dataDir`. The one place that
 * starts it for the tests, the browser tests' server, the load script and the
 * bench, so a change of local runtime is a change here alone.
 */

const root = resolve(import.meta.dirname, '..');

export interface SiteServer {
  /** Where to send requests. */
  url: string;
  /** The Origin the site's own pages send, accepted by its forms. */
  origin: string;
  /** Starts a run of the scheduled retry, as the local timer does, and reads its answer. */
  runRetries(): Promise<RetryRunAnswer>;
  process: ChildProcess;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Stops it (SIGTERM, then SIGKILL after 20 s: the server waits up to 15 s for deliveries) and waits for it to exit. */
  stop(): Promise<void>;
}

export interface RetryRunAnswer {
  status: number;
  /** The run's result as JSON text: tried, delivered, skipped, left... */
  body: string;
  /** The names and lengths of its headers longer than 1,000 characters, for a failure message. */
  bigHeaders: string;
}

export interface SiteServerOptions {
  /** The folder of its Netlify Blobs; a restart on the same folder finds what was stored. */
  dataDir: string;
  /** A free port when left out. */
  port?: number;
  /** More environment: HCAPTCHA_VERIFY_URL, CONTACT_FORWARD_URL, DELIVERY_RETRY_BASE_MS... */
  env?: Record<string, string>;
  /** How long to wait for the first answer. */
  timeoutMs?: number;
  /** The project folder whose scripts/serve.ts and dist/ are served: this checkout unless given (the bench's copy). */
  cwd?: string;
  /** Also pass what the server prints on to this process's own output, as it comes. */
  echo?: boolean;
}

/**
 * Variables of the caller's shell that would change what the local server or `npm run submissions` does: the last
 * three would point the submissions command at the live site's store.
 */
export const deploySettings = [
  'CONTEXT',
  'URL',
  'DEPLOY_URL',
  'DEPLOY_PRIME_URL',
  'ALLOWED_ORIGINS',
  'HCAPTCHA_SECRET',
  'HCAPTCHA_VERIFY_URL',
  'PUBLIC_HCAPTCHA_SITE_KEY',
  'SUBMISSIONS_KEY',
  'CONTACT_FORWARD_URL',
  'CONTACT_FORWARD_SECRET',
  'SUBMISSIONS_STORE',
  'HOST',
  'NODE_OPTIONS',
  'NETLIFY_SITE_ID',
  'NETLIFY_AUTH_TOKEN',
  'NETLIFY_API_URL',
];

/** This process's environment without the caller's deploy settings. */
export const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !deploySettings.includes(name)));

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/*
 * Netlify's function wrapper reports the timing of every fetch a call made in
 * one response header (x-nf-fetch-timing): a run over many submissions answers
 * with more header than fetch accepts (16 KB), so node:http reads it, allowing more.
 */
function runRetries(url: string): Promise<RetryRunAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', maxHeaderSize: 8 * 1024 * 1024 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bigHeaders = Object.entries(response.headers)
          .filter(([, value]) => String(value).length > 1000)
          .map(([name, value]) => `${name}: ${String(value).length} characters`)
          .join(', ');
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), bigHeaders });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

export async function startSiteServer({
  dataDir,
  port: wanted,
  env = {},
  // Start-up packages each function once per runtime instance (docs/local-server.md): some seconds, more when busy.
  timeoutMs = 180_000,
  cwd = root,
  echo = false,
}: SiteServerOptions): Promise<SiteServer> {
  const port = wanted ?? (await freePort());
  const base = cleanEnv();
  const child = spawn(process.execPath, ['scripts/serve.ts'], {
    cwd,
    env: { ...base, ...env, PORT: String(port), LOCAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  if (echo) {
    child.stdout!.pipe(process.stdout);
    child.stderr!.pipe(process.stderr);
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const server: SiteServer = {
    url,
    origin: `http://localhost:${port}`,
    runRetries: () => runRetries(`${url}/.netlify/functions/deliver-pending`),
    process: child,
    output: () => printed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000).then(() => child.kill('SIGKILL'))]);
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the site server exited:\n${printed}`);
    try {
      const response = await fetch(`${url}/`);
      await response.body?.cancel();
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the site server did not answer within ${timeoutMs} ms:\n${printed}`);
    }
    await sleep(100);
  }
}
