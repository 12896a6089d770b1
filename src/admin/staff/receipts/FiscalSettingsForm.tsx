// The school's fiscal data printed on every receipt (issue 18): name, RNC, address, phone, e-mail
// and how ITBIS is charged; a refusal is tied to the field it is about.
import { useId, useState, type FormEvent } from 'react';
import { useSaveFiscalMutation } from '../../api.ts';
import { notifySuccess, serverMessage, withServerMessage } from '../../feedback.ts';
import { FIELD_MESSAGES } from '../../../domain/enrolment.ts';
import {
  ITBIS_MODES,
  RECEIPT_MESSAGES,
  type FiscalSettingsInput,
  type ItbisMode,
} from '../../../domain/receipts.ts';
import { Field, FormError, Input, type InputProps } from './FormFields.tsx';
import { ValueOptions } from '../../../lib/Options.tsx';

/** Which field a refusal is about. */
const SETTINGS_FIELD_OF: Record<string, keyof FiscalSettingsInput> = {
  [RECEIPT_MESSAGES.schoolRnc]: 'rnc',
  [FIELD_MESSAGES.cedulaCheckDigit]: 'rnc',
  [RECEIPT_MESSAGES.required('el nombre de la escuela')]: 'school_name',
  [RECEIPT_MESSAGES.required('la dirección de la escuela')]: 'address',
  [RECEIPT_MESSAGES.schoolEmail]: 'email',
};

const EMPTY_SETTINGS: FiscalSettingsInput = {
  school_name: '',
  rnc: '',
  address: '',
  phone: '',
  email: '',
  itbis: 'exento',
};

type TextName = Exclude<keyof FiscalSettingsInput, 'itbis'>;

/** The form's text fields in their order. No refusal is about the phone: it is never marked. */
const TEXT_FIELDS: Array<
  Omit<InputProps, 'value' | 'onChange' | 'invalid' | 'name'> & { name: TextName; refusable?: false }
> = [
  {
    id: 'fiscal-name',
    label: 'Nombre o razón social de la escuela',
    name: 'school_name',
    autoComplete: 'organization',
    inputMode: 'text',
    maxLength: 150,
  },
  {
    id: 'fiscal-rnc',
    label: 'RNC',
    name: 'rnc',
    autoComplete: 'off',
    inputMode: 'numeric',
    maxLength: 13,
    placeholder: '1-30-12345-4',
  },
  {
    id: 'fiscal-address',
    label: 'Dirección',
    name: 'address',
    autoComplete: 'street-address',
    inputMode: 'text',
    maxLength: 300,
  },
  {
    id: 'fiscal-phone',
    label: 'Teléfono',
    className: 'col-12 col-sm-6 col-md-3',
    name: 'phone',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    maxLength: 30,
    refusable: false,
  },
  {
    id: 'fiscal-email',
    label: 'Correo de la escuela (respuestas de las familias)',
    className: 'col-12 col-md-6',
    name: 'email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    maxLength: 254,
  },
];

export function FiscalSettingsForm({ saved }: { saved: FiscalSettingsInput | null }) {
  const [values, setValues] = useState<FiscalSettingsInput>(saved ?? EMPTY_SETTINGS);
  const [error, setError] = useState('');
  const [save, { isLoading }] = useSaveFiscalMutation();
  const errorId = useId();
  const set = (patch: Partial<FiscalSettingsInput>) => setValues((current) => ({ ...current, ...patch }));
  // The refusal is tied to the field it is about (every field when it names none).
  const field = SETTINGS_FIELD_OF[error];
  const invalid = (name: keyof FiscalSettingsInput) =>
    error && (!field || field === name) ? errorId : undefined;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    try {
      notifySuccess((await save(values).unwrap()).message);
    } catch (failure) {
      setError(serverMessage(failure) || withServerMessage('No fue posible guardar', failure));
    }
  }
  return (
    <form
      className="row g-2"
      onSubmit={(event) => void submit(event)}
      aria-label="Datos fiscales de la escuela"
    >
      {TEXT_FIELDS.map(({ refusable, ...input }) => (
        <Input
          key={input.name}
          {...input}
          value={values[input.name] ?? ''}
          onChange={(value) => set({ [input.name]: value })}
          invalid={refusable === false ? undefined : invalid(input.name)}
        />
      ))}
      <Field id="fiscal-itbis" label="ITBIS" className="col-12 col-sm-6 col-md-3">
        <select
          id="fiscal-itbis"
          name="itbis"
          autoComplete="off"
          className="form-select"
          value={values.itbis}
          onChange={(event) => set({ itbis: event.target.value as ItbisMode })}
        >
          <ValueOptions
            values={Object.keys(ITBIS_MODES) as ItbisMode[]}
            label={(mode) => ITBIS_MODES[mode]}
          />
        </select>
      </Field>
      <FormError id={errorId} message={error} />
      <div className="col-12">
        <button type="submit" className="btn btn-primary admin-tap" disabled={isLoading}>
          Guardar datos fiscales
        </button>
      </div>
    </form>
  );
}
