import HCaptcha from '@hcaptcha/react-hcaptcha';
import { forwardRef } from 'react';
import type { CheckEvent } from '../../lib/form-flow';

/*
 * The hCaptcha widget. It is rendered only when its form is open or in use,
 * so hCaptcha's script loads then and never with the page. The library's own
 * error reporting to a third party is switched off. Everything the widget says
 * goes to the form as an event; src/lib/form-flow.ts decides what it means.
 */

interface Props {
  siteKey: string;
  report: (event: CheckEvent) => void;
}

const Captcha = forwardRef<HCaptcha, Props>(function Captcha({ siteKey, report }, ref) {
  return (
    <HCaptcha
      ref={ref}
      sitekey={siteKey}
      sentry={false}
      // onReady, not onLoad: a widget drawn when hCaptcha's script is already on the page (a dialog opened again,
      // "try again" after an error) gets no onLoad from the library, only onReady.
      onReady={() => report({ type: 'loaded' })}
      onVerify={(token: string) => report({ type: 'token', token })}
      onExpire={() => report({ type: 'expired' })}
      onOpen={() => report({ type: 'opened' })}
      onClose={() => report({ type: 'closed' })}
      onChalExpired={() => report({ type: 'challenge-expired' })}
      onError={(code: string) => report({ type: 'error', code })}
      reCaptchaCompat={false}
    />
  );
});

export default Captcha;
