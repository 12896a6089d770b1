// The 'Pagos' section of the order page (issue 54): what its ledger collected in all (a plan's
// instalments too, not only the checkout's charge), what it still owes, a link to the ledger, and
// each payment with its note and who recorded it.
import { Link } from '../../../lib/links.tsx';
import { PAYMENT_METHOD_LABELS } from '../../../domain/ledger.ts';
import { formatDop } from '../../../domain/pricing.ts';
import type { EnrolmentDetail } from '../../../domain/staff.ts';
import { formatDay } from '../../feedback.ts';
import { Facts, Section } from './DetailSection.tsx';

/** Who recorded a payment, as staff read it: the family at the checkout, or the staff member. */
const recordedBy = (who: string) => (who === 'inscripción' ? 'La familia (inscripción en línea)' : who);

export function PaymentsSection({ enrolment }: { enrolment: EnrolmentDetail }) {
  const { ledger } = enrolment;
  if (!ledger) return null;
  return (
    <Section title="Pagos">
      <Facts
        rows={[
          ['Cobrado', formatDop(ledger.paid)],
          ['Saldo pendiente', formatDop(Math.max(ledger.balance, 0))],
        ]}
      />
      <Link
        to={`/admin/cuentas/${enrolment._id}`}
        className="admin-tap d-inline-flex align-items-center mb-2"
      >
        Ver estado de cuenta
      </Link>
      {ledger.payments.length === 0 ? (
        <p className="small text-body-secondary mb-0">Sin pagos registrados.</p>
      ) : (
        <ul className="list-unstyled small mb-0">
          {ledger.payments.map((payment) => (
            <li key={payment._id} className="border-top py-2">
              <span className="fw-semibold">{formatDop(payment.amount)}</span> ·{' '}
              {PAYMENT_METHOD_LABELS[payment.method]} · {formatDay(payment.created_at)}
              {payment.document && ` · Ref. ${payment.document}${payment.bank ? ` (${payment.bank})` : ''}`}
              <span className="d-block text-body-secondary">
                Registrado por {recordedBy(payment.recorded_by)}
              </span>
              {payment.note && <span className="d-block">Nota: {payment.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
