/*
 * The one way the forms talk to the server. Every request that changes
 * something (not GET or HEAD) to this site carries the double-submit token:
 * the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie, which this wrapper
 * creates when it is missing. The function compares the two (and the Origin).
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** A random token of 32 hex digits from the browser's cryptographic generator. */
export function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      // A cookie that is not valid percent-encoding is as good as none: a new token replaces it.
      return undefined;
    }
  }
  return undefined;
}

/** The XSRF token of this browser, set as a SameSite=Strict cookie the first time. */
export function xsrfToken(doc: Pick<Document, 'cookie'> = document, secure = location.protocol === 'https:'): string {
  const existing = readCookie(doc.cookie, XSRF_COOKIE);
  if (existing) return existing;
  const token = randomToken();
  doc.cookie = `${XSRF_COOKIE}=${token}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
  return token;
}

/** True for a URL on this site given as a path ("/api/contact"), not "https://…" or "//host/…". */
export function isRelative(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
}

export interface ApiInit extends RequestInit {
  /** Sent as Idempotency-Key: the same key for every retry of one submission. */
  idempotencyKey?: string;
}

export function apiFetch(
  url: string,
  init: ApiInit = {},
  deps: { fetch?: typeof fetch; doc?: Pick<Document, 'cookie'> } = {},
): Promise<Response> {
  const { idempotencyKey, ...rest } = init;
  const method = (rest.method ?? 'GET').toUpperCase();
  const headers = new Headers(rest.headers);
  if (method !== 'GET' && method !== 'HEAD' && isRelative(url)) {
    headers.set(
      XSRF_HEADER,
      xsrfToken(deps.doc ?? document, typeof location !== 'undefined' && location.protocol === 'https:'),
    );
  }
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  return (deps.fetch ?? fetch)(url, { ...rest, method, headers, credentials: 'same-origin' });
}

/** What the function answers: 202 { ok, id } or { ok: false, error, fields? }. */
export interface PostResult {
  ok: boolean;
  status: number;
  id?: string;
  error?: string;
  fields?: Record<string, string>;
}

/** Posts a form as JSON to /api/contact and reads the answer; a network failure is a result, not a throw. */
export async function postSubmission(
  body: unknown,
  idempotencyKey: string,
  deps: { fetch?: typeof fetch; doc?: Pick<Document, 'cookie'> } = {},
): Promise<PostResult> {
  try {
    const response = await apiFetch(
      '/api/contact',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), idempotencyKey },
      deps,
    );
    const answer = (await response.json().catch(() => ({}))) as Partial<PostResult>;
    return {
      ok: response.ok && answer.ok === true,
      status: response.status,
      ...(answer.id ? { id: answer.id } : {}),
      ...(answer.error ? { error: answer.error } : {}),
      ...(answer.fields ? { fields: answer.fields } : {}),
    };
  } catch {
    return {
      ok: false,
      status: 0,
      error: 'We could not reach our server. Check your connection and try again; what you typed is kept.',
    };
  }
}
