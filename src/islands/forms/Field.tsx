import type { ChangeEvent } from 'react';
import type { Field as Described } from '../../lib/forms';
import styles from './Form.module.css';

/*
 * One form field the GOV.UK way, as its description says (src/lib/forms.ts): a
 * visible label, an optional hint, and an error message linked to the control
 * by aria-describedby, with aria-invalid. A field the visitor may leave empty
 * says so in its label; one the page gives is read-only.
 */

interface Props {
  id: string;
  field: Omit<Described, 'rule'>;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}

export default function Field({ id, field, value, onChange, error, autoFocus }: Props) {
  const { label, hint, type = 'text', options, required = false, given = false } = field;
  if (type === 'checkbox')
    return (
      <div className={styles.checkbox}>
        <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor={id}>{label}</label>
      </div>
    );
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    value: String(value),
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    readOnly: given,
    autoFocus,
    className: styles.control,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(event.target.value),
  };
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {!required && !given && <span className={styles.optional}> (optional)</span>}
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
          autoComplete={field.autoComplete}
          spellCheck={type === 'email' || type === 'url' ? false : undefined}
        />
      )}
    </div>
  );
}
