import { createHmac } from 'node:crypto';
import type { Attempt } from './delivery.ts';

/*
 * One call of the company's webhook (CONTACT_FORWARD_URL). A redirect is never
 * followed: a revoked hook that sends to a login page has not delivered, and a
 * 307 must not carry the lead elsewhere.
 */

/** Each webhook call gives up after this long. */
export const WEBHOOK_TIMEOUT_MS = 8_000;
const MAX_RETRY_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * The signature a receiver checks: HMAC-SHA256 under CONTACT_FORWARD_SECRET of "{timestamp}.{body}", sent as
 * "X-Signature: t={timestamp},v1={hex}" (docs/forms.md shows the receiver's side).
 */
export function signBody(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
function retryAfter(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const wait = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now.getTime();
  return Number.isFinite(wait) && wait > 0 ? Math.min(wait, MAX_RETRY_AFTER_MS) : undefined;
}

export async function postToWebhook(
  payload: Record<string, unknown>,
  idempotencyKey: string,
  options: { url: string; secret?: string | undefined; now: Date; fetch?: typeof fetch; timeoutMs?: number },
): Promise<Attempt> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey };
  if (options.secret) headers['X-Signature'] = signBody(options.secret, Math.floor(options.now.getTime() / 1000), body);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(options.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
  } catch (error) {
    return {
      problem: error instanceof Error && error.name === 'TimeoutError' ? 'webhook timed out' : 'webhook unreachable',
    };
  }
  const { status } = response;
  if (status >= 200 && status < 300) return {};
  // A redirect not followed: status 0 ("opaqueredirect") in browsers, the 3xx itself in Node.
  if (status < 200 || (status >= 300 && status < 400)) return { problem: `webhook redirected (${status || '3xx'})` };
  if (status >= 400 && status < 500 && ![408, 425, 429].includes(status)) {
    return { problem: `webhook answered ${status}: check CONTACT_FORWARD_URL and its access`, permanent: true };
  }
  const wait =
    status === 429 || status === 503 ? retryAfter(response.headers.get('retry-after'), options.now) : undefined;
  return { problem: `webhook answered ${status}`, ...(wait ? { retryAfterMs: wait } : {}) };
}
