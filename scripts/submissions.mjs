#!/usr/bin/env node
// Lists the form submissions the local server (npm start) has stored, newest
// first: `npm run submissions`, or `npm run submissions -- --json` for the records.
import { fileURLToPath } from 'node:url';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

const directory = process.env.LOCAL_DATA_DIR ?? fileURLToPath(new URL('../.data/blobs/', import.meta.url));
const storeName = process.env.SUBMISSIONS_STORE ?? 'submissions';
const token = crypto.randomUUID();
const server = new BlobsServer({ directory, token });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;

try {
  const store = getStore({
    name: storeName,
    siteID: 'local-site',
    token,
    edgeURL: url,
    uncachedEdgeURL: url,
    consistency: 'strong',
  });
  const { blobs } = await store.list({ prefix: 'submissions/' });
  const records = (await Promise.all(blobs.map(({ key }) => store.get(key, { type: 'json' })))).filter(Boolean);
  records.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(records, null, 2));
  } else if (records.length === 0) {
    console.log(`No submissions in the "${storeName}" store (${directory}) yet.`);
  } else {
    console.log(`${records.length} submission(s) in the "${storeName}" store, newest first:\n`);
    for (const record of records) {
      const { name, email, service, subject } = record.fields;
      console.log(`${record.receivedAt}  ${record.kind.padEnd(15)} ${record.delivery.status.padEnd(13)} ${record.id}`);
      console.log(
        `    ${name} <${email}>${service ? `, ${service}` : ''}${subject ? `, "${subject}"` : ''}${record.spam ? '  [spam: honeypot filled]' : ''}`,
      );
    }
  }
} finally {
  await server.stop();
}
