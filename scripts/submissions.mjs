#!/usr/bin/env node
// Lists the form submissions the local server (npm start) has stored, newest
// first: `npm run submissions`, or `npm run submissions -- --json` for the records.
// What a visitor typed is shown with control characters made visible, so a field
// cannot clear the terminal or forge a line; an entry that cannot be read is
// named and skipped.
import { fileURLToPath } from 'node:url';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

const directory = process.env.LOCAL_DATA_DIR?.trim() || fileURLToPath(new URL('../.data/blobs/', import.meta.url));
const storeName = process.env.SUBMISSIONS_STORE?.trim() || 'submissions';
const token = crypto.randomUUID();
const server = new BlobsServer({ directory, token });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;

const named = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

/**
 * Whether a character could act on the terminal or hide what the text says: C0 controls, DEL, C1
 * controls, bidi overrides, isolates and marks, line and paragraph separators, zero-width characters
 * and the byte order mark.
 */
function isHidden(code) {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x61c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/** The text with every control or invisible character written as an escape: "\x1b", "\u202e", "\n". */
function visible(value) {
  let text = '';
  for (const character of String(value)) {
    const code = character.codePointAt(0);
    if (named[character]) text += named[character];
    else if (!isHidden(code)) text += character;
    else text += code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return text;
}

/** Each answer as "name: value" lines, nested answers (a service's questions) as "serviceFields.name". */
function fieldLines(fields, prefix = '') {
  return Object.entries(fields ?? {}).flatMap(([name, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? fieldLines(value, `${prefix}${name}.`)
      : [`${visible(prefix + name)}: ${visible(Array.isArray(value) ? value.join(', ') : value)}`],
  );
}

function deliveryLine(delivery) {
  const status = visible(delivery?.status ?? 'unknown');
  const attempts = Number(delivery?.attempts) || 0;
  const error = delivery?.lastError ? ` (last error: ${visible(delivery.lastError)})` : '';
  if (delivery?.status === 'failed')
    return `FAILED: stored, NOT delivered to the webhook; gave up after ${attempts} attempt(s)${error}`;
  if (delivery?.status === 'pending')
    return `pending: stored, not delivered yet; ${attempts} attempt(s), next at ${visible(delivery.nextAttemptAt ?? '?')}${error}`;
  if (delivery?.status === 'delivered') return `delivered at ${visible(delivery.deliveredAt ?? '?')}`;
  return status;
}

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
  const records = [];
  const skipped = [];
  for (const { key } of blobs) {
    // The local Blobs server writes each entry to a temporary ".xxxx" file first; a crash can leave one behind.
    if (key.split('/').pop().startsWith('.')) {
      skipped.push(`${key} (a temporary file left by an interrupted write)`);
      continue;
    }
    try {
      const record = JSON.parse(await store.get(key, { type: 'text' }));
      if (!record || typeof record !== 'object' || typeof record.id !== 'string') throw new Error('not a submission');
      records.push(record);
    } catch (error) {
      skipped.push(`${key} (${error instanceof Error ? error.message : 'unreadable'})`);
    }
  }
  records.sort((a, b) => String(b.receivedAt).localeCompare(String(a.receivedAt)));
  for (const entry of skipped) console.error(`Skipped ${visible(entry)}: it could not be read as a submission.`);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(records, null, 2));
  } else if (records.length === 0) {
    console.log(`No submissions in the "${storeName}" store (${directory}) yet.`);
  } else {
    const failed = records.filter((record) => record.delivery?.status === 'failed').length;
    const pending = records.filter((record) => record.delivery?.status === 'pending').length;
    console.log(
      `${records.length} submission(s) in the "${storeName}" store, newest first` +
        `${failed ? `; ${failed} FAILED (stored, not delivered)` : ''}${pending ? `; ${pending} pending` : ''}:\n`,
    );
    for (const record of records) {
      console.log(
        `${visible(record.receivedAt)}  ${visible(record.kind).padEnd(15)} ${visible(record.id)}${record.spam ? '  [spam: honeypot filled]' : ''}`,
      );
      console.log(`    delivery: ${deliveryLine(record.delivery)}`);
      for (const line of fieldLines(record.fields)) console.log(`    ${line}`);
      console.log('');
    }
  }
} finally {
  await server.stop();
}
