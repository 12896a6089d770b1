// The 'Motivo *' box of the staff dialogs that change an order (cancel, partial change), its error
// tied to it, and the state behind it.
import { useState } from 'react';
import { CANCEL_REASON_MAX } from '../../domain/staff.ts';

/** The reason typed so far; its error clears as soon as staff type again. */
export function useReason(missing: string) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const onChange = (next: string) => {
    setValue(next);
    setError('');
  };
  return {
    field: { value, error, onChange },
    /** The reason, trimmed, or null (and `missing` shown) while it has fewer than 3 characters. */
    take: (): string | null => {
      const reason = value.trim();
      if (reason.length >= 3) return reason;
      setError(missing);
      return null;
    },
  };
}

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
