// Small form pieces of the sign-in pages: a labelled input whose error shows only once the field
// was touched, and a submit button with a loading state (disabled + spinner).
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { FormikProps } from 'formik';

interface TextFieldProps<V> {
  formik: FormikProps<V>;
  name: keyof V & string;
  label: string;
  type?: 'email' | 'password' | 'text';
  autoComplete?: string;
  /** Helper text under the field, also its tooltip. */
  help: string;
  disabled?: boolean;
}

export function TextField<V>({
  formik,
  name,
  label,
  type = 'text',
  autoComplete,
  help,
  disabled,
}: TextFieldProps<V>) {
  const id = `field-${name}`;
  const touched = Boolean(formik.touched[name]);
  const error = formik.errors[name];
  const shown = touched && typeof error === 'string' ? error : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        title={help}
        disabled={disabled}
        className={`form-control${shown ? ' is-invalid' : ''}`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-help${shown ? ` ${id}-error` : ''}`}
        {...formik.getFieldProps(name)}
      />
      {shown && (
        <div id={`${id}-error`} className="invalid-feedback">
          {shown}
        </div>
      )}
      <div id={`${id}-help`} className="form-text">
        {help}
      </div>
    </div>
  );
}

interface LoadingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  loading: boolean;
  children: ReactNode;
}

/** While loading: disabled, `aria-busy`, and a spinner before the (unchanged) label. */
export function LoadingButton({ loading, disabled, children, className, ...rest }: LoadingButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`btn ${className ?? 'btn-primary'}`}
      disabled={loading || disabled}
      aria-busy={loading || undefined}
    >
      {loading && (
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" data-testid="spinner" />
      )}
      {children}
    </button>
  );
}
