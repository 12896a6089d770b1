// One enrolment's ledger for the office (issue 20): the schedule with its states, the payments, and
// what staff do with it: record a transfer, cash or a cheque (the oldest owed line first, named in
// the request so that a double submission records once, issue 53; an amount above the balance only
// once confirmed), move or cancel a future instalment, send the family a reminder.
// Every write is in the audit log (server side).
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../lib/links.tsx';
import { AdminPage } from '../AdminPage.tsx';
import {
  useLedgerQuery,
  useRecordPaymentMutation,
  useSendReminderMutation,
  useUpdateInstalmentMutation,
} from '../api.ts';
import { notifyError, notifySuccess, serverMessage, withServerMessage } from '../feedback.ts';
import { LedgerFigures, LedgerTable, PaymentsList } from '../../lib/LedgerTable.tsx';
import {
  instalmentLabel,
  MANUAL_METHODS,
  PAYMENT_METHOD_LABELS,
  type ManualMethod,
} from '../../domain/ledger.ts';
import { type LedgerLineAnswer } from '../../domain/schemas/ledger.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { SelectBox } from '../../lib/SelectBox.tsx';
import { LabeledInput, LabeledInputs } from '../fields.tsx';
import { CheckField } from '../../lib/FormControls.tsx';
import { ValueOptions } from '../../lib/Options.tsx';

function PaymentForm({
  enrolment,
  balance,
  line,
}: {
  enrolment: string;
  balance: number;
  /** The line the payment pays first, as shown (the oldest owed); none when nothing is owed. */
  line: LedgerLineAnswer | undefined;
}) {
  const [record, { isLoading }] = useRecordPaymentMutation();
  const [method, setMethod] = useState<ManualMethod>('transferencia');
  const [amount, setAmount] = useState('');
  const [bank, setBank] = useState('');
  const [document, setDocument] = useState('');
  const [note, setNote] = useState('');
  const [excess, setExcess] = useState('');
  const [confirmExcess, setConfirmExcess] = useState(false);
  const [error, setError] = useState('');
  // The refusal under the form, read with the fields it is about.
  const failed = error ? 'payment-form-error' : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const pesos = Number(amount.replace(/[^\d]/g, ''));
    try {
      const answer = await record({
        enrolment,
        method,
        amount: pesos,
        ...(line ? { cuota: line._id, owed: line.owed } : {}),
        ...(method !== 'efectivo' ? { bank, document } : {}),
        ...(note.trim() ? { note } : {}),
        ...(confirmExcess ? { confirm_excess: true } : {}),
      }).unwrap();
      notifySuccess(answer.message);
      setAmount('');
      setBank('');
      setDocument('');
      setNote('');
      setExcess('');
      setConfirmExcess(false);
    } catch (failure) {
      const message = serverMessage(failure);
      if ((failure as { status?: number }).status === 409 && message.includes('excede')) setExcess(message);
      else setError(withServerMessage('No fue posible registrar el pago', failure));
    }
  };
  return (
    <form className="row g-2" onSubmit={(event) => void submit(event)} aria-describedby="payment-form-error">
      <div className="col-12 col-md-4">
        <SelectBox
          id="payment-method"
          name="method"
          label="Forma de pago *"
          value={method}
          onChange={(value) => setMethod(value as ManualMethod)}
        >
          <ValueOptions values={MANUAL_METHODS} label={(key) => PAYMENT_METHOD_LABELS[key]} />
        </SelectBox>
      </div>
      <div className="col-12 col-md-4">
        <label className="form-label" htmlFor="payment-amount">
          Monto (RD$) *
        </label>
        <input
          id="payment-amount"
          name="amount"
          className="form-control"
          inputMode="numeric"
          autoComplete="off"
          required
          value={amount}
          aria-describedby="payment-amount-help"
          onChange={(event) => {
            setAmount(event.target.value);
            setExcess('');
            setConfirmExcess(false);
          }}
        />
        <span id="payment-amount-help" className="form-text">
          Pesos enteros. Saldo: RD${balance.toLocaleString('en-US')}
          {line
            ? `. Paga primero: ${instalmentLabel(line)}${line.child ? ` de ${line.child}` : ''} (debe RD$${line.owed.toLocaleString('en-US')})`
            : ''}
        </span>
      </div>
      {method !== 'efectivo' ? (
        <>
          <LabeledInputs
            className="col-12 col-md-4"
            error={failed}
            fields={[
              { id: 'payment-bank', name: 'bank', label: 'Banco *', value: bank, onChange: setBank },
              {
                id: 'payment-document',
                name: 'document',
                label: method === 'cheque' ? 'Número de cheque *' : 'Referencia de la transferencia *',
                value: document,
                onChange: setDocument,
              },
            ]}
          />
        </>
      ) : null}
      <LabeledInput
        id="payment-note"
        name="note"
        label="Nota"
        value={note}
        onChange={setNote}
        className="col-12 col-md-8"
        error={failed}
      />
      {excess ? (
        <div className="col-12">
          <div className="alert alert-warning mb-2" role="alert">
            {excess}
          </div>
          <CheckField
            id="payment-confirm-excess"
            name="confirm_excess"
            checked={confirmExcess}
            onChange={setConfirmExcess}
          >
            Registrar el excedente como saldo a favor de la familia
          </CheckField>
        </div>
      ) : null}
      <p id="payment-form-error" className="col-12 text-danger mb-0" role="alert">
        {error}
      </p>
      <div className="col-12">
        <button
          type="submit"
          className="btn btn-primary admin-tap"
          disabled={isLoading || !amount || (excess !== '' && !confirmExcess)}
        >
          Registrar pago
        </button>
      </div>
    </form>
  );
}

function InstalmentActions({ line }: { line: LedgerLineAnswer }) {
  const [update, { isLoading }] = useUpdateInstalmentMutation();
  const [moving, setMoving] = useState(false);
  const [due, setDue] = useState(line.due);
  const today = santoDomingoDay(new Date());
  if (line.state === 'anulada' || line.paid > 0 || line.due < today) return null;
  const label = `${instalmentLabel(line)}${line.child ? ` de ${line.child}` : ''}`;
  const send = async (body: { due?: string; cancel?: boolean }) => {
    try {
      notifySuccess((await update({ id: line._id, ...body }).unwrap()).message);
      setMoving(false);
    } catch (failure) {
      notifyError(withServerMessage('No fue posible cambiar la cuota', failure));
    }
  };
  if (moving)
    return (
      <form
        className="d-flex flex-wrap gap-1 align-items-center"
        onSubmit={(event) => {
          event.preventDefault();
          void send({ due });
        }}
      >
        <label className="visually-hidden" htmlFor={`due-${line._id}`}>
          Nueva fecha de {label}
        </label>
        <input
          id={`due-${line._id}`}
          name="due"
          type="date"
          className="form-control form-control-sm w-auto"
          min={today}
          value={due}
          onChange={(event) => setDue(event.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-primary admin-tap" disabled={isLoading}>
          Guardar
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary admin-tap"
          onClick={() => setMoving(false)}
        >
          Cerrar
        </button>
      </form>
    );
  return (
    <div className="d-flex gap-1">
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary admin-tap"
        aria-label={`Mover ${label}`}
        onClick={() => setMoving(true)}
      >
        Mover
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger admin-tap"
        aria-label={`Anular ${label}`}
        disabled={isLoading}
        onClick={() => {
          if (window.confirm(`¿Anular ${label}? La familia ya no la deberá.`)) void send({ cancel: true });
        }}
      >
        Anular
      </button>
    </div>
  );
}

export function LedgerPage() {
  const { id = '' } = useParams();
  const ledger = useLedgerQuery(id);
  const [remind, reminding] = useSendReminderMutation();
  const data = ledger.data;
  const title = data ? `Cuenta de la orden ${data.enrolment.order_number}` : 'Cuenta de la inscripción';
  return (
    <AdminPage
      title={title}
      actions={
        data && data.balance > 0 ? (
          <button
            type="button"
            className="btn btn-outline-primary admin-tap"
            disabled={reminding.isLoading}
            onClick={() =>
              void remind(id)
                .unwrap()
                .then((answer) => notifySuccess(answer.message))
                .catch((failure: unknown) =>
                  notifyError(withServerMessage('No fue posible enviar el recordatorio', failure)),
                )
            }
          >
            Enviar recordatorio
          </button>
        ) : null
      }
    >
      <p className="mb-2">
        <Link to="/admin/cuentas">← Cuentas por cobrar</Link>
        {data ? (
          <>
            {' · '}
            <Link to={`/admin/inscripciones/${data.enrolment._id}`}>Ver la inscripción</Link>
          </>
        ) : null}
      </p>
      {ledger.error ? (
        <p role="alert">{withServerMessage('Error al cargar la cuenta', ledger.error)}</p>
      ) : !data ? (
        <p role="status">Cargando…</p>
      ) : (
        <>
          <section className="card mb-3" aria-labelledby="ledger-family">
            <div className="card-body">
              <h2 id="ledger-family" className="h5">
                {data.enrolment.camp_name}
              </h2>
              <p className="small mb-2">
                {data.enrolment.parent_name} · {data.enrolment.parent_email} ·{' '}
                {data.enrolment.children.join(', ')}
                {data.enrolment.status === 'cancelled' ? (
                  <span className="badge text-bg-secondary ms-2">Cancelada</span>
                ) : null}
              </p>
              <LedgerFigures ledger={data} />
              <LedgerTable
                ledger={data}
                caption="Plan de pagos"
                actions={(line) => <InstalmentActions line={line} />}
              />
            </div>
          </section>
          <section className="card mb-3" aria-labelledby="ledger-record">
            <div className="card-body">
              <h2 id="ledger-record" className="h5">
                Registrar un pago
              </h2>
              <p className="small text-body-secondary">
                El pago salda primero la cuota indicada (la más antigua pendiente), luego las siguientes.
              </p>
              <PaymentForm
                enrolment={data.enrolment._id}
                balance={Math.max(data.balance, 0)}
                line={data.lines.find((line) => line.owed > 0)}
              />
            </div>
          </section>
          <section className="card" aria-labelledby="ledger-payments">
            <div className="card-body">
              <h2 id="ledger-payments" className="h5">
                Pagos
              </h2>
              <PaymentsList ledger={data} />
            </div>
          </section>
        </>
      )}
    </AdminPage>
  );
}
