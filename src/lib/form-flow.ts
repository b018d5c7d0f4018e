import type { SubmitResult } from './api';
import type { FieldErrors } from './forms';

/*
 * How every form of the site behaves, as plain decisions the React hook
 * (src/islands/forms/use-form.ts) carries out. The forms differ in their
 * fields; what happens when a visitor sends, and what each answer of the
 * server means to them, is decided here once.
 *
 * The robot check is the last step: the fields are checked first, and the
 * check is asked for last in the list of problems, beside the Send button.
 */

/** The captcha's place in a form's errors (the field name the function reads). */
export const CAPTCHA_FIELD = 'h-captcha-response';

export const CAPTCHA_MISSING = 'Complete the check that you are not a robot';
export const CAPTCHA_UNAVAILABLE =
  'The robot check could not load. Try it again, or reach us another way: what you typed is kept';

/** How long a form waits for hCaptcha's script before it says the check cannot load. */
export const CAPTCHA_PATIENCE_MS = 8000;

/** Whether hCaptcha's script has arrived and drawn its widget. */
export type CaptchaStatus = 'loading' | 'ready' | 'unavailable';

/** The problems that stop a form from being sent: its fields' first, the robot check last. */
export function problemsBeforeSending(fields: FieldErrors, token: string, captcha: CaptchaStatus): FieldErrors {
  if (token) return { ...fields };
  return { ...fields, [CAPTCHA_FIELD]: captcha === 'unavailable' ? CAPTCHA_UNAVAILABLE : CAPTCHA_MISSING };
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

export function outcomeOf(result: SubmitResult): Outcome {
  if (result.ok) return { kind: 'sent' };
  const message = result.error ?? REFUSED;
  if (result.status === 409) return { kind: 'new-submission' };
  if (result.status === 0 || result.status >= 500) return { kind: 'unreachable', message: result.error ?? UNREACHABLE };
  if (result.status === 422 && result.fields && Object.keys(result.fields).length > 0)
    return { kind: 'fix', message, errors: result.fields };
  if (result.status === 403) return { kind: 'check-again', message, errors: { [CAPTCHA_FIELD]: message } };
  return { kind: 'refused', message };
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

/** The tel:, mailto: and (where configured) WhatsApp links that carry what the visitor typed. */
export function reachLinks(ways: ContactWays, subject: string, answers: readonly Answer[]): ReachLinks {
  const text = answersText(answers);
  // RFC 6068: line breaks in a mailto body are %0D%0A; encodeURIComponent makes every other character safe.
  const body = encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  const links: ReachLinks = {
    phone: ways.phone,
    tel: `tel:${ways.phone.replace(/[^0-9+]/g, '')}`,
    mailto: `mailto:${ways.email}?subject=${encodeURIComponent(subject)}&body=${body}`,
  };
  if (ways.whatsapp) links.whatsapp = `https://wa.me/${digits(ways.whatsapp)}?text=${encodeURIComponent(text)}`;
  return links;
}
