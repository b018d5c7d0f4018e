import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { submitForm } from '../lib/api';
import { CONTACT_REASONS, contactSchema, type FieldErrors } from '../lib/forms';
import Captcha from './forms/LazyCaptcha';
import ErrorSummary from './forms/ErrorSummary';
import Field from './forms/Field';
import styles from './forms/Form.module.css';
import Honeypot from './forms/Honeypot';
import { useDraftForm } from './forms/use-draft-form';
import { CAPTCHA_MISSING, validate } from './forms/validate';

/*
 * The Contact Us form. It says a message was sent only when the server
 * accepted it; on a failure it says what went wrong and keeps every word.
 */

interface Props {
  siteKey: string;
}

const id = (name: string) => `contact-${name}`;
const empty = { name: '', email: '', subject: '', reason: '', message: '', optIn: false, website: '' };

/** A visitor sent here by a "Get Started" or "Request a callback" link without JavaScript: start the subject for them. */
function subjectFromAddress(search: string): string {
  const params = new URLSearchParams(search);
  const service = params.get('service')?.slice(0, 100);
  const pkg = params.get('package')?.slice(0, 60);
  if (params.get('kind') === 'callback') return service ? `Callback about ${service}` : 'Callback request';
  if (service) return pkg ? `${service} - ${pkg}` : service;
  return '';
}

export default function ContactForm({ siteKey }: Props) {
  const form = useDraftForm('contact', empty);
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const captcha = useRef<HCaptcha>(null);
  const { values } = form;
  // Until the script runs, the button cannot send anything; it must not submit the page either.
  const [hydrated, setHydrated] = useState(false);
  // The robot check loads once the visitor starts on the form (or a draft was restored), not before.
  const [engaged, setEngaged] = useState(false);

  const { setValues } = form;
  // Once, on arrival (setValues never changes).
  useEffect(() => {
    setHydrated(true);
    const subject = subjectFromAddress(location.search);
    if (subject) setValues((current) => (current.subject ? current : { ...current, subject }));
  }, [setValues]);

  const body = { kind: 'contact', ...values };
  const problemsOf = (captchaToken: string) => {
    const found = validate(contactSchema, body);
    if (!captchaToken) found['h-captcha-response'] = CAPTCHA_MISSING;
    return found;
  };

  const change = (name: keyof typeof empty) => (value: string | boolean) => {
    form.setValue(name, value);
    if (attempt > 0) setErrors(validate(contactSchema, { ...body, [name]: value }));
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = problemsOf(token);
    setErrors(found);
    setAttempt((count) => count + 1);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    const subject = String(values.subject).trim();
    const optIn = values.optIn === true;
    const result = await submitForm({ ...body, 'h-captcha-response': token }, form.idempotencyKey);
    setSending(false);
    setToken('');
    captcha.current?.resetCaptcha();
    if (result.ok) {
      form.reset(empty);
      setErrors({});
      setAttempt(0);
      setOutcome({
        ok: true,
        text: optIn
          ? `Your ${subject} message has been sent and you've been subscribed to the mailing list!`
          : `Your ${subject} message has been sent!`,
      });
      return;
    }
    setErrors(result.fields ?? {});
    setOutcome({
      ok: false,
      text: `Your message was not sent. ${result.error ?? 'Please try again.'} Everything you typed is still here.`,
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={sending} className="contact-form" onFocus={() => setEngaged(true)}>
      <ErrorSummary errors={errors} fieldId={id} attempt={attempt} />
      {/* Until the script has taken over, typing would be lost, so the fields wait for it. */}
      <fieldset className={styles.fieldset} disabled={!hydrated}>
        <legend className="visually-hidden">Your message</legend>
        <Field
          id={id('name')}
          label="Name"
          value={String(values.name)}
          onChange={change('name')}
          error={errors.name}
          required
          autoComplete="name"
        />
        <Field
          id={id('email')}
          label="Email"
          type="email"
          value={String(values.email)}
          onChange={change('email')}
          error={errors.email}
          required
          autoComplete="email"
        />
        <Field
          id={id('subject')}
          label="Subject"
          value={String(values.subject)}
          onChange={change('subject')}
          error={errors.subject}
          required
          hint="A few words, like “New website for our shop”."
        />
        <Field
          id={id('reason')}
          label="Reason"
          type="select"
          options={CONTACT_REASONS}
          value={String(values.reason)}
          onChange={change('reason')}
          error={errors.reason}
          required
        />
        <Field
          id={id('message')}
          label="Message"
          type="textarea"
          value={String(values.message)}
          onChange={change('message')}
          error={errors.message}
          required
        />
        <div className={styles.checkbox}>
          <input
            id={id('optIn')}
            type="checkbox"
            checked={values.optIn === true}
            onChange={(event) => change('optIn')(event.target.checked)}
          />
          <label htmlFor={id('optIn')}>
            Subscribe me to the mailing list: news and offers, about once a month. You can leave at any time.
          </label>
        </div>
        <Honeypot value={String(values.website)} onChange={(value) => form.setValue('website', value)} />
      </fieldset>
      {engaged ? (
        <Captcha
          ref={captcha}
          id={id('h-captcha-response')}
          siteKey={siteKey}
          onToken={setToken}
          onExpire={() => setToken('')}
          error={errors['h-captcha-response']}
        />
      ) : (
        <p className={styles.hint} id={id('h-captcha-response')} tabIndex={-1}>
          A quick robot check appears here when you start filling in the form.
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={!hydrated || sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {outcome && (
          <p className={`${styles.status} ${outcome.ok ? styles.statusSuccess : styles.statusError}`}>{outcome.text}</p>
        )}
      </div>
    </form>
  );
}
