import { describe, expect, it } from 'vitest';
import { readSubmission } from '../../netlify/lib/records';
import { submissionSchema } from '../../src/lib/forms';
import { formBodies, NOTICE_VERSION } from '../../support/form-bodies';
import { PASSING_TOKEN } from '../../support/stand-ins';
import { send, useHarness, rawStore } from '../support/function-harness';

/*
 * Input that reaches the company's tools (the webhook, a mail client, a terminal) through the function:
 * each test sends what an attacker would and checks it is refused, or kept only in a harmless form.
 */

const harness = useHarness();
const bodies = formBodies(PASSING_TOKEN);

describe('a one-line answer cannot carry hidden or line-breaking characters', () => {
  it.each([
    ['a subject that forges a mail header', 'contact', 'subject', 'Hi\r\nBcc: everyone@example.com'],
    ['a name with a right-to-left override', 'callback', 'name', 'Asha \u202Egnp.exe'],
    ['a name with a NUL byte', 'callback', 'name', 'Asha\u0000Verma'],
    ['a phone number with a C1 control', 'package-request', 'phone', '+91 98100\u009b12345'],
    ['a role with an escape sequence', 'job-application', 'role', 'Designer\u001b[2J'],
    ['a name with a bidi isolate', 'data-request', 'name', 'Asha \u2067Verma'],
    ['a name ending in half an emoji', 'contact', 'name', 'Asha \uD83D'],
  ] as const)(
    '%s is refused with a message on its field, and nothing is stored',
    async (_attack, kind, field, value) => {
      const { status, body } = await send(harness, { ...bodies[kind], [field]: value });
      expect(status).toBe(422);
      expect(body.fields?.[field]).toMatch(/^Remove line breaks and hidden characters from /);
      expect(await rawStore(harness)).toBe('');
    },
  );

  it('an answer to a service question with a line break is refused on its field', async () => {
    const request = bodies['package-request'] as { serviceFields: Record<string, string> };
    const { status, body } = await send(harness, {
      ...request,
      serviceFields: { ...request.serviceFields, targetLocation: 'Delhi\nX-Injected: yes' },
    });
    expect(status).toBe(422);
    expect(body.fields?.['serviceFields.targetLocation']).toMatch(/^Remove line breaks/);
  });

  it('a message keeps its line breaks but refuses a bidi override or a control character', async () => {
    expect((await send(harness, { ...bodies.callback, message: 'Line one\r\nLine two\nLine three 🙏' })).status).toBe(
      202,
    );
    const override = await send(harness, { ...bodies.callback, message: 'Pay to \u202Eaccount' });
    expect(override.status).toBe(422);
    expect(override.body.fields?.message).toBe('Remove hidden characters from your message');
    expect((await send(harness, { ...bodies.callback, message: 'Bell\u0007' })).status).toBe(422);
  });
});

describe('a link is stored as a plain http(s) address or refused', () => {
  it('a javascript: link dressed as user@host (`javascript:alert(document.domain)<!--@x.y`) is refused', async () => {
    const { status, body } = await send(harness, {
      ...bodies['job-application'],
      cvUrl: 'javascript:alert(document.domain)<!--@x.y',
    });
    expect(status).toBe(422);
    expect(body.fields?.cvUrl).toMatch(/correct format/);
  });

  it.each([
    'https://user:secret@cv.example/me.pdf',
    'data:text/html,<script>alert(1)</script>',
    'https://cv.example/\u202Efdp.exe',
  ])('%s is refused', (cvUrl) => {
    expect(submissionSchema.safeParse({ ...bodies['job-application'], cvUrl }).success).toBe(false);
  });

  it('a link typed without a scheme is stored normalised, with https:// in front', async () => {
    const { body } = await send(harness, { ...bodies['job-application'], cvUrl: 'Portfolio.Example/Asha CV' });
    const record = await readSubmission(harness.blobs.store, body.id!);
    expect(record?.fields.cvUrl).toBe('https://portfolio.example/Asha%20CV');
  });

  it("a service's web address answer is stored normalised", async () => {
    const request = bodies['package-request'] as { serviceFields: Record<string, string> };
    const { body } = await send(harness, {
      ...request,
      serviceFields: { ...request.serviceFields, websiteUrl: 'Clinic.Example' },
    });
    const record = await readSubmission(harness.blobs.store, body.id!);
    expect((record?.fields.serviceFields as Record<string, string>).websiteUrl).toBe('https://clinic.example/');
  });
});

describe('the honeypot is no way into the store', () => {
  it('a filled honeypot without a captcha is answered 202 and stores nothing at all', async () => {
    const { status } = await send(
      harness,
      { ...bodies.contact, website: 'https://spam.example', 'h-captcha-response': 'none' },
      undefined,
      { 'Idempotency-Key': 'bot-key-00000001' },
    );
    expect(status).toBe(202);
    expect(await rawStore(harness)).toBe('');
    expect(harness.services.siteverify.calls).toEqual([]);
  });
});

describe('a consent names a notice the site published', () => {
  it('a noticeVersion the site never published is refused, so no false consent is recorded', async () => {
    const { status, body } = await send(harness, { ...bodies.contact, optIn: true, noticeVersion: '2031-01-01' });
    expect(status).toBe(422);
    expect(body.fields?.noticeVersion).toBe('Reload the page and send the form again');
    expect(await rawStore(harness)).toBe('');
  });

  it('the current version is accepted', async () => {
    expect((await send(harness, { ...bodies.contact, noticeVersion: NOTICE_VERSION })).status).toBe(202);
  });
});
