// Serves dist/ for the bench with `npm start`'s server (scripts/serve.mjs):
// compression, Netlify's headers including the Content-Security-Policy, 404.html
// with status 404 and the functions, on a free port with its Blobs in a
// temporary folder, so the bench never touches the submissions of `npm start`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port of a range (4400–4499 unless told otherwise). */
export async function freePort(from = 4400, to = 4499) {
  for (let port = from; port <= to; port += 1) if (await isFree(port)) return port;
  throw new Error(`no free port between ${from} and ${to}`);
}

/**
 * @param {string} cwd the project folder
 * @param {number} port
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function serveDist(cwd, port) {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'qd-bench-'));
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDirectory },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDirectory, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/`);
      await response.arrayBuffer();
      if (response.ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await delay(100);
  }
  await stop();
  throw new Error(`scripts/serve.mjs did not answer on ${origin}`);
}
