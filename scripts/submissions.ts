// `npm run submissions`: the submissions the local server stored, newest first, with each channel's state and
// the .eml files (`-- --json` for the records). `-- --export EMAIL` prints one person's data and `-- --erase EMAIL`
// erases it from every store the site writes (claims become tombstones). NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN
// point it at the live site's store; SUBMISSIONS_KEY opens sealed records. Typed text is shown with control
// characters made visible, so no field can forge a terminal line.
import { fileURLToPath } from 'node:url';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { erasePerson, exportPerson } from '../netlify/lib/personal-data.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localMailDirectory } from '../netlify/lib/config.ts';
import { emlMailer } from '../netlify/lib/mailer.ts';
import {
  openSubmission,
  type ChannelState,
  type StoredSubmission,
  type SubmissionStore,
} from '../netlify/lib/records.ts';

const directory = process.env.LOCAL_DATA_DIR?.trim() || fileURLToPath(new URL('../.data/blobs/', import.meta.url));
const storeName = process.env.SUBMISSIONS_STORE?.trim() || 'submissions';
/** Every store the function writes (netlify/lib/config.ts): a person's data is looked for in all of them. */
const everyStore = [...new Set([storeName, 'submissions', 'submissions-preview'])];
const submissionsKey = process.env.SUBMISSIONS_KEY?.trim() || undefined;
/** The local run's e-mail, which an erasure removes with the records. */
const mailDirectory = localMailDirectory();
const production = Boolean(process.env.NETLIFY_SITE_ID?.trim() && process.env.NETLIFY_AUTH_TOKEN?.trim());
const argument = (flag: string): string | undefined => {
  const index = process.argv.indexOf(flag);
  return index === -1 ? undefined : (process.argv[index + 1] ?? '');
};
const exportEmail = argument('--export');
const eraseEmail = argument('--erase');
for (const [flag, value] of [
  ['--export', exportEmail],
  ['--erase', eraseEmail],
]) {
  if (value !== undefined && !value.includes('@')) {
    console.error(`${flag} needs an e-mail address, like: npm run submissions -- ${flag} name@example.com`);
    process.exit(2);
  }
}

const token = crypto.randomUUID();
const server = production ? undefined : new BlobsServer({ directory, token });
const url = server ? `http://127.0.0.1:${(await server.start()).port}` : undefined;

const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

/**
 * The characters that could act on the terminal or hide what the text says: C0 controls, DEL, C1
 * controls, bidi overrides, isolates and marks, line and paragraph separators, zero-width characters
 * and the byte order mark.
 */
const PAST_C0 = '\\u007f-\\u009f\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff';
const hidden = new RegExp(`[\\u0000-\\u001f${PAST_C0}]`);
const isHidden = (character: string): boolean => hidden.test(character);

/**
 * JSON whose strings show every control or invisible character as an escape: JSON.stringify leaves C1
 * controls, bidi overrides and the like as they are, and a terminal would act on them.
 */
function safeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    // Not C0: JSON.stringify escapes those in strings, and the newlines of its layout must stay.
    new RegExp(`[${PAST_C0}]`, 'g'),
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The text with every control or invisible character written as an escape: "\x1b", "\u202e", "\n". */
function visible(value: unknown): string {
  let text = '';
  for (const character of String(value)) {
    const code = character.codePointAt(0)!;
    const name = named[character];
    if (name) text += name;
    else if (!isHidden(character)) text += character;
    else text += code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return text;
}

/** Each answer as "name: value" lines, nested answers (a service's questions) as "serviceFields.name". */
function fieldLines(fields: Record<string, unknown> | undefined, prefix = ''): string[] {
  return Object.entries(fields ?? {}).flatMap(([name, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? fieldLines(value as Record<string, unknown>, `${prefix}${name}.`)
      : [`${visible(prefix + name)}: ${visible(Array.isArray(value) ? value.join(', ') : value)}`],
  );
}

/** A record as read from the store: written by any version of the function, so every part may be missing. */
type ReadState = Partial<ChannelState>;
type ReadRecord = Partial<Omit<StoredSubmission, 'delivery' | 'mail'>> & {
  delivery?: ReadState;
  mail?: { team?: ReadState; ack?: ReadState } | undefined;
};

const CHANNEL_NAMES = { webhook: 'webhook', team: 'team e-mail', ack: 'acknowledgement' } as const;

function channelLine(channel: keyof typeof CHANNEL_NAMES, state: ReadState | undefined): string {
  const status = visible(state?.status ?? 'unknown');
  const attempts = Number(state?.attempts) || 0;
  const error = state?.lastError ? ` (last error: ${visible(state.lastError)})` : '';
  if (state?.status === 'failed')
    return `FAILED: stored, NOT delivered by ${CHANNEL_NAMES[channel]}; gave up after ${attempts} attempt(s)${error}`;
  if (state?.status === 'pending')
    return `pending: stored, not delivered yet; ${attempts} attempt(s), next at ${visible(state.nextAttemptAt ?? '?')}${error}`;
  if (state?.status === 'delivered') return `delivered at ${visible(state.deliveredAt ?? '?')}`;
  if (state?.status === 'skipped') return `skipped${state.lastError ? `: ${visible(state.lastError)}` : ''}`;
  return status;
}

/** Each channel's line, the webhook's first; records written before the e-mail channels have only the webhook. */
function channelLines(record: ReadRecord): string[] {
  const lines = [`webhook: ${channelLine('webhook', record.delivery)}`];
  if (record.mail) {
    lines.push(`team e-mail: ${channelLine('team', record.mail.team)}`);
    lines.push(`acknowledgement: ${channelLine('ack', record.mail.ack)}`);
  }
  return lines;
}

/** The .eml files a local run wrote for a submission. */
function mailFiles(id: string | undefined): string[] {
  if (!id) return [];
  return ['team', 'ack']
    .map((channel) => join(mailDirectory, `${id}.${channel}.eml`))
    .filter((path) => existsSync(path));
}

/** The mailing-list consent a record carries, as one line: when it was given and under which notice. */
function consentLine(consent: ReadRecord['consent']): string | undefined {
  if (!consent) return undefined;
  const mailingList = consent.mailingList ? 'mailing list' : visible(JSON.stringify(consent));
  return `${mailingList}, given at ${visible(consent.givenAt ?? '?')} under notice version ${visible(consent.noticeVersion ?? '?')}`;
}

/** One submission as the listing and `--export` print it: its heading, delivery, consent and every answer. */
function printRecord(record: ReadRecord): void {
  const spam = record.spam ? '  [spam: honeypot filled]' : '';
  console.log(`${visible(record.receivedAt)}  ${visible(record.kind).padEnd(15)} ${visible(record.id)}${spam}`);
  for (const line of channelLines(record)) console.log(`    ${line}`);
  for (const path of mailFiles(record.id)) console.log(`    message: ${visible(path)}`);
  const consent = consentLine(record.consent);
  if (consent) console.log(`    consent: ${consent}`);
  for (const line of fieldLines(record.fields)) console.log(`    ${line}`);
  console.log('');
}

const sealedHint = submissionsKey
  ? 'it could not be opened with this SUBMISSIONS_KEY'
  : 'it is sealed: set SUBMISSIONS_KEY (the production value) to read it';

/** One person's data, as `--export` prints it: every submission in full, then the keys stored for them. */
async function exportCommand(stores: Map<string, SubmissionStore>, email: string): Promise<boolean> {
  let complete = true;
  const all: StoredSubmission[] = [];
  for (const [name, store] of stores) {
    const found = await exportPerson(store, email, submissionsKey);
    for (const key of found.unreadable)
      console.error(`Skipped ${visible(key)} in "${name}": ${sealedHint}, or unreadable.`);
    complete &&= found.unreadable.length === 0;
    all.push(...found.submissions);
    if (process.argv.includes('--json')) continue;
    console.log(`${found.submissions.length} submission(s) stored for ${visible(email)} in the "${name}" store.\n`);
    for (const record of found.submissions) printRecord(record);
    if (found.keys.length) console.log(`Stored under: ${found.keys.map(visible).join(', ')}\n`);
  }
  if (process.argv.includes('--json')) console.log(safeJson(all));
  return complete;
}

/** `--erase`: erases everything stored for the address in every store and lists what went. */
async function eraseCommand(stores: Map<string, SubmissionStore>, email: string): Promise<boolean> {
  let complete = true;
  for (const [name, store] of stores) {
    const result = await erasePerson(
      store,
      email,
      submissionsKey,
      production ? undefined : emlMailer(mailDirectory, ''),
    );
    for (const key of result.unreadable) {
      console.error(`Skipped ${visible(key)} in "${name}": ${sealedHint}, or unreadable; so not checked.`);
    }
    complete &&= result.unreadable.length === 0;
    if (result.erased.length === 0) {
      console.log(`Nothing is stored for ${visible(email)} in the "${name}" store.`);
      continue;
    }
    console.log(`Erased ${result.erased.length} submission(s) of ${visible(email)} from the "${name}" store:`);
    for (const entry of result.erased) console.log(`    ${visible(entry.id)}: ${entry.keys.map(visible).join(', ')}`);
  }
  if (!complete) console.error('Not everything could be checked: run it again with SUBMISSIONS_KEY set.');
  return complete;
}

/** A record with its answers opened, or marked as sealed when there is no key to open it. */
function openOrMark(record: ReadRecord): ReadRecord {
  if (!record.sealed) return record;
  try {
    return openSubmission(record as StoredSubmission, submissionsKey);
  } catch {
    return { ...record, sealed: undefined, fields: { sealed: `(${sealedHint})` } };
  }
}

/** Every submission, newest first. */
async function listCommand(store: SubmissionStore): Promise<void> {
  const { blobs } = await store.list({ prefix: 'submissions/' });
  const records: ReadRecord[] = [];
  const skipped: string[] = [];
  for (const { key } of blobs) {
    // The local Blobs server writes each entry to a temporary ".xxxx" file first; a crash can leave one behind.
    if (key.split('/').pop()?.startsWith('.')) {
      skipped.push(`${key} (a temporary file left by an interrupted write)`);
      continue;
    }
    try {
      const record = (await store.get(key, { type: 'json', consistency: 'strong' })) as ReadRecord | null;
      if (!record || typeof record !== 'object' || typeof record.id !== 'string') throw new Error('not a submission');
      records.push(openOrMark(record));
    } catch (error) {
      skipped.push(`${key} (${error instanceof Error ? error.message : 'unreadable'})`);
    }
  }
  records.sort((a, b) => String(b.receivedAt).localeCompare(String(a.receivedAt)));
  for (const entry of skipped) console.error(`Skipped ${visible(entry)}: it could not be read as a submission.`);
  if (process.argv.includes('--json')) {
    console.log(safeJson(records));
  } else if (records.length === 0) {
    console.log(`No submissions in the "${storeName}" store (${directory}) yet.`);
  } else {
    const states = (record: ReadRecord) => [
      record.delivery?.status,
      record.mail?.team?.status,
      record.mail?.ack?.status,
    ];
    const failed = records.filter((record) => states(record).includes('failed')).length;
    const pending = records.filter((record) => states(record).includes('pending')).length;
    console.log(
      `${records.length} submission(s) in the "${storeName}" store, newest first` +
        `${failed ? `; ${failed} FAILED (stored, not delivered)` : ''}${pending ? `; ${pending} pending` : ''}:\n`,
    );
    for (const record of records) printRecord(record);
  }
}

function openStore(name: string): SubmissionStore {
  return server
    ? getStore({ name, siteID: 'local-site', token, edgeURL: url!, uncachedEdgeURL: url!, consistency: 'strong' })
    : getStore({
        name,
        siteID: process.env.NETLIFY_SITE_ID!.trim(),
        token: process.env.NETLIFY_AUTH_TOKEN!.trim(),
        consistency: 'strong',
        // Netlify's API at another address: the tests' stand-in.
        ...(process.env.NETLIFY_API_URL?.trim() ? { apiURL: process.env.NETLIFY_API_URL.trim() } : {}),
      });
}

try {
  const stores = new Map(everyStore.map((name) => [name, openStore(name)]));
  let complete = true;
  if (exportEmail !== undefined) complete = await exportCommand(stores, exportEmail);
  else if (eraseEmail !== undefined) complete = await eraseCommand(stores, eraseEmail);
  else await listCommand(openStore(storeName));
  if (!complete) process.exitCode = 1;
} finally {
  await server?.stop();
}
