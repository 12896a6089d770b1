// One card of 'Ajustes de la escuela' (issue 55): its fields, saved together. Public fields start
// from what is saved; secrets and PEM texts start empty and are sent only when typed, so saving a
// name never touches AZUL's keys. A merchant change the server warns about (409 with `confirm`)
// is asked before it is sent again with `confirm: true`.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '../../lib/DialogFrame.tsx';
import { useSaveSchoolSettingsMutation, type AdminCallError } from '../api.ts';
import { formatDay, notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';
import { maxLengthOf } from '../fields.tsx';
import { Field, FormError } from '../staff/receipts/FormFields.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import {
  SchoolSettingsBody,
  type SchoolSecret,
  type SchoolSettingsInput,
  type SchoolSettingsView,
} from '../../domain/school-settings.ts';

type Name = Exclude<keyof SchoolSettingsInput, 'confirm'>;

export interface SettingsField {
  name: Name;
  label: string;
  /**
   * text (the default), a colour, one of `options`, a PEM text (pasted or read from a file), a
   * secret, or a binary file sent in base64 (a .p12).
   */
  kind?: 'colour' | 'select' | 'pem' | 'secret' | 'file';
  /** For a file: the types offered. */
  accept?: string;
  type?: 'text' | 'url' | 'email';
  inputMode?: 'text' | 'numeric' | 'email' | 'url';
  autoComplete?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  help?: string;
  /** For write-only fields: when (or whether) the saved one was configured. */
  saved?: (view: SchoolSettingsView) => string | null;
  className?: string;
}

const writeOnly = (field: SettingsField) =>
  field.kind === 'pem' || field.kind === 'secret' || field.kind === 'file';

/** A chosen file as text (a PEM) or its bytes in base64 (a .p12, as the API takes it). */
function readFile(file: File, as: 'text' | 'base64'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(as === 'text' ? result : result.slice(result.indexOf(',') + 1));
    };
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

/** 'configurado el 29/11/2026' of a secret, or null while it was never set. */
export const configuredOn =
  (secret: SchoolSecret) =>
  (view: SchoolSettingsView): string | null => {
    const at = view.secrets[secret].configured_at;
    return at ? `configurado el ${formatDay(at)}` : null;
  };

/** A saved public field as its input's text (every one is a string; none saved is ''). */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function initialValues(fields: readonly SettingsField[], view: SchoolSettingsView): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      writeOnly(field) ? '' : textOf((view as unknown as Record<string, unknown>)[field.name]),
    ]),
  );
}

/**
 * The key a page gives a card: what is saved of its own fields (public values, and when each secret
 * or file was set). A save elsewhere on the page (another card's, or another administrator's read
 * back) leaves a card's typing alone; a save of its own starts it again from what is saved, file
 * inputs emptied too.
 */
export const sectionKey = (fields: readonly SettingsField[], view: SchoolSettingsView): string => {
  const secrets = view.secrets as Partial<Record<string, { configured_at: string | null }>>;
  return JSON.stringify([
    initialValues(fields, view),
    fields
      .filter(writeOnly)
      .map((field) => secrets[field.name]?.configured_at ?? field.saved?.(view) ?? null),
  ]);
};

/** A PEM field: paste it, or read it from the file AZUL sent. */
function PemInput({
  id,
  name,
  value,
  onChange,
  invalid,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  invalid: Record<string, unknown>;
}) {
  return (
    <>
      <textarea
        id={id}
        name={name}
        className="form-control font-monospace small"
        rows={3}
        autoComplete="off"
        spellCheck={false}
        placeholder="-----BEGIN …-----"
        maxLength={maxLengthOf(SchoolSettingsBody, name)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...invalid}
      />
      <input
        type="file"
        name={`${name}-archivo`}
        accept=".pem,.crt,.cer,.key,text/plain"
        className="form-control form-control-sm mt-1 admin-tap"
        aria-label="Cargar desde un archivo"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void readFile(file, 'text').then(onChange);
        }}
      />
    </>
  );
}

export function SettingsSection({
  id,
  title,
  view,
  fields,
  saveLabel,
  extra,
  children,
}: {
  id: string;
  title: string;
  view: SchoolSettingsView;
  fields: readonly SettingsField[];
  saveLabel: string;
  /** More buttons beside 'Guardar' (AZUL's 'Probar conexión'). */
  extra?: ReactNode;
  /** Said above the fields (whether the section is complete). */
  children?: ReactNode;
}) {
  const [values, setValues] = useState(() => initialValues(fields, view));
  const [error, setError] = useState('');
  const [warning, setWarning] = useState<{ message: string; body: SchoolSettingsInput } | null>(null);
  const [save, { isLoading }] = useSaveSchoolSettingsMutation();
  const errorId = useId();
  const invalid = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};

  async function send(body: SchoolSettingsInput) {
    setError('');
    try {
      notifySuccess((await save(body).unwrap()).message);
      // Typed secrets are never kept on the page once saved.
      setValues((current) => ({
        ...current,
        ...Object.fromEntries(fields.filter(writeOnly).map((field) => [field.name, ''])),
      }));
    } catch (failure) {
      if ((failure as Partial<AdminCallError>).confirm) setWarning({ message: serverMessage(failure), body });
      else setError(serverMessage(failure) || withServerMessage('No fue posible guardar', failure));
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const saved = initialValues(fields, view);
    // Only what changed: a write-only field when typed, a public one when it differs.
    const body = Object.fromEntries(
      fields
        .filter((field) =>
          writeOnly(field) ? values[field.name]!.trim() !== '' : values[field.name] !== saved[field.name],
        )
        .map((field) => [field.name, writeOnly(field) ? values[field.name]!.trim() : values[field.name]]),
    ) as SchoolSettingsInput;
    if (Object.keys(body).length === 0) {
      setError('No hay cambios que guardar.');
      return;
    }
    void send(body);
  }
  const titleId = `${id}-title`;
  return (
    <SettingsCard id={id} title={title}>
      <form className="card-body row g-2" noValidate onSubmit={submit} aria-labelledby={titleId}>
        {children}
        {fields.map((field) => {
          const inputId = `${id}-${field.name}`;
          const value = values[field.name] ?? '';
          const set = (next: string) => setValues((current) => ({ ...current, [field.name]: next }));
          const note = field.saved?.(view);
          const helpId = `${inputId}-help`;
          const help = [field.help, writeOnly(field) ? (note ?? 'sin configurar') : null]
            .filter(Boolean)
            .join(' · ');
          const described = {
            'aria-describedby': [help ? helpId : '', error ? errorId : ''].join(' ').trim() || undefined,
          };
          const common = { id: inputId, name: field.name, ...invalid, ...described };
          let control: ReactNode;
          if (field.kind === 'select')
            control = (
              <select
                className="form-select admin-tap"
                autoComplete="off"
                value={value}
                onChange={(event) => set(event.target.value)}
                {...common}
              >
                {field.options?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            );
          else if (field.kind === 'pem')
            control = (
              <PemInput
                id={inputId}
                name={field.name}
                value={value}
                onChange={set}
                invalid={{ ...invalid, ...described }}
              />
            );
          else if (field.kind === 'file')
            control = (
              <input
                type="file"
                className="form-control admin-tap"
                accept={field.accept}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void readFile(file, 'base64').then(set);
                  else set('');
                }}
                {...common}
              />
            );
          else if (field.kind === 'colour')
            control = (
              <div className="d-flex gap-2">
                <input
                  type="color"
                  className="form-control form-control-color admin-tap"
                  aria-label={`${field.label} (selector)`}
                  value={value || '#0d6efd'}
                  onChange={(event) => set(event.target.value)}
                />
                <input
                  type="text"
                  className="form-control admin-tap"
                  inputMode="text"
                  autoComplete="off"
                  placeholder="#1f4e79"
                  maxLength={7}
                  value={value}
                  onChange={(event) => set(event.target.value)}
                  {...common}
                />
              </div>
            );
          else
            control = (
              <input
                className="form-control admin-tap"
                type={field.kind === 'secret' ? 'password' : (field.type ?? 'text')}
                inputMode={field.inputMode ?? 'text'}
                autoComplete={field.kind === 'secret' ? 'new-password' : (field.autoComplete ?? 'off')}
                maxLength={maxLengthOf(SchoolSettingsBody, field.name)}
                placeholder={field.kind === 'secret' && note ? '•••••• (escriba para reemplazar)' : undefined}
                value={value}
                onChange={(event) => set(event.target.value)}
                {...common}
              />
            );
          return (
            <Field
              key={field.name}
              id={inputId}
              label={field.label}
              className={field.className ?? 'col-12 col-md-6'}
            >
              {control}
              {help ? (
                <div id={helpId} className="form-text">
                  {help}
                </div>
              ) : null}
            </Field>
          );
        })}
        <FormError id={errorId} message={error} />
        <div className="col-12 d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary admin-tap" disabled={isLoading}>
            {saveLabel}
          </button>
          {extra}
        </div>
      </form>
      <ConfirmDialog
        show={warning !== null}
        onClose={() => setWarning(null)}
        titleId={`${id}-confirm-title`}
        title="¿Cambiar el comercio de AZUL?"
        confirmLabel="Cambiar de todos modos"
        confirmVariant="warning"
        busy={isLoading}
        onConfirm={() => {
          const body = warning?.body;
          setWarning(null);
          if (body) void send({ ...body, confirm: true });
        }}
      >
        <p className="mb-0">{warning?.message}</p>
      </ConfirmDialog>
    </SettingsCard>
  );
}
