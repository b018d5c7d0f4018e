import { afterAll, beforeAll, vi } from 'vitest';
import { startBlobs } from './blobs';
import { startWebhookReceiver } from '../../support/stand-ins';

/**
 * For the tests of one file that call the functions as Netlify does: a Blobs
 * server and a webhook stand-in, with the environment Netlify gives a function
 * (NETLIFY_BLOBS_CONTEXT, CONTACT_FORWARD_URL, CONTEXT, LOCAL_DATA_DIR) pointing at them.
 */
export function functionEnvironment() {
  const running = {} as {
    blobs: Awaited<ReturnType<typeof startBlobs>>;
    webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  };
  beforeAll(async () => {
    running.blobs = await startBlobs('submissions', 'test-site');
    running.webhook = await startWebhookReceiver();
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', running.blobs.functionContext);
    vi.stubEnv('CONTACT_FORWARD_URL', running.webhook.url);
    vi.stubEnv('CONTEXT', 'dev');
    // The local .eml files go beside this test's Blobs, not into the project's .data/mail.
    vi.stubEnv('LOCAL_DATA_DIR', running.blobs.directory);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    await running.webhook.close();
    await running.blobs.stop();
  });
  return running;
}
