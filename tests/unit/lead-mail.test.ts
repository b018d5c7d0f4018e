import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACKS_PER_HOUR } from '../../netlify/lib/ack-limit';
import { readConfig } from '../../netlify/lib/config';
import { handleContact } from '../../netlify/lib/contact';
import { alertGivenUp, deliverPending, deliveryOptions, givenUpMarkers } from '../../netlify/lib/delivery';
import { givenUpAlertMail, istTime } from '../../netlify/lib/lead-mail';
import { emlMailer, mailerFor, MAIL_TIMEOUT_MS, type Mailer } from '../../netlify/lib/mailer';
import { readSubmission } from '../../netlify/lib/records';
import { site } from '../../src/site';
import { useHarness } from '../support/function-harness';
import { contactRequest, SITE } from '../../support/contact-request';
import { formBodies, person } from '../../support/form-bodies';
import { startSmtpStandIn, VERIFY_URL, type SmtpStandIn } from '../../support/stand-ins';

/*
 * The e-mail channels through a real SMTP conversation: the submission function with a Blobs server on loopback,
 * nodemailer talking to an SMTP stand-in (the smtp-server package), hCaptcha standing in in process.
 */

const harness = useHarness();
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  smtp.mode = 'up';
  smtp.received = [];
});

const config = (env: Record<string, string> = {}) =>
  readConfig(
    {
      URL: SITE,
      HCAPTCHA_VERIFY_URL: VERIFY_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Quartz Digital" <website@quartz.example>',
      ...env,
    },
    'dev',
  );

async function send(
  body: Record<string, unknown>,
  options: { env?: Record<string, string>; key?: string; mailer?: Mailer } = {},
) {
  const settings = config(options.env);
  const response = await handleContact(
    contactRequest(body, { headers: options.key ? { 'Idempotency-Key': options.key } : {} }),
    {
      config: settings,
      store: harness.blobs.store,
      mailer: options.mailer ?? mailerFor(settings),
      waitUntil: (promise) => void harness.background.push(promise),
      fetch: harness.services.fetch,
    },
  );
  await Promise.allSettled(harness.background);
  return { status: response.status, body: (await response.json()) as { ok: boolean; id?: string } };
}

const bodies = (who: Partial<typeof person> = {}) => formBodies(harness.services.siteverify.token(), who);
const to = (address: string) =>
  smtp.received.filter((mail) => mail.to.some((recipient) => recipient.toLowerCase() === address.toLowerCase()));

describe('the team gets each lead from the right address', () => {
  it.each([
    ['package-request', site.leads.salesEmail],
    ['callback', site.leads.salesEmail],
    ['contact', site.leads.salesEmail],
    ['job-application', site.leads.hiringEmail],
    ['data-request', site.privacy.grievanceOfficer.email],
  ] as const)('a %s goes to %s, with Reply-To the visitor', async (kind, address) => {
    const { body } = await send(bodies()[kind]);
    const [lead] = to(address);
    expect(lead).toBeDefined();
    expect(lead!.replyTo).toBe(`"${person.name}" <${person.email}>`);
    expect(lead!.text).toContain(body.id);
    expect(lead!.text).toContain(person.email);
  });

  it('LEADS_TO in the environment takes the place of the sales address', async () => {
    await send(bodies().callback, { env: { LEADS_TO: 'leads@quartz.example' } });
    expect(to('leads@quartz.example')).toHaveLength(1);
    expect(to(site.leads.salesEmail)).toHaveLength(0);
  });

  it('the subject names the form, the person and what they asked about; the body every answer, the id and the IST time', async () => {
    const request = { ...bodies()['package-request'], service: 'Logo Design - Standard', serviceId: 'logo-design' };
    const { body } = await send({ ...request, serviceFields: { businessName: 'Verma Clinic' } });
    const [lead] = to(site.leads.salesEmail);
    expect(lead!.subject).toBe('Package request: Asha Verma, Logo Design (Standard)');
    const record = (await readSubmission(harness.blobs.store, body.id!))!;
    for (const value of [person.email, person.phone, 'Verma Clinic', body.id!, istTime(record.receivedAt)]) {
      expect(lead!.text).toContain(value);
    }
    expect(istTime('2026-11-27T10:00:00.000Z')).toBe('27 Nov 2026, 15:30 IST');
  });

  it('escapes what the visitor typed in the HTML part: a <script> in a name stays text', async () => {
    await send(bodies({ name: 'Asha <script>alert(1)</script>' }).callback);
    const [lead] = to(site.leads.salesEmail);
    expect(lead!.html).not.toContain('<script>');
    expect(lead!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(lead!.subject).toBe('Callback request: Asha <script>alert(1)</script>, Web Hosting');
  });
});

describe('the visitor gets an acknowledgement', () => {
  it('with what they sent, what happens next and by when, the phone and the privacy notice; nothing tracked', async () => {
    await send(bodies().contact);
    const [ack] = to(person.email);
    expect(ack!.subject).toBe('We have your message');
    expect(ack!.replyTo).toBe(`"${site.name}" <${site.leads.salesEmail}>`);
    for (const words of [
      person.message,
      'Monday to Saturday, 10:00 to 19:00 IST',
      `within ${site.leads.answerWithinWorkingHours} working hours`,
      site.phone,
      `${SITE}/privacy-policy`,
    ]) {
      expect(ack!.text).toContain(words);
    }
    expect(ack!.html).not.toMatch(/<img|utm_|track/i);
    const links = [...ack!.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(
      links.every((href) => href!.startsWith('tel:') || href!.startsWith('https://wa.me/') || href!.startsWith(SITE)),
    ).toBe(true);
  });

  it('never for a filled honeypot, and never before the robot check passed', async () => {
    await send({ ...bodies().callback, website: 'https://spam.example' });
    await send({ ...bodies().callback, 'h-captcha-response': 'a-token-that-fails' });
    expect(smtp.received).toEqual([]);
  });

  it(`at most ${ACKS_PER_HOUR} an hour to one address; the leads themselves still reach the team`, async () => {
    for (let round = 0; round < ACKS_PER_HOUR + 2; round += 1)
      await send(bodies({ email: 'Victim@Example.com' }).callback);
    expect(to('Victim@Example.com')).toHaveLength(ACKS_PER_HOUR);
    expect(to(site.leads.salesEmail)).toHaveLength(ACKS_PER_HOUR + 2);
  });

  it('a resend under the same Idempotency-Key sends nothing twice', async () => {
    const body = bodies().callback;
    await send(body, { key: 'form-mail-resend-01' });
    await send(body, { key: 'form-mail-resend-01' });
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(
      expect.arrayContaining([site.leads.salesEmail, person.email]),
    );
    expect(smtp.received).toHaveLength(2);
  });
});

describe('a mail server that fails', () => {
  it('refusing for good (550) gives both e-mails up at once, logged as a configuration problem; the record stays', async () => {
    smtp.mode = 'refuse';
    const { body } = await send(bodies().callback);
    const record = (await readSubmission(harness.blobs.store, body.id!))!;
    expect(record.mail).toMatchObject({ team: { status: 'failed' }, ack: { status: 'failed' } });
    expect(harness.logs.join('\n')).toMatch(
      /"level":"error".*"channel":"team".*"status":"failed".*"reason":"configuration"/,
    );
  });

  it('refusing for now (451) leaves them pending, and the retry run sends each once when it is back', async () => {
    smtp.mode = 'busy';
    let clock = new Date();
    const { body } = await send(bodies().callback);
    expect((await readSubmission(harness.blobs.store, body.id!))!.mail).toMatchObject({
      team: { status: 'pending', attempts: 1 },
    });
    smtp.mode = 'up';
    clock = new Date(Date.now() + 10 * 60_000);
    const settings = config();
    const run = { ...deliveryOptions(settings, mailerFor(settings)), store: harness.blobs.store, now: () => clock };
    await deliverPending(run);
    await deliverPending(run);
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual([
      `<${body.id}.ack@quartz.example>`,
      `<${body.id}.team@quartz.example>`,
    ]);
  });

  it('that hangs is given up on after its timeout and retried later', { timeout: 40_000 }, async () => {
    smtp.mode = 'hang';
    const started = Date.now();
    const { body } = await send(bodies().callback);
    expect(Date.now() - started).toBeLessThan(MAIL_TIMEOUT_MS * 3);
    expect((await readSubmission(harness.blobs.store, body.id!))!.mail?.team).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/unreachable|could not/),
    });
  });

  it('a run sends the team one alert naming every delivery given up, and none again for the same ones', async () => {
    smtp.mode = 'refuse';
    const first = await send(bodies().callback);
    const second = await send(bodies().contact);
    smtp.mode = 'up';
    const settings = config();
    const mailer = mailerFor(settings)!;
    const alert = (entries: Parameters<typeof givenUpAlertMail>[0]) =>
      mailer.send(givenUpAlertMail(entries, settings.leads, 'run-1'));
    expect(await alertGivenUp(harness.blobs.store, await givenUpMarkers(harness.blobs.store), alert)).toBe(2);
    expect(await alertGivenUp(harness.blobs.store, await givenUpMarkers(harness.blobs.store), alert)).toBe(0);
    const alerts = to(site.leads.salesEmail).filter((mail) => mail.subject.startsWith('Website:'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(first.body.id);
    expect(alerts[0]!.text).toContain(second.body.id);
    expect(alerts[0]!.text).not.toContain(person.email);
  });
});

describe('with no SMTP_URL on a local run', () => {
  it('each message is an .eml file; an erasure or the retention run removes them', async () => {
    const directory = join(harness.blobs.directory, 'mail');
    const settings = readConfig(
      { URL: SITE, HCAPTCHA_VERIFY_URL: VERIFY_URL, LOCAL_DATA_DIR: harness.blobs.directory },
      'dev',
    );
    expect(settings.mail).toEqual({ kind: 'eml', directory, from: '"Website" <website@localhost>' });
    const { body } = await send(bodies()['package-request'], { mailer: mailerFor(settings)! });
    const files = readdirSync(directory).sort();
    expect(files).toEqual([`${body.id}.ack.eml`, `${body.id}.team.eml`]);
    expect(readFileSync(join(directory, `${body.id}.team.eml`), 'utf8')).toMatch(
      /^Reply-To: Asha Verma <asha\.verma@example\.com>$/m,
    );
    await emlMailer(directory, '').forget(body.id!);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('a deploy preview sends no mail at all', () => {
    expect(readConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'x@y.z' }, 'deploy-preview').mail).toBeUndefined();
  });
});

describe('the acknowledgement counts', () => {
  it('are erased by the retention run a day after the last acknowledgement', async () => {
    const { eraseExpired } = await import('../../netlify/lib/retention');
    const { ackLimitKey, takeAcknowledgement } = await import('../../netlify/lib/ack-limit');
    const store = harness.blobs.store;
    const sent = new Date('2026-11-27T10:00:00.000Z');
    expect(await takeAcknowledgement(store, 'asha@example.com', sent)).toBe(true);
    await eraseExpired({ store, now: () => new Date(sent.getTime() + 3_600_000) });
    expect(await store.get(ackLimitKey('asha@example.com'), { type: 'json' })).not.toBeNull();
    await eraseExpired({ store, now: () => new Date(sent.getTime() + 25 * 3_600_000) });
    expect(await store.get(ackLimitKey('asha@example.com'), { type: 'json' })).toBeNull();
  });
});
