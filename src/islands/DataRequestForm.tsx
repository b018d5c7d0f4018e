import { useRef, useState } from 'react';
import { DATA_REQUESTS, dataRequestFields } from '../lib/forms';
import type { ContactWays } from '../lib/form-flow';
import ErrorSummary from './forms/ErrorSummary';
import Field from './forms/Field';
import FormNotice, { NOTICE_VERSION } from './forms/FormNotice';
import FormProblem from './forms/FormProblem';
import IslandErrorBoundary from './IslandErrorBoundary';
import styles from './forms/Form.module.css';
import Honeypot from './forms/Honeypot';
import RobotCheck from './forms/RobotCheck';
import { useFirstUseForm } from './forms/use-first-use';
import { useForm } from './forms/use-form';
import { fieldProblems } from './forms/validate';

/*
 * A request about a person's own data (a copy, a correction, erasure, or
 * withdrawing newsletter consent), on the "Your data" page. It reaches the
 * company like any other form; the company answers it with
 * `npm run submissions -- --export` or `--erase` (docs/forms.md).
 */

/** The selector the page gives client:first-use. */
export const DATA_REQUEST_FORM = '.data-request-form';

interface Props {
  siteKey: string;
  ways: ContactWays;
}

const FORM_ID = 'data-request';
const id = (name: string) => `data-request-${name}`;
const empty = { name: '', email: '', request: '', details: '', website: '' };
const requestLabel = (value: string) => DATA_REQUESTS.find((entry) => entry.value === value)?.label ?? '';

/** The island: the form, and in its place the company's other ways in should it break. */
export default function GuardedDataRequestForm(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways} draft={FORM_ID}>
      <DataRequestForm {...props} />
    </IslandErrorBoundary>
  );
}

function DataRequestForm({ siteKey, ways }: Props) {
  const [sent, setSent] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const { engaged, engage } = useFirstUseForm(DATA_REQUEST_FORM, formRef);
  const form = useForm({
    formId: FORM_ID,
    initial: empty,
    fieldId: id,
    fields: (values) => fieldProblems(dataRequestFields, { kind: 'data-request', ...values }),
    body: (values) => ({ kind: 'data-request', ...values, noticeVersion: NOTICE_VERSION }),
    answers: (values) => [
      { label: 'Name', value: values.name },
      { label: 'Email', value: values.email },
      { label: 'Request', value: requestLabel(values.request) },
      { label: 'Details', value: values.details },
    ],
    subject: (values) => `Request about my data: ${requestLabel(values.request) || 'my data'}`,
    ways,
    noun: 'request',
    onSent: (values) =>
      setSent(
        `Your request has been sent. We will answer at ${values.email} within the time this page gives, ` +
          'and may ask you to confirm it is yours.',
      ),
  });
  const { values, errors } = form;
  const change = (name: 'name' | 'email' | 'request' | 'details') => (value: string) => {
    setSent('');
    form.setField(name, value);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit}
      aria-busy={form.sending}
      className="data-request-form"
      onFocus={engage}
    >
      <ErrorSummary errors={errors} fieldId={id} attempt={form.attempt} />
      <fieldset className={styles.fieldset}>
        <legend className="visually-hidden">Your request</legend>
        <Field
          id={id('name')}
          label="Name"
          value={values.name}
          onChange={change('name')}
          error={errors.name}
          required
          autoComplete="name"
        />
        <Field
          id={id('email')}
          label="Email"
          type="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          required
          autoComplete="email"
          hint="The address you used in our forms: we find your data by it."
        />
        <Field
          id={id('request')}
          label="What would you like us to do?"
          type="select"
          options={DATA_REQUESTS}
          value={values.request}
          onChange={change('request')}
          error={errors.request}
          required
        />
        <Field
          id={id('details')}
          label="Details"
          type="textarea"
          value={values.details}
          onChange={change('details')}
          error={errors.details}
          optionalLabel
          hint="For a correction, what should it say? Anything else that helps us find your data."
        />
        <Honeypot value={values.website} onChange={(value) => form.setField('website', value)} />
      </fieldset>
      <RobotCheck
        id={id('h-captcha-response')}
        siteKey={siteKey}
        captcha={form.captcha}
        captchaRef={form.captchaRef}
        reachLinks={form.reachLinks}
        active={engaged}
      />
      <FormProblem problem={form.problem} reachLinks={form.reachLinks} />
      <FormNotice kind="data-request" />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {form.sending ? 'Sending…' : 'Send request'}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {sent && <p className={`${styles.status} ${styles.statusSuccess}`}>{sent}</p>}
      </div>
    </form>
  );
}
