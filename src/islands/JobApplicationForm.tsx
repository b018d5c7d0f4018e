import { useEffect, useRef, useState } from 'react';
import { jobApplicationFields } from '../lib/forms';
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
 * An application for an open role, on the Join us page: it reaches the
 * company like any other form, so a job seeker can apply from the first day
 * without an outside form service. The role comes from the link the visitor
 * followed ("?role=…#apply") or is chosen here.
 */

/** The selector the page gives client:first-use. */
export const JOB_APPLICATION_FORM = '.job-application-form';

interface Props {
  siteKey: string;
  ways: ContactWays;
  /** The open roles, as the page lists them. */
  roles: readonly string[];
}

const FORM_ID = 'job-application';
const id = (name: string) => `job-application-${name}`;

/** The island: the form, and in its place the company's other ways in should it break. */
export default function GuardedJobApplicationForm(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways} draft={FORM_ID}>
      <JobApplicationForm {...props} />
    </IslandErrorBoundary>
  );
}

function JobApplicationForm({ siteKey, ways, roles }: Props) {
  const [sent, setSent] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const { engaged, engage } = useFirstUseForm(JOB_APPLICATION_FORM, formRef);
  const form = useForm({
    formId: FORM_ID,
    initial: {
      name: '',
      email: '',
      phone: '',
      role: roles.length === 1 ? roles[0]! : '',
      cvUrl: '',
      message: '',
      website: '',
    },
    fieldId: id,
    fields: (values) => fieldProblems(jobApplicationFields, { kind: 'job-application', ...values }),
    body: (values) => ({ kind: 'job-application', ...values, noticeVersion: NOTICE_VERSION }),
    answers: (values) => [
      { label: 'Name', value: values.name },
      { label: 'Email', value: values.email },
      { label: 'Phone', value: values.phone },
      { label: 'Role', value: values.role },
      { label: 'CV or portfolio', value: values.cvUrl },
      { label: 'About me', value: values.message },
    ],
    subject: (values) => `Application for ${values.role || 'a role'}`,
    ways,
    noun: 'application',
    onSent: (values) =>
      setSent(`Thank you, ${values.name}. Your application for ${values.role} has been sent; we reply to every one.`),
  });
  const { values, errors, prefill } = form;

  // Once, on arrival: the role of the link the visitor followed, when the page lists several.
  useEffect(() => {
    const role = new URLSearchParams(location.search).get('role');
    if (role && roles.includes(role)) prefill({ role });
  }, [prefill, roles]);
  const change = (name: 'name' | 'email' | 'phone' | 'role' | 'cvUrl' | 'message') => (value: string) => {
    setSent('');
    form.setField(name, value);
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit}
      aria-busy={form.sending}
      className="job-application-form"
      onFocus={engage}
    >
      <ErrorSummary errors={errors} fieldId={id} attempt={form.attempt} />
      <fieldset className={styles.fieldset}>
        <legend className="visually-hidden">Your application</legend>
        <Field
          id={id('role')}
          label="Role"
          type="select"
          options={roles.map((role) => ({ value: role, label: role }))}
          value={values.role}
          onChange={change('role')}
          error={errors.role}
          required
        />
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
        />
        <Field
          id={id('cvUrl')}
          label="Link to your CV or portfolio"
          type="url"
          value={values.cvUrl}
          onChange={change('cvUrl')}
          error={errors.cvUrl}
          required
          autoComplete="url"
          hint="A shared document, your LinkedIn or GitHub profile, or your own site. Check that anyone with the link can open it."
        />
        <Field
          id={id('message')}
          label="About you"
          type="textarea"
          value={values.message}
          onChange={change('message')}
          error={errors.message}
          required
          hint="What you have built or studied, and why this role."
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
      <FormNotice kind="job-application" />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {form.sending ? 'Sending…' : 'Send application'}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {sent && <p className={`${styles.status} ${styles.statusSuccess}`}>{sent}</p>}
      </div>
    </form>
  );
}
