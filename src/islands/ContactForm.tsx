import { useEffect, useRef, useState } from 'react';
import { subjectFromContactLink } from '../lib/contact-link';
import { CONTACT_REASONS, contactFields } from '../lib/forms';
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
 * The Contact Us form. It says a message was sent only when the server
 * accepted it; on a failure it says what went wrong and keeps every word.
 *
 * Its script loads on the visitor's first use of the form (client:first-use):
 * until then the fields are the server-rendered ones, and whatever is typed
 * into them is taken over; a press of Send made before the script arrived is
 * held by the directive and carried out once it has.
 */

/** The selector the page gives client:first-use. */
export const CONTACT_FORM = '.contact-form';

interface Props {
  siteKey: string;
  ways: ContactWays;
}

const FORM_ID = 'contact';
const id = (name: string) => `contact-${name}`;
const empty = { name: '', email: '', phone: '', subject: '', reason: '', message: '', optIn: false, website: '' };
const reasonLabel = (value: string) => CONTACT_REASONS.find((reason) => reason.value === value)?.label ?? '';

/** The island: the form, and in its place the company's other ways in should it break. */
export default function GuardedContactForm(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways} draft={FORM_ID}>
      <ContactForm {...props} />
    </IslandErrorBoundary>
  );
}

function ContactForm({ siteKey, ways }: Props) {
  const [sent, setSent] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // The robot check loads once the visitor starts on the form, not before.
  const { engaged, engage } = useFirstUseForm(CONTACT_FORM, formRef);
  const form = useForm({
    formId: FORM_ID,
    initial: empty,
    fieldId: id,
    fields: (values) => fieldProblems(contactFields, { kind: 'contact', ...values }),
    body: (values) => ({ kind: 'contact', ...values, noticeVersion: NOTICE_VERSION }),
    answers: (values) => [
      { label: 'Name', value: values.name },
      { label: 'Email', value: values.email },
      { label: 'Phone', value: values.phone },
      { label: 'Reason', value: reasonLabel(values.reason) },
      { label: 'Message', value: values.message },
    ],
    subject: (values) => values.subject.trim() || 'Message from the website',
    ways,
    noun: 'message',
    onSent: (values) => {
      const subject = values.subject.trim();
      setSent(
        values.optIn
          ? `Your ${subject} message has been sent and you've been subscribed to the mailing list!`
          : `Your ${subject} message has been sent!`,
      );
    },
  });
  const { values, errors, setField, prefill } = form;

  // Once, on arrival (prefill never changes): a visitor sent here by a "Get Started" or "Request a callback" link
  // without JavaScript finds the subject started for them.
  useEffect(() => {
    const subject = subjectFromContactLink(location.search);
    if (subject) prefill({ subject });
  }, [prefill]);

  const change =
    <K extends 'name' | 'email' | 'phone' | 'subject' | 'reason' | 'message'>(name: K) =>
    (value: string) => {
      setSent('');
      setField(name, value);
    };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit}
      aria-busy={form.sending}
      className="contact-form"
      onFocus={engage}
    >
      <ErrorSummary errors={errors} fieldId={id} attempt={form.attempt} />
      <fieldset className={styles.fieldset}>
        <legend className="visually-hidden">Your message</legend>
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
        />
        <Field
          id={id('phone')}
          label="Phone"
          type="tel"
          value={values.phone}
          onChange={change('phone')}
          error={errors.phone}
          autoComplete="tel"
          optionalLabel
          hint="If you would rather we called you."
        />
        <Field
          id={id('subject')}
          label="Subject"
          value={values.subject}
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
          value={values.reason}
          onChange={change('reason')}
          error={errors.reason}
          required
        />
        <Field
          id={id('message')}
          label="Message"
          type="textarea"
          value={values.message}
          onChange={change('message')}
          error={errors.message}
          required
        />
        <div className={styles.checkbox}>
          <input
            id={id('optIn')}
            type="checkbox"
            checked={values.optIn}
            onChange={(event) => setField('optIn', event.target.checked)}
          />
          <label htmlFor={id('optIn')}>
            Subscribe me to the mailing list: news and offers, about once a month. You can leave at any time.
          </label>
        </div>
        <Honeypot value={values.website} onChange={(value) => setField('website', value)} />
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
      <FormNotice kind="contact" />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {form.sending ? 'Sending…' : 'Send message'}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {sent && <p className={`${styles.status} ${styles.statusSuccess}`}>{sent}</p>}
      </div>
    </form>
  );
}
