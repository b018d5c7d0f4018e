import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { postSubmission } from '../../lib/api';
import type { DraftValue } from '../../lib/drafts';
import {
  CAPTCHA_FIELD,
  FIRST_FLOW,
  nextStep,
  reachLinks,
  sendSubmission,
  type CheckEvent,
  type ContactWays,
  type Flow,
  type FlowEvent,
} from '../../lib/form-flow';
import { fieldProblems, writtenAnswers, type FormDescription, type ServiceQuestion } from '../../lib/forms';
import { NOTICE_VERSION } from './FormNotice';
import { useDraftForm, type Values } from './use-draft-form';

/*
 * The one behaviour of every form on the site (the decisions themselves are in
 * src/lib/form-flow.ts), for the form its description (src/lib/forms.ts) says:
 * check the fields when the visitor sends, list what to fix in a summary that
 * takes focus, ask for the robot check last, send with the draft's idempotency
 * key, and keep every word on any failure. The hook keeps the state and carries
 * out what nextStep() decides (post, clear the widget, say it was sent).
 */

/** What the page adds to a form's description. */
export interface FormSettings {
  ways: ContactWays;
  /** The draft's name in sessionStorage, when not the form's kind (a package request keeps one per service). */
  draft?: string;
  /** What the page gives: shown read-only and sent as it is (the service asked about), or only sent (its id). */
  given?: Record<string, string>;
  /** The service's own questions, for a package request. */
  questions?: readonly ServiceQuestion[];
  /** Answers the form starts with (the one open role). */
  initial?: Record<string, string>;
  /** Answers found on arrival (in the page's address), filled in where the visitor has left the field empty. */
  prefill?: () => Record<string, string | undefined>;
  onSent?: () => void;
  onFailed?: () => void;
}

/** The answers of a new form: one per field the visitor fills in, and the honeypot. */
function blankAnswers(form: FormDescription, questions: readonly ServiceQuestion[]): Values {
  const blank: Values = { website: '' };
  for (const [name, field] of Object.entries(form.fields)) {
    if (field.given) continue;
    if (field.type === 'questions') blank[name] = Object.fromEntries(questions.map((question) => [question.name, '']));
    else blank[name] = field.type === 'checkbox' ? false : '';
  }
  return blank;
}

export function useForm(form: FormDescription, settings: FormSettings) {
  const { given = {}, questions = [] } = settings;
  const draft = useDraftForm(settings.draft ?? form.kind, {
    ...blankAnswers(form, questions),
    ...settings.initial,
  });
  const { values, setValues } = draft;
  const [flow, setFlow] = useState<Flow>(FIRST_FLOW);
  const [confirmation, setConfirmation] = useState('');
  // The state as of the last event, read by the next one (a widget callback can come before a render).
  const latest = useRef<Flow>(FIRST_FLOW);
  const captchaRef = useRef<HCaptcha>(null);

  // The first render's field names, ids and prefill: callers pass new objects on every render.
  const [arrival] = useState(() => ({ initial: values, fieldId: form.fieldId, prefill: settings.prefill }));
  // Text typed before the script took over is in the fields but not yet in the state: adopt it.
  useEffect(() => {
    const typed: Values = {};
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

  /** Fills the fields given that the visitor has left empty. */
  const prefill = useCallback(
    (answers: Record<string, string | undefined>) =>
      setValues((current) => {
        const empty = Object.entries(answers).filter(
          (entry): entry is [string, string] => Boolean(entry[1]) && current[entry[0]] === '',
        );
        return empty.length > 0 ? { ...current, ...Object.fromEntries(empty) } : current;
      }),
    [setValues],
  );
  useEffect(() => {
    if (arrival.prefill) prefill(arrival.prefill());
  }, [arrival, prefill]);

  const withGiven = (answers: Values) => ({ ...answers, ...given });
  /** The JSON the function receives, without the robot check's token. */
  const body = (answers: Values) => ({
    kind: form.kind,
    ...withGiven(answers),
    // Only the questions this service asks, and only those answered: the schema's optional answers are absent.
    ...(questions.length > 0 && {
      serviceFields: Object.fromEntries(
        questions
          .map(({ name }) => [name, (answers.serviceFields as Record<string, string>)[name] ?? ''] as const)
          .filter(([, answer]) => answer !== ''),
      ),
    }),
    noticeVersion: NOTICE_VERSION,
  });
  const problems = (answers: Values) => fieldProblems(form, body(answers), questions);
  const rules = { sendOnToken: form.sendOnToken ?? false, noun: form.noun };

  /** Carries out an event, with the answers it concerns (those on the form, or those that were sent). */
  const applyEvent = (event: FlowEvent, answers: Values = values) => {
    const { flow: next, effects } = nextStep(latest.current, event, rules);
    latest.current = next;
    setFlow(next);
    for (const effect of effects) {
      if (effect.type === 'post') void postAnswers(answers, effect.token);
      else if (effect.type === 'reset-widget') captchaRef.current?.resetCaptcha();
      else if (effect.type === 'sent') {
        draft.reset();
        setConfirmation(form.confirmation?.(withGiven(answers)) ?? '');
        settings.onSent?.();
      } else settings.onFailed?.();
    }
  };

  const postAnswers = async (answers: Values, captchaToken: string) => {
    const json = { ...body(answers), [CAPTCHA_FIELD]: captchaToken };
    const outcome = await sendSubmission((key) => postSubmission(json, key), draft.idempotencyKey, draft.renewKey);
    applyEvent({ type: 'answered', outcome }, answers);
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    applyEvent({ type: 'send', fields: problems(values) });
  };

  /** Changes one answer; once the visitor has tried to send, the messages follow what they type. */
  const setField = (name: string, value: DraftValue) => {
    draft.setValue(name, value);
    setConfirmation('');
    applyEvent({ type: 'edit', fields: problems({ ...values, [name]: value }) });
  };

  const captcha = {
    check: flow.check,
    error: flow.errors[CAPTCHA_FIELD],
    /** What the widget and the visitor did with the check. */
    report: (event: CheckEvent) => applyEvent(event.type === 'token' ? { ...event, fields: problems(values) } : event),
  };

  return {
    form,
    given,
    questions,
    values,
    setField,
    errors: flow.errors,
    attempt: flow.attempt,
    sending: flow.sending,
    problem: flow.problem,
    confirmation,
    captcha,
    captchaRef,
    /** Builds the links that carry what was typed: called only where they are shown (ReachUs). */
    reachLinks: () =>
      reachLinks(
        settings.ways,
        form.mailSubject(withGiven(values)),
        writtenAnswers(form, withGiven(values), questions),
      ),
    onSubmit,
  };
}

export type FormState = ReturnType<typeof useForm>;
export type CaptchaControl = FormState['captcha'];
