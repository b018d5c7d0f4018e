import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredSubmission } from '../../netlify/lib/records';
import { startBlobs } from '../support/blobs';
import {
  functionFor,
  invokePackaged,
  netlifyConfig,
  packageFunctions,
  root,
  type Invocation,
  type PackagedFunction,
} from '../support/packaged-functions';
import { contactRequest } from '../../support/contact-request';
import { PASSING_TOKEN, startFakeSiteverify, type FakeSiteverify } from '../../support/stand-ins';
import { formBodies } from '../../support/form-bodies';

/*
 * The functions as a deploy ships them (tests/support/packaged-functions.ts):
 * packaged by Netlify's packager with netlify.toml's settings, then called
 * through Netlify's wrapper from the package's own folder. A content file the
 * function reads but `included_files` leaves out, an import that resolves only
 * in the source tree, or a route the forms do not post to fails here.
 */

/** The address the forms post to (src/lib/api.ts). */
const FORM_ADDRESS = '/api/contact';

let functions: PackagedFunction[];
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let siteverify: FakeSiteverify;
let invocation: Invocation;

beforeAll(async () => {
  // A store that keeps Netlify Blobs' promises (ETags on reads), as the local server's does.
  [blobs, functions, siteverify] = await Promise.all([
    startBlobs('submissions', 'packaged-site'),
    packageFunctions(),
    startFakeSiteverify(),
  ]);
  invocation = {
    blobs: { url: blobs.url, token: blobs.token, siteID: 'packaged-site' },
    // A local run writes its e-mails as .eml files: into this test's folder, not the checkout's .data/.
    env: { HCAPTCHA_VERIFY_URL: siteverify.url, LOCAL_DATA_DIR: blobs.directory },
  };
}, 180_000);

afterAll(async () => {
  await siteverify?.close();
  await blobs?.stop();
  if (functions?.[0]) rmSync(dirname(functions[0].path), { recursive: true, force: true });
});

const post = (body: unknown): Request =>
  contactRequest(body, { headers: { 'Idempotency-Key': `packaged-${crypto.randomUUID()}` } });

describe('the packaged functions', () => {
  it('are Netlify functions of the current API, the form one at the address the forms post to, the retry on a schedule', () => {
    expect(readFileSync(join(root, 'src/lib/api.ts'), 'utf8')).toContain(`'${FORM_ADDRESS}'`);
    const contact = functionFor(functions, FORM_ADDRESS);
    expect(contact?.name).toBe('contact');
    expect(contact?.runtimeAPIVersion).toBe(2);
    const retry = functions.find((fn) => fn.name === 'deliver-pending');
    expect(retry?.schedule).toBe('*/5 * * * *');
    expect(retry?.routes).toEqual([]);
  });

  it('accept a package request through the form address: the service questions are read from the package', async () => {
    const contact = functionFor(functions, FORM_ADDRESS)!;
    const response = await invokePackaged(contact, post(formBodies(PASSING_TOKEN)['package-request']), invocation);
    const body = (await response.json()) as { ok: boolean; id: string };
    expect(response.status, JSON.stringify(body)).toBe(202);
    expect(body.ok).toBe(true);

    // Stored in the Blobs the wrapper handed the function, as in production.
    const { store } = blobs;
    const record = (await store.get(`submissions/${body.id}`, { type: 'json' })) as StoredSubmission | null;
    expect(record).toMatchObject({ kind: 'package-request', fields: { serviceId: 'seo' } });
    // Its e-mails go out after the answer, as on Netlify: the retry below must find them sent, not in flight.
    await expect
      .poll(async () => ((await store.get(`submissions/${body.id}`, { type: 'json' })) as StoredSubmission).mail, {
        timeout: 30_000,
      })
      .toMatchObject({ team: { status: 'delivered' }, ack: { status: 'delivered' } });
  });

  it('refuses a package request for a service that does not exist (the questions are really read, not skipped)', async () => {
    const contact = functionFor(functions, FORM_ADDRESS)!;
    const response = await invokePackaged(
      contact,
      post({
        ...formBodies(PASSING_TOKEN)['package-request'],
        serviceId: 'no-such-service',
        service: 'Nothing - Basic',
        serviceFields: {},
      }),
      invocation,
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('run the scheduled retry', async () => {
    const retry = functions.find((fn) => fn.name === 'deliver-pending')!;
    const response = await invokePackaged(
      retry,
      new Request('https://quartz.example/.netlify/functions/deliver-pending', { method: 'POST' }),
      invocation,
    );
    // Nothing is pending here: the run erases what is past its retention (nothing yet) and delivers nothing.
    expect(response.status).toBe(200);
    const result = (await response.json()) as Record<string, unknown>;
    expect(result).toEqual({
      tried: 0,
      delivered: 0,
      failed: 0,
      skipped: 0,
      left: 0,
      givenUp: 0,
      retention: { erased: 0, claimsErased: 0, unreadable: 0 },
    });
  });
});

describe('netlify.toml, as Netlify reads it', () => {
  it.each(['production', 'deploy-preview', 'branch-deploy'] as const)(
    '%s: builds with npm run build, publishes dist/, packages netlify/functions with the service files, adds the security headers',
    async (context) => {
      const config = await netlifyConfig(context);
      expect(config.build.command).toBe('npm run build');
      expect(config.build.publish).toBe(join(root, 'dist'));
      expect(config.functionsDirectory).toBe(join(root, 'netlify/functions'));
      expect(config.functions['*']).toMatchObject({ included_files: ['src/content/services/*.json'] });
      // The packager ignores node_bundler for these functions (it traces them with nft): no setting that misleads.
      expect(config.functions['*']).not.toHaveProperty('node_bundler');
      // Netlify merges netlify.toml's rules with dist/_headers, which carries the Content-Security-Policy per path
      // (tests/dist/headers.test.ts checks each path gets exactly one).
      const everyPage = Object.assign(
        {},
        ...config.headers
          .filter((rule: { for: string }) => rule.for === '/*')
          .map((rule: { values: object }) => rule.values),
      );
      expect(everyPage).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' });
      expect(config.build.environment.NODE_VERSION).toBe('24');
      const testSiteKey = '10000000-ffff-ffff-ffff-000000000001';
      if (context === 'production') expect(config.build.environment.PUBLIC_HCAPTCHA_SITE_KEY).not.toBe(testSiteKey);
      else expect(config.build.environment.PUBLIC_HCAPTCHA_SITE_KEY).toBe(testSiteKey);
    },
  );
});
