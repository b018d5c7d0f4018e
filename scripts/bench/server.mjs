// Serves dist/ for the bench with `npm start`'s server (scripts/serve.mjs):
// compression, Netlify's headers including the Content-Security-Policy, 404.html
// with status 404 and the functions, on a free port with its Blobs in a
// temporary folder, so the bench never touches the submissions of `npm start`.
//
// The server runs from a staging folder holding a copy of dist/ (and of the
// server, which finds dist/ next to itself): a build started while the bench
// measures, by a test run or an editor, cannot change the site under it.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
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

/** A staging folder: copies of dist/ and the server, links to what they import. */
function stage(cwd) {
  const folder = mkdtempSync(join(tmpdir(), 'qd-bench-'));
  cpSync(join(cwd, 'dist'), join(folder, 'dist'), { recursive: true });
  mkdirSync(join(folder, 'scripts'));
  cpSync(join(cwd, 'scripts/serve.mjs'), join(folder, 'scripts/serve.mjs'));
  cpSync(join(cwd, 'scripts/server'), join(folder, 'scripts/server'), { recursive: true });
  for (const file of ['package.json', 'netlify.toml']) if (existsSync(join(cwd, file))) cpSync(join(cwd, file), join(folder, file));
  for (const directory of ['node_modules', 'netlify', 'src']) if (existsSync(join(cwd, directory))) symlinkSync(join(cwd, directory), join(folder, directory), 'dir');
  mkdirSync(join(folder, 'blobs'));
  return folder;
}

/**
 * @param {string} cwd the project folder
 * @param {number} port
 * @returns {Promise<{ origin: string, distRoot: string, stop: () => Promise<void> }>}
 */
export async function serveDist(cwd, port) {
  const folder = stage(cwd);
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: join(folder, 'blobs') },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://localhost:${port}`;
  const distRoot = join(folder, 'dist');
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/`);
      await response.arrayBuffer();
      if (response.ok) return { origin, distRoot, stop };
    } catch {
      // Not listening yet.
    }
    await delay(100);
  }
  await stop();
  throw new Error(`scripts/serve.mjs did not answer on ${origin}`);
}
