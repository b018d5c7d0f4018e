import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoredSubmission } from '../../netlify/lib/records';
import { contactRequest } from '../../support/contact-request';
import { cleanEnv, startSiteServer, type SiteServer } from '../../support/site-server';
import { formBodies } from '../../support/form-bodies';
import {
  PASSING_TOKEN,
  startFakeSiteverify,
  startSmtpStandIn,
  startWebhookReceiver,
  type FakeSiteverify,
  type SmtpStandIn,
  type WebhookReceiver,
} from '../../support/stand-ins';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/*
 * The local server killed (SIGKILL) in the middle of a burst of submissions,
 * then started again on the same Blobs folder: every request that had no
 * answer is sent again with its Idempotency-Key, as the forms do, and the
 * retries run against the webhook and mail server stand-ins. Each distinct
 * submission must be stored once and delivered exactly once on each of its
 * three channels (webhook, team e-mail, acknowledgement), and none left pending.
 *
 * The webhook and the mail server refuse for now (503, 451) until the restart,
 * so the kill cannot fall between a receiver taking a message and the record
 * saying so: that one window is covered by the Idempotency-Key and the
 * Message-ID the receivers get, not by the store.
 */

// A third of them have ended when the kill lands and seven are in flight (as many running as the server has runtime
// instances, the rest queued); each call costs most of a second of CPU, so a larger burst only makes it slower.
const SUBMISSIONS = 24;
const AT_ONCE = 8;

let siteverify: FakeSiteverify;
let webhook: WebhookReceiver;
let smtp: SmtpStandIn;
let dataDir: string;
let server: SiteServer | undefined;

const env = () => ({
  HCAPTCHA_VERIFY_URL: siteverify.url,
  CONTACT_FORWARD_URL: webhook.url,
  SMTP_URL: smtp.url,
  DELIVERY_RETRY_BASE_MS: '100',
  DELIVERY_LEASE_MS: '2000',
});

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  webhook = await startWebhookReceiver();
  smtp = await startSmtpStandIn();
  dataDir = mkdtempSync(join(tmpdir(), 'qd-crash-'));
});

afterAll(async () => {
  await server?.stop();
  await siteverify?.close();
  await webhook?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Sent {
  key: string;
  message: string;
  /** Each its own sender, so that no acknowledgement is held back by the limit per address. */
  email: string;
  id?: string;
  /** The last answer without an id, for the failure message: a status and its error, or the network's. */
  last?: string;
}

async function submit(site: SiteServer, sent: Sent): Promise<Response> {
  return fetch(
    contactRequest(
      { ...formBodies(PASSING_TOKEN, { email: sent.email }).contact, message: sent.message },
      { site: site.origin, to: site.url, headers: { 'Idempotency-Key': sent.key } },
    ),
  );
}

/**
 * Sends each not yet answered, AT_ONCE at a time; a request the dying server never answers stays unanswered.
 * `onSettled` hears of every request that ended, answered or not: the kill comes a third of the way through.
 */
async function sendAll(site: SiteServer, all: Sent[], onSettled: () => void = () => {}): Promise<void> {
  const queue = all.filter((sent) => !sent.id);
  const worker = async () => {
    for (let sent = queue.shift(); sent; sent = queue.shift()) {
      try {
        const response = await submit(site, sent);
        const body = (await response.json()) as { ok: boolean; id?: string };
        if (response.status === 202 && body.id) {
          sent.id = body.id;
          onSettled();
        } else if (response.status === 503) {
          // "Try again in a minute": the form keeps it and sends it again with the same key.
          sent.last = `503 ${(body as { error?: string }).error ?? ''}`;
          onSettled();
        } else {
          throw new Error(`unexpected ${response.status}: ${JSON.stringify(body)}`);
        }
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
        // The connection died with the server (or a busy server dropped it): no answer, the form will send it again.
        sent.last = `no answer: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : ''}`;
        onSettled();
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

async function storedSubmissions(): Promise<StoredSubmission[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/submissions.ts', '--json'], {
    cwd: join(import.meta.dirname, '../..'),
    env: { ...cleanEnv(), LOCAL_DATA_DIR: dataDir, SUBMISSIONS_STORE: 'submissions' },
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as StoredSubmission[];
}

/** Keys left under pending/ in the Blobs folder, without the local server's temporary files. */
function pendingLeft(): string[] {
  const folder = join(dataDir, 'entries/local-site/site:submissions/pending');
  try {
    return readdirSync(folder).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

it('delivers each of a burst exactly once after a SIGKILL in its middle, a restart and the resends', async () => {
  const all: Sent[] = Array.from({ length: SUBMISSIONS }, (_, index) => ({
    key: `crash-burst-${String(index).padStart(5, '0')}`,
    message: `Submission number ${index} of the burst.`,
    email: `sender-${index}@example.com`,
  }));
  webhook.mode = 'down';
  smtp.mode = 'busy';

  server = await startSiteServer({ dataDir, env: env() });
  const first = server;
  let settled = 0;
  let killed = false;
  const burst = sendAll(first, all, () => {
    settled += 1;
    if (settled === Math.floor(SUBMISSIONS / 3) && !killed) {
      killed = true;
      first.process.kill('SIGKILL');
    }
  });
  await burst;
  expect(killed, `${settled} requests had ended before the burst ended`).toBe(true);
  const unanswered = all.filter((sent) => !sent.id).length;
  expect(unanswered, 'the kill left requests without an answer').toBeGreaterThan(0);
  await new Promise((done) =>
    first.process.exitCode !== null || first.process.signalCode !== null
      ? done(null)
      : first.process.once('exit', done),
  );

  server = await startSiteServer({ dataDir, env: env() });
  const idsBefore = new Map(all.filter((sent) => sent.id).map((sent) => [sent.key, sent.id]));
  // The browsers resend what has no answer yet, with its key, until each has one (a busy server may say 503),
  // for up to two minutes.
  const resendUntil = Date.now() + 120_000;
  for (let round = 0; all.some((sent) => !sent.id) && Date.now() < resendUntil; round += 1) {
    if (round > 0) await sleep(2000);
    await sendAll(server, all);
  }
  expect(all.filter((sent) => !sent.id).map(({ key, last }) => ({ key, last }))).toEqual([]);
  // A request answered before the kill and sent again gets the same id.
  const answeredBefore = all.filter((sent) => idsBefore.has(sent.key)).slice(0, 5);
  expect(answeredBefore.length).toBeGreaterThan(0);
  for (const sent of answeredBefore) {
    const again = (await (await submit(server, sent)).json()) as { id: string };
    expect(again.id).toBe(idsBefore.get(sent.key));
  }

  webhook.mode = 'up';
  smtp.mode = 'up';
  await sleep(2500); // past every lease the killed server held, and every retry wait
  for (let run = 0; run < 30; run += 1) {
    const response = await server.runRetries();
    expect(response.status, `${response.status} ${response.bigHeaders}\n${server.output()}`).toBe(200);
    const result = JSON.parse(response.body) as { tried: number; skipped: number; left: number };
    if (pendingLeft().length === 0) break;
    await sleep(result.tried === 0 ? 1000 : 100);
  }

  const records = await storedSubmissions();
  const byMessage = new Map<string, StoredSubmission[]>();
  for (const record of records) {
    const message = String(record.fields.message);
    byMessage.set(message, [...(byMessage.get(message) ?? []), record]);
  }
  for (const sent of all) {
    const stored = byMessage.get(sent.message) ?? [];
    expect(
      stored.map((record) => record.id),
      sent.key,
    ).toEqual([sent.id]);
    expect(stored[0]!.delivery.status, sent.key).toBe('delivered');
    expect(stored[0]!.mail, sent.key).toMatchObject({ team: { status: 'delivered' }, ack: { status: 'delivered' } });
    for (const channel of ['team', 'ack']) {
      const copies = smtp.received.filter((mail) => mail.messageId.startsWith(`<${sent.id}.${channel}@`));
      expect(copies.length, `${sent.key} ${channel}`).toBe(1);
    }
    expect(smtp.received.find((mail) => mail.messageId.startsWith(`<${sent.id}.ack@`))?.to).toEqual([sent.email]);
  }
  expect(records).toHaveLength(SUBMISSIONS);
  const deliveredIds = webhook.deliveries.map((delivery) => delivery.idempotencyKey).sort();
  expect(deliveredIds).toEqual(all.map((sent) => sent.id).sort());
  expect(new Set(webhook.deliveries.map((delivery) => delivery.body.message)).size).toBe(SUBMISSIONS);
  expect(pendingLeft()).toEqual([]);
}, 480_000);
