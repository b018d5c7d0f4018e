/*
 * hCaptcha's siteverify API and the company's webhook as a fetch function, in
 * process, for tests that drive the handler and the retry run directly. Like
 * the real siteverify, it passes each token once: a second check of the same
 * token fails. The webhook records what it accepted, can be down (503) or hang.
 */

export const VERIFY_URL = 'https://siteverify.test/siteverify';
export const WEBHOOK_URL = 'https://webhook.test/hook';

export interface FakeServices {
  fetch: typeof fetch;
  /** A token that passes once. */
  token(): string;
  verifications: number;
  webhook: 'up' | 'down' | 'hang';
  /** Accepted deliveries, in order: their Idempotency-Key and body. */
  deliveries: { idempotencyKey: string | null; body: Record<string, unknown> }[];
  /** How many times each submission id was accepted by the webhook. */
  deliveredCount(id: string): number;
}

export function fakeServices(): FakeServices {
  let next = 0;
  const issued = new Set<string>();
  const services: FakeServices = {
    token: () => {
      next += 1;
      const token = `pass-${next}`;
      issued.add(token);
      return token;
    },
    verifications: 0,
    webhook: 'up',
    deliveries: [],
    deliveredCount: (id) => services.deliveries.filter((delivery) => delivery.idempotencyKey === id).length,
    fetch: async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url === VERIFY_URL) {
        services.verifications += 1;
        const token = new URLSearchParams(String(init?.body)).get('response') ?? '';
        const success = issued.delete(token);
        return Response.json({ success });
      }
      if (url === WEBHOOK_URL) {
        if (services.webhook === 'down') return new Response('down', { status: 503 });
        if (services.webhook === 'hang') {
          return new Promise<Response>((_resolve, reject) => {
            const signal = init?.signal;
            signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          });
        }
        services.deliveries.push({
          idempotencyKey: new Headers(init?.headers).get('idempotency-key'),
          body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        });
        return Response.json({ received: true });
      }
      throw new TypeError(`fetch failed: ${url} is not a stand-in`);
    },
  };
  return services;
}
