// Form pieces of the admin dialogs besides the shared TextField: a labelled select and a switch,
// with errors tied to their field like TextField's, and the bounds of the API contract.
import type { FormEvent, ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import type { FormikProps } from 'formik';
import type { TObject } from 'typebox';
import { describedBy, FieldNotes, TextField, type TextFieldProps } from '../lib/FormControls.tsx';

/** A field's maximum length as the API contract declares it (one home for the bound). */
export function maxLengthOf(schema: TObject, field: string): number {
  const property: { maxLength?: unknown } | undefined = schema.properties[field];
  if (typeof property?.maxLength !== 'number') throw new Error(`No maxLength for ${field}`);
  return property.maxLength;
}

/** Yup's `.max` arguments for a text field: the contract's bound and a Spanish message. */
export function lengthLimit(schema: TObject, field: string): [number, string] {
  const max = maxLengthOf(schema, field);
  return [max, `Admite hasta ${max} caracteres.`];
}

function fieldError<V>(formik: FormikProps<V>, name: keyof V & string): string | undefined {
  const error = formik.errors[name];
  return formik.touched[name] && typeof error === 'string' ? error : undefined;
}

/** A whole-number field of a record (prices, places, days): typed as a number, with a number pad. */
export function NumberField<V>(props: Omit<TextFieldProps<V>, 'type' | 'inputMode'>) {
  return <TextField type="number" inputMode="numeric" {...props} />;
}

interface SelectFieldProps<V> {
  formik: FormikProps<V>;
  name: keyof V & string;
  label: string;
  help: string;
  children: ReactNode;
}

export function SelectField<V>({ formik, name, label, help, children }: SelectFieldProps<V>) {
  const id = `field-${name}`;
  const shown = fieldError(formik, name);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${shown ? ' is-invalid' : ''}`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(id, shown)}
        {...formik.getFieldProps(name)}
      >
        {children}
      </select>
      <FieldNotes id={id} error={shown} help={help} />
    </div>
  );
}

export function SwitchField<V>({
  formik,
  name,
  label,
  help,
}: {
  formik: FormikProps<V>;
  name: keyof V & string;
  label: string;
  help?: string;
}) {
  const id = `field-${name}`;
  return (
    <div className="form-check form-switch mb-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={Boolean(formik.values[name])}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(event) => void formik.setFieldValue(name, event.target.checked)}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}

/** Active / inactive: deletion goes through the delete button, never through this select. */
export function StatusField<V>({ formik }: { formik: FormikProps<V> }) {
  return (
    <SelectField
      formik={formik}
      name={'status' as keyof V & string}
      label="Estado"
      help="Solo los registros activos se ofrecen a los padres."
    >
      <option value="active">Activo</option>
      <option value="inactive">Inactivo</option>
    </SelectField>
  );
}

interface ChecklistFieldProps<V> {
  formik: FormikProps<V>;
  /** A field holding the checked ids. */
  name: keyof V & string;
  legend: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  /** Shown instead of the boxes when there is nothing to check. */
  empty?: ReactNode;
  help?: string;
}

/** A set of checkboxes bound to an array of ids (a week's categories, a coupon's camps). */
export function ChecklistField<V>({ formik, name, legend, options, empty, help }: ChecklistFieldProps<V>) {
  const chosen = new Set(formik.values[name] as string[]);
  function toggle(id: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    void formik.setFieldValue(name, [...next]);
  }
  const helpId = help ? `field-${name}-help` : undefined;
  return (
    <fieldset className="mb-3" aria-describedby={helpId}>
      <legend className="form-label fs-6">{legend}</legend>
      {options.length === 0 && empty
        ? empty
        : options.map((option) => (
            <div key={option.id} className="form-check">
              <input
                id={`${name}-${option.id}`}
                name={name}
                type="checkbox"
                className="form-check-input"
                value={option.id}
                checked={chosen.has(option.id)}
                onChange={(event) => toggle(option.id, event.target.checked)}
              />
              <label htmlFor={`${name}-${option.id}`} className="form-check-label">
                {option.label}
              </label>
            </div>
          ))}
      {help && (
        <div id={helpId} className="form-text">
          {help}
        </div>
      )}
    </fieldset>
  );
}

type LabeledInputProps = Parameters<typeof LabeledInput>[0];

/** Several LabeledInputs of one form, in one column width, tied to the form's one error. */
export function LabeledInputs({
  fields,
  className,
  error,
}: {
  fields: ReadonlyArray<Omit<LabeledInputProps, 'className' | 'error'>>;
  className?: string;
  error: string | undefined;
}) {
  return fields.map((field) => (
    <LabeledInput key={field.name} {...field} className={className} error={error} />
  ));
}

/** A plain labelled input of the panel's small forms (not Formik): label, control, the error tie. */
export function LabeledInput({
  id,
  name,
  label,
  value,
  onChange,
  type = 'text',
  inputMode = 'text',
  autoComplete = 'off',
  className = 'mb-3',
  error,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  autoComplete?: string;
  className?: string;
  /** The id of the form's error message, when there is one. */
  error?: string | undefined;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        className="form-control admin-tap"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * A small form of the panel in a card (not Formik): its title, its inputs, the submitting button,
 * and under them the server's refusal, tied to the inputs by `errorId` (LabeledInputs' `error`), or
 * what the submit did (issue 54: a toast covered 'Crear cuenta' on a phone for its 6 s).
 */
export function SmallFormCard({
  titleId,
  title,
  onSubmit,
  submitLabel,
  submitColumn = 'col-12 col-md-2',
  busy,
  error,
  errorId,
  done = '',
  children,
}: {
  titleId: string;
  title: string;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  submitColumn?: string;
  busy: boolean;
  error: string;
  errorId: string;
  /** What the last submit did, said under the form (a toast there would cover its button). */
  done?: string;
  children: ReactNode;
}) {
  return (
    <form className="card mb-3" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <div className="card-header">
        <h2 id={titleId} className="h6 mb-0">
          {title}
        </h2>
      </div>
      <div className="card-body row g-2 align-items-end">
        {children}
        <div className={submitColumn}>
          <Button type="submit" className="admin-tap w-100" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
        {error ? (
          <p id={errorId} className="text-danger small mb-0" role="alert">
            {error}
          </p>
        ) : null}
        <p className="text-success small mb-0" role="status">
          {error ? '' : done}
        </p>
      </div>
    </form>
  );
}
