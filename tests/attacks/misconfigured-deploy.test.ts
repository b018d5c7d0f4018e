import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { deployKind, HCAPTCHA_TEST_SECRET, HCAPTCHA_VERIFY_URL, readConfig } from '../../netlify/lib/config';
import { deploySettingsProblem, HCAPTCHA_TEST_SITE_KEY } from '../../src/integrations/deploy-settings';
import { formBodies } from '../../support/form-bodies';
import { PASSING_TOKEN } from '../../support/stand-ins';
import { KEY, send, useHarness } from '../support/function-harness';

/*
 * A deploy set up wrong must say so, and fail closed: no build that ships forms nobody can send, no
 * production function that accepts hCaptcha's test answers or asks a test address with the real secret.
 */

const harness = useHarness();
const bodies = formBodies(PASSING_TOKEN);
const live = { URL: 'https://quartz.example', HCAPTCHA_SECRET: 'live-secret', SUBMISSIONS_KEY: KEY };

describe('a production build without the real site key', () => {
  it.each([undefined, '', HCAPTCHA_TEST_SITE_KEY])('fails, naming PUBLIC_HCAPTCHA_SITE_KEY (key: %s)', (key) => {
    expect(deploySettingsProblem({ CONTEXT: 'production', PUBLIC_HCAPTCHA_SITE_KEY: key })).toMatch(
      /set PUBLIC_HCAPTCHA_SITE_KEY for the Production context/,
    );
  });

  it('passes with a real key, and on previews and local builds with the test key', () => {
    expect(deploySettingsProblem({ CONTEXT: 'production', PUBLIC_HCAPTCHA_SITE_KEY: 'a1b2-real' })).toBeUndefined();
    expect(deploySettingsProblem({ CONTEXT: 'deploy-preview' })).toBeUndefined();
    expect(deploySettingsProblem({})).toBeUndefined();
  });

  it('stops `astro build` itself with that message', { timeout: 60_000 }, async () => {
    const root = resolve(import.meta.dirname, '../..');
    const run = promisify(execFile)(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      cwd: root,
      env: { ...process.env, CONTEXT: 'production', PUBLIC_HCAPTCHA_SITE_KEY: '' },
    });
    await expect(run).rejects.toMatchObject({ stderr: expect.stringMatching(/PUBLIC_HCAPTCHA_SITE_KEY/) });
  });
});

describe('the deploy context', () => {
  it.each([undefined, '', 'staging', 'Production'])(
    'a missing or unknown context (%s) gets production rules',
    (ctx) => {
      expect(deployKind(ctx)).toBe('production');
      expect(readConfig({}, ctx)).toMatchObject({ production: true, refuseSubmissions: true });
    },
  );
});

describe('production never runs on test settings', () => {
  it("refuses hCaptcha's published test secret as the production secret", async () => {
    const config = readConfig({ ...live, HCAPTCHA_SECRET: HCAPTCHA_TEST_SECRET }, 'production');
    expect(config.hcaptchaSecret).toBeUndefined();
    const { status, body } = await send(harness, bodies.callback, config);
    expect(status).toBe(503);
    expect(body.error).toMatch(/call, WhatsApp or e-mail us/);
    expect(harness.logs.join('\n')).toMatch(/"level":"error","event":"configuration".*public test secret/);
  });

  it('ignores HCAPTCHA_VERIFY_URL, so the real secret goes nowhere but hCaptcha', () => {
    const config = readConfig({ ...live, HCAPTCHA_VERIFY_URL: 'https://collector.example/steal' }, 'production');
    expect(config.verifyUrl).toBe(HCAPTCHA_VERIFY_URL);
  });

  it('refuses submissions without SUBMISSIONS_KEY, or with one too short to be a key', () => {
    expect(readConfig({ ...live, SUBMISSIONS_KEY: '' }, 'production').refuseSubmissions).toBe(true);
    expect(readConfig({ ...live, SUBMISSIONS_KEY: 'short' }, 'production').refuseSubmissions).toBe(true);
    expect(readConfig(live, 'production').refuseSubmissions).toBe(false);
  });
});

describe('what siteverify answers', () => {
  /** Production settings whose siteverify is a stand-in answering `answer`. */
  async function sendWith(answer: Record<string, unknown>) {
    harness.services.fetch = (async () => Response.json(answer)) as typeof fetch;
    return send(harness, bodies.callback, readConfig(live, 'production'));
  }

  it('a token solved on another host name is refused', async () => {
    const { status } = await sendWith({ success: true, hostname: 'evil.example' });
    expect(status).toBe(403);
    expect(harness.logs.join('\n')).toMatch(/"reason":"captcha-hostname"/);
  });

  it('a token solved on the site itself passes', async () => {
    expect((await sendWith({ success: true, hostname: 'quartz.example' })).status).toBe(202);
  });

  it.each(['invalid-input-secret', 'sitekey-secret-mismatch', 'missing-input-secret'])(
    'the configuration error %s is a 503 with the other ways to reach us and a logged cause, not "check again"',
    async (code) => {
      const { status, body } = await sendWith({ success: false, 'error-codes': [code] });
      expect(status).toBe(503);
      expect(body.error).toMatch(/call, WhatsApp or e-mail us/);
      expect(harness.logs.join('\n')).toContain(`"problem":"${code}"`);
    },
  );
});
