import { useState, type SubmitEvent } from 'react';
import { callbackSchema, type FieldErrors } from '../../lib/forms';
import Captcha from '../forms/LazyCaptcha';
import Field from '../forms/Field';
import styles from '../forms/Form.module.css';
import Honeypot from '../forms/Honeypot';
import { useDraftForm } from '../forms/use-draft-form';
import { validate } from '../forms/validate';
import { useRequestSubmission } from './use-request-submission';

/*
 * The callback request: Submit stays disabled until the form is valid and the
 * captcha has given a token. A field says what is wrong once the visitor leaves it.
 */

interface Props {
  service: string;
  siteKey: string;
  onCancel: () => void;
  onDone: () => void;
}

const id = (name: string) => `callback-${name}`;

export default function CallbackForm({ service, siteKey, onCancel, onDone }: Props) {
  const form = useDraftForm('callback', { name: '', email: '', phone: '', message: '', website: '' });
  const [token, setToken] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const { sending, problem, captcha, send } = useRequestSubmission(form, onDone);
  const values = form.values as Record<string, string>;

  const body = { kind: 'callback', ...values, service };
  const errors = { ...validate(callbackSchema, body), ...serverErrors };
  const valid = Object.keys(validate(callbackSchema, body)).length === 0;
  const shown = (name: string) => (touched[name] ? errors[name] : undefined);

  const change = (name: string) => (value: string) => {
    form.setValue(name, value);
    setServerErrors(({ [name]: _fixed, ...rest }) => rest);
  };
  // A field says what is wrong once the visitor has typed in it and left it; leaving an empty field
  // (say, on the way to Cancel) shows nothing, so the dialog does not move under the pointer.
  const leave = (name: string) => () => {
    if (String(values[name] ?? '').trim()) setTouched((current) => ({ ...current, [name]: true }));
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!valid || !token || sending) return;
    const result = await send({ ...body, 'h-captcha-response': token });
    if (!result.ok) {
      setServerErrors(result.fields ?? {});
      setTouched({ name: true, email: true, phone: true, message: true });
      setToken('');
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={sending}>
      <Field
        id={id('name')}
        label="Full Name"
        value={values.name ?? ''}
        onChange={change('name')}
        onBlur={leave('name')}
        error={shown('name')}
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
        onBlur={leave('email')}
        error={shown('email')}
        required
        autoComplete="email"
      />
      <Field
        id={id('phone')}
        label="Phone"
        type="tel"
        value={values.phone ?? ''}
        onChange={change('phone')}
        onBlur={leave('phone')}
        error={shown('phone')}
        autoComplete="tel"
        optionalLabel
      />
      <Field id={id('service')} label="Service Interested In" value={service} onChange={() => undefined} readOnly />
      <Field
        id={id('message')}
        label="Message"
        type="textarea"
        value={values.message ?? ''}
        onChange={change('message')}
        onBlur={leave('message')}
        error={shown('message')}
        required
      />
      <Honeypot value={values.website ?? ''} onChange={(value) => form.setValue('website', value)} />
      <Captcha ref={captcha} id={id('captcha')} siteKey={siteKey} onToken={setToken} onExpire={() => setToken('')} />
      {problem && (
        <p className={`${styles.status} ${styles.statusError}`} role="alert">
          {problem}
        </p>
      )}
      <p className={styles.hint} id={id('submit-hint')}>
        {valid && token
          ? 'Ready to send.'
          : 'Submit becomes available once your name, email and message are filled in and the robot check is done.'}
      </p>
      <div className={styles.actions}>
        <button
          type="submit"
          className={styles.primary}
          disabled={!valid || !token || sending}
          aria-describedby={id('submit-hint')}
        >
          {sending ? 'Sending…' : 'Submit'}
        </button>
        {/* Pressing Cancel must not first blur a field and move the button before the click lands. */}
        <button
          type="button"
          className={styles.secondary}
          onMouseDown={(event) => event.preventDefault()}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
