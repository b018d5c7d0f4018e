import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { lazy, Suspense, useEffect, type RefObject } from 'react';
import { CAPTCHA_PATIENCE_MS, type ReachLinks } from '../../lib/form-flow';
import styles from './Form.module.css';
import ReachUs from './ReachUs';
import type { CaptchaControl } from './use-form';

/*
 * The robot check, the last step of every form. Its place keeps the widget's
 * height from the first render, so nothing below it (the Send button) moves
 * when the widget arrives: a tap that lands as it arrives still sends.
 *
 * The widget's code (and through it hCaptcha's script) is fetched only when
 * this renders with `active`. When the script does not arrive within a few
 * seconds, or fails (an ad blocker, an office firewall), the form says so,
 * offers to try again and the company's other ways in.
 */

const Captcha = lazy(() => import('./Captcha'));

interface Props {
  id: string;
  siteKey: string;
  captcha: CaptchaControl;
  captchaRef: RefObject<HCaptcha | null>;
  reach: ReachLinks;
  /** False until the visitor starts on the form: nothing is fetched before. */
  active?: boolean;
}

export default function RobotCheck({ id, siteKey, captcha, captchaRef, reach, active = true }: Props) {
  const { status, round, onUnavailable } = captcha;
  // A script that never answers (dropped by a firewall) fails no request: give it a few seconds.
  useEffect(() => {
    if (!active || status !== 'loading') return;
    const timer = setTimeout(onUnavailable, CAPTCHA_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [active, status, round, onUnavailable]);

  const unavailable = status === 'unavailable';
  return (
    <div
      className={captcha.error ? `${styles.field} ${styles.fieldError}` : styles.field}
      id={id}
      tabIndex={-1}
      aria-describedby={captcha.error ? `${id}-error` : undefined}
    >
      <p className={styles.label}>Check that you are not a robot</p>
      {captcha.error && (
        <p className={styles.error} id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {captcha.error}
        </p>
      )}
      {unavailable ? (
        <div className={styles.fallback} role="status">
          <p>
            <strong>The robot check could not load.</strong> An ad blocker or your network may be blocking it.
            Everything you typed is kept.
          </p>
          <p>
            <button type="button" className={styles.secondary} onClick={captcha.retry}>
              Try the check again
            </button>
          </p>
          <ReachUs reach={reach} />
        </div>
      ) : (
        <div className={styles.captchaPlace}>
          {active ? (
            <Suspense fallback={<p className={styles.hint}>Loading the robot check…</p>}>
              <Captcha
                key={round}
                ref={captchaRef}
                siteKey={siteKey}
                onToken={captcha.onToken}
                onExpire={captcha.onExpire}
                onLoad={captcha.onLoad}
                onUnavailable={onUnavailable}
              />
            </Suspense>
          ) : (
            <p className={styles.hint}>The check appears here when you start filling in the form.</p>
          )}
        </div>
      )}
    </div>
  );
}
