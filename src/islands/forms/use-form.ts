import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { submitForm } from '../../lib/api';
import {
  CAPTCHA_FIELD,
  outcomeOf,
  problemsBeforeSending,
  reachLinks,
  type Answer,
  type CaptchaStatus,
  type ContactWays,
  type Outcome,
} from '../../lib/form-flow';
import type { FieldErrors } from '../../lib/forms';
import { useDraftForm, type Values } from './use-draft-form';

/*
 * The one behaviour of every form on the site (the decisions themselves are in
 * src/lib/form-flow.ts): check the fields when the visitor sends, list what to
 * fix in a summary that takes focus, ask for the robot check last, send with
 * the draft's idempotency key, and keep every word on any failure. When
 * hCaptcha cannot load or the server cannot be reached, the form offers to try
 * again and the company's other ways in, carrying what was typed.
 * A form is its fields plus this hook.
 */

export interface FormSpec<T extends Values> {
  /** The draft's name in sessionStorage. */
  formId: string;
  initial: T;
  /** The id of the control for a field name (the error summary links to it). */
  fieldId: (name: string) => string;
  /** The fields' problems, without the robot check. */
  fields: (values: T) => FieldErrors;
  /** The JSON the function receives, without the robot check's token. */
  body: (values: T) => Record<string, unknown>;
  /** What the visitor typed, labelled as they saw it, for the e-mail and WhatsApp fallback. */
  answers: (values: T) => Answer[];
  /** The subject of the fallback e-mail. */
  subject: (values: T) => string;
  ways: ContactWays;
  /** "message" or "request": what the visitor is told was not sent. */
  noun: string;
  /** Send as soon as the robot check gives its token, when the fields are valid. */
  sendOnToken?: boolean;
  onSent: (values: T) => void;
  onFailed?: () => void;
}

export interface Problem {
  text: string;
  /** The server or the network failed: the form offers the other ways to reach the company. */
  unreachable: boolean;
}

export function useForm<T extends Values>(spec: FormSpec<T>) {
  const draft = useDraftForm(spec.formId, spec.initial);
  const { values } = draft;
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [captchaStatus, setCaptchaStatus] = useState<CaptchaStatus>('loading');
  // Each "try again" mounts a new widget, which asks for hCaptcha's script again.
  const [captchaRound, setCaptchaRound] = useState(0);
  const captchaRef = useRef<HCaptcha>(null);
  const busy = useRef(false);

  // Text typed before the script took over is in the fields but not yet in the state: adopt it.
  const { setValues } = draft;
  // The first render's field names and ids: callers pass new objects on every render.
  const [arrival] = useState(() => ({ initial: spec.initial, fieldId: spec.fieldId }));
  useEffect(() => {
    const typed: Partial<Values> = {};
    for (const [name, value] of Object.entries(arrival.initial)) {
      const control = document.getElementById(arrival.fieldId(name));
      if (control instanceof HTMLInputElement && control.type === 'checkbox') {
        if (typeof value === 'boolean' && control.checked !== value) typed[name] = control.checked;
      } else if (
        typeof value === 'string' &&
        (control instanceof HTMLInputElement ||
          control instanceof HTMLTextAreaElement ||
          control instanceof HTMLSelectElement) &&
        control.value &&
        !(control instanceof HTMLSelectElement ? false : control.readOnly)
      )
        typed[name] = control.value;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, [arrival, setValues]);

  /** Fills the fields given that the visitor has left empty (from the page's address, say). */
  const prefill = useCallback(
    (answers: Partial<T>) =>
      setValues((current) => {
        const empty = Object.entries(answers).filter(([name]) => current[name] === '');
        return empty.length > 0 ? { ...current, ...Object.fromEntries(empty) } : current;
      }),
    [setValues],
  );

  const showProblems = (found: FieldErrors) => {
    setErrors(found);
    setAttempt((count) => count + 1);
  };

  const settle = (outcome: Outcome, sent: T) => {
    if (outcome.kind === 'sent') {
      draft.reset();
      setErrors({});
      setAttempt(0);
      spec.onSent(sent);
      return;
    }
    if (outcome.kind === 'fix' || outcome.kind === 'check-again') showProblems(outcome.errors);
    const message = outcome.kind === 'new-submission' ? 'Please try again.' : outcome.message;
    setProblem({
      text: `Your ${spec.noun} was not sent. ${message} Everything you typed is still here.`,
      unreachable: outcome.kind === 'unreachable',
    });
    spec.onFailed?.();
  };

  const post = async (sent: T, captchaToken: string) => {
    busy.current = true;
    setSending(true);
    setProblem(null);
    const body = { ...spec.body(sent), [CAPTCHA_FIELD]: captchaToken };
    let outcome = outcomeOf(await submitForm(body, draft.idempotencyKey));
    // The server knows this key with other answers (the visitor edited after a failure): a new submission.
    if (outcome.kind === 'new-submission') outcome = outcomeOf(await submitForm(body, draft.renewKey()));
    busy.current = false;
    setSending(false);
    // A token is good for one use, whatever the answer.
    setToken('');
    captchaRef.current?.resetCaptcha();
    settle(outcome, sent);
  };

  const trySend = (captchaToken: string) => {
    if (busy.current) return;
    const found = problemsBeforeSending(spec.fields(values), captchaToken, captchaStatus);
    if (Object.keys(found).length > 0) {
      setProblem(null);
      showProblems(found);
      return;
    }
    setErrors({});
    void post(values, captchaToken);
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    trySend(token);
  };

  /** Changes one answer; once the visitor has tried to send, the messages follow what they type. */
  const setField = <K extends keyof T & string>(name: K, value: T[K]) => {
    draft.setValue(name, value);
    if (attempt > 0) setErrors(problemsBeforeSending(spec.fields({ ...values, [name]: value }), token, captchaStatus));
  };

  // Stable, so that the wait for hCaptcha's script is not restarted by every render.
  const captchaLoaded = useCallback(() => setCaptchaStatus('ready'), []);
  const captchaUnavailable = useCallback(
    () => setCaptchaStatus((status) => (status === 'ready' ? status : 'unavailable')),
    [],
  );

  const withoutCaptchaError = (current: FieldErrors) => {
    const { [CAPTCHA_FIELD]: _answered, ...rest } = current;
    return rest;
  };

  const captcha = {
    round: captchaRound,
    status: captchaStatus,
    error: errors[CAPTCHA_FIELD],
    onToken: (captchaToken: string) => {
      setToken(captchaToken);
      setErrors(withoutCaptchaError);
      if (spec.sendOnToken) trySend(captchaToken);
    },
    onExpire: () => setToken(''),
    onLoad: captchaLoaded,
    onUnavailable: captchaUnavailable,
    retry: () => {
      setCaptchaStatus('loading');
      setErrors(withoutCaptchaError);
      setCaptchaRound((round) => round + 1);
    },
  };

  return {
    values,
    setField,
    prefill,
    errors,
    attempt,
    sending,
    problem,
    captcha,
    captchaRef,
    reach: reachLinks(spec.ways, spec.subject(values), spec.answers(values)),
    onSubmit,
  };
}

export type FormState = ReturnType<typeof useForm>;
export type CaptchaControl = FormState['captcha'];
