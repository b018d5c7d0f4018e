import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import deliverPendingFunction from '../../netlify/functions/deliver-pending';
import { readConfig } from '../../netlify/lib/config';
import { deliverSubmission } from '../../netlify/lib/delivery';
import { gaveUpKey, pendingKey, readSubmission, submissionKey, type StoredSubmission } from '../../netlify/lib/records';
import { KEY, useHarness } from '../support/function-harness';

/*
 * A webhook that moved, was revoked, or points somewhere it should not: real HTTP servers on loopback answer
 * as such a webhook would, and the delivery must never count a lead as delivered that did not arrive, nor
 * post it anywhere else.
 */

const harness = useHarness();
const NOW = new Date('2026-11-27T10:00:00.000Z');
const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A server on loopback that records what it was sent. */
async function listen(handler: Handler) {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ headers: request.headers, body });
    handler(request, body, response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

async function storePending(id = '2026-11-27T09-59-00-000Z-aaaaaaaaaaaa'): Promise<string> {
  const record: StoredSubmission = {
    id,
    kind: 'callback',
    receivedAt: new Date(NOW.getTime() - 60_000).toISOString(),
    spam: false,
    fields: { name: 'Asha Verma', email: 'asha@example.com', message: 'Call me' },
    delivery: { status: 'pending', attempts: 0, nextAttemptAt: NOW.toISOString() },
  };
  await harness.blobs.store.setJSON(pendingKey(id), { id, nextAttemptAt: record.delivery.nextAttemptAt });
  await harness.blobs.store.setJSON(submissionKey(id), record);
  return id;
}

const deliver = (id: string, forwardUrl: string, extra: { forwardSecret?: string } = {}) =>
  deliverSubmission(id, { store: harness.blobs.store, forwardUrl, retryBaseMs: 60_000, now: () => NOW, ...extra });

describe('a webhook that redirects', () => {
  it('a revoked hook answering 302 to a login page is not delivered: the lead stays pending', async () => {
    const login = await listen((_request, _body, response) => response.writeHead(200).end('<h1>Sign in</h1>'));
    const hook = await listen((_request, _body, response) => response.writeHead(302, { Location: login.url }).end());
    const id = await storePending();
    expect(await deliver(id, hook.url)).toBe('pending');
    expect((await readSubmission(harness.blobs.store, id))?.delivery).toMatchObject({
      status: 'pending',
      lastError: 'webhook redirected (302)',
    });
    expect(login.received).toEqual([]);
  });

  it('a 307 or 308 does not re-post the lead to where it points', async () => {
    const elsewhere = await listen((_request, _body, response) => response.writeHead(200).end('ok'));
    for (const status of [307, 308]) {
      const hook = await listen((_request, _body, response) =>
        response.writeHead(status, { Location: elsewhere.url }).end(),
      );
      const id = await storePending(`2026-11-27T09-59-00-000Z-${status}aaaaaaaaa`);
      expect(await deliver(id, hook.url)).toBe('pending');
    }
    expect(elsewhere.received).toEqual([]);
  });
});

describe('a webhook that is gone', () => {
  it.each([404, 410, 401])('a %i gives the delivery up at once, logged as a configuration problem', async (status) => {
    const hook = await listen((_request, _body, response) => response.writeHead(status).end());
    const id = await storePending();
    expect(await deliver(id, hook.url)).toBe('failed');
    expect(hook.received).toHaveLength(1);
    expect((await readSubmission(harness.blobs.store, id))?.delivery.status).toBe('failed');
    expect(await harness.blobs.store.get(gaveUpKey(id), { type: 'json' })).toMatchObject({ id });
    expect(harness.logs.join('\n')).toMatch(/"level":"error".*"status":"failed".*"reason":"configuration"/);
  });

  it.each([408, 425, 429, 500])('a %i is retried later, not given up', async (status) => {
    const hook = await listen((_request, _body, response) => response.writeHead(status).end());
    expect(await deliver(await storePending(), hook.url)).toBe('pending');
  });

  it('a given-up delivery is counted at error level by every scheduled run until retention', async () => {
    const hook = await listen((_request, _body, response) => response.writeHead(410).end());
    await deliver(await storePending(), hook.url);
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', harness.blobs.functionContext);
    vi.stubEnv('CONTEXT', 'dev');
    vi.stubEnv('CONTACT_FORWARD_URL', hook.url);
    vi.stubEnv('LOCAL_DATA_DIR', harness.blobs.directory);
    harness.logs.length = 0;
    for (let run = 0; run < 2; run += 1) {
      const answer = await deliverPendingFunction(new Request('http://localhost/'), {
        deploy: { context: 'dev' },
      } as never);
      expect(await answer.json()).toMatchObject({ givenUp: 1 });
    }
    vi.unstubAllEnvs();
    expect(harness.logs.filter((line) => /"level":"error".*"event":"retry-run".*"givenUp":1/.test(line))).toHaveLength(
      2,
    );
  });
});

describe('a webhook that asks to wait', () => {
  it.each([
    [429, '3600', 3600_000],
    [503, new Date(NOW.getTime() + 2 * 3600_000).toUTCString(), 2 * 3600_000],
  ])('a %i with Retry-After %s is not tried again before then', async (status, header, waitMs) => {
    const hook = await listen((_request, _body, response) =>
      response.writeHead(status, { 'Retry-After': header }).end(),
    );
    const id = await storePending();
    await deliver(id, hook.url);
    const next = Date.parse((await readSubmission(harness.blobs.store, id))!.delivery.nextAttemptAt!);
    expect(next - NOW.getTime()).toBeGreaterThanOrEqual(waitMs);
  });
});

describe('the receiver can tell a body came from the site', () => {
  it('every body carries X-Signature: t=…,v1=HMAC-SHA256(secret, "t.body"), checked as docs/forms.md shows', async () => {
    const hook = await listen((_request, _body, response) => response.writeHead(200).end());
    const secret = 'webhook-signing-secret';
    await deliver(await storePending(), hook.url, { forwardSecret: secret });
    const [{ headers, body }] = hook.received as [{ headers: IncomingMessage['headers']; body: string }];
    // The receiver's check, as the documentation gives it.
    const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-signature']))!;
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    expect(signature).toBe(expected);
    expect(Math.abs(Number(timestamp) - NOW.getTime() / 1000)).toBeLessThan(300);
    const forged = createHmac('sha256', secret)
      .update(`${timestamp}.${body.replace('Asha', 'Eve')}`)
      .digest('hex');
    expect(signature).not.toBe(forged);
  });
});

describe('production forwards only where it should', () => {
  const production = {
    URL: 'https://quartz.example',
    HCAPTCHA_SECRET: 'live-secret',
    SUBMISSIONS_KEY: KEY,
    CONTACT_FORWARD_SECRET: 'signing',
  };

  it('an http:// webhook is not used in production, and the reason is a configuration problem', () => {
    const config = readConfig({ ...production, CONTACT_FORWARD_URL: 'http://hooks.example/lead' }, 'production');
    expect(config.forwardUrl).toBeUndefined();
    expect(config.problems.join()).toMatch(/CONTACT_FORWARD_URL is not an https:\/\/ address/);
  });

  it('a webhook without a signing secret is not used in production', () => {
    const config = readConfig(
      { ...production, CONTACT_FORWARD_SECRET: '', CONTACT_FORWARD_URL: 'https://hooks.example/lead' },
      'production',
    );
    expect(config.forwardUrl).toBeUndefined();
    expect(config.problems.join()).toMatch(/CONTACT_FORWARD_SECRET/);
  });

  it('an https:// webhook with its secret is used', () => {
    const config = readConfig({ ...production, CONTACT_FORWARD_URL: 'https://hooks.example/lead' }, 'production');
    expect(config).toMatchObject({ forwardUrl: 'https://hooks.example/lead', forwardSecret: 'signing', problems: [] });
  });
});
