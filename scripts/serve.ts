// `npm start`'s server: dist/ and netlify/functions on one port through Netlify's
// own local runtime, @netlify/dev's NetlifyDev as its README shows it, with what
// Netlify's CDN does in front of that runtime. docs/local-server.md explains each
// part and its settings (PORT, HOST, CONTEXT, LOCAL_DATA_DIR, FUNCTION_CALLS).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { resolveConfig } from '@netlify/config';
import { NetlifyDev } from '@netlify/dev';
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { startLocalBlobs } from '../support/local-blobs.ts';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const origin = `http://localhost:${port}`;
const dataDirectory = process.env.LOCAL_DATA_DIR ?? join(root, '.data/blobs');
/** The deploy context, which Netlify's CDN tells a function in this header. */
const context = { 'x-nf-deploy-context': process.env.CONTEXT ?? 'dev' };
const log = (line: string) => console.error(`serve: ${line}`);

// The functions' workers inherit this process's environment, as under `netlify dev`.
const blobs = await startLocalBlobs(dataDirectory);
process.env.NETLIFY_BLOBS_CONTEXT = blobs.context;
process.env.URL ??= origin;

const { config } = await resolveConfig({ config: join(root, 'netlify.toml'), cwd: root, offline: true, mode: 'cli' });
const functions = await listFunctions([config.functionsDirectory], { parseISC: true });
const options = {
  projectRoot: root,
  skipGitignore: true,
  serverAddress: null, // dist/ is the site: no development server behind it.
  blobs: { enabled: false }, // the store above, in a folder of our choosing
  // Local defaults: no account's variables or geolocation; no edge functions (Deno), images, database or AI.
  environmentVariables: { enabled: false },
  geolocation: { enabled: false },
  edgeFunctions: { enabled: false },
  images: { enabled: false },
  database: { enabled: false },
  aiGateway: { enabled: false },
};
const started = async (instance: NetlifyDev) => (await instance.start(), instance);
/** Files, headers and redirects; the function calls have instances of their own, below. */
const site = await started(new NetlifyDev({ ...options, functions: { enabled: false } }));

/*
 * NetlifyDev packages a function again for every call, into a folder of the
 * call's own that goes once the call has answered; two calls in flight on one
 * instance share a packaging, which the first to answer takes from the other
 * ("Cannot find module"). So each call has an instance to itself, and calls
 * wait for a free one, which also keeps a burst of posts from starting a worker
 * for each at once. An instance also packages each function once as it starts,
 * into a folder every instance of the checkout shares; one that loses that race
 * fails the function's calls before running them, and is replaced. It is put to
 * use once a first call (GET on each function route: the form answers 405) has
 * waited for that packaging. docs/decisions.md, "The local server".
 */
const live = new Set<NetlifyDev>();
const idle: NetlifyDev[] = [];
const waiting: ((instance: NetlifyDev) => void)[] = [];
const firstCalls = functions.flatMap(({ routes = [] }) =>
  routes.flatMap((route) => ('literal' in route ? route.literal : [])),
);
async function functionInstance(): Promise<NetlifyDev> {
  for (let attempt = 1; ; attempt += 1) {
    const instance = await started(new NetlifyDev(options));
    live.add(instance);
    const calls = firstCalls.map((path) => instance.handle(new Request(`${origin}${path}`, { headers: context })));
    const ready = await Promise.all(calls.map(async (call) => (await call)?.text())).then(
      () => true,
      () => false,
    );
    if (ready || attempt === 3) return instance;
    live.delete(instance);
    await instance.stop();
  }
}
const size = Number(process.env.FUNCTION_CALLS ?? Math.max(2, availableParallelism()));
for (let count = 0; count < size; count += 1) idle.push(await functionInstance());

async function callFunction(request: Request): Promise<Response | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    let instance = idle.pop() ?? (await new Promise<NetlifyDev>((take) => waiting.push(take)));
    try {
      const answered = await instance.handle(request.clone());
      const body = await answered?.arrayBuffer(); // whole, before the instance is free: the worker streams it
      return answered && new Response(body?.byteLength ? body : null, answered);
    } catch (error) {
      log(`${new URL(request.url).pathname} failed before it ran (${String(error)}); a new instance takes over`);
      live.delete(instance);
      await instance.stop();
      instance = await functionInstance();
      if (attempt === 3) throw error;
    } finally {
      const next = waiting.shift();
      if (next) next(instance);
      else idle.push(instance);
    }
  }
}

/** Netlify's own function paths, and the routes the functions declare (matched as the runtime matches them). */
function isFunctionPath(url: string): boolean {
  const path = new URL(url, origin).pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const matches = (route: { literal?: string; expression?: string }) =>
    route.literal === undefined ? new RegExp(route.expression ?? '$^').test(path) : route.literal === path;
  return path.startsWith('/.netlify/') || functions.some(({ routes = [] }) => routes.some(matches));
}

/** Compressed static bodies by content: the CDN compresses a file once, and Brotli at its best takes a while. */
const compressed = new Map<string, Buffer>();
const compressors = { br: promisify(brotliCompress), gzip: promisify(gzip) };
const compressible = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

async function compress(request: IncomingMessage, response: Response, cacheable: boolean): Promise<Response> {
  const accepted = request.headers['accept-encoding'] ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding || !response.body || response.headers.has('content-encoding')) return response;
  if (!compressible.test(response.headers.get('content-type') ?? '')) return response;
  const plain = Buffer.from(await response.arrayBuffer());
  const key = `${encoding} ${createHash('sha256').update(plain).digest('base64')}`;
  const body = (cacheable && compressed.get(key)) || (await compressors[encoding](plain));
  if (cacheable) compressed.set(key, body);
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.length));
  headers.append('vary', 'Accept-Encoding');
  return new Response(new Uint8Array(body), { status: response.status, headers });
}

async function answer(request: IncomingMessage): Promise<Response> {
  // Netlify's CDN sets these for the function; a visitor cannot.
  for (const name of Object.keys(request.headers)) if (name.startsWith('x-nf-')) delete request.headers[name];
  Object.assign(request.headers, context, { 'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1' });
  const method = request.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const body = method === 'GET' || method === 'HEAD' ? null : Buffer.concat(await Array.fromAsync(request));
  // Joined as text: resolved against a base, a path such as //other.example/ would name a host of its own.
  const web = new Request(`http://${request.headers.host}${request.url}`, { method, headers, body });
  const result = isFunctionPath(request.url!)
    ? { response: await callFunction(web), type: 'function' }
    : await site.handleAndIntrospect(web);
  if (result?.response && !(result.type === 'redirect' && result.response.status === 404))
    return compress(request, result.response, result.type === 'static' || result.type === 'redirect');
  // The 404 page with the headers Netlify gives it, and status 404.
  const page = await site.handle(new Request(`${origin}/404.html`));
  return compress(
    request,
    new Response(page?.body ?? 'Not found', { status: 404, headers: page?.headers ?? {} }),
    true,
  );
}

/*
 * Against DNS rebinding: a hostile page whose name resolves to 127.0.0.1 is its
 * own origin to the browser, so its requests carry that name in Host and
 * Origin, and the function's Origin check would take them for the site's own.
 * Only this server's names (and HOST's address) on its port are answered.
 */
const anyAddress = host === '0.0.0.0' || host === '::';
const ownHosts = new Set(
  ['localhost', '127.0.0.1', '[::1]', ...(anyAddress ? [] : [host.includes(':') ? `[${host}]` : host])].map(
    (name) => new URL(`http://${name}:${port}`).host,
  ),
);

/** A short answer in plain text, which no browser caches or reads as anything else. */
function plainAnswer(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  const plain = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };
  response.writeHead(status, { ...headers, ...plain, 'Cache-Control': 'no-store' }).end(text);
}

const server = createServer((request, response) => {
  // A browser sends a path; an absolute address (or "*") in the request line names a host of its own.
  if (!request.headers.host || !request.url?.startsWith('/')) return plainAnswer(response, 400, 'Bad request');
  if (!ownHosts.has(request.headers.host.toLowerCase()))
    return plainAnswer(response, 421, 'This server answers only its own host names.');
  // Methods a Web Request cannot carry (the Fetch standard forbids them); Netlify refuses them too.
  if (['CONNECT', 'TRACE', 'TRACK'].includes(request.method!))
    return plainAnswer(response, 405, 'Method not allowed', { Allow: 'GET, HEAD, POST' });
  answer(request)
    .then(async (answered) => {
      const headers: Record<string, string | string[]> = Object.fromEntries(answered.headers);
      if (answered.headers.has('set-cookie')) headers['set-cookie'] = answered.headers.getSetCookie();
      response.writeHead(answered.status, headers);
      if (answered.body && request.method !== 'HEAD') for await (const chunk of answered.body) response.write(chunk);
      response.end();
    })
    .catch((error: unknown) => {
      // A visitor who navigates away mid-download is not an error of the server.
      if ((error as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      log(`could not answer ${request.method} ${request.url}: ${String(error)}`);
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Internal error');
    });
});
// An idle connection stays open a minute, as on a CDN: with Node's five seconds, a client whose event loop
// was busy that long sends its next request into a connection being closed.
server.keepAliveTimeout = 60_000;

/*
 * Netlify runs a scheduled function by its cron; the runtime only lets it be
 * called. A timer calls each at its pace, for the one kind of schedule the site
 * uses, every N minutes (netlify/functions/deliver-pending.ts).
 */
const timers = functions.flatMap(({ name, schedule }) => {
  const minutes = Number(/^\*\/(\d+) \* \* \* \*$/.exec(schedule ?? '')?.[1]);
  if (schedule && !minutes) log(`${name} runs only when called: its schedule "${schedule}" is not "*/N * * * *"`);
  const run = () =>
    callFunction(new Request(`${origin}/.netlify/functions/${name}`, { headers: context })).catch((error: unknown) =>
      log(`${name} failed: ${String(error)}`),
    );
  return minutes ? [setInterval(() => void run(), minutes * 60_000).unref()] : [];
});

server.listen(port, host, () => {
  console.log(`Serving the site and its functions through Netlify's runtime at ${origin} (Ctrl+C to stop)`);
  console.log(`Submissions are stored in ${dataDirectory}; list them with: npm run submissions`);
});

/*
 * A function's worker lives on after its answer until the work it left to
 * context.waitUntil (the deliveries) is done. Netlify lets that work finish, so
 * stopping waits for the workers (15 s at most) before it closes the store.
 */
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  for (const timer of timers) clearInterval(timer);
  const workers = () => (process.report.getReport() as { workers: unknown[] }).workers.length;
  for (const deadline = Date.now() + 15_000; workers() > 0 && Date.now() < deadline;)
    await new Promise((done) => setTimeout(done, 250));
  await Promise.all([site, ...live].map((instance) => instance.stop()));
  await blobs.stop();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
