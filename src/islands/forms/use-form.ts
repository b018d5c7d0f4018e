import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { postSubmission } from '../../lib/api';
import {
  CAPTCHA_FIELD,
  FIRST_FLOW,
  nextStep,
  reachLinks,
  sendSubmission,
  type Answer,
  type CheckEvent,
  type ContactWays,
  type Flow,
  type FlowEvent,
} from '../../lib/form-flow';
import type { FieldErrors } from '../../lib/forms';
import { useDraftForm, type Values } from './use-draft-form';

/*
 * The one behaviour of every form on the site (the decisions themselves are in
 * src/lib/form-flow.ts): check the fields when the visitor sends, list what to
 * fix in a summary that takes focus, ask for the robot check last, send with
 * the draft's idempotency key, and keep every word on any failure. When
 * hCaptcha cannot load or answer, or the server cannot be reached, the form offers to try
 * again and the company's other ways in, carrying what was typed.
 * A form is its fields plus this hook: the hook keeps the state and carries
 * out what nextStep() decides (post, clear the widget, say it was sent).
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

export function useForm<T extends Values>(spec: FormSpec<T>) {
  const draft = useDraftForm(spec.formId, spec.initial);
  const { values } = draft;
  const [flow, setFlow] = useState<Flow>(FIRST_FLOW);
  // The state as of the last event, read by the next one (a widget callback can come before a render).
  const latest = useRef<Flow>(FIRST_FLOW);
  const captchaRef = useRef<HCaptcha>(null);

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

  const rules = { sendOnToken: spec.sendOnToken ?? false, noun: spec.noun };

  /** Carries out an event, with the answers it concerns (those on the form, or those that were sent). */
  const applyEvent = (event: FlowEvent, answers: T = values) => {
    const { flow: next, effects } = nextStep(latest.current, event, rules);
    latest.current = next;
    setFlow(next);
    for (const effect of effects) {
      if (effect.type === 'post') void postAnswers(answers, effect.token);
      else if (effect.type === 'reset-widget') captchaRef.current?.resetCaptcha();
      else if (effect.type === 'sent') {
        draft.reset();
        spec.onSent(answers);
      } else spec.onFailed?.();
    }
  };

  const postAnswers = async (sent: T, captchaToken: string) => {
    const body = { ...spec.body(sent), [CAPTCHA_FIELD]: captchaToken };
    const outcome = await sendSubmission((key) => postSubmission(body, key), draft.idempotencyKey, draft.renewKey);
    applyEvent({ type: 'answered', outcome }, sent);
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    applyEvent({ type: 'send', fields: spec.fields(values) });
  };

  /** Changes one answer; once the visitor has tried to send, the messages follow what they type. */
  const setField = <K extends keyof T & string>(name: K, value: T[K]) => {
    draft.setValue(name, value);
    applyEvent({ type: 'edit', fields: spec.fields({ ...values, [name]: value }) });
  };

  const captcha = {
    check: flow.check,
    error: flow.errors[CAPTCHA_FIELD],
    /** What the widget and the visitor did with the check. */
    report: (event: CheckEvent) =>
      applyEvent(event.type === 'token' ? { ...event, fields: spec.fields(values) } : event),
  };

  return {
    values,
    setField,
    prefill,
    errors: flow.errors,
    attempt: flow.attempt,
    sending: flow.sending,
    problem: flow.problem,
    captcha,
    captchaRef,
    /** Builds the links that carry what was typed: called only where they are shown (ReachUs). */
    reachLinks: () => reachLinks(spec.ways, spec.subject(values), spec.answers(values)),
    onSubmit,
  };
}

export type FormState = ReturnType<typeof useForm>;
export type CaptchaControl = FormState['captcha'];
