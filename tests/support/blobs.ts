import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

/**
 * A real Netlify Blobs server on loopback over a temporary folder, and a store on it.
 * siteID "local-site" is the one the local server and `npm run submissions` use.
 */
export async function startBlobs(storeName = 'submissions', siteID = 'test-site') {
  const directory = mkdtempSync(join(tmpdir(), 'qd-blobs-'));
  const token = 'test-token';
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const store = getStore({
    name: storeName,
    siteID,
    token,
    edgeURL: url,
    uncachedEdgeURL: url,
    consistency: 'strong',
  });
  return {
    directory,
    store,
    /** What Netlify gives a function in NETLIFY_BLOBS_CONTEXT, so that its own getStore() reaches this server. */
    functionContext: Buffer.from(
      JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, siteID, token, deployID: '0' }),
    ).toString('base64'),
    async stop() {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
