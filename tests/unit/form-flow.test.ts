import { describe, expect, it } from 'vitest';
import type { PostResult } from '../../src/lib/api';
import {
  answersText,
  CAPTCHA_ANSWER_PATIENCE_MS,
  CAPTCHA_EXPIRED,
  CAPTCHA_FIELD,
  CAPTCHA_MISSING,
  CAPTCHA_NOT_ANSWERING,
  CAPTCHA_PATIENCE_MS,
  CAPTCHA_UNAVAILABLE,
  FIRST_CHECK,
  FIRST_FLOW,
  nextCheck,
  outcomeOf,
  patience,
  problemsBeforeSending,
  nextStep,
  reachLinks,
  sendSubmission,
  type CheckEvent,
  type Flow,
  type FlowEvent,
  type FlowRules,
  type Step,
} from '../../src/lib/form-flow';
import { contactForm, contactSchema, fieldProblems, packageRequestForm } from '../../src/lib/forms';

/*
 * The one behaviour of every form: what stops a send, what the robot check's every event means, what each answer of
 * the server means, the way out. The React hook (src/islands/forms/use-form.ts) only carries these decisions out.
 */

const checkAfter = (...events: CheckEvent[]) => events.reduce(nextCheck, FIRST_CHECK);
const drawn = checkAfter({ type: 'loaded' });
const answered = checkAfter({ type: 'loaded' }, { type: 'token', token: 'tok' });

describe('before sending', () => {
  it('lists the fields first and asks for the robot check last', () => {
    const problems = problemsBeforeSending({ name: 'Enter your name', email: 'Enter your email address' }, drawn);
    expect(Object.keys(problems)).toEqual(['name', 'email', CAPTCHA_FIELD]);
    expect(problems[CAPTCHA_FIELD]).toBe(CAPTCHA_MISSING);
  });

  it('with valid fields and a token, has nothing to fix', () => {
    expect(problemsBeforeSending({}, answered)).toEqual({});
  });

  it('with the check blocked, says so in words instead of asking for it', () => {
    const blocked = checkAfter({ type: 'error', code: 'script-error' });
    expect(problemsBeforeSending({}, blocked)).toEqual({ [CAPTCHA_FIELD]: CAPTCHA_UNAVAILABLE });
  });

  it('with the check drawn but failing, says it stopped working', () => {
    const failing = nextCheck(drawn, { type: 'error', code: 'network-error' });
    expect(problemsBeforeSending({}, failing)).toEqual({ [CAPTCHA_FIELD]: CAPTCHA_NOT_ANSWERING });
  });

  it('with the token expired, asks for the check again in those words', () => {
    expect(problemsBeforeSending({}, nextCheck(answered, { type: 'expired' }))).toEqual({
      [CAPTCHA_FIELD]: CAPTCHA_EXPIRED,
    });
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
    expect(fieldProblems(contactForm, contact)).toEqual({});
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
    expect(fieldProblems(packageRequestForm, request)).toEqual({});
    expect(fieldProblems(packageRequestForm, { ...request, serviceFields: { 'bad key': 'x' } })).toHaveProperty(
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

describe('the robot check', () => {
  it('is ready once the widget is drawn, and waits for the visitor as long as they like', () => {
    expect(FIRST_CHECK.status).toBe('loading');
    expect(patience(FIRST_CHECK)).toBe(CAPTCHA_PATIENCE_MS);
    expect(drawn).toMatchObject({ status: 'ready', failure: null });
    expect(patience(drawn)).toBeNull();
  });

  it.each(['script-error', 'script-load-error-other'])('whose script fails (%s) could not load', (code) => {
    expect(nextCheck(FIRST_CHECK, { type: 'error', code })).toMatchObject({
      status: 'unavailable',
      failure: 'not-loaded',
    });
  });

  it('whose script never arrives is given up after its patience, by its own timer only', () => {
    const late = { type: 'out-of-patience', status: 'loading', round: 0 } as const;
    expect(nextCheck(FIRST_CHECK, late)).toMatchObject({ status: 'unavailable', failure: 'not-loaded' });
    // A timer of an earlier widget, or one that outlived a drawn widget, changes nothing.
    expect(nextCheck(FIRST_CHECK, { ...late, round: 1 })).toBe(FIRST_CHECK);
    expect(nextCheck(drawn, late)).toBe(drawn);
  });

  it.each([
    'network-error',
    'challenge-error',
    'rate-limited',
    'internal-error',
    'invalid-data',
    'missing-captcha',
    'invalid-captcha-id',
    'a-code-hcaptcha-adds-later',
  ])('drawn, then reporting %s, stopped working: the way out', (code) => {
    for (const check of [drawn, answered, nextCheck(drawn, { type: 'pressed' }), nextCheck(drawn, { type: 'opened' })])
      expect(nextCheck(check, { type: 'error', code })).toEqual({
        ...check,
        status: 'unavailable',
        failure: 'not-answering',
        token: '',
        expired: false,
      });
  });

  it('drawn, with a challenge left until hCaptcha gave up on it, stopped working', () => {
    const solving = nextCheck(drawn, { type: 'opened' });
    expect(nextCheck(solving, { type: 'challenge-expired' })).toMatchObject({
      status: 'unavailable',
      failure: 'not-answering',
    });
  });

  it('pressed, waits a few seconds for hCaptcha, then stops waiting', () => {
    const waiting = nextCheck(drawn, { type: 'pressed' });
    expect(waiting.status).toBe('waiting');
    expect(patience(waiting)).toBe(CAPTCHA_ANSWER_PATIENCE_MS);
    expect(nextCheck(waiting, { type: 'out-of-patience', status: 'waiting', round: 0 })).toMatchObject({
      status: 'unavailable',
      failure: 'not-answering',
    });
  });

  it('pressed and answered in time, with a token or a challenge, no longer counts the seconds', () => {
    const waiting = nextCheck(drawn, { type: 'pressed' });
    const gotToken = nextCheck(waiting, { type: 'token', token: 'tok' });
    expect(gotToken).toMatchObject({ status: 'ready', token: 'tok' });
    expect(patience(gotToken)).toBeNull();
    const solving = nextCheck(waiting, { type: 'opened' });
    expect(solving.status).toBe('solving');
    expect(patience(solving)).toBeNull();
    // The timer set while waiting, if it still fires, finds nothing to give up.
    const late = { type: 'out-of-patience', status: 'waiting', round: 0 } as const;
    expect(nextCheck(gotToken, late)).toBe(gotToken);
    expect(nextCheck(solving, late)).toBe(solving);
  });

  it("pressed, then back on the page (a click beside the box, hCaptcha's own links) waits for no answer", () => {
    const waiting = nextCheck(drawn, { type: 'pressed' });
    const back = nextCheck(waiting, { type: 'returned' });
    expect(back).toEqual(drawn);
    expect(patience(back)).toBeNull();
    // A challenge on screen or a token is not undone by the page taking focus.
    const solving = nextCheck(drawn, { type: 'opened' });
    expect(nextCheck(solving, { type: 'returned' })).toBe(solving);
    expect(nextCheck(answered, { type: 'returned' })).toBe(answered);
  });

  it('pressed again after its token asks nothing of hCaptcha, so nothing is awaited', () => {
    expect(nextCheck(answered, { type: 'pressed' })).toBe(answered);
  });

  it('closed by the visitor (the close callback, or the code challenge-closed) waits for them again', () => {
    const solving = nextCheck(drawn, { type: 'opened' });
    expect(nextCheck(solving, { type: 'closed' })).toEqual(drawn);
    expect(nextCheck(solving, { type: 'error', code: 'challenge-closed' })).toEqual(drawn);
  });

  it('whose token expired drops it and is asked for again; a new token clears that', () => {
    const expired = nextCheck(answered, { type: 'expired' });
    expect(expired).toMatchObject({ status: 'ready', token: '', expired: true, failure: null });
    expect(nextCheck(expired, { type: 'token', token: 'new' })).toMatchObject({ token: 'new', expired: false });
  });

  it('once unavailable, ignores whatever its old widget still says until "try again"', () => {
    const failed = nextCheck(drawn, { type: 'error', code: 'network-error' });
    for (const event of [
      { type: 'loaded' },
      { type: 'token', token: 'late' },
      { type: 'expired' },
      { type: 'pressed' },
      { type: 'out-of-patience', status: 'unavailable', round: 0 },
    ] as CheckEvent[])
      expect(nextCheck(failed, event)).toBe(failed);
  });

  it('"try again" draws a new widget, waiting for it as for the first', () => {
    const failed = nextCheck(drawn, { type: 'error', code: 'network-error' });
    const again = nextCheck(failed, { type: 'retry' });
    expect(again).toEqual({ status: 'loading', token: '', expired: false, failure: null, round: 1 });
    expect(patience(again)).toBe(CAPTCHA_PATIENCE_MS);
    // The first widget's wait, had it outlived it, cannot fail the new one.
    expect(nextCheck(again, { type: 'out-of-patience', status: 'loading', round: 0 })).toBe(again);
  });
});

describe('the form, event by event', () => {
  const contact: FlowRules = { sendOnToken: false, noun: 'message' };
  const packageRequest: FlowRules = { sendOnToken: true, noun: 'request' };
  const problems = { name: 'Enter your name' };
  const ready: Flow = { ...FIRST_FLOW, check: drawn };
  const withToken: Flow = { ...FIRST_FLOW, check: answered };

  const run = (flow: Flow, rules: FlowRules, ...events: FlowEvent[]) =>
    events.reduce<Step>(
      (done, event) => {
        const next = nextStep(done.flow, event, rules);
        return { flow: next.flow, effects: [...done.effects, ...next.effects] };
      },
      { flow, effects: [] },
    );

  it('a send with problems sends nothing, lists them and moves focus to the summary', () => {
    const { flow, effects } = nextStep(ready, { type: 'send', fields: problems }, contact);
    expect(effects).toEqual([]);
    expect(flow.errors).toEqual({ name: 'Enter your name', [CAPTCHA_FIELD]: CAPTCHA_MISSING });
    expect(flow.attempt).toBe(1);
    expect(nextStep(flow, { type: 'send', fields: problems }, contact).flow.attempt).toBe(2);
  });

  it('a valid send posts with the token, once: a second press while it is on its way does nothing', () => {
    const { flow, effects } = nextStep(withToken, { type: 'send', fields: {} }, contact);
    expect(effects).toEqual([{ type: 'post', token: 'tok' }]);
    expect(flow).toMatchObject({ sending: true, errors: {}, problem: null });
    expect(nextStep(flow, { type: 'send', fields: {} }, contact)).toEqual({ flow, effects: [] });
  });

  it('the package request sends itself when the token comes on a valid form', () => {
    const { flow, effects } = nextStep(ready, { type: 'token', token: 'tok', fields: {} }, packageRequest);
    expect(effects).toEqual([{ type: 'post', token: 'tok' }]);
    expect(flow.sending).toBe(true);
  });

  it('the package request, given a token on an invalid form, lists what to fix instead', () => {
    const { flow, effects } = nextStep(ready, { type: 'token', token: 'tok', fields: problems }, packageRequest);
    expect(effects).toEqual([]);
    expect(flow.errors).toEqual(problems);
    expect(flow.attempt).toBe(1);
    expect(flow.check.token).toBe('tok');
  });

  it('the other forms keep the token until the visitor sends', () => {
    const { flow, effects } = nextStep(ready, { type: 'token', token: 'tok', fields: {} }, contact);
    expect(effects).toEqual([]);
    expect(flow).toMatchObject({ sending: false, attempt: 0, check: { token: 'tok' } });
  });

  it('says nothing while the visitor types before the first send; after it, the messages follow the answers', () => {
    expect(nextStep(ready, { type: 'edit', fields: problems }, contact).flow).toBe(ready);
    const tried = nextStep(ready, { type: 'send', fields: problems }, contact).flow;
    expect(nextStep(tried, { type: 'edit', fields: {} }, contact).flow.errors).toEqual({
      [CAPTCHA_FIELD]: CAPTCHA_MISSING,
    });
  });

  it('sent: clears the form and the used token, and resets the widget', () => {
    const sending = nextStep(withToken, { type: 'send', fields: {} }, contact).flow;
    const { flow, effects } = nextStep(sending, { type: 'answered', outcome: { kind: 'sent' } }, contact);
    expect(effects).toEqual([{ type: 'reset-widget' }, { type: 'sent' }]);
    expect(flow).toMatchObject({ sending: false, errors: {}, attempt: 0, problem: null, check: { token: '' } });
  });

  it('not sent: the used token is dropped and the widget reset, so the next send asks for the check again', () => {
    const sending = nextStep(withToken, { type: 'send', fields: {} }, contact).flow;
    const outcome = { kind: 'unreachable', message: 'We could not store your message just now.' } as const;
    const { flow, effects } = nextStep(sending, { type: 'answered', outcome }, contact);
    expect(effects).toEqual([{ type: 'reset-widget' }, { type: 'failed' }]);
    expect(flow.check.token).toBe('');
    expect(flow.sending).toBe(false);
    expect(flow.problem).toEqual({
      text: 'Your message was not sent. We could not store your message just now. Everything you typed is still here.',
      unreachable: true,
    });
    const again = nextStep(flow, { type: 'send', fields: {} }, contact);
    expect(again.effects).toEqual([]);
    expect(again.flow.errors).toEqual({ [CAPTCHA_FIELD]: CAPTCHA_MISSING });
  });

  it('403 puts the server’s words at the check and in the summary', () => {
    const sending = nextStep(withToken, { type: 'send', fields: {} }, contact).flow;
    const outcome = outcomeOf({ ok: false, status: 403, error: 'The robot check did not pass.' });
    const { flow } = nextStep(sending, { type: 'answered', outcome }, contact);
    expect(flow.errors).toEqual({ [CAPTCHA_FIELD]: 'The robot check did not pass.' });
    expect(flow.attempt).toBe(1);
    expect(flow.problem?.unreachable).toBe(false);
  });

  it('the check’s message follows the check once asked for: failure, "try again", token', () => {
    const tried = nextStep(ready, { type: 'send', fields: problems }, contact).flow;
    const failed = nextStep(tried, { type: 'error', code: 'network-error' }, contact).flow;
    expect(failed.errors).toEqual({ ...problems, [CAPTCHA_FIELD]: CAPTCHA_NOT_ANSWERING });
    const retried = nextStep(failed, { type: 'retry' }, contact).flow;
    expect(retried.errors).toEqual(problems);
    expect(retried.check).toMatchObject({ status: 'loading', round: 1 });
    const back = run(retried, contact, { type: 'loaded' }, { type: 'send', fields: problems }).flow;
    expect(back.errors[CAPTCHA_FIELD]).toBe(CAPTCHA_MISSING);
    expect(nextStep(back, { type: 'token', token: 'tok', fields: problems }, contact).flow.errors).toEqual(problems);
  });

  it('a check that fails before the visitor sends says nothing in the summary: the way out shows at the check', () => {
    const { flow } = nextStep(ready, { type: 'error', code: 'network-error' }, contact);
    expect(flow.errors).toEqual({});
    expect(flow.check.failure).toBe('not-answering');
  });

  it('a check event that changes nothing leaves the state as it was', () => {
    expect(nextStep(withToken, { type: 'pressed' }, contact)).toEqual({ flow: withToken, effects: [] });
  });
});

describe('sending under the draft’s key', () => {
  const answering = (...results: PostResult[]) => {
    const keys: string[] = [];
    const post = async (key: string) => {
      keys.push(key);
      return results[keys.length - 1] ?? { ok: false, status: 0 };
    };
    return { keys, post };
  };

  it('sends once under the draft’s key', async () => {
    const { keys, post } = answering({ ok: true, status: 202, id: 'a' });
    expect(await sendSubmission(post, 'draft-key', () => 'new-key')).toEqual({ kind: 'sent' });
    expect(keys).toEqual(['draft-key']);
  });

  it('after 409 (the key was used with other answers) sends once more under a new key', async () => {
    const { keys, post } = answering({ ok: false, status: 409, error: 'Used' }, { ok: true, status: 202, id: 'b' });
    expect(await sendSubmission(post, 'draft-key', () => 'new-key')).toEqual({ kind: 'sent' });
    expect(keys).toEqual(['draft-key', 'new-key']);
  });

  it('never a third time: a second 409 is reported', async () => {
    const { keys, post } = answering({ ok: false, status: 409 }, { ok: false, status: 409 });
    expect(await sendSubmission(post, 'draft-key', () => 'new-key')).toEqual({ kind: 'new-submission' });
    expect(keys).toHaveLength(2);
  });

  it('any other failure is not sent again by itself', async () => {
    const { keys, post } = answering({ ok: false, status: 503, error: 'Down' });
    expect(await sendSubmission(post, 'draft-key', () => 'new-key')).toEqual({ kind: 'unreachable', message: 'Down' });
    expect(keys).toEqual(['draft-key']);
  });
});
