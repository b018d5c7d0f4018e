/*
 * A request to POST /api/contact as the site's own forms send it: JSON, the
 * site's Origin and the XSRF cookie with its header. Each part can be changed
 * or removed (a header set to undefined is left out). The one way tests, the
 * load script and the fault test build a form's request, for the handler in
 * process, a packaged function or the local server over HTTP (fetch takes it).
 */

export const SITE = 'https://quartz.example';
export const XSRF_TOKEN = 'token-1234567890';

export interface ContactRequestInit {
  method?: string;
  headers?: Record<string, string | undefined>;
  /** The body as sent, in place of JSON.stringify(body). */
  raw?: string | Uint8Array | ReadableStream<Uint8Array>;
  /** The site's own address, the Origin its pages send. */
  site?: string;
  /** Where the request goes when that is not the site's address: a local server on 127.0.0.1 for localhost. */
  to?: string;
}

export function contactRequest(body: unknown, init: ContactRequestInit = {}): Request {
  const method = init.method ?? 'POST';
  const site = init.site ?? SITE;
  const headers = new Headers();
  const wanted: Record<string, string | undefined> = {
    'Content-Type': 'application/json',
    Origin: site,
    'X-XSRF-TOKEN': XSRF_TOKEN,
    Cookie: `theme=light; XSRF-TOKEN=${XSRF_TOKEN}`,
    ...init.headers,
  };
  for (const [name, value] of Object.entries(wanted)) if (value !== undefined) headers.set(name, value);
  const payload = init.raw ?? JSON.stringify(body);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`${init.to ?? site}/api/contact`, {
    method,
    headers,
    ...(hasBody ? { body: payload, ...(payload instanceof ReadableStream ? { duplex: 'half' } : {}) } : {}),
  } as RequestInit);
}
