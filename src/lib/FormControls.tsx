// Small form pieces of the sign-in pages and the admin dialogs: a labelled input whose error shows
// only once the field was touched (tied to it by aria-describedby), and a submit button with a
// loading state (disabled + spinner).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ButtonHTMLAttributes, HTMLAttributes, ReactNode } from 'react';
import type { FormikProps } from 'formik';

export interface TextFieldProps<V> {
  formik: FormikProps<V>;
  name: keyof V & string;
  label: string;
  type?: 'email' | 'password' | 'text' | 'number' | 'date';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Helper text under the field, also its tooltip. */
  help: string;
  disabled?: boolean;
  /** A multi-line text instead of an input. */
  multiline?: boolean;
  /** Called with the typed text before Formik stores it (e.g. upper-casing a code). */
  transform?: (value: string) => string;
  min?: number;
  max?: number;
}

export function TextField<V>({
  formik,
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  help,
  disabled,
  multiline,
  transform,
  min,
  max,
}: TextFieldProps<V>) {
  const id = `field-${name}`;
  const touched = Boolean(formik.touched[name]);
  const error = formik.errors[name];
  const shown = touched && typeof error === 'string' ? error : undefined;
  const field = formik.getFieldProps(name);
  if (transform) {
    field.onChange = (event: { target: { value: string } }) =>
      void formik.setFieldValue(name, transform(event.target.value));
  }
  // Text typed into a page rendered ahead (src/prerender.tsx) before the scripts ran is on screen
  // but not in Formik: taken in once, when the scripts take the page over.
  const typedEarly = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    const typed = typedEarly.current?.value;
    if (typed && formik.values[name] === '') void formik.setFieldValue(name, typed);
    // Once, on the first render: later typing reaches Formik through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const common = {
    ref: typedEarly,
    title: help,
    disabled,
    className: `form-control${shown ? ' is-invalid' : ''}`,
    'aria-invalid': shown ? true : undefined,
    'aria-describedby': describedBy(id, shown),
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} rows={3} autoComplete={autoComplete ?? 'off'} {...common} {...field} />
      ) : (
        <input
          id={id}
          type={type}
          // Admin records and codes: nothing for the browser to autofill unless the form says so.
          autoComplete={autoComplete ?? 'off'}
          inputMode={inputMode}
          min={min}
          max={max}
          {...common}
          {...field}
        />
      )}
      <FieldNotes id={id} error={shown} help={help} />
    </div>
  );
}

/** A field's error (when shown) and helper text, with the ids its aria-describedby names. */
export function FieldNotes({ id, error, help }: { id: string; error: string | undefined; help: string }) {
  return (
    <>
      {error && (
        // Announced when it appears (role alert), and read with the field (aria-describedby).
        <div id={`${id}-error`} className="invalid-feedback" role="alert">
          {error}
        </div>
      )}
      <div id={`${id}-help`} className="form-text">
        {help}
      </div>
    </>
  );
}

/** The aria-describedby of a field with FieldNotes: its error first (read before the example), then its help. */
export const describedBy = (id: string, error: string | undefined) =>
  error ? `${id}-error ${id}-help` : `${id}-help`;

/** A checkbox with its label beside it (Bootstrap's form-check), for a yes or no the page keeps. */
export function CheckField({
  id,
  name,
  checked,
  onChange,
  className,
  labelClassName,
  children,
}: {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Classes of the wrapper besides `form-check` (its margins). */
  className?: string;
  /** Classes of the label besides `form-check-label`. */
  labelClassName?: string;
  /** The label. */
  children: ReactNode;
}) {
  return (
    <div className={className ? `form-check ${className}` : 'form-check'}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className="form-check-input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label
        className={labelClassName ? `form-check-label ${labelClassName}` : 'form-check-label'}
        htmlFor={id}
      >
        {children}
      </label>
    </div>
  );
}

interface LoadingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  loading: boolean;
  children: ReactNode;
}

/** While loading: disabled, `aria-busy`, and a spinner before the (unchanged) label. */
const noSubscription = () => () => undefined;

/**
 * False while a page rendered ahead (src/prerender.tsx) is on screen but not yet hydrated, true
 * from then on (and at once in a page drawn by the browser).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function LoadingButton({ loading, disabled, children, className, ...rest }: LoadingButtonProps) {
  // Before the scripts have taken over a page rendered ahead, a submit would send the form as the
  // browser does, with the password in the address: it waits for them.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      {...rest}
      className={`btn ${className ?? 'btn-primary'}`}
      disabled={loading || disabled || (rest.type === 'submit' && !hydrated)}
      aria-busy={loading || undefined}
    >
      {loading && (
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" data-testid="spinner" />
      )}
      {children}
    </button>
  );
}
