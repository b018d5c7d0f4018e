/*
 * A field people never see or reach: hidden from view, from screen readers and
 * from the keyboard. A bot that fills every field fills it and is stored as spam.
 */
export default function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}
