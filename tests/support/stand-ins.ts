import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Stand-ins on loopback for what the function talks to: hCaptcha's siteverify
 * API and the company's webhook. Tests start them, point the function at them
 * through HCAPTCHA_VERIFY_URL and CONTACT_FORWARD_URL, and stop them.
 */

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const PASSING_TOKEN = '10000000-aaaa-bbbb-cccc-000000000001';

export interface FakeSiteverify {
  url: string;
  /** What it does: answer by the token, fail every check, or never answer (a hang). */
  mode: 'by-token' | 'hang' | 'error';
  calls: { secret: string; response: string }[];
  close(): Promise<void>;
}

/** Passes PASSING_TOKEN with any secret, fails every other token. */
export async function startFakeSiteverify(): Promise<FakeSiteverify> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const fake: FakeSiteverify = {
    url: '',
    mode: 'by-token',
    calls: [],
    close: async () => {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readText(request));
    fake.calls.push({ secret: form.get('secret') ?? '', response: form.get('response') ?? '' });
    if (fake.mode === 'hang') return void hanging.add(response);
    if (fake.mode === 'error') return void response.writeHead(500).end('down');
    const success = form.get('response') === PASSING_TOKEN && Boolean(form.get('secret'));
    response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ success, ...(success ? {} : { 'error-codes': ['invalid-input-response'] }) }));
  });
  fake.url = `${await listen(server)}/siteverify`;
  return fake;
}

export interface WebhookReceiver {
  url: string;
  /** While false the receiver answers 503, as a webhook that is down. */
  up: boolean;
  deliveries: { idempotencyKey: string | undefined; body: Record<string, unknown> }[];
  /** Distinct submissions received, counting a repeated Idempotency-Key once. */
  distinct(): number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    up: true,
    deliveries: [],
    distinct: () => new Set(receiver.deliveries.map((delivery) => delivery.idempotencyKey)).size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer(async (request, response) => {
    const text = await readText(request);
    if (!receiver.up) return void response.writeHead(503).end();
    receiver.deliveries.push({
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      body: JSON.parse(text) as Record<string, unknown>,
    });
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
  });
  server.keepAliveTimeout = 1;
  receiver.url = `${await listen(server)}/hook`;
  return receiver;
}
