// A labelled <select> that hands over the chosen value: the staff dialogs and forms, and the
// parents' change of weeks.
import type { ReactNode } from 'react';

export function SelectBox({
  id,
  name,
  label,
  className = 'form-select',
  autoComplete,
  value,
  onChange,
  children,
}: {
  id: string;
  name: string;
  label: ReactNode;
  className?: string;
  autoComplete?: 'off';
  value: string;
  onChange: (value: string) => void;
  /** The options. */
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        autoComplete={autoComplete}
        className={className}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </>
  );
}
