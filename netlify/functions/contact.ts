import { getStore } from '@netlify/blobs';
import type { Config, Context } from '@netlify/functions';
import { handleContact } from '../lib/contact.ts';
import { readConfig } from '../lib/config.ts';

/** POST /api/contact: the package request, callback and Contact Us forms. */
export default async function contact(request: Request, context: Context): Promise<Response> {
  const config = readConfig(process.env, context.deploy?.context);
  return handleContact(request, {
    config,
    store: getStore({ name: config.storeName, consistency: 'strong' }),
    waitUntil: (promise) => context.waitUntil(promise),
    clientIp: context.ip,
  });
}

export const config: Config = {
  path: '/api/contact',
  // Per visitor address: a person sends a handful of forms, a script sends hundreds.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
