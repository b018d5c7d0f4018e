import { useEffect, useRef } from 'react';
import styles from './Form.module.css';

/*
 * "There is a problem": the list of what to fix, each linked to its field.
 * It takes focus when it appears so a screen reader reads it at once.
 */

interface Props {
  errors: Record<string, string>;
  /** The id of the control for a field name. */
  fieldId: (name: string) => string;
  /** Changes whenever the visitor tries to send again, so focus moves back here. */
  attempt: number;
}

export default function ErrorSummary({ errors, fieldId, attempt }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  // Focus on each new attempt, not on every keystroke that changes the errors.
  // With nothing to fix the summary is not rendered, so there is nothing to focus.
  useEffect(() => {
    ref.current?.focus();
  }, [attempt]);
  if (entries.length === 0) return null;
  return (
    <div className={styles.summary} ref={ref} tabIndex={-1} role="alert" aria-labelledby={`summary-${attempt}`}>
      <h3 className={styles.summaryTitle} id={`summary-${attempt}`}>
        There is a problem
      </h3>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a
              href={`#${fieldId(name)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(fieldId(name))?.focus();
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
