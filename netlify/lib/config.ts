import { LEASE_MS } from './delivery.ts';

/*
 * What the submission function reads from its environment. Secrets come only
 * from here; nothing else in the repository holds them.
 */

/** hCaptcha's published test secret: it verifies only the test site key's test token. */
export const HCAPTCHA_TEST_SECRET = '0x0000000000000000000000000000000000000000';
export const HCAPTCHA_VERIFY_URL = 'https://api.hcaptcha.com/siteverify';

export interface SubmissionConfig {
  /** Netlify's CONTEXT is "production" on the live site. */
  production: boolean;
  /** Undefined in production when HCAPTCHA_SECRET is missing: every submission is then refused. */
  hcaptchaSecret: string | undefined;
  hcaptchaSiteKey: string | undefined;
  verifyUrl: string;
  /** The JSON webhook that receives accepted submissions (form service, Slack, Zapier); none means store only. */
  forwardUrl: string | undefined;
  /** Origins allowed besides the request's own: the site's URLs on Netlify and any listed in ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  storeName: string;
  /** The first retry of a failed delivery waits this long; each further one twice as long. */
  retryBaseMs: number;
  /**
   * How long a delivery run's hold on one submission lasts (DELIVERY_LEASE_MS, default two minutes):
   * a run that stops while holding it blocks that submission this long. Tests shorten it; it must stay
   * well above a webhook call (8 s) and its writes.
   */
  leaseMs: number;
}

type Env = Record<string, string | undefined>;

function origins(env: Env): string[] {
  const listed = [env.URL, env.DEPLOY_PRIME_URL, env.DEPLOY_URL, ...(env.ALLOWED_ORIGINS ?? '').split(',')];
  return listed.flatMap((value) => {
    try {
      return value?.trim() ? [new URL(value.trim()).origin] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The configuration for one deploy context (Netlify's context.deploy.context:
 * "production", "deploy-preview", "branch-deploy" or "dev" locally).
 *
 * - production: the real secret from HCAPTCHA_SECRET, or none (every submission refused);
 *   the "submissions" store; forwarding to CONTACT_FORWARD_URL.
 * - deploy previews and branch deploys: hCaptcha's test keys whatever the environment
 *   holds, their own "submissions-preview" store, and never the sales webhook.
 * - dev (npm start, tests): HCAPTCHA_SECRET or the test secret, SUBMISSIONS_STORE or
 *   "submissions", and CONTACT_FORWARD_URL when set.
 */
export function readConfig(env: Env = process.env, deployContext: string = env.CONTEXT ?? 'dev'): SubmissionConfig {
  const production = deployContext === 'production';
  const preview = deployContext === 'deploy-preview' || deployContext === 'branch-deploy';
  const secret = env.HCAPTCHA_SECRET?.trim() || undefined;
  return {
    production,
    hcaptchaSecret: production ? secret : preview ? HCAPTCHA_TEST_SECRET : (secret ?? HCAPTCHA_TEST_SECRET),
    hcaptchaSiteKey: preview ? undefined : env.PUBLIC_HCAPTCHA_SITE_KEY?.trim() || undefined,
    verifyUrl: env.HCAPTCHA_VERIFY_URL?.trim() || HCAPTCHA_VERIFY_URL,
    forwardUrl: preview ? undefined : env.CONTACT_FORWARD_URL?.trim() || undefined,
    allowedOrigins: origins(env),
    storeName: production
      ? 'submissions'
      : preview
        ? 'submissions-preview'
        : env.SUBMISSIONS_STORE?.trim() || 'submissions',
    retryBaseMs: Number(env.DELIVERY_RETRY_BASE_MS) > 0 ? Number(env.DELIVERY_RETRY_BASE_MS) : 60_000,
    leaseMs: Number(env.DELIVERY_LEASE_MS) > 0 ? Number(env.DELIVERY_LEASE_MS) : LEASE_MS,
  };
}
