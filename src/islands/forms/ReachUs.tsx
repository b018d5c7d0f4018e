import type { ReachLinks } from '../../lib/form-flow';
import styles from './Form.module.css';

/*
 * The company's other ways in, for when a form cannot be sent: a call, a
 * WhatsApp message where the company has one, and an e-mail that already
 * holds everything the visitor typed, so nothing has to be typed twice.
 * The links are built here, when they are shown, not on every keystroke.
 */
export default function ReachUs({ reachLinks }: { reachLinks: () => ReachLinks }) {
  const reach = reachLinks();
  return (
    <>
      <p>Or reach us another way:</p>
      <ul className={styles.reach}>
        <li>
          <a href={reach.mailto}>Email us your message</a> (opens your email app with what you typed)
        </li>
        <li>
          Call us on <a href={reach.tel}>{reach.phone}</a>
        </li>
        {reach.whatsapp && (
          <li>
            <a href={reach.whatsapp} rel="noopener noreferrer">
              Send your message on WhatsApp
            </a>
          </li>
        )}
      </ul>
    </>
  );
}
