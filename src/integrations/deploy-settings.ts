/*
 * Settings a build cannot go without. A production build with hCaptcha's test site key would publish forms
 * whose every token the real secret rejects: each visitor would be told to try the check again, forever.
 */

/** hCaptcha's public test site key (src/content/site.json keeps it for local builds and previews). */
export const HCAPTCHA_TEST_SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';

const NOT_PRODUCTION = new Set(['dev', 'deploy-preview', 'branch-deploy']);

/** What is missing for this build, or undefined. CONTEXT is set by Netlify; a local build has none. */
export function deploySettingsProblem(env: Record<string, string | undefined>): string | undefined {
  const context = env.CONTEXT?.trim();
  if (!context || NOT_PRODUCTION.has(context)) return undefined;
  const siteKey = env.PUBLIC_HCAPTCHA_SITE_KEY?.trim();
  if (siteKey && siteKey !== HCAPTCHA_TEST_SITE_KEY) return undefined;
  return (
    `A "${context}" build needs hCaptcha's real site key: set PUBLIC_HCAPTCHA_SITE_KEY for the Production ` +
    `context in Netlify (Site configuration > Environment variables), then deploy again.`
  );
}
