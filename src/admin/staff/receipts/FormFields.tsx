// The labelled controls of the receipts screen's own forms (fiscal data, a new NCF range): a field
// with its label, a text input tied to the form's refusal, and the refusal itself.
import type { ReactNode } from 'react';

export function Field({
  id,
  label,
  children,
  className = 'col-12 col-md-6',
}: {
  id: string;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      {children}
    </div>
  );
}

export interface InputProps {
  id: string;
  label: string;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: string;
  name: string;
  autoComplete: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  type?: 'text' | 'tel' | 'date' | 'email';
  maxLength?: number;
  placeholder?: string;
}

/** One labelled input; `invalid` ties it to the form's refusal (its id). */
export function Input({ id, label, className, value, onChange, invalid, ...input }: InputProps) {
  return (
    <Field id={id} label={label} {...(className ? { className } : {})}>
      <input
        id={id}
        type="text"
        className="form-control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...input}
        {...(invalid ? { 'aria-describedby': invalid, 'aria-invalid': true } : {})}
      />
    </Field>
  );
}

/** A form's refusal, read out and tied to the form's fields. */
export function FormError({ id, message }: { id: string; message: string }) {
  return message ? (
    <p id={id} className="text-danger small mb-0 col-12" role="alert">
      {message}
    </p>
  ) : null;
}
