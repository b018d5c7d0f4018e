import type { PostResult } from './api';
import type { FieldErrors } from './forms';
import { wellFormed } from './text';

/*
 * How every form of the site behaves, as plain decisions the React hook (src/islands/forms/use-form.ts) carries out:
 * what happens when a visitor sends, what each sign of the robot check and each answer of the server means. The forms
 * differ only in their fields (src/lib/forms.ts). The robot check is the last step, asked for last in the list of
 * problems, beside the Send button; every way hCaptcha can fail ends in the same way out.
 */

/** The captcha's place in a form's errors (the field name the function reads). */
export const CAPTCHA_FIELD = 'h-captcha-response';

export const CAPTCHA_MISSING = 'Complete the check that you are not a robot';
export const CAPTCHA_EXPIRED = 'The check that you are not a robot has expired. Complete it again';
export const CAPTCHA_UNAVAILABLE =
  'The robot check could not load. Try it again, or reach us another way: what you typed is kept';
export const CAPTCHA_NOT_ANSWERING =
  'The robot check stopped working. Try it again, or reach us another way: what you typed is kept';

/** How long a form waits for hCaptcha's script before it says the check cannot load. */
export const CAPTCHA_PATIENCE_MS = 8000;
/**
 * How long a press in the widget may go without any sign from hCaptcha (a token, a challenge, an error) before the
 * form says the check stopped working. Longer than the script's wait: a slow phone network is not a dead one.
 */
export const CAPTCHA_ANSWER_PATIENCE_MS = 15000;

/**
 * Where the robot check is:
 * - loading: hCaptcha's script is on its way;
 * - ready: the widget is drawn and waits for the visitor (with or without a token);
 * - waiting: the visitor pressed it and hCaptcha has not answered yet;
 * - solving: hCaptcha shows a challenge, which it times out itself;
 * - unavailable: the script never came, or the widget cannot answer: the form offers the way out.
 */
export type CheckStatus = 'loading' | 'ready' | 'waiting' | 'solving' | 'unavailable';

export interface Check {
  status: CheckStatus;
  /** hCaptcha's token, good for one send. */
  token: string;
  /** The last token ran out before it was sent: the check is asked for again, in those words. */
  expired: boolean;
  /** Why the check is unavailable: its script never came, or it came and then could not answer. */
  failure: 'not-loaded' | 'not-answering' | null;
  /** Each "try again" draws a new widget. */
  round: number;
}

export const FIRST_CHECK: Check = { status: 'loading', token: '', expired: false, failure: null, round: 0 };

/** What the widget (src/islands/forms/Captcha.tsx), its place on the form and the visitor report. */
export type CheckEvent =
  /** The script arrived and the widget is drawn. */
  | { type: 'loaded' }
  /** The visitor pressed in the widget. */
  | { type: 'pressed' }
  /**
   * Focus came back to the page from the widget: whatever that press was (hCaptcha's logo or privacy link, a click
   * beside the box), the visitor is not left waiting on it.
   */
  | { type: 'returned' }
  /** hCaptcha opened a challenge, or the visitor closed it. */
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'token'; token: string }
  /** The token ran out before it was sent. */
  | { type: 'expired' }
  /** A challenge went unanswered until hCaptcha gave up on it. */
  | { type: 'challenge-expired' }
  /** The widget's error callback, with hCaptcha's code ('network-error', 'script-error'…). */
  | { type: 'error'; code: string }
  /** A wait of `patience` ran out, for the check as it was then. */
  | { type: 'out-of-patience'; status: CheckStatus; round: number }
  /** "Try the check again". */
  | { type: 'retry' };

/** How long the check may stay as it is before the form gives up on hCaptcha; null when it may wait for ever. */
export function patience(check: Check): number | null {
  if (check.status === 'loading') return CAPTCHA_PATIENCE_MS;
  if (check.status === 'waiting') return CAPTCHA_ANSWER_PATIENCE_MS;
  return null;
}

const unavailable = (check: Check, failure: NonNullable<Check['failure']>): Check => ({
  ...check,
  status: 'unavailable',
  token: '',
  expired: false,
  failure,
});

/** The check after one event. Events that do not fit the check as it is (a late timer, a press on a token) change nothing. */
export function nextCheck(check: Check, event: CheckEvent): Check {
  if (event.type === 'retry')
    return { status: 'loading', token: '', expired: false, failure: null, round: check.round + 1 };
  // The widget is gone: only "try again" brings it back.
  if (check.status === 'unavailable') return check;
  if (check.status === 'loading') {
    if (event.type === 'loaded') return { ...check, status: 'ready' };
    if (event.type === 'error') return unavailable(check, 'not-loaded');
    if (event.type === 'out-of-patience' && event.status === 'loading' && event.round === check.round)
      return unavailable(check, 'not-loaded');
    return check;
  }
  switch (event.type) {
    case 'pressed':
      // A press on a widget that already gave its token asks nothing of hCaptcha.
      return check.status === 'ready' && !check.token ? { ...check, status: 'waiting' } : check;
    case 'returned':
      return check.status === 'waiting' ? { ...check, status: 'ready' } : check;
    case 'opened':
      return { ...check, status: 'solving' };
    case 'closed':
      return check.status === 'ready' ? check : { ...check, status: 'ready' };
    case 'token':
      return { ...check, status: 'ready', token: event.token, expired: false };
    case 'expired':
      return { ...check, status: 'ready', token: '', expired: true };
    case 'challenge-expired':
      return unavailable(check, 'not-answering');
    case 'error':
      // The visitor closed the challenge: nothing failed, the check waits for them again.
      if (event.code === 'challenge-closed') return check.status === 'ready' ? check : { ...check, status: 'ready' };
      // Every other code (network-error, challenge-error, rate-limited, internal-error…) means it cannot answer.
      return unavailable(check, 'not-answering');
    case 'out-of-patience':
      return event.status === 'waiting' && check.status === 'waiting' && event.round === check.round
        ? unavailable(check, 'not-answering')
        : check;
    default:
      return check;
  }
}

/** What the form says about the check when the visitor sends without its token. */
export function checkProblem(check: Check): string {
  if (check.status === 'unavailable')
    return check.failure === 'not-loaded' ? CAPTCHA_UNAVAILABLE : CAPTCHA_NOT_ANSWERING;
  return check.expired ? CAPTCHA_EXPIRED : CAPTCHA_MISSING;
}

/** The problems that stop a form from being sent: its fields' first, the robot check last. */
export function problemsBeforeSending(fields: FieldErrors, check: Check): FieldErrors {
  if (check.token) return { ...fields };
  return { ...fields, [CAPTCHA_FIELD]: checkProblem(check) };
}

/** What the visitor is told, and what the form does next, after the server answered. */
export type Outcome =
  /** Stored: the form is cleared and says so. */
  | { kind: 'sent' }
  /** Some answers were refused: each is shown at its field. */
  | { kind: 'fix'; message: string; errors: FieldErrors }
  /** The robot check did not pass (or the token was stale): ask for it again. */
  | { kind: 'check-again'; message: string; errors: FieldErrors }
  /** The same key came with another body: send once more as a new submission, under a new key. */
  | { kind: 'new-submission' }
  /** The server or the network failed: keep everything, offer to retry and the other ways to reach us. */
  | { kind: 'unreachable'; message: string }
  /** Refused for another reason the server explains. */
  | { kind: 'refused'; message: string };

const UNREACHABLE = 'We could not reach our server. Check your connection and try again, or reach us another way.';
const REFUSED = 'Please try again.';

export function outcomeOf(result: PostResult): Outcome {
  if (result.ok) return { kind: 'sent' };
  const message = result.error ?? REFUSED;
  if (result.status === 409) return { kind: 'new-submission' };
  if (result.status === 0 || result.status >= 500) return { kind: 'unreachable', message: result.error ?? UNREACHABLE };
  if (result.status === 422 && result.fields && Object.keys(result.fields).length > 0)
    return { kind: 'fix', message, errors: result.fields };
  if (result.status === 403) return { kind: 'check-again', message, errors: { [CAPTCHA_FIELD]: message } };
  return { kind: 'refused', message };
}

/**
 * Sends one submission under the draft's key. When the server knows that key with other answers (the visitor edited
 * after a failure), the same answers are posted once more under a new key, as a new submission; never a third time.
 */
export async function sendSubmission(
  post: (idempotencyKey: string) => Promise<PostResult>,
  idempotencyKey: string,
  renewKey: () => string,
): Promise<Outcome> {
  const outcome = outcomeOf(await post(idempotencyKey));
  if (outcome.kind !== 'new-submission') return outcome;
  return outcomeOf(await post(renewKey()));
}

/** Why a form was not sent, as its visitor reads it. */
export interface Problem {
  text: string;
  /** The server or the network failed: the form offers the other ways to reach the company. */
  unreachable: boolean;
}

/** A form's state apart from its answers (which src/islands/forms/use-draft-form.ts keeps). */
export interface Flow {
  check: Check;
  /** What the summary lists and each field shows. */
  errors: FieldErrors;
  /** How many sends were stopped: each moves focus to the summary again. */
  attempt: number;
  sending: boolean;
  problem: Problem | null;
}

export const FIRST_FLOW: Flow = { check: FIRST_CHECK, errors: {}, attempt: 0, sending: false, problem: null };

export type FlowEvent =
  | Exclude<CheckEvent, { type: 'token' }>
  /** The check's token, with the fields' problems as they are now (a form may send itself on it). */
  | { type: 'token'; token: string; fields: FieldErrors }
  /** The visitor pressed Send. */
  | { type: 'send'; fields: FieldErrors }
  /** The visitor changed an answer. */
  | { type: 'edit'; fields: FieldErrors }
  /** The server answered the send. */
  | { type: 'answered'; outcome: Outcome };

/** What the form must do outside its state after an event. */
export type Effect =
  /** Post the answers with this token. */
  | { type: 'post'; token: string }
  /** Clear the widget: its token was used. */
  | { type: 'reset-widget' }
  /** The submission is stored: clear the draft and say so. */
  | { type: 'sent' }
  | { type: 'failed' };

export interface FlowRules {
  /** Send as soon as the check gives its token, when the fields are valid. */
  sendOnToken: boolean;
  /** "message" or "request": what the visitor is told was not sent. */
  noun: string;
}

export interface Step {
  flow: Flow;
  effects: Effect[];
}

const withoutCheck = (errors: FieldErrors): FieldErrors => {
  const { [CAPTCHA_FIELD]: _check, ...rest } = errors;
  return rest;
};

/** The check's message, once the visitor has been asked for it, follows the check. */
function errorsFollowing(errors: FieldErrors, check: Check): FieldErrors {
  if (!(CAPTCHA_FIELD in errors)) return errors;
  if (check.token || check.status === 'loading') return withoutCheck(errors);
  if (check.status === 'unavailable') return { ...errors, [CAPTCHA_FIELD]: checkProblem(check) };
  return errors;
}

/** The visitor pressed Send (or the check's token came, on a form that sends itself). */
function pressSend(flow: Flow, fields: FieldErrors): Step {
  // One send at a time: a second press while the first is on its way does nothing.
  if (flow.sending) return { flow, effects: [] };
  const found = problemsBeforeSending(fields, flow.check);
  if (Object.keys(found).length > 0)
    return { flow: { ...flow, errors: found, attempt: flow.attempt + 1, problem: null }, effects: [] };
  return {
    flow: { ...flow, errors: {}, sending: true, problem: null },
    effects: [{ type: 'post', token: flow.check.token }],
  };
}

/** The server answered a post. */
function afterAnswer(flow: Flow, outcome: Outcome, noun: string): Step {
  // A token is good for one use, whatever the answer.
  const check = { ...flow.check, token: '', expired: false };
  const settled = { ...flow, check, sending: false };
  if (outcome.kind === 'sent')
    return {
      flow: { ...settled, errors: {}, attempt: 0, problem: null },
      effects: [{ type: 'reset-widget' }, { type: 'sent' }],
    };
  const fix = outcome.kind === 'fix' || outcome.kind === 'check-again';
  const message = outcome.kind === 'new-submission' ? REFUSED : outcome.message;
  return {
    flow: {
      ...settled,
      errors: fix ? outcome.errors : flow.errors,
      attempt: fix ? flow.attempt + 1 : flow.attempt,
      problem: {
        text: `Your ${noun} was not sent. ${message} Everything you typed is still here.`,
        unreachable: outcome.kind === 'unreachable',
      },
    },
    effects: [{ type: 'reset-widget' }, { type: 'failed' }],
  };
}

/** The one behaviour of every form: its state after an event, and what it must do about it. */
export function nextStep(flow: Flow, event: FlowEvent, rules: FlowRules): Step {
  switch (event.type) {
    case 'send':
      return pressSend(flow, event.fields);
    case 'edit':
      // Nothing is said before the first send; after it, the messages follow what is typed.
      if (flow.attempt === 0) return { flow, effects: [] };
      return { flow: { ...flow, errors: problemsBeforeSending(event.fields, flow.check) }, effects: [] };
    case 'answered':
      return afterAnswer(flow, event.outcome, rules.noun);
    case 'token': {
      const check = nextCheck(flow.check, { type: 'token', token: event.token });
      if (check === flow.check) return { flow, effects: [] };
      const next = { ...flow, check, errors: errorsFollowing(flow.errors, check) };
      return rules.sendOnToken ? pressSend(next, event.fields) : { flow: next, effects: [] };
    }
    default: {
      const check = nextCheck(flow.check, event);
      if (check === flow.check) return { flow, effects: [] };
      return { flow: { ...flow, check, errors: errorsFollowing(flow.errors, check) }, effects: [] };
    }
  }
}

/** One answer of the form as the visitor typed it, with the label they saw. */
export interface Answer {
  label: string;
  value: string;
}

/** The company's other ways in, from the site's identity file. */
export interface ContactWays {
  email: string;
  phone: string;
  /** A WhatsApp number, when the company has one. */
  whatsapp?: string | undefined;
}

export interface ReachLinks {
  /** The phone number as people read it, and its tel: link. */
  phone: string;
  tel: string;
  /** An e-mail to the company, written for the visitor: the subject and every answer they typed. */
  mailto: string;
  whatsapp?: string;
}

/** The visitor's answers as readable lines, the blank ones left out. */
export function answersText(answers: readonly Answer[]): string {
  return answers
    .map(({ label, value }) => ({ label, value: value.trim() }))
    .filter(({ value }) => value !== '')
    .map(({ label, value }) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`))
    .join('\n\n');
}

const digits = (phone: string) => phone.replace(/[^0-9]/g, '');

/**
 * The tel:, mailto: and (where configured) WhatsApp links that carry what the visitor typed. A form builds them only
 * when it shows them: what was typed may hold anything, and a link that cannot be built must not take the form down.
 */
export function reachLinks(ways: ContactWays, subject: string, answers: readonly Answer[]): ReachLinks {
  // Half a character (a lone surrogate) makes encodeURIComponent throw: it becomes U+FFFD (src/lib/text.ts).
  const text = wellFormed(answersText(answers));
  // RFC 6068: line breaks in a mailto body are %0D%0A; encodeURIComponent makes every other character safe.
  const body = encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  const links: ReachLinks = {
    phone: ways.phone,
    tel: `tel:${ways.phone.replace(/[^0-9+]/g, '')}`,
    mailto: `mailto:${ways.email}?subject=${encodeURIComponent(wellFormed(subject))}&body=${body}`,
  };
  if (ways.whatsapp) links.whatsapp = `https://wa.me/${digits(ways.whatsapp)}?text=${encodeURIComponent(text)}`;
  return links;
}
