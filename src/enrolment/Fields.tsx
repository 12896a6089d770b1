// Labelled inputs of the wizard's forms (DESIGN.md §5, CONVENTIONS "Forms"): a visible label
// (with * when obligatory), an example as helper text, a help popover describing the field, and
// the field's error under it once it should show (useShownErrors).
import type { ChangeEvent, ReactNode } from 'react';
import { Form, OverlayTrigger, Popover } from 'react-bootstrap';
import { describedBy } from '../lib/FormControls.tsx';

interface FieldFrame {
  id: string;
  /** The control's name (form data, autofill); the id when not given. */
  name?: string;
  label: string;
  /** Helper text, usually an example. */
  help: string;
  tooltip: string;
  required?: boolean;
  className?: string;
  /** The field's error, when it should show (the parent left it or tried to continue). */
  error?: string;
  /** The parent left the field. */
  onBlur?: () => void;
}

function FieldLabel({
  id,
  label,
  tooltip,
  required,
}: Pick<FieldFrame, 'id' | 'label' | 'tooltip' | 'required'>) {
  return (
    <div className="d-flex align-items-center gap-1">
      <Form.Label htmlFor={id} className="mb-1">
        {required ? `${label} *` : label}
      </Form.Label>
      {/* A popover opened by a tap (a hover tooltip never shows on a phone), closed by a tap elsewhere. */}
      <OverlayTrigger
        trigger="click"
        rootClose
        placement="auto"
        overlay={
          <Popover id={`${id}-tip`}>
            <Popover.Body>{tooltip}</Popover.Body>
          </Popover>
        }
      >
        <button
          type="button"
          className="btn btn-link p-0 text-decoration-none field-help"
          aria-label={`Ayuda sobre ${label}`}
        >
          {/* An SVG, not the ⓘ character: some phone and test fonts have no glyph for it. */}
          <svg width="1em" height="1em" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
            <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1m0 1.3a5.7 5.7 0 1 1 0 11.4A5.7 5.7 0 0 1 8 2.3M7.3 7h1.4v4.5H7.3zm0-2.3h1.4v1.4H7.3z" />
          </svg>
        </button>
      </OverlayTrigger>
    </div>
  );
}

/** What every control of a frame carries: its name, whether it is required, and its error's aria. */
const controlProps = (frame: FieldFrame) => ({
  id: frame.id,
  name: frame.name ?? frame.id,
  required: frame.required !== false,
  isInvalid: Boolean(frame.error),
  'aria-invalid': frame.error ? true : undefined,
  'aria-describedby': describedBy(frame.id, frame.error),
  onBlur: frame.onBlur,
});

function Frame({
  id,
  label,
  help,
  tooltip,
  required = true,
  className,
  error,
  children,
}: FieldFrame & { children: ReactNode }) {
  return (
    <div className={className ?? 'mb-3'}>
      <FieldLabel id={id} label={label} tooltip={tooltip} required={required} />
      {children}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
      <Form.Text id={`${id}-help`}>{help}</Form.Text>
    </div>
  );
}

export function TextField({
  value,
  onChange,
  mask,
  multiline = false,
  disabled = false,
  inputMode,
  type = 'text',
  autoComplete,
  ...frame
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  /** Formats what was typed (masks.ts). */
  mask?: (raw: string) => string;
  multiline?: boolean;
  disabled?: boolean;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  type?: string;
  /** What the field holds for autofill; 'off' where no token fits. */
  autoComplete: string;
}) {
  const control = {
    ...controlProps(frame),
    value,
    disabled,
    autoComplete,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(mask ? mask(event.target.value) : event.target.value),
  };
  return (
    <Frame {...frame}>
      {multiline ? (
        <Form.Control as="textarea" rows={2} {...control} />
      ) : (
        <Form.Control type={type} inputMode={inputMode} {...control} />
      )}
    </Frame>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  labels,
  placeholder = 'Seleccione…',
  ...frame
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  /** What an option shows, when not its value. */
  labels?: Readonly<Record<string, string>>;
  placeholder?: string;
}) {
  return (
    <Frame {...frame}>
      <Form.Select {...controlProps(frame)} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </Form.Select>
    </Frame>
  );
}

/**
 * The red 'Errores:' block (spec 01 §5), with the spec's lines; `onFirst` adds a link to the
 * first invalid field (the form can be taller than three phone screens).
 */
export function ErrorList({
  title,
  errors,
  onFirst,
}: {
  title: string;
  errors: readonly string[];
  onFirst?: () => void;
}) {
  if (errors.length === 0) return null;
  return (
    <div className="alert alert-danger py-2" role="alert" aria-live="polite">
      <p className="fw-semibold mb-1">{title}</p>
      <ul className="list-unstyled mb-0">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
      {onFirst ? (
        <button type="button" className="btn btn-link alert-link p-0 tap-target" onClick={onFirst}>
          Ir al primer campo con error
        </button>
      ) : null}
    </div>
  );
}

/**
 * Beside a disabled forward button: what is still missing, and 'Ver qué falta', which shows every
 * error and takes the parent to the first one. `id` describes the button (aria-describedby).
 */
export function MissingNote({ id, text, onShow }: { id: string; text: string; onShow?: () => void }) {
  return (
    <div
      id={id}
      className="missing-note small text-danger d-flex flex-wrap align-items-center justify-content-end gap-2"
    >
      <span>{text}</span>
      {onShow ? (
        <button type="button" className="btn btn-outline-danger btn-sm tap-target" onClick={onShow}>
          Ver qué falta
        </button>
      ) : null}
    </div>
  );
}

export const REQUIRED_NOTE = 'Los campos marcados con * son obligatorios.';
