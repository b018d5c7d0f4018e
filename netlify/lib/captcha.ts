/*
 * The hCaptcha check, through hCaptcha's siteverify API. There is no way
 * around it: every accepted submission passed here.
 */

export type CaptchaVerdict = 'passed' | 'failed' | 'unreachable';

export const CAPTCHA_TIMEOUT_MS = 5000;

export async function verifyCaptcha(
  token: string,
  options: {
    secret: string;
    verifyUrl: string;
    siteKey?: string | undefined;
    remoteIp?: string | undefined;
    fetch?: typeof fetch;
  },
): Promise<CaptchaVerdict> {
  const body = new URLSearchParams({ secret: options.secret, response: token });
  if (options.siteKey) body.set('sitekey', options.siteKey);
  if (options.remoteIp) body.set('remoteip', options.remoteIp);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(options.verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(CAPTCHA_TIMEOUT_MS),
    });
  } catch {
    return 'unreachable';
  }
  if (response.status >= 500) return 'unreachable';
  try {
    const answer = (await response.json()) as { success?: unknown };
    return answer.success === true ? 'passed' : 'failed';
  } catch {
    return response.ok ? 'unreachable' : 'failed';
  }
}
