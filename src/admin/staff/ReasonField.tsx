// The 'Motivo *' box of the staff dialogs that change an order (cancel, partial change), its error
// tied to it.
import { CANCEL_REASON_MAX } from '../../domain/staff.ts';

export function ReasonField({
  id,
  value,
  error,
  rows,
  onChange,
}: {
  id: string;
  value: string;
  error: string;
  rows: number;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        Motivo *
      </label>
      <textarea
        id={id}
        name="reason"
        autoComplete="off"
        inputMode="text"
        maxLength={CANCEL_REASON_MAX}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </>
  );
}
