// An enrolment's schedule as its ledger reads it (issue 20): due day, child and instalment, amount,
// what is paid and the state (Pendiente, Pagada, Vencida, Anulada); the parent's 'Mis pagos' and
// the office's ledger page show the same rows. `actions` adds a cell per line (the office's).
import type { ReactNode } from 'react';
import { formatDop } from '../domain/pricing.ts';
import { formatDueDay } from '../domain/plans.ts';
import {
  instalmentLabel,
  INSTALMENT_STATE_LABELS,
  PAYMENT_METHOD_LABELS,
  type InstalmentState,
} from '../domain/ledger.ts';
import { type EnrolmentLedgerAnswer, type LedgerLineAnswer } from '../domain/schemas/ledger.ts';
import { formatPaymentDate } from '../domain/enrolment.ts';

const STATE_BADGE: Record<InstalmentState, string> = {
  pendiente: 'text-bg-light border',
  pagada: 'text-bg-success',
  vencida: 'text-bg-danger',
  anulada: 'text-bg-secondary',
};

export function LedgerTable({
  ledger,
  caption,
  actions,
}: {
  ledger: EnrolmentLedgerAnswer;
  caption: string;
  actions?: (line: LedgerLineAnswer) => ReactNode;
}) {
  const several = ledger.enrolment.children.length > 1;
  return (
    // Scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too.
    <div className="table-responsive" tabIndex={0} role="region" aria-label={caption}>
      <table className="table table-sm align-middle small mb-2">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Vence</th>
            <th scope="col">Concepto</th>
            <th scope="col" className="text-end">
              Monto y estado
            </th>
            {actions ? <th scope="col">Acciones</th> : null}
          </tr>
        </thead>
        <tbody>
          {ledger.lines.map((line) => (
            <tr key={line._id}>
              <td className="text-nowrap">{formatDueDay(line.due)}</td>
              <td>
                {instalmentLabel(line)}
                {several && line.child ? (
                  <span className="d-block text-body-secondary">{line.child}</span>
                ) : null}
              </td>
              <td className="text-end text-nowrap">
                {formatDop(line.amount)}
                {line.paid > 0 && line.owed > 0 ? (
                  <span className="d-block text-body-secondary">pagado {formatDop(line.paid)}</span>
                ) : null}
                {/* The state under the amount, so the table fits a phone's width. */}
                <br />
                <span className={`badge mt-1 ${STATE_BADGE[line.state]}`}>
                  {INSTALMENT_STATE_LABELS[line.state]}
                </span>
                {line.retry ? (
                  <span className="d-block small text-body-secondary text-wrap">
                    Reintento el {formatDueDay(line.retry)}
                  </span>
                ) : null}
                {line.stopped ? (
                  <span className="d-block small text-danger text-wrap">
                    Cobro automático detenido: {line.stopped}
                  </span>
                ) : null}
              </td>
              {actions ? <td>{actions(line)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The figures under a ledger: balance, overdue, paid, the next due day, a credit. */
export function LedgerFigures({ ledger }: { ledger: EnrolmentLedgerAnswer }) {
  return (
    <dl className="row small mb-2">
      <dt className="col-6 col-md-3 fw-normal">Saldo pendiente</dt>
      <dd className="col-6 col-md-3 fw-semibold" data-testid="ledger-balance">
        {formatDop(Math.max(ledger.balance, 0))}
      </dd>
      <dt className="col-6 col-md-3 fw-normal">Vencido</dt>
      <dd className={`col-6 col-md-3 fw-semibold${ledger.overdue > 0 ? ' text-danger' : ''}`}>
        {formatDop(ledger.overdue)}
      </dd>
      <dt className="col-6 col-md-3 fw-normal">Pagado</dt>
      <dd className="col-6 col-md-3">{formatDop(ledger.paid)}</dd>
      <dt className="col-6 col-md-3 fw-normal">Próxima cuota</dt>
      <dd className="col-6 col-md-3">
        {ledger.next_due ? `${formatDueDay(ledger.next_due)} · ${formatDop(ledger.next_amount)}` : '—'}
      </dd>
      {ledger.credit > 0 ? (
        <>
          <dt className="col-6 col-md-3 fw-normal">Saldo a favor</dt>
          <dd className="col-6 col-md-3">{formatDop(ledger.credit)}</dd>
        </>
      ) : null}
      {ledger.returned.card > 0 ? (
        <>
          <dt className="col-6 col-md-3 fw-normal">Reembolsado a la tarjeta</dt>
          <dd className="col-6 col-md-3">{formatDop(ledger.returned.card)}</dd>
        </>
      ) : null}
      {ledger.returned.office > 0 ? (
        <>
          <dt className="col-6 col-md-3 fw-normal">
            {ledger.returned.office_owed
              ? 'Por devolver en efectivo o transferencia'
              : 'Devuelto en efectivo o transferencia'}
          </dt>
          <dd className="col-6 col-md-3">{formatDop(ledger.returned.office)}</dd>
        </>
      ) : null}
    </dl>
  );
}

const PAYMENT_STATUS: Record<string, string> = {
  approved: 'Aprobado',
  recorded: 'Registrado',
  declined: 'Rechazado',
  failed: 'No realizado',
  charging: 'En verificación',
};

/** The payments of a ledger: when, how, how much and its state (declined ones too, with why). */
export function PaymentsList({ ledger }: { ledger: EnrolmentLedgerAnswer }) {
  if (ledger.payments.length === 0) return null;
  return (
    <ul className="list-unstyled small mb-0">
      {ledger.payments.map((payment) => (
        <li key={payment._id} className="border-bottom py-1">
          <span className="fw-semibold">{formatDop(payment.amount)}</span> ·{' '}
          {formatPaymentDate(new Date(payment.created_at))} · {PAYMENT_METHOD_LABELS[payment.method]}
          {payment.card?.last4 ? ` ${payment.card.brand} ****${payment.card.last4}` : ''}
          {payment.auth_code ? ` · Autorización ${payment.auth_code}` : ''}
          {payment.bank ? ` · ${payment.bank}` : ''}
          {payment.document ? ` · Ref. ${payment.document}` : ''} ·{' '}
          {PAYMENT_STATUS[payment.status] ?? payment.status}
          {payment.message ? <span className="d-block text-danger">{payment.message}</span> : null}
        </li>
      ))}
    </ul>
  );
}
