import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBodies } from '../../support/form-bodies';
import { startSiteServer, type SiteServer } from '../../support/site-server';
import { PASSING_TOKEN, startFakeSiteverify, type FakeSiteverify } from '../../support/stand-ins';

/*
 * DNS rebinding: a hostile page at http://rebind.example:PORT whose name is made to resolve to 127.0.0.1 is, to the
 * browser, its own origin. Its requests reach the local server with `Host: rebind.example:PORT` and that Origin; a
 * server that takes its own address from the Host header sees a same-origin request, so the function's Origin check
 * passes, and the page can read every answer. The local server (scripts/serve.ts) must answer its own names only.
 */

const HOSTILE = 'rebind.example';

let server: SiteServer;
let port: number;
let siteverify: FakeSiteverify;
let dataDirectory: string;

interface Answer {
  status: number;
  body: string;
}

/** A request as a browser sends it, with the Host header it gives (fetch would not let a test choose it). */
function send(method: string, path: string, host: string, headers: Record<string, string> = {}, body = '') {
  return new Promise<Answer>((done, fail) => {
    const request = httpRequest(
      { hostname: '127.0.0.1', port, method, path, setHost: false, headers: { Host: host, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** The contact form's request as the hostile page sends it: same-origin to the browser, with a cookie it set itself. */
const postFromPageAt = (host: string) =>
  send(
    'POST',
    '/api/contact',
    host,
    {
      'Content-Type': 'application/json',
      Origin: `http://${host}`,
      Cookie: 'XSRF-TOKEN=chosen-by-the-page',
      'X-XSRF-TOKEN': 'chosen-by-the-page',
      'Idempotency-Key': crypto.randomUUID().replaceAll('-', ''),
    },
    JSON.stringify(formBodies(PASSING_TOKEN).contact),
  );

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  dataDirectory = mkdtempSync(join(tmpdir(), 'qd-rebind-'));
  // One call at a time is all this needs: one runtime instance starts, not one per core.
  server = await startSiteServer({
    dataDir: dataDirectory,
    env: { HCAPTCHA_VERIFY_URL: siteverify.url, FUNCTION_CALLS: '1' },
  });
  port = Number(new URL(server.url).port);
}, 200_000);

afterAll(async () => {
  await server?.stop();
  await siteverify?.close();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
}, 30_000);

describe('DNS rebinding against the local server', () => {
  it('a page on another host name that resolves to this machine gets no answer', async () => {
    const host = `${HOSTILE}:${port}`;
    const home = await send('GET', '/', host);
    expect(home.status).toBe(421);
    expect(home.body).not.toMatch(/<html/i);
    expect((await send('GET', '/contact-us', host)).status).toBe(421);
    // Refused before anything else: before the method check, and before the function ever sees the request.
    expect((await send('TRACE', '/', host)).status).toBe(421);
    const posted = await postFromPageAt(host);
    expect(posted.status).toBe(421);
    expect(posted.body).not.toContain('"ok"');
    expect(siteverify.calls).toEqual([]);
  });

  it('a page on another port of this machine, or a request without a usable host, gets no answer either', async () => {
    expect((await send('GET', '/', `localhost:${port + 1}`)).status).toBe(421);
    expect((await send('GET', '/', `localhost`)).status).toBe(421);
    expect((await send('GET', '/', `127.0.0.1.:${port}`)).status).toBe(421);
    // An absolute address in the request line names a host of its own; a browser never sends one to a server.
    expect((await send('GET', `http://${HOSTILE}:${port}/`, `localhost:${port}`)).status).toBe(400);
    expect(siteverify.calls).toEqual([]);
  });

  it("the server's own names still get the site and its function", async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LocalHost:${port}`]) {
      const page = await send('GET', '/contact-us', host);
      expect(page.status, host).toBe(200);
      expect(page.body).toMatch(/<html/i);
    }
    const posted = await postFromPageAt(`localhost:${port}`);
    expect(posted.status).toBe(202);
  });
});
