/*
 * The hCaptcha check, through hCaptcha's siteverify API. There is no way
 * around it: every accepted submission passed here.
 */

export type CaptchaVerdict = 'passed' | 'failed' | 'unreachable' | 'misconfigured';

export interface CaptchaResult {
  verdict: CaptchaVerdict;
  /** Why it did not pass, for the log: siteverify's error codes, or "hostname". No personal data. */
  codes: string[];
}

export const CAPTCHA_TIMEOUT_MS = 5000;

/** siteverify's codes that blame the site's settings, not the visitor: no retry of the check can pass. */
const CONFIGURATION_CODES = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'sitekey-secret-mismatch',
  'not-using-dummy-passcode',
  'not-using-dummy-secret',
  'invalid-sitekey',
]);

export async function verifyCaptcha(
  token: string,
  options: {
    secret: string;
    verifyUrl: string;
    siteKey?: string | undefined;
    remoteIp?: string | undefined;
    /** The site's host names: a token solved on any other host fails. Empty: not checked. */
    hostnames?: readonly string[];
    fetch?: typeof fetch;
  },
): Promise<CaptchaResult> {
  const body = new URLSearchParams({ secret: options.secret, response: token });
  if (options.siteKey) body.set('sitekey', options.siteKey);
  if (options.remoteIp) body.set('remoteip', options.remoteIp);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(options.verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(CAPTCHA_TIMEOUT_MS),
    });
  } catch {
    return { verdict: 'unreachable', codes: [] };
  }
  if (response.status >= 500) return { verdict: 'unreachable', codes: [] };
  let answer: { success?: unknown; hostname?: unknown; 'error-codes'?: unknown };
  try {
    answer = (await response.json()) as typeof answer;
  } catch {
    return { verdict: response.ok ? 'unreachable' : 'failed', codes: [] };
  }
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String).slice(0, 10) : [];
  if (codes.some((code) => CONFIGURATION_CODES.has(code))) return { verdict: 'misconfigured', codes };
  if (answer.success !== true) return { verdict: 'failed', codes };
  const hostnames = options.hostnames ?? [];
  if (hostnames.length > 0 && !hostnames.includes(String(answer.hostname))) {
    return { verdict: 'failed', codes: ['hostname'] };
  }
  return { verdict: 'passed', codes: [] };
}
