import { join, resolve } from 'node:path';
import { LEASE_MS } from './delivery.ts';
import { leadAddresses, type LeadAddresses } from './lead-mail.ts';

/*
 * What the submission function reads from its environment. Secrets come only
 * from here; nothing else in the repository holds them. README's "Deploy"
 * section lists what the owner sets in Netlify, and for which deploy context.
 */

/** hCaptcha's published test secret: it verifies only the test site key's test token. */
export const HCAPTCHA_TEST_SECRET = '0x0000000000000000000000000000000000000000';
export const HCAPTCHA_VERIFY_URL = 'https://api.hcaptcha.com/siteverify';

/** Settings that only the production context may see: a deploy preview runs code nobody has reviewed yet. */
export const PRODUCTION_ONLY = [
  'HCAPTCHA_SECRET',
  'SUBMISSIONS_KEY',
  'CONTACT_FORWARD_URL',
  'CONTACT_FORWARD_SECRET',
  'SMTP_URL',
] as const;

/** The shortest SUBMISSIONS_KEY accepted: `openssl rand -base64 32` gives 44 characters. */
export const MIN_KEY_LENGTH = 32;

export type DeployKind = 'production' | 'preview' | 'dev';

/**
 * Netlify's deploy context as the rules know it. Anything that is not a preview or the local "dev" is held
 * to production's rules, a missing context included: a mistake then refuses loudly instead of running open.
 */
export function deployKind(context: string | undefined): DeployKind {
  if (context === 'dev') return 'dev';
  if (context === 'deploy-preview' || context === 'branch-deploy') return 'preview';
  return 'production';
}

export interface SubmissionConfig {
  production: boolean;
  preview: boolean;
  /** Undefined when no usable secret is set in production: every submission is then refused. */
  hcaptchaSecret: string | undefined;
  hcaptchaSiteKey: string | undefined;
  verifyUrl: string;
  /** The host names siteverify may report a token was solved on; empty: not checked (dev and previews). */
  captchaHostnames: string[];
  /** The JSON webhook that receives accepted submissions (form service, Slack, Zapier); none means store only. */
  forwardUrl: string | undefined;
  /** Signs every webhook body (X-Signature), so the receiver can tell it came from this site. */
  forwardSecret: string | undefined;
  /** Seals what visitors typed in the store; undefined stores it readable (dev without SUBMISSIONS_KEY). */
  submissionsKey: string | undefined;
  /** Origins allowed besides the request's own: the site's URLs on Netlify and any listed in ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  storeName: string;
  /** The first retry of a failed delivery waits this long; each further one twice as long. */
  retryBaseMs: number;
  /** How long a delivery run's hold on one submission lasts (DELIVERY_LEASE_MS, default LEASE_MS). */
  leaseMs: number;
  /** How the site's e-mail leaves: the company's SMTP server, .eml files locally, or not at all (previews). */
  mail:
    | { kind: 'smtp'; url: string; from: string; requireTLS: boolean }
    | { kind: 'eml'; directory: string; from: string }
    | undefined;
  /** Who receives each kind of lead (netlify/lib/lead-mail.ts). */
  leads: LeadAddresses;
  /** The site's own address, for the links in an acknowledgement. */
  siteUrl: string;
  /** Settings missing or wrong for this context, each a sentence for the log (no values). */
  problems: string[];
  /** True when a problem means no submission can be accepted safely. */
  refuseSubmissions: boolean;
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

const setting = (env: Env, name: string) => env[name]?.trim() || undefined;

/** Where a local run writes its e-mail as .eml files: LOCAL_MAIL_DIR, else beside the local Blobs. */
export function localMailDirectory(env: Env = process.env): string {
  const dataDir = setting(env, 'LOCAL_DATA_DIR');
  return resolve(setting(env, 'LOCAL_MAIL_DIR') ?? (dataDir ? join(dataDir, 'mail') : '.data/mail'));
}

/**
 * The configuration for one deploy context (Netlify's context.deploy.context). Production, and any context it does
 * not know, needs the real hCaptcha secret, SUBMISSIONS_KEY, an https webhook with its secret and SMTP over TLS;
 * previews and branch deploys get hCaptcha's test keys, a store of their own and no webhook or e-mail, and report
 * any production-only setting they can see; dev (npm start, tests) takes the test settings and writes .eml files.
 */
export function readConfig(env: Env = process.env, deployContext: string | undefined = env.CONTEXT): SubmissionConfig {
  const kind = deployKind(deployContext);
  const production = kind === 'production';
  const preview = kind === 'preview';
  const problems: string[] = [];
  let refuseSubmissions = false;

  let hcaptchaSecret = setting(env, 'HCAPTCHA_SECRET');
  let forwardUrl = setting(env, 'CONTACT_FORWARD_URL');
  const forwardSecret = setting(env, 'CONTACT_FORWARD_SECRET');
  let submissionsKey = setting(env, 'SUBMISSIONS_KEY');
  let smtpUrl = setting(env, 'SMTP_URL');
  const mailFrom = setting(env, 'MAIL_FROM');

  if (submissionsKey && submissionsKey.length < MIN_KEY_LENGTH) {
    problems.push(`SUBMISSIONS_KEY is shorter than ${MIN_KEY_LENGTH} characters; refusing submissions`);
    submissionsKey = undefined;
    refuseSubmissions = true;
  }
  if (production) {
    if (!hcaptchaSecret || hcaptchaSecret === HCAPTCHA_TEST_SECRET) {
      problems.push(
        hcaptchaSecret
          ? "HCAPTCHA_SECRET is hCaptcha's public test secret in production; refusing submissions"
          : 'HCAPTCHA_SECRET is not set in production; refusing submissions',
      );
      hcaptchaSecret = undefined;
      refuseSubmissions = true;
    }
    if (!submissionsKey && !setting(env, 'SUBMISSIONS_KEY')) {
      problems.push('SUBMISSIONS_KEY is not set in production; refusing submissions');
      refuseSubmissions = true;
    }
    if (forwardUrl && !forwardUrl.startsWith('https://')) {
      problems.push('CONTACT_FORWARD_URL is not an https:// address; nothing is forwarded');
      forwardUrl = undefined;
    }
    if (forwardUrl && !forwardSecret) {
      problems.push('CONTACT_FORWARD_SECRET is not set, so bodies cannot be signed; nothing is forwarded');
      forwardUrl = undefined;
    }
    if (!forwardUrl && !smtpUrl) {
      problems.push('neither CONTACT_FORWARD_URL nor SMTP_URL is set: leads are stored but reach nobody');
    }
    if (smtpUrl && !mailFrom) {
      problems.push('SMTP_URL is set but MAIL_FROM is not; no e-mail is sent');
      smtpUrl = undefined;
    }
  } else if (preview) {
    const visible = PRODUCTION_ONLY.filter((name) => setting(env, name) && env[name] !== HCAPTCHA_TEST_SECRET);
    if (visible.length > 0) {
      problems.push(
        `${visible.join(', ')} visible in a deploy preview: scope it to Production in Netlify; nothing is forwarded`,
      );
    }
    hcaptchaSecret = HCAPTCHA_TEST_SECRET;
    forwardUrl = undefined;
    submissionsKey = undefined;
    smtpUrl = undefined;
  } else {
    hcaptchaSecret ??= HCAPTCHA_TEST_SECRET;
  }

  const from = mailFrom ?? '"Website" <website@localhost>';
  const mail: SubmissionConfig['mail'] = smtpUrl
    ? { kind: 'smtp', url: smtpUrl, from, requireTLS: production }
    : kind === 'dev'
      ? { kind: 'eml', directory: localMailDirectory(env), from }
      : undefined;

  return {
    production,
    preview,
    mail,
    leads: leadAddresses(env),
    siteUrl: setting(env, 'URL') ?? 'http://localhost:4321',
    hcaptchaSecret,
    hcaptchaSiteKey: preview ? undefined : setting(env, 'PUBLIC_HCAPTCHA_SITE_KEY'),
    verifyUrl: production ? HCAPTCHA_VERIFY_URL : (setting(env, 'HCAPTCHA_VERIFY_URL') ?? HCAPTCHA_VERIFY_URL),
    captchaHostnames: production ? [...new Set(origins(env).map((origin) => new URL(origin).hostname))] : [],
    forwardUrl,
    forwardSecret: forwardUrl ? forwardSecret : undefined,
    submissionsKey,
    allowedOrigins: origins(env),
    storeName: production
      ? 'submissions'
      : preview
        ? 'submissions-preview'
        : (setting(env, 'SUBMISSIONS_STORE') ?? 'submissions'),
    retryBaseMs: Number(env.DELIVERY_RETRY_BASE_MS) > 0 ? Number(env.DELIVERY_RETRY_BASE_MS) : 60_000,
    leaseMs: Number(env.DELIVERY_LEASE_MS) > 0 ? Number(env.DELIVERY_LEASE_MS) : LEASE_MS,
    problems,
    refuseSubmissions,
  };
}
