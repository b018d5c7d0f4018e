import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { patience, type Check, type CheckStatus, type ReachLinks } from '../../lib/form-flow';
import styles from './Form.module.css';
import ReachUs from './ReachUs';
import type { CaptchaControl } from './use-form';

/*
 * The robot check, the last step of every form. Its place keeps the widget's height from the first render, so the
 * Send button below does not move as the widget arrives. The widget's code (and through it hCaptcha's script) is
 * fetched only when this renders with `active`. Whenever hCaptcha fails the visitor (its script blocked or late, its
 * servers unreachable, a press it never answers) the form says so, offers to try again and the other ways in.
 */

const Captcha = lazy(() => import('./Captcha'));

interface Props {
  id: string;
  siteKey: string;
  captcha: CaptchaControl;
  captchaRef: RefObject<HCaptcha | null>;
  /** Builds the links that carry what was typed, when the way out is shown. */
  reachLinks: () => ReachLinks;
  /** False until the visitor starts on the form: nothing is fetched before. */
  active?: boolean;
}

const FAILURE: Record<NonNullable<Check['failure']>, [string, string]> = {
  'not-loaded': ['The robot check could not load.', 'An ad blocker or your network may be blocking it.'],
  'not-answering': [
    'The robot check stopped working.',
    'hCaptcha, which runs it, could not be reached or did not answer.',
  ],
};

export default function RobotCheck({ id, siteKey, captcha, captchaRef, reachLinks, active = true }: Props) {
  const { check, report } = captcha;
  const { status, round } = check;
  const place = useRef<HTMLDivElement>(null);

  // A script that never answers (dropped by a firewall) fails no request, nor does a press that hCaptcha's servers
  // never answer: the check is given a few seconds (src/lib/form-flow.ts says how long, and when).
  const wait = patience(check);
  const giveUp = useEffectEvent((since: CheckStatus, of: number) =>
    report({ type: 'out-of-patience', status: since, round: of }),
  );
  useEffect(() => {
    if (!active || wait === null) return;
    const timer = setTimeout(() => giveUp(status, round), wait);
    return () => clearTimeout(timer);
  }, [active, status, round, wait]);

  // hCaptcha's widget is a frame from its own servers, so a press in it is seen here only as this window losing
  // focus to that frame. Focus moved there with Tab is not a press: the key that acts on it is not seen at all.
  const reportPress = useEffectEvent(() => report({ type: 'pressed' }));
  const reportReturn = useEffectEvent(() => report({ type: 'returned' }));
  const drawn = active && status !== 'unavailable';
  useEffect(() => {
    if (!drawn) return;
    let tabbing = false;
    const key = (event: KeyboardEvent) => {
      tabbing = event.key === 'Tab';
    };
    const pointer = () => {
      tabbing = false;
    };
    const blur = () => {
      const frame = document.activeElement;
      if (!tabbing && frame instanceof HTMLIFrameElement && place.current?.contains(frame)) reportPress();
      tabbing = false;
    };
    // Back on the page (a click on it, or back from the tab hCaptcha's privacy link opened): no press is pending.
    const focus = () => reportReturn();
    document.addEventListener('keydown', key, true);
    document.addEventListener('pointerdown', pointer, true);
    window.addEventListener('blur', blur);
    window.addEventListener('focus', focus);
    return () => {
      document.removeEventListener('keydown', key, true);
      document.removeEventListener('pointerdown', pointer, true);
      window.removeEventListener('blur', blur);
      window.removeEventListener('focus', focus);
    };
  }, [drawn]);

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
      <div role="status">
        {check.expired && !captcha.error && (
          <p className={styles.hint}>
            The check that you are not a robot has expired. Please do it again: everything you typed is kept.
          </p>
        )}
      </div>
      {check.failure ? (
        <div className={styles.fallback} role="status">
          <p>
            <strong>{FAILURE[check.failure][0]}</strong> {FAILURE[check.failure][1]} Everything you typed is kept.
          </p>
          <p>
            <button type="button" className={styles.secondary} onClick={() => report({ type: 'retry' })}>
              Try the check again
            </button>
          </p>
          <ReachUs reachLinks={reachLinks} />
        </div>
      ) : (
        <div className={styles.captchaPlace} ref={place}>
          {active ? (
            <Suspense fallback={<p className={styles.hint}>Loading the robot check…</p>}>
              <Captcha key={round} ref={captchaRef} siteKey={siteKey} report={report} />
            </Suspense>
          ) : (
            <p className={styles.hint}>The check appears here when you start filling in the form.</p>
          )}
        </div>
      )}
    </div>
  );
}
