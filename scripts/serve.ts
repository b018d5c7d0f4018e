// The built site and its functions on one port, through Netlify's own local
// runtime, the libraries under `netlify dev`: @netlify/dev's static server with
// pretty URLs, header rules (netlify.toml and dist/_headers) and redirects
// (dist/_redirects), and @netlify/functions-dev's function wrapper, which
// packages netlify/functions with Netlify's packager (zip-it-and-ship-it) and
// runs each call in a worker, as production runs it in a Lambda.
//
// This file fills only what that runtime leaves to Netlify's CDN: the 404 page
// for an unknown address, compression, the visitor's address and the deploy
// context the functions see, methods a Web Request cannot carry, and a timer
// for the scheduled functions. It also packages each function once, at start:
// the runtime would package it again for every call (seconds each). Netlify
// Blobs live in LOCAL_DATA_DIR (default .data/blobs), where `npm run
// submissions` reads them, and their conditional writes are made atomic here
// (see serialisedWrites). PORT sets the port (default 4321), CONTEXT the
// deploy context (default dev), HOST the address it listens on (default
// 127.0.0.1). It answers its own host names only (see ownHosts), and listens
// once everything is ready.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import workerThreads from 'node:worker_threads';
import { brotliCompress, gzip } from 'node:zlib';
import { BlobsServer } from '@netlify/blobs/server';
import { resolveConfig } from '@netlify/config';
import { NetlifyDev } from '@netlify/dev';
import { HTTPServer, mockLocation } from '@netlify/dev-utils';
import { FunctionsHandler } from '@netlify/functions-dev';

const root = fileURLToPath(new URL('../', import.meta.url));
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const origin = `http://localhost:${port}`;
const deployContext = process.env.CONTEXT ?? 'dev';
const dataDirectory = process.env.LOCAL_DATA_DIR ?? fileURLToPath(new URL('../.data/blobs/', import.meta.url));
/** The site id the Blobs are kept under; scripts/submissions.ts reads the same. */
const SITE_ID = 'local-site';
const log = (line: string) => console.error(`serve: ${line}`);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

// --------------------------------------------------------------------------- Netlify Blobs

/*
 * Netlify Blobs promises that a create-only write (onlyIfNew, If-None-Match: *)
 * and a write conditional on an ETag (onlyIfMatch, If-Match) are atomic: the
 * idempotency claims, the records and the delivery leases depend on it
 * (netlify/lib/contact.ts, netlify/lib/delivery.ts). @netlify/blobs' local
 * BlobsServer checks the condition and then writes, with file operations
 * between: two writes of one key can both pass the check. Every function call
 * runs in a worker of its own, so nothing in the functions' memory can order
 * them. This front takes the writes and deletes of each key one at a time, in
 * order of arrival, and passes everything to the BlobsServer unchanged; reads
 * need no turn, as the server writes each value to a temporary file and renames it.
 * It can go once BlobsServer makes these writes atomic itself (not so in @netlify/blobs 11.1). `npm run submissions`
 * opens the folder with a BlobsServer of its own, outside this front: an erase run while the local server delivers
 * the same submission is ordered only by the file system (on Netlify, by Blobs itself).
 */
function serialisedWrites(target: string): HTTPServer {
  const turns = new Map<string, Promise<unknown>>();
  return new HTTPServer(async (request) => {
    const url = new URL(request.url);
    const forwarded = new URL(`${url.pathname}${url.search}`, target);
    const headers = new Headers(request.headers);
    for (const name of ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])
      headers.delete(name);
    if (request.method !== 'PUT' && request.method !== 'DELETE')
      return fetch(forwarded, { method: request.method, headers });
    // The body is read before the turn is taken, so a slow upload holds up no other write.
    const body = request.method === 'PUT' ? await request.arrayBuffer() : undefined;
    // One key's path, whichever region prefix the client put before it.
    const key = url.pathname.replace(/^\/region:[^/]+/, '');
    const write = (turns.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => fetch(forwarded, { method: request.method, headers, ...(body ? { body } : {}) }));
    turns.set(key, write);
    try {
      return await write;
    } finally {
      if (turns.get(key) === write) turns.delete(key);
    }
  });
}

// A folder of our choosing (the runtime's own Blobs server would use .netlify/blobs-serve).
await mkdir(dataDirectory, { recursive: true });
const blobsToken = crypto.randomUUID();
const blobs = new BlobsServer({ directory: dataDirectory, token: blobsToken });
const blobsWrites = serialisedWrites(`http://127.0.0.1:${(await blobs.start()).port}`);
const blobsURL = `http://127.0.0.1:${new URL(await blobsWrites.start()).port}`;
// The functions' workers inherit this, as they do under `netlify dev`.
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
  JSON.stringify({ edgeURL: blobsURL, uncachedEdgeURL: blobsURL, siteID: SITE_ID, token: blobsToken, deployID: '0' }),
).toString('base64');
process.env.URL ??= origin;

// --------------------------------------------------------------------------- Netlify's runtime

const netlify = new NetlifyDev({
  projectRoot: root,
  skipGitignore: true,
  // No front-end dev server: the site is the built dist/.
  serverAddress: null,
  // The functions are served by the handler below, packaged once.
  functions: { enabled: false },
  blobs: { enabled: false },
  // Edge functions need Deno, and the site has none; neither does it use images, a database or AI.
  edgeFunctions: { enabled: false },
  images: { enabled: false },
  database: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
});
await netlify.start();

// Each server packages into its own folder: tests run several servers on one checkout at once.
const packaged = await mkdtemp(join(tmpdir(), 'qd-functions-'));
const { config } = await resolveConfig({
  config: join(root, 'netlify.toml'),
  context: deployContext,
  cwd: root,
  repositoryRoot: root,
  offline: true,
  mode: 'cli',
});
const functions = new FunctionsHandler({
  config: { get: () => config } as ConstructorParameters<typeof FunctionsHandler>[0]['config'],
  destPath: packaged,
  geolocation: mockLocation,
  projectRoot: root,
  settings: {},
  siteId: SITE_ID,
  userFunctionsPath: config.functionsDirectory,
});

/**
 * What this file uses of the wrapper beyond its typed interface (its registry
 * is private there); package.json pins the wrapper's version for that reason.
 */
interface WrapperInternals {
  scan: Promise<unknown>;
  registry?: { functions?: Map<string, RegisteredFunction> };
}
interface RegisteredFunction {
  name: string;
  build(options: { buildDirectory: string; cache: object }): Promise<BuildResult>;
  isScheduled(): Promise<boolean>;
}
interface BuildResult {
  error?: unknown;
  includedFiles?: string[];
  srcFilesDiff?: { added: Set<string>; deleted: Set<string> };
}

/**
 * Packages every function now and keeps that package: the wrapper packages a
 * function again on every call, which takes seconds.
 */
async function packageOnce(handler: FunctionsHandler): Promise<RegisteredFunction[]> {
  const internals = handler as unknown as WrapperInternals;
  await internals.scan;
  const registered = internals.registry?.functions;
  if (!registered) throw new Error('@netlify/functions-dev changed: its function registry is missing');
  for (const fn of registered.values()) {
    const { error } = await fn.build({ buildDirectory: packaged, cache: {} });
    if (error) throw new Error(`could not package the function ${fn.name}: ${message(error)}`);
    fn.build = async () => ({
      includedFiles: [],
      srcFilesDiff: { added: new Set<string>(), deleted: new Set<string>() },
    });
  }
  return [...registered.values()];
}

const packagedFunctions = await packageOnce(functions).catch(async (error: unknown) => {
  await rm(packaged, { recursive: true, force: true });
  throw error;
});

/*
 * The wrapper runs each call in a worker that lives on until the work the
 * function left to context.waitUntil (delivery to the webhook) is done, and
 * keeps no list of them. Stopping waits for them, as Netlify lets that work
 * finish: so every worker is counted here (syncBuiltinESMExports hands the
 * counting class to the wrapper's `import { Worker }` as well).
 */
const runningWorkers = new Set<Promise<unknown>>();
workerThreads.Worker = class CountedWorker extends workerThreads.Worker {
  constructor(...options: ConstructorParameters<typeof workerThreads.Worker>) {
    super(...options);
    const exited = new Promise((done) => this.once('exit', done));
    runningWorkers.add(exited);
    void exited.then(() => runningWorkers.delete(exited));
  }
};
syncBuiltinESMExports();

// --------------------------------------------------------------------------- compression

type Encoding = 'br' | 'gzip';
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};
const compressibleType = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/*
 * Compressed static bodies by content: Netlify's CDN compresses a file once,
 * and Brotli at its highest quality takes a third of a second for the React
 * runtime, which every page load (and the bench) would otherwise pay.
 */
const compressedBodies = new Map<string, Buffer>();

function chooseEncoding(request: IncomingMessage, response: Response): Encoding | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (request.method === 'HEAD' || !response.body || response.headers.has('content-encoding')) return undefined;
  if (!compressibleType.test(response.headers.get('content-type') ?? '')) return undefined;
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
}

async function compress(request: IncomingMessage, response: Response, cacheable: boolean): Promise<Response> {
  const encoding = chooseEncoding(request, response);
  if (!encoding) return response;
  const plain = Buffer.from(await response.arrayBuffer());
  const key = `${encoding} ${createHash('sha256').update(plain).digest('base64')}`;
  const body = (cacheable && compressedBodies.get(key)) || (await compressors[encoding](plain));
  if (cacheable) compressedBodies.set(key, body);
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.length));
  headers.append('vary', 'Accept-Encoding');
  return new Response(new Uint8Array(body), { status: response.status, headers });
}

// --------------------------------------------------------------------------- host names

/*
 * The names this server answers to: its own on loopback, with its port, and the address HOST names when it is one.
 * A hostile page whose name is made to resolve to 127.0.0.1 (DNS rebinding) is its own origin to the browser, so its
 * requests carry its name in Host and in Origin: were that taken for this server's address, the function's Origin
 * check would see a request from the site itself, and the page could read every answer. Any other name is refused
 * before anything else runs.
 */
const anyAddress = host === '0.0.0.0' || host === '::';
const ownHosts = new Set(
  ['localhost', '127.0.0.1', '[::1]', ...(anyAddress ? [] : [host.includes(':') ? `[${host}]` : host])].map(
    (name) => new URL(`http://${name}:${port}`).host,
  ),
);

/** 400 for a request that names no host, or one in its request line; 421 for another name than this server's. */
function misdirection(request: IncomingMessage): 400 | 421 | undefined {
  // A browser sends a path; an absolute address (or "*") in the request line names a host the check below would miss.
  if (!request.headers.host || !request.url?.startsWith('/')) return 400;
  return ownHosts.has(request.headers.host.toLowerCase()) ? undefined : 421;
}

// --------------------------------------------------------------------------- requests

/** The 404 page with the headers Netlify gives it, answered with status 404 as Netlify does. */
async function notFound(): Promise<Response> {
  const page = await netlify.handle(new Request(`${origin}/404.html`));
  if (!page) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(page.body, { status: 404, headers: page.headers });
}

/**
 * The Web Request a function receives, for the host name the visitor used (one of this server's own: see
 * misdirection); the body only when it is to be read.
 */
function webRequest(request: IncomingMessage, withBody: boolean): Request {
  // Joined as text: resolved against a base, a path such as //other.example/ would name a host of its own.
  const url = new URL(`http://${request.headers.host}${request.url}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = withBody && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

async function answer(request: IncomingMessage): Promise<Response> {
  // Netlify's CDN sets these for the function; a visitor cannot.
  for (const name of Object.keys(request.headers)) if (name.startsWith('x-nf-')) delete request.headers[name];
  request.headers['x-forwarded-for'] = request.socket.remoteAddress ?? '127.0.0.1';
  request.headers['x-nf-deploy-context'] = deployContext;
  const fn = await functions.match(webRequest(request, false));
  if (fn && !fn.preferStatic) return compress(request, await fn.handle(webRequest(request, true)), false);
  // Without its body: what is left is static files, redirects and headers. (Turning the Node request into a
  // stream here, as handleAndIntrospectNodeRequest does, can close the visitor's connection mid-answer.)
  const result = await netlify.handleAndIntrospect(webRequest(request, false));
  if (!result || (result.type === 'redirect' && result.response.status === 404))
    return compress(request, await notFound(), true);
  return compress(request, result.response, result.type === 'static' || result.type === 'redirect');
}

/** Methods a Web Request cannot carry (the Fetch standard forbids them); Netlify refuses them too. */
const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);

async function write(response: ServerResponse, request: IncomingMessage, answered: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answered.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = answered.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  response.writeHead(answered.status, headers);
  if (answered.body && request.method !== 'HEAD') {
    for await (const chunk of answered.body) response.write(chunk);
  } else {
    await answered.body?.cancel();
  }
  response.end();
}

/** A short answer in plain text, which no browser caches or reads as anything else. */
function plainAnswer(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

const server = createServer((request, response) => {
  const misdirected = misdirection(request);
  if (misdirected === 421) return plainAnswer(response, 421, 'This server answers only its own host names.');
  if (misdirected === 400) return plainAnswer(response, 400, 'Bad request');
  if (forbiddenMethods.has(request.method ?? ''))
    return plainAnswer(response, 405, 'Method not allowed', { Allow: 'GET, HEAD, POST' });
  answer(request)
    .then((answered) => write(response, request, answered))
    .catch((error: unknown) => {
      // A visitor who navigates away mid-download is not an error of the server.
      if ((error as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      log(`could not answer ${request.method} ${request.url}: ${message(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Internal error');
    });
});

// An idle connection stays open a minute, as on a CDN: with Node's five seconds, a client whose event loop
// was busy for that long (a test parsing every page) sends its next request into a connection being closed.
server.keepAliveTimeout = 60_000;

// --------------------------------------------------------------------------- scheduled functions

/*
 * Netlify runs scheduled functions by their cron; the runtime only lets them be
 * called. Every scheduled function here runs every five minutes ("*\/5 * * * *"),
 * so a timer calls each at that pace, through the same wrapper as a request.
 */
const SCHEDULE_INTERVAL_MS = 5 * 60 * 1000;
const scheduled: RegisteredFunction[] = [];
for (const fn of packagedFunctions) if (await fn.isScheduled()) scheduled.push(fn);
const timer = setInterval(() => {
  for (const fn of scheduled) {
    const request = new Request(`${origin}/.netlify/functions/${fn.name}`, {
      method: 'POST',
      headers: { 'x-nf-deploy-context': deployContext },
    });
    functions
      .match(request)
      .then((match) => match?.handle(request))
      .then((response) => response?.body?.cancel())
      .catch((error: unknown) => log(`scheduled function ${fn.name} failed: ${message(error)}`));
  }
}, SCHEDULE_INTERVAL_MS);
timer.unref();

server.listen(port, host, () => {
  console.log(`Serving the site and its functions through Netlify's runtime at ${origin} (Ctrl+C to stop)`);
  console.log(`Submissions are stored in ${dataDirectory}; list them with: npm run submissions`);
});

let stopping = false;
async function shutdown(): Promise<void> {
  // A second Ctrl+C (or SIGTERM after SIGINT) while the first is waiting for deliveries changes nothing.
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await Promise.race([Promise.all(runningWorkers), new Promise((done) => setTimeout(done, 15_000))]);
  await rm(packaged, { recursive: true, force: true });
  await netlify.stop();
  await blobsWrites.stop();
  // By the time a signal is handled, the Blobs server may already be closed; that is no failure.
  await blobs.stop().catch((error: unknown) => {
    if ((error as { code?: string } | null)?.code !== 'ERR_SERVER_NOT_RUNNING') throw error;
  });
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown());
