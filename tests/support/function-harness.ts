import { afterEach, beforeEach, vi } from 'vitest';
import { readConfig } from '../../netlify/lib/config';
import { handleContact } from '../../netlify/lib/contact';
import { startBlobs } from './blobs';
import { contactRequest, SITE } from '../../support/contact-request';
import { inProcessServices, VERIFY_URL, WEBHOOK_URL, type InProcessServices } from '../../support/stand-ins';

/*
 * What the function's attack tests share: a Blobs server on loopback, the in-process stand-ins for hCaptcha
 * and the webhook, the handler called with a Web Request, and the log lines it wrote.
 */

export const KEY = 'attack-tests-key-0123456789abcdef0123456789';

export interface Harness {
  blobs: Awaited<ReturnType<typeof startBlobs>>;
  services: InProcessServices;
  logs: string[];
  background: Promise<unknown>[];
}

export function useHarness(): Harness {
  const harness = { logs: [], background: [] } as unknown as Harness;
  beforeEach(async () => {
    harness.blobs = await startBlobs();
    harness.services = inProcessServices();
    harness.logs = [];
    harness.background = [];
    const capture = (...parts: unknown[]) => void harness.logs.push(parts.map(String).join(' '));
    vi.spyOn(console, 'log').mockImplementation(capture);
    vi.spyOn(console, 'error').mockImplementation(capture);
  });
  afterEach(async () => {
    await Promise.allSettled(harness.background);
    vi.restoreAllMocks();
    await harness.blobs.stop();
  });
  return harness;
}

/** The configuration of a dev deploy with both stand-ins, changed by `env`. */
export function devConfig(env: Record<string, string> = {}, context = 'dev') {
  return readConfig({ URL: SITE, HCAPTCHA_VERIFY_URL: VERIFY_URL, CONTACT_FORWARD_URL: WEBHOOK_URL, ...env }, context);
}

export async function send(
  harness: Harness,
  body: unknown,
  config = devConfig(),
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { ok: boolean; id?: string; error?: string; fields?: Record<string, string> } }> {
  const response = await handleContact(contactRequest(body, { headers }), {
    config,
    store: harness.blobs.store,
    waitUntil: (promise) => void harness.background.push(promise),
    fetch: harness.services.fetch,
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** Every entry of the store, as its raw text. */
export async function rawStore(harness: Harness): Promise<string> {
  const { blobs } = await harness.blobs.store.list({ prefix: '' });
  const texts = await Promise.all(
    blobs.map(async ({ key }) => `${key} ${JSON.stringify(await harness.blobs.store.get(key, { type: 'json' }))}`),
  );
  return texts.join('\n');
}
