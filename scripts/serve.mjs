#!/usr/bin/env node
// Serves the built site (dist/) the way Netlify does: clean URLs, the rewrites of
// dist/_redirects, 404.html with status 404, and compression. `npm start` runs it
// after a build; PORT changes the port (default 4321).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createStaticHandler } from './server/static.mjs';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';

const handle = await createStaticHandler(root);
const server = createServer((request, response) => {
  handle(request, response).catch((error) => {
    // A visitor who navigates away mid-download is not an error of the server.
    if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    console.error('serve: could not answer', request.method, request.url, error);
    if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Internal error');
  });
});

server.listen(port, host, () => {
  console.log(`Serving dist/ at http://localhost:${port} (Ctrl+C to stop)`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
