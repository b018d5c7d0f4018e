import HCaptcha from '@hcaptcha/react-hcaptcha';
import { forwardRef } from 'react';
import styles from './Form.module.css';

/*
 * The hCaptcha widget. It is rendered only when its form is open or in view,
 * so hCaptcha's script loads then and never with the page. The library's own
 * error reporting to a third party is switched off.
 */

interface Props {
  id: string;
  siteKey: string;
  onToken: (token: string) => void;
  onExpire: () => void;
  error?: string | undefined;
}

const Captcha = forwardRef<HCaptcha, Props>(function Captcha({ id, siteKey, onToken, onExpire, error }, ref) {
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field} id={id} tabIndex={-1}>
      <p className={styles.label}>Check that you are not a robot</p>
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <HCaptcha
        ref={ref}
        sitekey={siteKey}
        sentry={false}
        onVerify={onToken}
        onExpire={onExpire}
        onError={onExpire}
        reCaptchaCompat={false}
      />
    </div>
  );
});

export default Captcha;
