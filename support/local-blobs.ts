// Netlify Blobs on this machine: @netlify/blobs' own BlobsServer over a folder,
// behind a front that gives it two promises of Netlify Blobs it does not keep
// (docs/local-server.md, "Netlify Blobs"). The local server (scripts/serve.ts)
// and the tests that need a real store use it.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { BlobsServer } from '@netlify/blobs/server';

export interface LocalBlobs {
  /** The front's address: edgeURL and uncachedEdgeURL of getStore(). */
  url: string;
  token: string;
  /** NETLIFY_BLOBS_CONTEXT for code whose getStore() should reach this store. */
  context: string;
  stop(): Promise<void>;
}

/** An entry's ETag: a hash of its content, so it survives a restart and changes with the value. */
const etagOf = (body: ArrayBuffer) => `"${createHash('sha256').update(new Uint8Array(body)).digest('base64url')}"`;
const hopByHop = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/*
 * BlobsServer (@netlify/blobs 11.1) answers a read without its ETag, and checks
 * a write's condition (onlyIfNew, onlyIfMatch) and then writes, with file
 * operations between, so two writes of one key can both pass. The front takes
 * each key's writes one at a time, checks their conditions itself against ETags
 * it gives every read and write, and leaves the server's own ETags out of
 * listings, where they would match no read.
 */
export async function startLocalBlobs(directory: string, siteID = 'local-site'): Promise<LocalBlobs> {
  const token = crypto.randomUUID();
  const blobs = new BlobsServer({ directory, token });
  const target = `http://127.0.0.1:${(await blobs.start()).port}`;
  const turns = new Map<string, Promise<Response>>();

  async function answer(method: string, path: string, headers: Headers, body?: ArrayBuffer): Promise<Response> {
    const forward = (init: RequestInit) => fetch(new URL(path, target), { headers, ...init });
    // Edge access names a region, the site, the store, then the key; Netlify's API is left as it is.
    const key = path.startsWith('/api/') ? undefined : new URL(path, target).pathname.replace(/^\/region:[^/]+/, '');
    if (key === undefined) return forward({ method, ...(body ? { body } : {}) });
    if (key.split('/').length < 4) {
      const listing = await forward({ method });
      if (!listing.ok) return listing;
      const listed = (await listing.json()) as { blobs?: { etag?: string }[] | undefined };
      listed.blobs = listed.blobs?.map(({ etag: _server, ...entry }) => entry);
      return Response.json(listed);
    }
    const ifMatch = headers.get('if-match');
    const ifNew = headers.get('if-none-match') === '*';
    headers.delete('if-match');
    headers.delete('if-none-match');
    const read = async () => {
      const found = await forward({ method: 'GET' });
      const content = found.ok ? await found.arrayBuffer() : undefined;
      return { found, content, etag: content && etagOf(content) };
    };
    if (method === 'GET' || method === 'HEAD') {
      const { found, content, etag } = await read();
      if (!content) return found;
      return new Response(method === 'HEAD' ? null : content, { headers: [...found.headers, ['etag', etag!]] });
    }
    const write = async () => {
      if (ifMatch || ifNew) {
        const { etag } = await read();
        if (ifMatch ? ifMatch !== etag : etag) return new Response(null, { status: 412 });
      }
      const written = await forward({ method, ...(body ? { body } : {}) });
      return written.ok && body ? new Response(null, { headers: { etag: etagOf(body) } }) : written;
    };
    const turn = (turns.get(key) ?? Promise.resolve(undefined)).catch(() => undefined).then(write);
    turns.set(key, turn);
    try {
      return await turn;
    } finally {
      if (turns.get(key) === turn) turns.delete(key);
    }
  }

  const front = createServer((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && !hopByHop.has(name)) headers.set(name, value);
    // The body is read before the key's turn is taken, so a slow upload holds up no other write.
    const body =
      request.method === 'PUT' ? new Response(Readable.toWeb(request) as ReadableStream).arrayBuffer() : undefined;
    Promise.resolve(body)
      .then((content) => answer(request.method ?? 'GET', request.url ?? '/', headers, content))
      .then(async (answered) => {
        const content = Buffer.from(await answered.arrayBuffer());
        const out = [...answered.headers].filter(([name]) => !hopByHop.has(name));
        response.writeHead(answered.status, Object.fromEntries(out)).end(content);
      })
      .catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
  const context = { edgeURL: url, uncachedEdgeURL: url, siteID, token, deployID: '0' };
  return {
    url,
    token,
    context: Buffer.from(JSON.stringify(context)).toString('base64'),
    async stop() {
      front.closeAllConnections();
      await new Promise((done) => front.close(done));
      await blobs.stop();
    },
  };
}
