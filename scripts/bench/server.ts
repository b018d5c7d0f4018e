// Serves dist/ for the bench with `npm start`'s server (scripts/serve.ts,
// Netlify's runtime, started as the tests start it: tests/support/site-server.ts): compression, Netlify's headers including the
// Content-Security-Policy, 404.html with status 404 and the functions, on a free port with its Blobs in a
// temporary folder, so the bench never touches the submissions of `npm start`.
//
// Netlify answers browsers over HTTP/2 with TLS: one connection per origin,
// and a TLS handshake before it. Lighthouse's simulation of a slow network
// models exactly that, so its pages are fetched through an HTTP/2 front with a
// certificate made for the run (its Chromium is told to accept it); on plain
// HTTP/1.1 it would add a new connection, and queueing behind six, for every
// request. The other measurements use the server directly.
//
// The server runs from a staging folder holding a copy of dist/ (and of the
// server and netlify.toml, which find dist/ next to themselves): a build started while the bench
// measures, by a test run or an editor, cannot change the site under it.
import { request as httpRequest } from 'node:http';
import { createSecureServer } from 'node:http2';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Http2Session } from 'node:http2';
import { generate as selfSignedCertificate } from 'selfsigned';
import { startSiteServer } from '../../tests/support/site-server.ts';
import { startFakeSiteverify } from '../../tests/support/stand-ins.ts';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port of a range (4400–4499 unless told otherwise). */
export async function freePort(from = 4400, to = 4499): Promise<number> {
  for (let port = from; port <= to; port += 1) if (await isFree(port)) return port;
  throw new Error(`no free port between ${from} and ${to}`);
}

/** A staging folder: copies of dist/, the server and the functions, a link to node_modules. */
function stage(cwd: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'qd-bench-'));
  cpSync(join(cwd, 'dist'), join(folder, 'dist'), { recursive: true });
  mkdirSync(join(folder, 'scripts'));
  for (const file of ['scripts/serve.ts', 'scripts/local-blobs.ts', 'package.json', 'netlify.toml'])
    if (existsSync(join(cwd, file))) cpSync(join(cwd, file), join(folder, file));
  // The functions and the sources they import are copied, not linked: Netlify's packager follows a link out of the folder.
  for (const directory of ['netlify', 'src'])
    if (existsSync(join(cwd, directory))) cpSync(join(cwd, directory), join(folder, directory), { recursive: true });
  if (existsSync(join(cwd, 'node_modules')))
    symlinkSync(join(cwd, 'node_modules'), join(folder, 'node_modules'), 'dir');
  mkdirSync(join(folder, 'blobs'));
  return folder;
}

/** Headers that belong to one HTTP/1.1 connection and may not cross into HTTP/2. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

/**
 * An HTTP/2 front with TLS on `port`, passing every request to `target` (an http:// origin) as it is
 * (compressed bodies stay compressed).
 */
async function secureFront(target: string, port: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  const { private: key, cert } = await selfSignedCertificate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    notAfterDate: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const { hostname, port: targetPort, host: targetHost } = new URL(target);
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (request, response) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !name.startsWith(':') && !hopByHop.has(name)),
    );
    const upstream = httpRequest(
      {
        hostname,
        port: targetPort,
        path: request.url,
        method: request.method,
        // The server's own name: it answers no other (scripts/serve.ts, ownHosts).
        headers: { ...headers, host: targetHost },
      },
      (answer) => {
        response.writeHead(
          answer.statusCode ?? 502,
          Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name))),
        );
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // A browser killed mid-run can leave its session open; stopping ends them all.
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve(undefined));
      for (const session of sessions) session.destroy();
    });
  return { origin: `https://localhost:${port}`, stop };
}

/** Asks for every page and asset once in each encoding, so no measured request waits for the server's first compression of a file. */
async function warmUp(origin: string, distRoot: string): Promise<void> {
  const files = readdirSync(distRoot, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const paths = files.map((entry) =>
    `/${join(entry.parentPath, entry.name).slice(distRoot.length + 1)}`.replace(/\.html$/, '').replace(/\/index$/, '/'),
  );
  for (const encoding of ['br', 'gzip']) {
    for (const path of paths)
      await fetch(`${origin}${path}`, { headers: { 'Accept-Encoding': encoding } }).then((response) =>
        response.arrayBuffer(),
      );
  }
}

export interface ServedDist {
  origin: string;
  secureOrigin: string;
  distRoot: string;
  stop: () => Promise<void>;
}

/** Serves a copy of dist/ of the project folder `cwd`, warmed up, directly and through the HTTP/2 front. */
export async function serveDist(cwd: string, port: number): Promise<ServedDist> {
  const folder = stage(cwd);
  // The forms' function checks the robot check with the tests' stand-in, never with hCaptcha over the internet.
  const siteverify = await startFakeSiteverify();
  let front: Awaited<ReturnType<typeof secureFront>> | undefined;
  let server: Awaited<ReturnType<typeof startSiteServer>> | undefined;
  const stop = async () => {
    await front?.stop();
    await server?.stop();
    await siteverify.close();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // It listens once it has packaged the functions, which takes a while on a busy machine.
    server = await startSiteServer({
      cwd: folder,
      port,
      dataDir: join(folder, 'blobs'),
      env: { HCAPTCHA_VERIFY_URL: siteverify.url },
    });
    const distRoot = join(folder, 'dist');
    await warmUp(server.origin, distRoot);
    front = await secureFront(server.origin, await freePort(port + 1, port + 100));
    return { origin: server.origin, secureOrigin: front.origin, distRoot, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
