// 'Comprobantes fiscales' (issue 18): the school's fiscal data printed on every receipt, the NCF
// ranges the DGII authorised (with what is left and until when), and what needs doing: a type with
// no usable range stops issuing, and the paid orders waiting for a receipt get theirs as soon as
// a range is added here.
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { AdminPage } from '../AdminPage.tsx';
import { LabeledInput } from '../fields.tsx';
import { FilterSelect } from '../filters.tsx';
import { DataTable, type AdminColumn } from '../DataTable.tsx';
import {
  useAddSequenceMutation,
  useCorrectEcfMutation,
  useDisableSequenceMutation,
  useEcfReceiptsQuery,
  useFiscalQuery,
  useResendEcfMutation,
  useSaveFiscalMutation,
  useSendEcfMutation,
} from '../api.ts';
import { downloadFile } from '../download.ts';
import { maskRnc } from '../../lib/masks.ts';
import {
  ECF_STATE_LABELS,
  ECF_STATES,
  ecfRangeExpiry,
  type EcfRecord,
  type EcfType,
  type EcfView,
} from '../../domain/ecf.ts';
import { formatDop } from '../../domain/pricing.ts';
import { FIELD_MESSAGES } from '../../domain/enrolment.ts';
import { notifyError, notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import {
  ELECTRONIC_TYPES,
  ITBIS_MODES,
  isElectronic,
  NCF_TYPE_CODES as NCF_CODES,
  NCF_TYPES,
  RECEIPT_MESSAGES,
  SEQUENCE_STATUS_LABELS,
  type FiscalSettingsInput,
  type ItbisMode,
  type NcfType,
  type SequenceView,
} from '../../domain/receipts.ts';

/** Which field a refusal is about. */
const SETTINGS_FIELD_OF: Record<string, keyof FiscalSettingsInput> = {
  [RECEIPT_MESSAGES.schoolRnc]: 'rnc',
  [FIELD_MESSAGES.cedulaCheckDigit]: 'rnc',
  [RECEIPT_MESSAGES.required('el nombre de la escuela')]: 'school_name',
  [RECEIPT_MESSAGES.required('la dirección de la escuela')]: 'address',
  [RECEIPT_MESSAGES.schoolEmail]: 'email',
};
const SEQUENCE_FIELD_OF: Record<string, 'range' | 'expires_on'> = {
  ...Object.fromEntries(NCF_CODES.map((code) => [RECEIPT_MESSAGES.rangeTooLarge(code), 'range'])),
  [RECEIPT_MESSAGES.rangeOrder]: 'range',
  [RECEIPT_MESSAGES.rangeOverlap]: 'range',
  [RECEIPT_MESSAGES.expiryPast]: 'expires_on',
  [RECEIPT_MESSAGES.expiryInvalid]: 'expires_on',
};

const EMPTY_SETTINGS: FiscalSettingsInput = {
  school_name: '',
  rnc: '',
  address: '',
  phone: '',
  email: '',
  itbis: 'exento',
};

function Field({
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

/** One labelled input; `invalid` ties it to the form's refusal (its id). */
function Input({
  id,
  label,
  className,
  value,
  onChange,
  invalid,
  ...input
}: {
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
}) {
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
function FormError({ id, message }: { id: string; message: string }) {
  return message ? (
    <p id={id} className="text-danger small mb-0 col-12" role="alert">
      {message}
    </p>
  ) : null;
}

function SettingsForm({ saved }: { saved: FiscalSettingsInput | null }) {
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
      <Input
        id="fiscal-name"
        label="Nombre o razón social de la escuela"
        name="school_name"
        autoComplete="organization"
        inputMode="text"
        maxLength={150}
        value={values.school_name}
        onChange={(school_name) => set({ school_name })}
        invalid={invalid('school_name')}
      />
      <Input
        id="fiscal-rnc"
        label="RNC"
        name="rnc"
        autoComplete="off"
        inputMode="numeric"
        maxLength={13}
        placeholder="1-30-12345-4"
        value={values.rnc}
        onChange={(rnc) => set({ rnc })}
        invalid={invalid('rnc')}
      />
      <Input
        id="fiscal-address"
        label="Dirección"
        name="address"
        autoComplete="street-address"
        inputMode="text"
        maxLength={300}
        value={values.address}
        onChange={(address) => set({ address })}
        invalid={invalid('address')}
      />
      <Input
        id="fiscal-phone"
        label="Teléfono"
        className="col-12 col-sm-6 col-md-3"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={30}
        value={values.phone}
        onChange={(phone) => set({ phone })}
      />
      <Input
        id="fiscal-email"
        label="Correo de la escuela (respuestas de las familias)"
        className="col-12 col-md-6"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        value={values.email ?? ''}
        onChange={(email) => set({ email })}
        invalid={invalid('email')}
      />
      <Field id="fiscal-itbis" label="ITBIS" className="col-12 col-sm-6 col-md-3">
        <select
          id="fiscal-itbis"
          name="itbis"
          autoComplete="off"
          className="form-select"
          value={values.itbis}
          onChange={(event) => set({ itbis: event.target.value as ItbisMode })}
        >
          {(Object.keys(ITBIS_MODES) as ItbisMode[]).map((mode) => (
            <option key={mode} value={mode}>
              {ITBIS_MODES[mode]}
            </option>
          ))}
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

/** A new range's form: the types the school issues (electronic once e-CF is on, with B for a contingency). */
function SequenceForm({ types }: { types: readonly NcfType[] }) {
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
      <Input
        id="sequence-first"
        label="Número inicial"
        className="col-6 col-lg-2"
        name="first"
        autoComplete="off"
        inputMode="numeric"
        value={first}
        onChange={(text) => setFirst(text.replace(/\D/g, ''))}
        maxLength={isElectronic(type) ? 10 : 8}
        invalid={invalid('range')}
      />
      <Input
        id="sequence-last"
        label="Número final"
        className="col-6 col-lg-2"
        name="last"
        autoComplete="off"
        inputMode="numeric"
        value={last}
        onChange={(text) => setLast(text.replace(/\D/g, ''))}
        maxLength={isElectronic(type) ? 10 : 8}
        invalid={invalid('range')}
      />
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

/** Asks before a range stops issuing (numbers the DGII cancelled, a range entered by mistake). */
function DisableDialog({ sequence, onClose }: { sequence: SequenceView | null; onClose: () => void }) {
  const [disable, { isLoading }] = useDisableSequenceMutation();
  const [error, setError] = useState('');
  async function confirm() {
    if (!sequence) return;
    try {
      notifySuccess((await disable(sequence._id).unwrap()).message);
      onClose();
    } catch (failure) {
      setError(withServerMessage('No fue posible desactivarla', failure));
    }
  }
  return (
    <Modal show={sequence !== null} onHide={onClose} centered aria-labelledby="disable-sequence-title">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="disable-sequence-title" as="h2" className="h5">
          Desactivar secuencia
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          ¿Desactivar la secuencia {sequence?.first} a {sequence?.last}? No emitirá más comprobantes.
        </p>
        {error ? (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {error}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" className="admin-tap" onClick={onClose}>
          Volver
        </Button>
        <Button variant="danger" className="admin-tap" disabled={isLoading} onClick={() => void confirm()}>
          Desactivar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

const ECF_PAGE = 20;

/**
 * A rejected e-CF corrected (issue 22): DGII's reasons, the buyer of an E31 to correct, and the
 * school's data as the fiscal screen has them now; the server signs it again and queues it.
 */
function CorrectEcfDialog({ receipt, onClose }: { receipt: EcfView | null; onClose: () => void }) {
  const [correct, { isLoading }] = useCorrectEcfMutation();
  const [rnc, setRnc] = useState(receipt?.buyer_rnc ?? '');
  const [name, setName] = useState(receipt?.buyer_name ?? '');
  const [error, setError] = useState('');
  const ids = { rnc: useId(), name: useId(), error: useId() };
  const credit = receipt?.type === 'E31';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!receipt) return;
    correct({ id: receipt._id, ...(credit ? { rnc: rnc.trim(), rnc_nombre: name.trim() } : {}) })
      .unwrap()
      .then((answer) => {
        notifySuccess(answer.message);
        onClose();
      })
      .catch((failure: unknown) =>
        setError(serverMessage(failure) || 'No fue posible corregir el comprobante.'),
      );
  };
  const described = error ? ids.error : undefined;
  const buyerFields = [
    {
      id: ids.rnc,
      name: 'rnc',
      label: 'RNC del comprador',
      autoComplete: 'off',
      inputMode: 'numeric',
      value: rnc,
      set: (value: string) => setRnc(maskRnc(value)),
    },
    {
      id: ids.name,
      name: 'rnc_nombre',
      label: 'Nombre o razón social',
      autoComplete: 'organization',
      inputMode: 'text',
      value: name,
      set: setName,
    },
  ] as const;
  return (
    <Modal show={receipt !== null} onHide={onClose} centered aria-labelledby="correct-ecf-title">
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id="correct-ecf-title" as="h2" className="h5">
            Corregir {receipt?.encf}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-1">DGII lo rechazó:</p>
          <ul>
            {(receipt?.messages.length ? receipt.messages : ['sin motivo indicado']).map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          {credit
            ? buyerFields.map((field) => (
                <LabeledInput
                  key={field.name}
                  id={field.id}
                  name={field.name}
                  label={field.label}
                  autoComplete={field.autoComplete}
                  inputMode={field.inputMode}
                  value={field.value}
                  onChange={field.set}
                  className="mb-2"
                  error={described}
                />
              ))
            : null}
          <p className="small text-body-secondary mb-0">
            Se firmará de nuevo con los datos fiscales de la escuela que tiene esta página (corríjalos antes
            si DGII los rechazó) y se enviará a DGII. Si DGII dio por usado su número, tomará el siguiente.
          </p>
          {error ? (
            <p id={ids.error} className="text-danger small mt-2 mb-0" role="alert">
              {error}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" className="admin-tap" onClick={onClose}>
            Volver
          </Button>
          <Button type="submit" variant="primary" className="admin-tap" disabled={isLoading}>
            {isLoading ? 'Firmando…' : 'Firmar y enviar'}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/**
 * The e-CF the school issued (issue 22): each with its state at DGII, its TrackId and DGII's
 * messages, the signed XML to download, and 'Enviar ahora' (the background pass, at once).
 */
function EcfSection() {
  const [state, setState] = useState<EcfRecord['state'] | ''>('');
  const [type, setType] = useState<EcfType | ''>('');
  const [page, setPage] = useState(1);
  const list = useEcfReceiptsQuery({ ...(state ? { state } : {}), ...(type ? { type } : {}), page });
  const [send, sending] = useSendEcfMutation();
  const [resend] = useResendEcfMutation();
  const [busy, setBusy] = useState('');
  const [resending, setResending] = useState('');
  const [correcting, setCorrecting] = useState<EcfView | null>(null);
  const filterId = useId();
  const typeFilterId = useId();
  const columns = useMemo<Array<AdminColumn<EcfView>>>(
    () => [
      { id: 'encf', header: 'e-NCF', cell: ({ row }) => row.original.encf },
      {
        id: 'type',
        header: 'Tipo',
        cell: ({ row }) => NCF_TYPES[row.original.type as NcfType] ?? row.original.type,
      },
      { id: 'order', header: 'Orden', cell: ({ row }) => row.original.order_number },
      { id: 'total', header: 'Monto', cell: ({ row }) => formatDop(row.original.total) },
      { id: 'issued_at', header: 'Emitido', cell: ({ row }) => row.original.issued_at },
      {
        id: 'state',
        header: 'Estado en DGII',
        cell: ({ row }) => (
          <span className={row.original.state === 'rejected' ? 'text-danger fw-semibold' : undefined}>
            {ECF_STATE_LABELS[row.original.state]}
          </span>
        ),
      },
      { id: 'track', header: 'TrackId', cell: ({ row }) => row.original.track_id || '—' },
      {
        id: 'messages',
        header: 'Mensajes de DGII',
        cell: ({ row }) => (
          <>
            {row.original.messages.join('; ') || '—'}
            {row.original.replaces.length > 0 ? (
              <div className="small text-body-secondary">Reemplaza a {row.original.replaces.join(', ')}</div>
            ) : null}
            {row.original.state === 'rejected' ? (
              <div>
                <button
                  type="button"
                  className="btn btn-outline-danger admin-tap mt-1"
                  aria-label={`Corregir ${row.original.encf}`}
                  onClick={() => setCorrecting(row.original)}
                >
                  Corregir
                </button>
              </div>
            ) : null}
            {row.original.state === 'queued' || row.original.state === 'sent' ? (
              <div>
                <button
                  type="button"
                  className="btn btn-outline-primary admin-tap mt-1"
                  aria-label={`Reenviar ${row.original.encf}`}
                  disabled={resending === row.original._id}
                  onClick={() => {
                    setResending(row.original._id);
                    resend(row.original._id)
                      .unwrap()
                      .then((answer) => notifySuccess(answer.message))
                      .catch((error: unknown) =>
                        notifyError(withServerMessage('No fue posible reenviar', error)),
                      )
                      .finally(() => setResending(''));
                  }}
                >
                  {resending === row.original._id ? 'Reenviando…' : 'Reenviar'}
                </button>
              </div>
            ) : null}
          </>
        ),
      },
      {
        id: 'xml',
        header: 'XML firmado',
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-outline-primary admin-tap"
            aria-label={`Descargar el XML firmado de ${row.original.encf}`}
            disabled={busy === row.original._id}
            onClick={() => {
              setBusy(row.original._id);
              downloadFile(`/comprobantes/ecf/xml/${row.original._id}`)
                .catch((error: unknown) => notifyError(withServerMessage('No fue posible descargar', error)))
                .finally(() => setBusy(''));
            }}
          >
            XML
          </button>
        ),
      },
    ],
    [busy, resending, resend],
  );
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ECF_PAGE));
  return (
    <section className="card mb-3" aria-labelledby="ecf-title">
      <div className="card-header d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h2 id="ecf-title" className="h6 mb-0">
          Comprobantes electrónicos (e-CF)
        </h2>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <FilterSelect
            compact
            id={filterId}
            name="ecf_state"
            label="Estado"
            allLabel="Todos"
            value={state}
            onChange={(value) => {
              setState(value as EcfRecord['state'] | '');
              setPage(1);
            }}
            options={ECF_STATES.map((value) => ({ value, label: ECF_STATE_LABELS[value] }))}
          />
          <FilterSelect
            compact
            id={typeFilterId}
            name="ecf_type"
            label="Tipo"
            allLabel="Todos"
            value={type}
            onChange={(value) => {
              setType(value as EcfType | '');
              setPage(1);
            }}
            options={ELECTRONIC_TYPES.map((value) => ({ value, label: `${value} · ${NCF_TYPES[value]}` }))}
          />
          <Button
            variant="primary"
            className="admin-tap"
            disabled={sending.isLoading}
            onClick={() => {
              send()
                .unwrap()
                .then((answer) => notifySuccess(answer.message))
                .catch((error: unknown) => notifyError(withServerMessage('No fue posible enviar', error)));
            }}
          >
            {sending.isLoading ? 'Enviando…' : 'Enviar ahora'}
          </Button>
        </div>
      </div>
      <CorrectEcfDialog
        key={correcting?._id ?? 'none'}
        receipt={correcting}
        onClose={() => setCorrecting(null)}
      />
      <div className="card-body p-0">
        {list.error ? (
          <p role="alert" className="p-3 mb-0">
            {withServerMessage('Error al cargar los comprobantes electrónicos', list.error)}
          </p>
        ) : !list.data ? (
          <p role="status" className="p-3 mb-0">
            Cargando…
          </p>
        ) : list.data.data.length === 0 ? (
          <p role="status" className="p-3 mb-0">
            No hay comprobantes electrónicos{type ? ` ${type}` : ''}
            {state ? ` en estado «${ECF_STATE_LABELS[state]}»` : ''}.
          </p>
        ) : (
          <DataTable
            caption="Comprobantes electrónicos"
            columns={columns}
            rows={list.data.data}
            sorting={[]}
            onSortingChange={() => {}}
            sortable={[]}
            rowId={(row) => row._id}
          />
        )}
      </div>
      {pages > 1 ? (
        <div className="card-footer d-flex gap-2 align-items-center">
          <Button
            variant="outline-primary"
            className="admin-tap"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Anterior
          </Button>
          <span className="small">
            Página {page} de {pages}
          </span>
          <Button
            variant="outline-primary"
            className="admin-tap"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Siguiente
          </Button>
        </div>
      ) : null}
    </section>
  );
}

export function ReceiptsPage() {
  const fiscal = useFiscalQuery();
  const [disabling, setDisabling] = useState<SequenceView | null>(null);
  const columns = useMemo<Array<AdminColumn<SequenceView>>>(
    () => [
      {
        id: 'type',
        header: 'Tipo',
        cell: ({ row }) => `${row.original.type} · ${NCF_TYPES[row.original.type]}`,
      },
      { id: 'range', header: 'Rango', cell: ({ row }) => `${row.original.first} a ${row.original.last}` },
      {
        id: 'next',
        header: 'Siguiente',
        cell: ({ row }) => (row.original.left > 0 ? row.original.next : '—'),
      },
      { id: 'left', header: 'Quedan', cell: ({ row }) => row.original.left.toLocaleString('es-DO') },
      { id: 'expires_on', header: 'Vence', cell: ({ row }) => row.original.expires_on },
      { id: 'status', header: 'Estado', cell: ({ row }) => SEQUENCE_STATUS_LABELS[row.original.status] },
      {
        id: 'actions',
        header: 'Acción',
        cell: ({ row }) =>
          row.original.status === 'active' ? (
            <button
              type="button"
              className="btn btn-outline-danger admin-tap"
              aria-label={`Desactivar la secuencia ${row.original.first} a ${row.original.last}`}
              onClick={() => setDisabling(row.original)}
            >
              Desactivar
            </button>
          ) : null,
      },
    ],
    [],
  );
  return (
    <AdminPage title="Comprobantes fiscales">
      {fiscal.error ? (
        <p role="alert">{withServerMessage('Error al cargar los comprobantes fiscales', fiscal.error)}</p>
      ) : !fiscal.data ? (
        <p role="status">Cargando…</p>
      ) : (
        <>
          {fiscal.data.alerts.length > 0 ? (
            <div className="alert alert-warning" role="status" aria-label="Avisos de comprobantes fiscales">
              <ul className="mb-0 ps-3">
                {fiscal.data.alerts.map((alert) => (
                  <li key={alert}>{alert}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <section className="card mb-3" aria-labelledby="fiscal-settings-title">
            <div className="card-header">
              <h2 id="fiscal-settings-title" className="h6 mb-0">
                Datos fiscales de la escuela
              </h2>
            </div>
            <div className="card-body">
              {/* Keyed by what is saved: a save (or another admin's) starts the form from it. */}
              <SettingsForm key={JSON.stringify(fiscal.data.settings)} saved={fiscal.data.settings} />
            </div>
          </section>
          <section className="card mb-3" aria-labelledby="fiscal-sequences-title">
            <div className="card-header">
              <h2 id="fiscal-sequences-title" className="h6 mb-0">
                Secuencias de NCF
              </h2>
            </div>
            <div className="card-body p-0">
              {fiscal.data.sequences.length === 0 ? (
                <p className="p-3 mb-0" role="status">
                  No hay secuencias de NCF.
                </p>
              ) : (
                <DataTable
                  caption="Secuencias de NCF"
                  columns={columns}
                  rows={fiscal.data.sequences}
                  sorting={[]}
                  onSortingChange={() => {}}
                  sortable={[]}
                  rowId={(sequence) => sequence._id}
                />
              )}
            </div>
            <div className="card-footer">
              <SequenceForm types={fiscal.data.types} />
            </div>
          </section>
          {fiscal.data.ecf ? <EcfSection /> : null}
          <DisableDialog
            key={disabling?._id ?? 'none'}
            sequence={disabling}
            onClose={() => setDisabling(null)}
          />
        </>
      )}
    </AdminPage>
  );
}
