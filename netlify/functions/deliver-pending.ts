import { getStore } from '@netlify/blobs';
import type { Config, Context } from '@netlify/functions';
import { readConfig } from '../lib/config.ts';
import { alertGivenUp, deliverPending, deliveryOptions, givenUpMarkers, RUN_BUDGET_MS } from '../lib/delivery.ts';
import { givenUpAlertMail } from '../lib/lead-mail.ts';
import { logEvent } from '../lib/log.ts';
import { mailerFor } from '../lib/mailer.ts';
import { eraseExpired } from '../lib/retention.ts';

/** The part of a run given to erasing expired submissions; the rest goes to deliveries. */
const RETENTION_BUDGET_MS = 4_000;

/**
 * Every five minutes: erases the submissions older than the retention period
 * (netlify/lib/retention.ts), then retries the channels (webhook, team e-mail,
 * acknowledgement) that have not gone through yet, for what is left of
 * RUN_BUDGET_MS (netlify/lib/delivery.ts); what is left waits for the next run.
 * Deliveries given up are counted at error level in every run until retention
 * erases them, and the team gets one e-mail naming those it has not heard of.
 */
export default async function deliverPendingSubmissions(_request: Request, context: Context): Promise<Response> {
  const started = Date.now();
  const config = readConfig(process.env, context.deploy?.context);
  for (const problem of config.problems) logEvent('error', { event: 'configuration', reason: problem });
  const store = getStore({ name: config.storeName, consistency: 'strong' });
  const mailer = mailerFor(config);
  // A store fault while erasing must not hold up the deliveries: it is logged, and the next run erases.
  const retention = await eraseExpired({ store, mailer, deadline: started + RETENTION_BUDGET_MS }).catch(
    () => undefined,
  );
  if (retention) logEvent('info', { event: 'retention-run', ...retention });
  else logEvent('error', { event: 'retention-run', problem: 'the store failed while erasing expired submissions' });
  const result = await deliverPending({
    ...deliveryOptions(config, mailer),
    store,
    budgetMs: RUN_BUDGET_MS - (Date.now() - started),
  });
  const markers = await givenUpMarkers(store).catch(() => []);
  const givenUp = markers.length;
  logEvent(givenUp > 0 ? 'error' : 'info', { event: 'retry-run', ...result, givenUp });
  if (mailer) {
    await alertGivenUp(store, markers, (entries) =>
      mailer.send(givenUpAlertMail(entries, config.leads, String(started))),
    ).catch(() => logEvent('error', { event: 'alert', reason: 'the alert of given-up deliveries could not be sent' }));
  }
  return Response.json({ ...result, givenUp, retention: retention ?? null });
}

export const config: Config = {
  schedule: '*/5 * * * *',
};
