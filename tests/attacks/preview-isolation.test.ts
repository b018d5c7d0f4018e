import { describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../netlify/lib/config';
import { openSubmission, readSubmission } from '../../netlify/lib/records';
import contactFunction from '../../netlify/functions/contact';
import { formBodies, person } from '../../support/form-bodies';
import { PASSING_TOKEN } from '../../support/stand-ins';
import { devConfig, KEY, rawStore, send, useHarness } from '../support/function-harness';

/*
 * Netlify Blobs stores are site-wide: a deploy preview's function, whose code nobody has reviewed, can open
 * the production store by its name. What visitors typed is sealed under SUBMISSIONS_KEY, which only the
 * production context has, so such code reads ciphertext.
 */

const harness = useHarness();
const bodies = formBodies(PASSING_TOKEN);
const sealed = () => devConfig({ SUBMISSIONS_KEY: KEY });

describe("a preview's function reading the production store", () => {
  it('finds no name, e-mail, phone or message of any visitor in it, in any entry', async () => {
    for (const kind of ['package-request', 'callback', 'contact', 'data-request', 'job-application'] as const) {
      expect((await send(harness, bodies[kind], sealed())).status).toBe(202);
    }
    await Promise.allSettled(harness.background);
    const everything = await rawStore(harness);
    expect(everything).toContain('"sealed":"v1.');
    for (const value of [person.name, person.email, person.phone, person.message, 'Asha', 'clinic']) {
      expect(everything).not.toContain(value);
    }
  });

  it('cannot open a record without the key, or with a key of its own', async () => {
    const { body } = await send(harness, bodies.contact, sealed());
    const stored = (await readSubmission(harness.blobs.store, body.id!))!;
    expect(() => openSubmission(stored, undefined)).toThrow(/sealed/);
    expect(() => openSubmission(stored, 'a-preview-guessing-another-key-0000000')).toThrow();
    expect(openSubmission(stored, KEY)).toMatchObject({
      fields: { email: person.email, message: person.message },
      consent: { mailingList: true },
    });
  });

  it('the webhook still receives the whole lead, opened with the key', async () => {
    const { body } = await send(harness, bodies.callback, sealed());
    await Promise.allSettled(harness.background);
    expect(harness.services.webhook.deliveries).toEqual([
      expect.objectContaining({ idempotencyKey: body.id, body: expect.objectContaining({ email: person.email }) }),
    ]);
  });
});

describe('a deploy preview that can see a production-only setting', () => {
  it('logs an error naming it, forwards nothing and does not use the key', async () => {
    const config = readConfig(
      {
        URL: 'https://deploy-preview-7--quartz.netlify.app',
        SUBMISSIONS_KEY: KEY,
        CONTACT_FORWARD_URL: 'https://hooks.example',
      },
      'deploy-preview',
    );
    expect(config).toMatchObject({
      forwardUrl: undefined,
      submissionsKey: undefined,
      storeName: 'submissions-preview',
    });
    expect(config.problems.join()).toMatch(/SUBMISSIONS_KEY, CONTACT_FORWARD_URL visible in a deploy preview/);
  });

  it('the deployed function logs it at error level on every call', async () => {
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', harness.blobs.functionContext);
    vi.stubEnv('SUBMISSIONS_KEY', KEY);
    const answer = await contactFunction(new Request('https://preview.example/api/contact'), {
      deploy: { context: 'branch-deploy' },
      waitUntil: () => undefined,
    } as never);
    vi.unstubAllEnvs();
    expect(answer.status).toBe(405);
    expect(harness.logs.join('\n')).toMatch(/"level":"error","event":"configuration".*SUBMISSIONS_KEY visible/);
  });
});
