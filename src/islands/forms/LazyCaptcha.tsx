import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { forwardRef, lazy, Suspense, type ComponentProps } from 'react';
import styles from './Form.module.css';

/*
 * The captcha widget's code (and through it hCaptcha's script) is fetched only
 * when a form renders this: a dialog that opens, or the Contact Us form once
 * the visitor starts on it. Until then the page carries none of it.
 */

const Captcha = lazy(() => import('./Captcha'));

const LazyCaptcha = forwardRef<HCaptcha, ComponentProps<typeof Captcha>>(function LazyCaptcha(props, ref) {
  return (
    <Suspense fallback={<p className={styles.hint}>Loading the robot check…</p>}>
      <Captcha ref={ref} {...props} />
    </Suspense>
  );
});

export default LazyCaptcha;
