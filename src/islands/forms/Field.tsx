import type { ChangeEvent } from 'react';
import styles from './Form.module.css';

/*
 * One form field the GOV.UK way: a visible label, an optional hint, and an
 * error message linked to the control by aria-describedby, with aria-invalid.
 */

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select';
  options?: readonly { value: string; label: string }[] | undefined;
  required?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  /** Marks an optional field in its label, as GOV.UK does. */
  optionalLabel?: boolean;
}

export default function Field({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  type = 'text',
  options,
  required = false,
  readOnly = false,
  autoComplete,
  autoFocus,
  optionalLabel = false,
}: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    value,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    readOnly,
    autoFocus,
    className: styles.control,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(event.target.value),
    onBlur,
  };
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optionalLabel && !required && <span className={styles.optional}> (optional)</span>}
      </label>
      {hint && (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className={styles.error} id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {type === 'textarea' ? (
        <textarea {...common} rows={5} />
      ) : type === 'select' ? (
        <select {...common}>
          <option value="">Choose…</option>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          spellCheck={type === 'email' || type === 'url' ? false : undefined}
        />
      )}
    </div>
  );
}
