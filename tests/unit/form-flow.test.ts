import { describe, expect, it } from 'vitest';
import {
  answersText,
  CAPTCHA_FIELD,
  CAPTCHA_MISSING,
  CAPTCHA_UNAVAILABLE,
  outcomeOf,
  problemsBeforeSending,
  reachLinks,
} from '../../src/lib/form-flow';
import { contactFields, contactSchema, packageRequestFields } from '../../src/lib/forms';
import { fieldProblems } from '../../src/islands/forms/validate';

/* The one behaviour of the three forms: what stops a send, what each answer of the server means, the way out. */

describe('before sending', () => {
  it('lists the fields first and asks for the robot check last', () => {
    const problems = problemsBeforeSending({ name: 'Enter your name', email: 'Enter your email address' }, '', 'ready');
    expect(Object.keys(problems)).toEqual(['name', 'email', CAPTCHA_FIELD]);
    expect(problems[CAPTCHA_FIELD]).toBe(CAPTCHA_MISSING);
  });

  it('with valid fields and a token, has nothing to fix', () => {
    expect(problemsBeforeSending({}, 'token', 'ready')).toEqual({});
  });

  it('with the check blocked, says so in words instead of asking for it', () => {
    expect(problemsBeforeSending({}, '', 'unavailable')).toEqual({ [CAPTCHA_FIELD]: CAPTCHA_UNAVAILABLE });
  });

  it('checks the fields without a made-up token: a valid form has no problems at all', () => {
    const contact = {
      kind: 'contact',
      name: 'Kabir',
      email: 'kabir@example.com',
      subject: 'Hosting',
      reason: 'new-project',
      message: 'Hello',
    };
    expect(fieldProblems(contactFields, contact)).toEqual({});
    // The full schema, which the function uses, still demands the token and the notice version the form adds.
    expect(contactSchema.safeParse({ ...contact, noticeVersion: '2026-11-23' }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, [CAPTCHA_FIELD]: 'x' }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, [CAPTCHA_FIELD]: 'x', noticeVersion: '2026-11-23' }).success).toBe(
      true,
    );
  });

  it('keeps a package request’s answers nested, as the schema has them', () => {
    const request = {
      kind: 'package-request',
      name: 'Asha',
      email: 'asha@example.com',
      phone: '98100 00000',
      serviceId: 'seo',
      service: 'SEO - Growth',
      message: 'More patients',
      serviceFields: { websiteUrl: 'https://clinic.example' },
    };
    expect(fieldProblems(packageRequestFields, request)).toEqual({});
    expect(fieldProblems(packageRequestFields, { ...request, serviceFields: { 'bad key': 'x' } })).toHaveProperty(
      'serviceFields.bad key',
    );
  });
});

describe('what the server answered', () => {
  it('202 is sent', () => {
    expect(outcomeOf({ ok: true, status: 202, id: 'a' })).toEqual({ kind: 'sent' });
  });

  it('422 with fields shows each at its field', () => {
    expect(outcomeOf({ ok: false, status: 422, error: 'Some answers need changing.', fields: { email: 'x' } })).toEqual(
      { kind: 'fix', message: 'Some answers need changing.', errors: { email: 'x' } },
    );
  });

  it('403 asks for the robot check again, in the server’s words', () => {
    const outcome = outcomeOf({
      ok: false,
      status: 403,
      error: 'The robot check did not pass. Please do the check again.',
    });
    expect(outcome).toEqual({
      kind: 'check-again',
      message: 'The robot check did not pass. Please do the check again.',
      errors: { [CAPTCHA_FIELD]: 'The robot check did not pass. Please do the check again.' },
    });
  });

  it('409 (the key was used with other answers) sends again as a new submission', () => {
    expect(outcomeOf({ ok: false, status: 409, error: 'Same key, different body' })).toEqual({
      kind: 'new-submission',
    });
  });

  it.each([0, 500, 502, 503])('%i offers the other ways in', (status) => {
    expect(outcomeOf({ ok: false, status }).kind).toBe('unreachable');
  });

  it('422 without fields and other refusals pass the server’s explanation on', () => {
    expect(outcomeOf({ ok: false, status: 415, error: 'Send JSON.' })).toEqual({
      kind: 'refused',
      message: 'Send JSON.',
    });
    expect(outcomeOf({ ok: false, status: 422, error: 'No.' })).toEqual({ kind: 'refused', message: 'No.' });
  });
});

describe('the way out when a form cannot be sent', () => {
  const answers = [
    { label: 'Name', value: 'Kabir Singh' },
    { label: 'Phone', value: '  ' },
    { label: 'Message', value: 'Line one\nLine two & more?' },
  ];

  it('writes every answer as a readable line, leaving out the blank ones', () => {
    expect(answersText(answers)).toBe('Name: Kabir Singh\n\nMessage:\nLine one\nLine two & more?');
  });

  it('builds a mailto: whose subject and body carry what was typed, and a tel: link', () => {
    const links = reachLinks({ email: 'hello@example.com', phone: '+91 98100 12345' }, 'Hosting & more', answers);
    expect(links.tel).toBe('tel:+919810012345');
    const mailto = new URL(links.mailto);
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('hello@example.com');
    expect(mailto.searchParams.get('subject')).toBe('Hosting & more');
    expect(mailto.searchParams.get('body')).toBe('Name: Kabir Singh\r\n\r\nMessage:\r\nLine one\r\nLine two & more?');
    expect(links.whatsapp).toBeUndefined();
  });

  it('offers WhatsApp only when the company has a number, with the same text', () => {
    const links = reachLinks({ email: 'a@example.com', phone: '+91 1', whatsapp: '+91 98100 12345' }, 'S', answers);
    const whatsapp = new URL(links.whatsapp!);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/919810012345');
    expect(whatsapp.searchParams.get('text')).toBe(answersText(answers));
  });
});
