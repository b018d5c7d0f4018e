import HCaptcha from '@hcaptcha/react-hcaptcha';
import { forwardRef } from 'react';

/*
 * The hCaptcha widget. It is rendered only when its form is open or in use,
 * so hCaptcha's script loads then and never with the page. The library's own
 * error reporting to a third party is switched off.
 */

interface Props {
  siteKey: string;
  onToken: (token: string) => void;
  onExpire: () => void;
  /** The widget is drawn: hCaptcha's script arrived. */
  onLoad: () => void;
  /** hCaptcha's script or its servers cannot be reached (blocked or offline). */
  onUnavailable: () => void;
}

/* The library's codes for a script that did not load and a widget that cannot reach hCaptcha. */
const UNREACHABLE = new Set(['script-error', 'script-load-error-other', 'network-error']);

const Captcha = forwardRef<HCaptcha, Props>(function Captcha(
  { siteKey, onToken, onExpire, onLoad, onUnavailable },
  ref,
) {
  return (
    <HCaptcha
      ref={ref}
      sitekey={siteKey}
      sentry={false}
      onVerify={onToken}
      onExpire={onExpire}
      onLoad={onLoad}
      onError={(code: string) => (UNREACHABLE.has(code) ? onUnavailable() : onExpire())}
      reCaptchaCompat={false}
    />
  );
});

export default Captcha;
