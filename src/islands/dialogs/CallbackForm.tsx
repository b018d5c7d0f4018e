import { callbackFields } from '../../lib/forms';
import type { ContactWays } from '../../lib/form-flow';
import { callbackFieldId, FIRST_FIELD } from '../../lib/site-dialog';
import { REQUEST_FAILED, REQUEST_RECEIVED, showNotice } from '../../stores/notices';
import ErrorSummary from '../forms/ErrorSummary';
import Field from '../forms/Field';
import FormNotice, { NOTICE_VERSION } from '../forms/FormNotice';
import FormProblem from '../forms/FormProblem';
import IslandErrorBoundary from '../IslandErrorBoundary';
import styles from '../forms/Form.module.css';
import Honeypot from '../forms/Honeypot';
import RobotCheck from '../forms/RobotCheck';
import { useForm } from '../forms/use-form';
import { fieldProblems } from '../forms/validate';

/* The callback request: the visitor's details and the service they are interested in. */

interface Props {
  service: string;
  siteKey: string;
  ways: ContactWays;
  onCancel: () => void;
  onDone: () => void;
}

const FORM_ID = 'callback';
const id = callbackFieldId;
const empty = { name: '', email: '', phone: '', message: '', website: '' };

/** The form, and in its place the company's other ways in should it break (inside the dialog, where the visitor is). */
export default function GuardedCallbackForm(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways} draft={FORM_ID}>
      <CallbackForm {...props} />
    </IslandErrorBoundary>
  );
}

function CallbackForm({ service, siteKey, ways, onCancel, onDone }: Props) {
  const form = useForm({
    formId: FORM_ID,
    initial: empty,
    fieldId: id,
    fields: (values) => fieldProblems(callbackFields, { kind: 'callback', ...values, service }),
    body: (values) => ({ kind: 'callback', ...values, service, noticeVersion: NOTICE_VERSION }),
    answers: (values) => [
      { label: 'Full name', value: values.name },
      { label: 'Email', value: values.email },
      { label: 'Phone', value: values.phone },
      { label: 'Service interested in', value: service },
      { label: 'Message', value: values.message },
    ],
    subject: () => (service ? `Callback request: ${service}` : 'Callback request'),
    ways,
    noun: 'request',
    onSent: () => {
      showNotice(REQUEST_RECEIVED);
      onDone();
    },
    onFailed: () => showNotice(REQUEST_FAILED, { tone: 'error' }),
  });
  const { values, errors } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
      <ErrorSummary errors={errors} fieldId={id} attempt={form.attempt} />
      {/* The first field, which the dialog holds from its first frame (src/lib/site-dialog.ts): focused by Modal. */}
      <Field
        id={FIRST_FIELD.callback.id}
        label={FIRST_FIELD.callback.label}
        value={values.name}
        onChange={(value) => form.setField('name', value)}
        error={errors.name}
        required
        autoComplete="name"
      />
      <Field
        id={id('email')}
        label="Email"
        type="email"
        value={values.email}
        onChange={(value) => form.setField('email', value)}
        error={errors.email}
        required
        autoComplete="email"
      />
      <Field
        id={id('phone')}
        label="Phone"
        type="tel"
        value={values.phone}
        onChange={(value) => form.setField('phone', value)}
        error={errors.phone}
        autoComplete="tel"
        optionalLabel
      />
      <Field id={id('service')} label="Service Interested In" value={service} onChange={() => undefined} readOnly />
      <Field
        id={id('message')}
        label="Message"
        type="textarea"
        value={values.message}
        onChange={(value) => form.setField('message', value)}
        error={errors.message}
        required
      />
      <Honeypot value={values.website} onChange={(value) => form.setField('website', value)} />
      <RobotCheck
        id={id('h-captcha-response')}
        siteKey={siteKey}
        captcha={form.captcha}
        captchaRef={form.captchaRef}
        reachLinks={form.reachLinks}
      />
      <FormProblem problem={form.problem} reachLinks={form.reachLinks} />
      <FormNotice kind="callback" />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {form.sending ? 'Sending…' : 'Submit'}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
