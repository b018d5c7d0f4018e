import { packageRequestFields, serviceFieldsProblems } from '../../lib/forms';
import type { ContactWays } from '../../lib/form-flow';
import { REQUEST_FAILED, REQUEST_RECEIVED, showNotice } from '../../stores/notices';
import { requestedServiceLabel, type OpenDialog } from '../../stores/dialogs';
import { FIRST_FIELD, requestFieldId } from '../../lib/site-dialog';
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

/*
 * The request for one package of a service: the visitor's details, the
 * service's own questions (kept as the schema nests them, under serviceFields)
 * and the robot check. When the check gives its token and the form is valid,
 * the request is sent at once; otherwise the summary says what to fix.
 */

interface Props {
  dialog: Extract<OpenDialog, { kind: 'package-request' }>;
  siteKey: string;
  ways: ContactWays;
  onDone: () => void;
}

const formId = (serviceId: string) => `package-request:${serviceId}`;
const id = requestFieldId;

/** The form, and in its place the company's other ways in should it break (inside the dialog, where the visitor is). */
export default function GuardedPackageRequestForm(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways} draft={formId(props.dialog.service.id)}>
      <PackageRequestForm {...props} />
    </IslandErrorBoundary>
  );
}

function PackageRequestForm({ dialog, siteKey, ways, onDone }: Props) {
  const { service } = dialog;
  const serviceLabel = requestedServiceLabel(dialog);
  const blankAnswers: Record<string, string> = Object.fromEntries(service.questions.map(({ name }) => [name, '']));
  const initial = { name: '', email: '', phone: '', message: '', website: '', serviceFields: blankAnswers };
  type Values = typeof initial;

  // Only the questions this service asks, and only those answered: the schema's optional answers are absent.
  const answered = (values: Values) =>
    Object.fromEntries(
      service.questions
        .map(({ name }) => [name, values.serviceFields[name] ?? ''] as const)
        .filter(([, answer]) => answer !== ''),
    );
  const body = (values: Values) => ({
    kind: 'package-request',
    name: values.name,
    email: values.email,
    phone: values.phone,
    serviceId: service.id,
    service: serviceLabel,
    message: values.message,
    serviceFields: answered(values),
    website: values.website,
    noticeVersion: NOTICE_VERSION,
  });

  const form = useForm({
    formId: formId(service.id),
    initial,
    fieldId: id,
    fields: (values) => ({
      ...fieldProblems(packageRequestFields, body(values)),
      ...serviceFieldsProblems(service.questions, answered(values)),
    }),
    body,
    answers: (values) => [
      { label: 'Service', value: serviceLabel },
      { label: 'Name', value: values.name },
      { label: 'Email', value: values.email },
      { label: 'Phone', value: values.phone },
      ...service.questions.map((question) => ({
        label: question.label,
        value: values.serviceFields[question.name] ?? '',
      })),
      { label: 'Message', value: values.message },
    ],
    subject: () => `Request: ${serviceLabel}`,
    ways,
    noun: 'request',
    sendOnToken: true,
    onSent: () => {
      showNotice(REQUEST_RECEIVED);
      onDone();
    },
    onFailed: () => showNotice(REQUEST_FAILED, { tone: 'error' }),
  });
  const { values, errors } = form;
  const answer = (name: string) => (value: string) =>
    form.setField('serviceFields', { ...values.serviceFields, [name]: value });

  return (
    <form noValidate onSubmit={form.onSubmit} aria-busy={form.sending}>
      <ErrorSummary errors={errors} fieldId={id} attempt={form.attempt} />
      {/* The first field, which the dialog holds from its first frame (src/lib/site-dialog.ts): focused by Modal. */}
      <Field
        id={FIRST_FIELD['package-request'].id}
        label={FIRST_FIELD['package-request'].label}
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
        hint="We will only use this to reply to you."
      />
      <Field
        id={id('phone')}
        label="Phone"
        type="tel"
        value={values.phone}
        onChange={(value) => form.setField('phone', value)}
        error={errors.phone}
        required
        autoComplete="tel"
      />
      <Field id={id('service')} label="Service" value={serviceLabel} onChange={() => undefined} readOnly />
      {service.questions.map((question) => (
        <Field
          key={question.name}
          id={id(`serviceFields.${question.name}`)}
          label={question.label}
          type={question.type}
          options={question.options?.map((option) => ({ value: option, label: option }))}
          value={values.serviceFields[question.name] ?? ''}
          onChange={answer(question.name)}
          error={errors[`serviceFields.${question.name}`]}
          required={question.required}
          optionalLabel
        />
      ))}
      <Field
        id={id('message')}
        label="Message"
        type="textarea"
        value={values.message}
        onChange={(value) => form.setField('message', value)}
        error={errors.message}
        required
        hint="What do you want to achieve? Any deadline?"
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
      <FormNotice kind="package-request" />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {form.sending ? 'Sending…' : 'Send request'}
        </button>
      </div>
    </form>
  );
}
