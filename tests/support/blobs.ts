import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { startLocalBlobs } from '../../support/local-blobs.ts';

/**
 * The local server's Netlify Blobs (support/local-blobs.ts) over a temporary folder, and a store on it.
 * siteID "local-site" is the one the local server and `npm run submissions` use.
 */
export async function startBlobs(storeName = 'submissions', siteID = 'test-site') {
  const directory = mkdtempSync(join(tmpdir(), 'qd-blobs-'));
  const server = await startLocalBlobs(directory, siteID);
  const { url, token } = server;
  const store = getStore({
    name: storeName,
    siteID,
    token,
    edgeURL: url,
    uncachedEdgeURL: url,
    consistency: 'strong',
  });
  const api = await apiFront(url);
  return {
    directory,
    store,
    /** The server's own (edge) address, for another store of the same site. */
    url,
    /** Netlify's API in front of this server, for a client given `apiURL` (as with a site's ID and a token). */
    apiURL: api.url,
    token,
    /** What Netlify gives a function in NETLIFY_BLOBS_CONTEXT, so that its own getStore() reaches this server. */
    functionContext: server.context,
    async stop() {
      await new Promise((resolve) => api.server.close(resolve));
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Netlify's Blobs API in front of a BlobsServer. The server answers the API's requests itself, except a listing
 * with a prefix, which it reads from the wrong folder (@netlify/blobs 11.1; this front can go once a prefixed
 * listing through the API finds the keys): a listing is passed on as the edge request it stands for. Everything else goes through as it came.
 */
async function apiFront(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url!, target);
    const listing = /^\/api\/v1\/blobs\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    if (listing && request.method === 'GET') url.pathname = `/${listing[1]}/${listing[2]}`;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void fetch(url, {
        method: request.method!,
        headers: Object.fromEntries(
          Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        ),
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      }).then(
        async (answer) => {
          response.writeHead(answer.status, Object.fromEntries(answer.headers));
          response.end(Buffer.from(await answer.arrayBuffer()));
        },
        () => response.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}
