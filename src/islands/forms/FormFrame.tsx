import { useRef } from 'react';
import { CAPTCHA_FIELD } from '../../lib/form-flow';
import type { FormDescription, Option } from '../../lib/forms';
import IslandErrorBoundary from '../IslandErrorBoundary';
import ErrorSummary from './ErrorSummary';
import Field from './Field';
import styles from './Form.module.css';
import FormNotice from './FormNotice';
import FormProblem from './FormProblem';
import Honeypot from './Honeypot';
import RobotCheck from './RobotCheck';
import { useFirstUseForm } from './use-first-use';
import { useForm, type FormSettings, type FormState } from './use-form';

/*
 * Every form of the site, drawn from its description (src/lib/forms.ts): the
 * summary of what to fix, the fields in order, the robot check, why it was not
 * sent, the privacy notice, the send button and, on a page, what was sent.
 * Should it break, the company's other ways in take its place, where the
 * visitor is (inside the dialog, for a dialog's form), and its draft goes.
 */

interface Props extends FormSettings {
  form: FormDescription;
  siteKey: string;
  /** A page's form: the selector its island loads on (client:first-use); the robot check waits for that use. */
  firstUse?: string;
  /** Choices the page gives (the open roles). */
  options?: Record<string, readonly Option[]>;
  /** A dialog's form offers to close it. */
  onCancel?: () => void;
}

export default function FormFrame(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways} draft={props.draft ?? props.form.kind}>
      <DescribedForm {...props} />
    </IslandErrorBoundary>
  );
}

function DescribedForm({ form: description, siteKey, firstUse, options = {}, onCancel, ...settings }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const { engaged, engage } = useFirstUseForm(firstUse, formRef);
  const form = useForm(description, settings);
  const fields = (
    <>
      {Object.keys(description.fields).map((name) => (
        <DescribedField key={name} name={name} form={form} options={options[name]} />
      ))}
      <Honeypot value={String(form.values.website)} onChange={(value) => form.setField('website', value)} />
    </>
  );
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit}
      aria-busy={form.sending}
      className={firstUse?.slice(1)}
      onFocus={firstUse ? engage : undefined}
    >
      <ErrorSummary errors={form.errors} fieldId={description.fieldId} attempt={form.attempt} />
      {description.legend ? (
        <fieldset className={styles.fieldset}>
          <legend className="visually-hidden">{description.legend}</legend>
          {fields}
        </fieldset>
      ) : (
        fields
      )}
      <RobotCheck
        id={description.fieldId(CAPTCHA_FIELD)}
        siteKey={siteKey}
        captcha={form.captcha}
        captchaRef={form.captchaRef}
        reachLinks={form.reachLinks}
        active={engaged}
      />
      <FormProblem problem={form.problem} reachLinks={form.reachLinks} />
      <FormNotice kind={description.kind} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {form.sending ? 'Sending…' : description.send}
        </button>
        {onCancel && (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {description.confirmation && (
        <div role="status" aria-live="polite">
          {form.confirmation && <p className={`${styles.status} ${styles.statusSuccess}`}>{form.confirmation}</p>}
        </div>
      )}
    </form>
  );
}

/** One field of the description: a service's questions are a field each, their answers nested under its name. */
function DescribedField({
  name,
  form,
  options,
}: {
  name: string;
  form: FormState;
  options?: readonly Option[] | undefined;
}) {
  const field = form.form.fields[name]!;
  const id = form.form.fieldId;
  if (field.type === 'questions') {
    const answers = form.values[name] as Record<string, string>;
    return form.questions.map((question) => (
      <Field
        key={question.name}
        id={id(`${name}.${question.name}`)}
        field={{ ...question, options: question.options?.map((option) => ({ value: option, label: option })) ?? [] }}
        value={answers[question.name] ?? ''}
        onChange={(value) => form.setField(name, { ...answers, [question.name]: String(value) })}
        error={form.errors[`${name}.${question.name}`]}
      />
    ));
  }
  return (
    <Field
      id={id(name)}
      field={options ? { ...field, options } : field}
      value={field.given ? (form.given[name] ?? '') : (form.values[name] as string | boolean)}
      onChange={(value) => form.setField(name, value)}
      error={form.errors[name]}
    />
  );
}
