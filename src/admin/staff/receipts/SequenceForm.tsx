// A new NCF range's form: the type (electronic once e-CF is on, with B for a contingency), the
// first and last numbers the DGII authorised, and when the range expires.
import { useId, useState, type FormEvent } from 'react';
import { useAddSequenceMutation } from '../../api.ts';
import { notifySuccess, serverMessage, withServerMessage } from '../../feedback.ts';
import { ecfRangeExpiry } from '../../../domain/ecf.ts';
import { santoDomingoDay } from '../../../domain/days.ts';
import {
  isElectronic,
  NCF_TYPE_CODES as NCF_CODES,
  NCF_TYPES,
  RECEIPT_MESSAGES,
  type NcfType,
} from '../../../domain/receipts.ts';
import { Field, FormError, Input } from './FormFields.tsx';

/** Which field a refusal is about. */
const SEQUENCE_FIELD_OF: Record<string, 'range' | 'expires_on'> = {
  ...Object.fromEntries(NCF_CODES.map((code) => [RECEIPT_MESSAGES.rangeTooLarge(code), 'range'])),
  [RECEIPT_MESSAGES.rangeOrder]: 'range',
  [RECEIPT_MESSAGES.rangeOverlap]: 'range',
  [RECEIPT_MESSAGES.expiryPast]: 'expires_on',
  [RECEIPT_MESSAGES.expiryInvalid]: 'expires_on',
};

export function SequenceForm({ types }: { types: readonly NcfType[] }) {
  const [type, setType] = useState<NcfType>(types.includes('E32') ? 'E32' : 'B02');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [expires, setExpires] = useState('');
  const [error, setError] = useState('');
  const [add, { isLoading }] = useAddSequenceMutation();
  const errorId = useId();
  const field = SEQUENCE_FIELD_OF[error];
  const invalid = (name: 'range' | 'expires_on') =>
    error && (!field || field === name) ? errorId : undefined;
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    const [from, to] = [Number(first), Number(last)];
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < 1 || !expires) {
      setError('Escriba el número inicial, el final y la fecha de vencimiento de la secuencia.');
      return;
    }
    try {
      notifySuccess((await add({ type, first: from, last: to, expires_on: expires }).unwrap()).message);
      setFirst('');
      setLast('');
      setExpires('');
    } catch (failure) {
      setError(serverMessage(failure) || withServerMessage('No fue posible agregar la secuencia', failure));
    }
  }
  // The range's two ends: digits only, as long as the type's numbers.
  const ends = [
    { id: 'sequence-first', label: 'Número inicial', name: 'first', value: first, set: setFirst },
    { id: 'sequence-last', label: 'Número final', name: 'last', value: last, set: setLast },
  ];
  return (
    <form
      className="row g-2 align-items-end"
      onSubmit={(event) => void submit(event)}
      aria-label="Agregar secuencia de NCF"
    >
      <Field id="sequence-type" label="Tipo" className="col-12 col-sm-6 col-lg-3">
        <select
          id="sequence-type"
          name="type"
          autoComplete="off"
          className="form-select"
          value={type}
          onChange={(event) => {
            const chosen = event.target.value as NcfType;
            setType(chosen);
            // An e-NCF range ends on 31 December of the year after its authorisation (DGII).
            if (isElectronic(chosen) && !expires) setExpires(ecfRangeExpiry(santoDomingoDay(new Date())));
          }}
        >
          {types.map((code) => (
            <option key={code} value={code}>
              {code} · {NCF_TYPES[code]}
            </option>
          ))}
        </select>
      </Field>
      {ends.map((end) => (
        <Input
          key={end.name}
          id={end.id}
          label={end.label}
          className="col-6 col-lg-2"
          name={end.name}
          autoComplete="off"
          inputMode="numeric"
          value={end.value}
          onChange={(text) => end.set(text.replace(/\D/g, ''))}
          maxLength={isElectronic(type) ? 10 : 8}
          invalid={invalid('range')}
        />
      ))}
      <Input
        id="sequence-expires"
        label="Vence el"
        className="col-12 col-sm-6 col-lg-3"
        name="expires_on"
        type="date"
        inputMode="numeric"
        autoComplete="off"
        value={expires}
        onChange={setExpires}
        invalid={invalid('expires_on')}
      />
      <div className="col-12 col-lg-2">
        <button type="submit" className="btn btn-primary admin-tap w-100" disabled={isLoading}>
          Agregar secuencia
        </button>
      </div>
      <FormError id={errorId} message={error} />
    </form>
  );
}
