import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The one set of stand-ins for what the function talks to: hCaptcha's siteverify and the company's webhook, over
 * HTTP on loopback (for the server, packaged functions and browser tests) or as an in-process fetch (for tests that
 * call the handler). Siteverify passes PASSING_TOKEN every time and a token() once, as hCaptcha does.
 */

/** hCaptcha's test response token: passes every time. */
export const PASSING_TOKEN = '10000000-aaaa-bbbb-cccc-000000000001';

export interface SiteverifyStandIn {
  /** What it does: answer by the token, fail every check with a 500, or never answer (a hang). */
  mode: 'by-token' | 'hang' | 'error';
  /** Every check it was asked for, in order. */
  calls: { secret: string; response: string }[];
  /** A new token that passes once. */
  token(): string;
  /**
   * Holds each check until this many are waiting, then answers them all at once (0, the default: each at once),
   * so that copies of one request go on to the store together. No check is held more than 20 s.
   */
  together: number;
}

export interface WebhookStandIn {
  /** What it does: take each submission, answer 503 (down), or never answer (a hang). */
  mode: 'up' | 'down' | 'hang';
  /** What it took, in order: each submission's Idempotency-Key and body. */
  deliveries: { idempotencyKey: string | undefined; body: Record<string, unknown> }[];
  /** Distinct submissions taken, counting a repeated Idempotency-Key once. */
  distinct(): number;
  /** How many times the submission with this id was taken. */
  deliveredCount(id: string): number;
}

/** The answer of a stand-in: a status and a JSON or text body, or none at all (a hang). */
type Answer = { status: number; body: string } | 'hang';

function siteverifyStandIn(): SiteverifyStandIn & { answer(form: URLSearchParams): Promise<Answer> } {
  let issued = 0;
  const once = new Set<string>();
  const held: (() => void)[] = [];
  const standIn = {
    mode: 'by-token' as SiteverifyStandIn['mode'],
    calls: [] as SiteverifyStandIn['calls'],
    together: 0,
    token() {
      issued += 1;
      const token = `once-${issued}-${crypto.randomUUID()}`;
      once.add(token);
      return token;
    },
    async answer(form: URLSearchParams): Promise<Answer> {
      const call = { secret: form.get('secret') ?? '', response: form.get('response') ?? '' };
      standIn.calls.push(call);
      if (standIn.together > 0) {
        const released = new Promise<void>((release) => {
          held.push(release);
          setTimeout(release, 20_000).unref();
        });
        if (held.length >= standIn.together) for (const release of held.splice(0)) release();
        await released;
      }
      if (standIn.mode === 'hang') return 'hang';
      if (standIn.mode === 'error') return { status: 500, body: 'down' };
      const success = call.secret !== '' && (call.response === PASSING_TOKEN || once.delete(call.response));
      const verdict = { success, ...(success ? {} : { 'error-codes': ['invalid-input-response'] }) };
      return { status: 200, body: JSON.stringify(verdict) };
    },
  };
  return standIn;
}

function webhookStandIn(): WebhookStandIn & { answer(idempotencyKey: string | undefined, body: string): Answer } {
  const standIn = {
    mode: 'up' as WebhookStandIn['mode'],
    deliveries: [] as WebhookStandIn['deliveries'],
    distinct: () => new Set(standIn.deliveries.map((delivery) => delivery.idempotencyKey)).size,
    deliveredCount: (id: string) => standIn.deliveries.filter((delivery) => delivery.idempotencyKey === id).length,
    answer(idempotencyKey: string | undefined, body: string): Answer {
      if (standIn.mode === 'hang') return 'hang';
      if (standIn.mode === 'down') return { status: 503, body: 'down' };
      standIn.deliveries.push({ idempotencyKey, body: JSON.parse(body) as Record<string, unknown> });
      return { status: 200, body: '{"received":true}' };
    },
  };
  return standIn;
}

// --------------------------------------------------------------------------- over HTTP on loopback

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** An HTTP server that answers with `answer`, holding the hanging answers open until it closes. */
async function serve(
  path: string,
  answer: (request: IncomingMessage, text: string) => Answer | Promise<Answer>,
): Promise<{ url: string; close(): Promise<void> }> {
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    const answered = await answer(request, await readText(request));
    if (answered === 'hang') return void hanging.add(response);
    const json = answered.body.startsWith('{');
    response
      .writeHead(answered.status, { 'Content-Type': json ? 'application/json' : 'text/plain' })
      .end(answered.body);
  });
  // Each request on a connection of its own, so that a server that stops finds none held open.
  server.keepAliveTimeout = 1;
  const url = `${await listen(server)}${path}`;
  return {
    url,
    close: async () => {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeSiteverify = SiteverifyStandIn & { url: string; close(): Promise<void> };

/** Siteverify on loopback: HCAPTCHA_VERIFY_URL. */
export async function startFakeSiteverify(): Promise<FakeSiteverify> {
  const standIn = siteverifyStandIn();
  const http = await serve('/siteverify', (_request, text) => standIn.answer(new URLSearchParams(text)));
  return Object.assign(standIn, http);
}

export type WebhookReceiver = WebhookStandIn & { url: string; close(): Promise<void> };

/** The company's webhook on loopback: CONTACT_FORWARD_URL. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const standIn = webhookStandIn();
  const http = await serve('/hook', (request, text) =>
    standIn.answer(request.headers['idempotency-key'] as string | undefined, text),
  );
  return Object.assign(standIn, http);
}

// --------------------------------------------------------------------------- in process

export const VERIFY_URL = 'https://siteverify.test/siteverify';
export const WEBHOOK_URL = 'https://webhook.test/hook';

export interface InProcessServices {
  /** Answers VERIFY_URL and WEBHOOK_URL as the stand-ins; any other address fails as the network would. */
  fetch: typeof fetch;
  siteverify: SiteverifyStandIn;
  webhook: WebhookStandIn;
}

/** Both stand-ins as a fetch function, for a handler given `fetch` (nothing listens on a port). */
export function inProcessServices(): InProcessServices {
  const siteverify = siteverifyStandIn();
  const webhook = webhookStandIn();
  const fetchStandIn: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = String(init?.body ?? '');
    let answered: Answer;
    if (url === VERIFY_URL) answered = await siteverify.answer(new URLSearchParams(body));
    else if (url === WEBHOOK_URL)
      answered = webhook.answer(new Headers(init?.headers).get('idempotency-key') ?? undefined, body);
    else throw new TypeError(`fetch failed: ${url} is not a stand-in`);
    if (answered !== 'hang') return new Response(answered.body, { status: answered.status });
    // No answer: the caller's own timeout (its signal) ends the wait, as it would over the network.
    return new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  };
  return { fetch: fetchStandIn, siteverify, webhook };
}

// --------------------------------------------------------------------------- the company's mail server

export interface ReceivedMail {
  /** The envelope's recipients, as the client gave them in RCPT TO. */
  to: string[];
  raw: string;
  messageId: string;
  subject: string;
  replyTo: string | undefined;
  text: string;
  html: string;
}

export interface SmtpStandIn {
  /** `smtp://user:password@127.0.0.1:port`: what SMTP_URL is set to. */
  url: string;
  /** What it does: take each message, refuse it for good (550), refuse it for now (451), or never answer DATA. */
  mode: 'up' | 'refuse' | 'busy' | 'hang';
  /** Every message it took, in order. */
  received: ReceivedMail[];
  /** How many messages with this Message-ID it took. */
  count(messageId: string): number;
  close(): Promise<void>;
}

/** An SMTP server on loopback (the smtp-server package) that keeps what it takes, parsed with mailparser. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const { SMTPServer } = await import('smtp-server');
  const { simpleParser } = await import('mailparser');
  const standIn = {
    mode: 'up' as SmtpStandIn['mode'],
    received: [] as ReceivedMail[],
    count: (messageId: string) => standIn.received.filter((mail) => mail.messageId === messageId).length,
  };
  const server = new SMTPServer({
    // Loopback only, no certificate: the tests' client speaks plain SMTP and logs in without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'site' && auth.password === 'app-password') callback(null, { user: 'site' });
      else callback(Object.assign(new Error('Invalid login'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (standIn.mode === 'hang') return;
        if (standIn.mode === 'refuse')
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        if (standIn.mode === 'busy')
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        standIn.received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          messageId: parsed.messageId ?? '',
          subject: parsed.subject ?? '',
          replyTo: parsed.replyTo?.text,
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `smtp://site:app-password@127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  });
}
