#!/usr/bin/env node
// The whole site on one port, as Netlify serves it: the built pages of dist/
// (clean URLs, _redirects, the headers of netlify.toml and dist/_headers,
// 404.html with status 404, compression) and the functions of netlify/functions,
// with Netlify Blobs kept in a local folder (.data/blobs). `npm start` runs it
// after a build. PORT changes the port (default 4321).
import { createServer } from 'node:http';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { createStaticHandler } from './server/static.mjs';
import { findFunction, invoke, loadFunctions } from './server/functions.mjs';
import { headersFor, loadHeaderRules } from './server/headers.mjs';

const root = new URL('../', import.meta.url);
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const origin = `http://localhost:${port}`;
const deployContext = process.env.CONTEXT ?? 'dev';
const dataDirectory = process.env.LOCAL_DATA_DIR ?? fileURLToPath(new URL('.data/blobs/', root));

// Netlify Blobs: the same client the functions use in production, talking to a local server.
await mkdir(dataDirectory, { recursive: true });
const blobsToken = crypto.randomUUID();
const blobs = new BlobsServer({ directory: dataDirectory, token: blobsToken });
const { port: blobsPort } = await blobs.start();
const blobsURL = `http://127.0.0.1:${blobsPort}`;
setEnvironmentContext({ edgeURL: blobsURL, uncachedEdgeURL: blobsURL, siteID: 'local-site', token: blobsToken });
process.env.URL ??= origin;

const functions = await loadFunctions(fileURLToPath(new URL('netlify/functions/', root)));
const headerRules = await loadHeaderRules(
  fileURLToPath(new URL('netlify.toml', root)),
  fileURLToPath(new URL('dist/_headers', root)),
);
const serveStatic = await createStaticHandler(fileURLToPath(new URL('dist/', root)), (pathname) =>
  headersFor(headerRules, pathname),
);
const pending = new Set();

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', origin);
  const fn = findFunction(functions, pathname);
  const work = fn ? invoke(fn, request, response, { origin, deployContext, pending }) : serveStatic(request, response);
  work.catch((error) => {
    // A visitor who navigates away mid-download is not an error of the server.
    if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    console.error(
      `serve: could not answer ${request.method} ${pathname}: ${error instanceof Error ? error.message : error}`,
    );
    if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Internal error');
  });
});

// Scheduled functions run on their own here too (every five minutes), as on Netlify.
const scheduled = functions.filter((fn) => fn.config.schedule);
const timer = setInterval(
  () => {
    for (const fn of scheduled) {
      Promise.resolve(
        fn.handler(new Request(`${origin}/.netlify/functions/${fn.name}`, { method: 'POST' }), {
          deploy: { context: deployContext },
        }),
      ).catch((error) =>
        console.error(`serve: scheduled function ${fn.name} failed: ${error instanceof Error ? error.message : error}`),
      );
    }
  },
  5 * 60 * 1000,
);
timer.unref();

server.listen(port, host, () => {
  console.log(`Serving the site and its functions at ${origin} (Ctrl+C to stop)`);
  console.log(`Submissions are stored in ${dataDirectory}; list them with: npm run submissions`);
});

async function shutdown() {
  server.close();
  await Promise.allSettled([...pending]);
  await blobs.stop();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, shutdown);
