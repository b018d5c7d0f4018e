import { useState, type SubmitEvent } from 'react';
import { packageRequestSchema, serviceFieldsProblems, type FieldErrors } from '../../lib/forms';
import { requestedServiceLabel, type OpenDialog } from '../../stores/dialogs';
import Captcha from '../forms/LazyCaptcha';
import ErrorSummary from '../forms/ErrorSummary';
import Field from '../forms/Field';
import styles from '../forms/Form.module.css';
import Honeypot from '../forms/Honeypot';
import { useDraftForm } from '../forms/use-draft-form';
import { CAPTCHA_MISSING, validate } from '../forms/validate';
import { useRequestSubmission } from './use-request-submission';

/*
 * The request for one package of a service: the visitor's details, the
 * service's own questions and the captcha. When the captcha reports a token
 * and the form is valid, the request is sent at once; otherwise nothing is sent.
 */

interface Props {
  dialog: Extract<OpenDialog, { kind: 'package-request' }>;
  siteKey: string;
  onDone: () => void;
}

const id = (name: string) => `request-${name.replace('.', '-')}`;

export default function PackageRequestForm({ dialog, siteKey, onDone }: Props) {
  const { service } = dialog;
  const serviceLabel = requestedServiceLabel(dialog);
  const questionKeys = Object.fromEntries(service.questions.map((question) => [`serviceFields.${question.name}`, '']));
  const form = useDraftForm(`package-request:${service.id}`, {
    name: '',
    email: '',
    phone: '',
    message: '',
    website: '',
    ...questionKeys,
  });
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const { sending, problem, captcha, send: submit } = useRequestSubmission(form, onDone);
  const values = form.values as Record<string, string>;

  const payload = (captchaToken: string) => ({
    kind: 'package-request',
    name: values.name,
    email: values.email,
    phone: values.phone,
    serviceId: service.id,
    service: serviceLabel,
    message: values.message,
    serviceFields: Object.fromEntries(
      service.questions
        .map((question) => [question.name, values[`serviceFields.${question.name}`] ?? ''])
        .filter(([, answer]) => answer !== ''),
    ),
    website: values.website,
    'h-captcha-response': captchaToken,
  });

  const problemsOf = (captchaToken: string): FieldErrors => {
    const body = payload(captchaToken);
    const found = {
      ...validate(packageRequestSchema, body),
      ...serviceFieldsProblems(service.questions, body.serviceFields),
    };
    if (!captchaToken) found['h-captcha-response'] = CAPTCHA_MISSING;
    return found;
  };

  const send = async (captchaToken: string) => {
    const found = problemsOf(captchaToken);
    setErrors(found);
    setAttempt((count) => count + 1);
    if (Object.keys(found).length > 0) return;
    const result = await submit(payload(captchaToken));
    if (!result.ok) {
      setErrors(result.fields ?? {});
      setToken('');
    }
  };

  const onToken = (captchaToken: string) => {
    setToken(captchaToken);
    void send(captchaToken);
  };

  const change = (name: string) => (value: string) => {
    form.setValue(name, value);
    if (attempt > 0) setErrors(problemsOf(token));
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void send(token);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={sending}>
      <ErrorSummary errors={errors} fieldId={id} attempt={attempt} />
      <Field id={id('service')} label="Service" value={serviceLabel} onChange={() => undefined} readOnly />
      <Field
        id={id('name')}
        label="Name"
        value={values.name ?? ''}
        onChange={change('name')}
        error={errors.name}
        required
        autoComplete="name"
        autoFocus
      />
      <Field
        id={id('email')}
        label="Email"
        type="email"
        value={values.email ?? ''}
        onChange={change('email')}
        error={errors.email}
        required
        autoComplete="email"
        hint="We will only use this to reply to you."
      />
      <Field
        id={id('phone')}
        label="Phone"
        type="tel"
        value={values.phone ?? ''}
        onChange={change('phone')}
        error={errors.phone}
        required
        autoComplete="tel"
      />
      {service.questions.map((question) => (
        <Field
          key={question.name}
          id={id(`serviceFields.${question.name}`)}
          label={question.label}
          type={question.type}
          options={question.options?.map((option) => ({ value: option, label: option }))}
          value={values[`serviceFields.${question.name}`] ?? ''}
          onChange={change(`serviceFields.${question.name}`)}
          error={errors[`serviceFields.${question.name}`]}
          required={question.required}
          optionalLabel
        />
      ))}
      <Field
        id={id('message')}
        label="Message"
        type="textarea"
        value={values.message ?? ''}
        onChange={change('message')}
        error={errors.message}
        required
        hint="What do you want to achieve? Any deadline?"
      />
      <Honeypot value={values.website ?? ''} onChange={(value) => form.setValue('website', value)} />
      <Captcha
        ref={captcha}
        id={id('h-captcha-response')}
        siteKey={siteKey}
        onToken={onToken}
        onExpire={() => setToken('')}
        error={errors['h-captcha-response']}
      />
      {problem && (
        <p className={`${styles.status} ${styles.statusError}`} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={sending}>
          {sending ? 'Sending…' : 'Send request'}
        </button>
      </div>
    </form>
  );
}
