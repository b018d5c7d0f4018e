import { getStore } from '@netlify/blobs';
import type { Config, Context } from '@netlify/functions';
import { readConfig } from '../lib/config.ts';
import { countGivenUp, deliverPending, RUN_BUDGET_MS } from '../lib/delivery.ts';
import { logEvent } from '../lib/log.ts';
import { eraseExpired } from '../lib/retention.ts';

/** The part of a run given to erasing expired submissions; the rest goes to deliveries. */
const RETENTION_BUDGET_MS = 4_000;

/**
 * Every five minutes: erases the submissions older than the retention period
 * (netlify/lib/retention.ts), then retries the deliveries to the webhook that
 * have not gone through yet, for what is left of RUN_BUDGET_MS (see
 * netlify/lib/delivery.ts); what is left waits for the next run. Deliveries
 * given up are counted at error level in every run until a person has seen to them.
 */
export default async function deliverPendingSubmissions(_request: Request, context: Context): Promise<Response> {
  const started = Date.now();
  const config = readConfig(process.env, context.deploy?.context);
  for (const problem of config.problems) logEvent('error', { event: 'configuration', reason: problem });
  const store = getStore({ name: config.storeName, consistency: 'strong' });
  // A store fault while erasing must not hold up the deliveries: it is logged, and the next run erases.
  const retention = await eraseExpired({ store, deadline: started + RETENTION_BUDGET_MS }).catch(() => undefined);
  if (retention) logEvent('info', { event: 'retention-run', ...retention });
  else logEvent('error', { event: 'retention-run', problem: 'the store failed while erasing expired submissions' });
  const result = config.forwardUrl
    ? await deliverPending({
        store,
        forwardUrl: config.forwardUrl,
        forwardSecret: config.forwardSecret,
        submissionsKey: config.submissionsKey,
        retryBaseMs: config.retryBaseMs,
        leaseMs: config.leaseMs,
        budgetMs: RUN_BUDGET_MS - (Date.now() - started),
      })
    : undefined;
  const givenUp = await countGivenUp(store).catch(() => 0);
  if (result) logEvent(givenUp > 0 ? 'error' : 'info', { event: 'retry-run', ...result, givenUp });
  else if (givenUp > 0) logEvent('error', { event: 'retry-run', givenUp });
  return Response.json({ ...result, givenUp, retention: retention ?? null });
}

export const config: Config = {
  schedule: '*/5 * * * *',
};
