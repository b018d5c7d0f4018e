import { getStore } from '@netlify/blobs';
import type { Config, Context } from '@netlify/functions';
import { handleContact, storeUnavailable } from '../lib/contact.ts';
import { readConfig } from '../lib/config.ts';
import { mailerFor } from '../lib/mailer.ts';

/** POST /api/contact: every form of the site (src/lib/forms.ts describes them), with this deploy's store and mail. */
export default async function receiveSubmission(request: Request, context: Context): Promise<Response> {
  let store: ReturnType<typeof getStore>;
  const config = readConfig(process.env, context.deploy?.context);
  try {
    store = getStore({ name: config.storeName, consistency: 'strong' });
  } catch {
    // Blobs not configured for this deploy: the visitor still gets the function's plain answer and headers.
    return storeUnavailable();
  }
  return handleContact(request, {
    config,
    store,
    mailer: mailerFor(config),
    waitUntil: (promise) => context.waitUntil(promise),
    clientIp: context.ip,
  });
}

export const config: Config = {
  path: '/api/contact',
  // Per visitor address: a person sends a handful of forms, a script sends hundreds.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
