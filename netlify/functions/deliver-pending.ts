import { getStore } from '@netlify/blobs';
import type { Config, Context } from '@netlify/functions';
import { readConfig } from '../lib/config.ts';
import { deliverPending } from '../lib/delivery.ts';
import { logEvent } from '../lib/log.ts';

/**
 * Every five minutes: retries the deliveries to the webhook that have not gone
 * through yet, for at most RUN_BUDGET_MS (see netlify/lib/delivery.ts); what is
 * left waits for the next run.
 */
export default async function deliverPendingSubmissions(_request: Request, context: Context): Promise<Response> {
  const config = readConfig(process.env, context.deploy?.context);
  if (!config.forwardUrl) return new Response(null, { status: 204 });
  const result = await deliverPending({
    store: getStore({ name: config.storeName, consistency: 'strong' }),
    forwardUrl: config.forwardUrl,
    retryBaseMs: config.retryBaseMs,
    leaseMs: config.leaseMs,
  });
  logEvent('info', { event: 'retry-run', ...result });
  return Response.json(result);
}

export const config: Config = {
  schedule: '*/5 * * * *',
};
