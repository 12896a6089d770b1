// The 'Orden' section of the order page: number, dates, camp, what was paid and how, and once
// cancelled, when, why, by whom and what went back to the family.
import { OFFICE_REFUND_METHOD_LABELS } from '../../../domain/give-back.ts';
import { formatDop } from '../../../domain/pricing.ts';
import { formatDueDay } from '../../../domain/plans.ts';
import { OFFICE_SALE_LABELS } from '../../../domain/office-sales.ts';
import type { EnrolmentDetail } from '../../../domain/staff.ts';
import { formatDay } from '../../feedback.ts';
import { Facts, Section } from './DetailSection.tsx';

/** The refund of a cancelled order as staff read it: to the card, pending, or none (a credit or the fee). */
function refundText(enrolment: EnrolmentDetail): string {
  if (enrolment.refund_status === 'none') return 'Sin reembolso a la tarjeta';
  const amount = formatDop(enrolment.refund_amount ?? enrolment.amount);
  return enrolment.refund_status === 'refunded'
    ? `${amount}, solicitado a la pasarela`
    : `${amount}, pendiente`;
}

/** What was paid at the counter of a cancelled order (issue 53): owed back, or handed back by whom. */
function officeRefundText(refund: NonNullable<EnrolmentDetail['office_refund']>): string {
  const amount = formatDop(refund.amount);
  if (refund.status === 'owed') return `${amount}, pendiente de devolver en efectivo o transferencia`;
  const how = refund.method ? OFFICE_REFUND_METHOD_LABELS[refund.method] : 'Devuelto';
  return `${amount}, ${how.toLowerCase()} por ${refund.returned_by ?? ''} el ${formatDay(refund.returned_at)}${refund.note ? ` (${refund.note})` : ''}`;
}

export function OrderSection({ enrolment }: { enrolment: EnrolmentDetail }) {
  return (
    <Section title="Orden">
      <Facts
        rows={[
          ['Número de orden', enrolment.order_number],
          ['Fecha', formatDay(enrolment.created_at)],
          ['Campamento', enrolment.camp_name],
          // What the order was sold for at the checkout; what it collected is under 'Pagos' (issue 54).
          [
            enrolment.office?.method === 'pendiente' ? 'Monto de la orden' : 'Monto de la inscripción',
            formatDop(enrolment.amount),
          ],
          ['Descuento', formatDop(enrolment.discount)],
          ['Cupón', enrolment.coupon ?? ''],
          // Cash, a transfer or nothing yet at the counter (issue 54): no card authorised anything.
          ...(enrolment.auth_code || !enrolment.office
            ? ([['Autorización', enrolment.auth_code ?? '']] as Array<[string, string]>)
            : []),
          ...(enrolment.gateway_rrn
            ? ([
                ['Referencia de la pasarela', enrolment.gateway_reference ?? ''],
                ['RRN', enrolment.gateway_rrn],
              ] as Array<[string, string]>)
            : []),
          ...(enrolment.office
            ? ([
                ['Tomada en la oficina por', enrolment.office.taken_by_name],
                ['Forma de pago', OFFICE_SALE_LABELS[enrolment.office.method]],
                ...(enrolment.office.due
                  ? [['Fecha límite de pago', formatDueDay(enrolment.office.due)]]
                  : []),
              ] as Array<[string, string]>)
            : []),
          ...(enrolment.card.last4
            ? ([['Tarjeta', `${enrolment.card.brand} terminada en ${enrolment.card.last4}`]] as Array<
                [string, string]
              >)
            : []),
          ['Fecha de pago', formatDay(enrolment.paid_at)],
          ['Cuenta', enrolment.parent_email],
          ...(enrolment.state === 'cancelled'
            ? ([
                ['Cancelada el', formatDay(enrolment.cancelled_at)],
                ['Motivo', enrolment.cancel_reason ?? ''],
                ['Cancelada por', enrolment.cancelled_by ?? ''],
                ['Reembolso', refundText(enrolment)],
                ...(enrolment.office_refund
                  ? [['Efectivo o transferencia', officeRefundText(enrolment.office_refund)]]
                  : []),
                ...(enrolment.credit_code
                  ? [
                      [
                        'Crédito',
                        `${formatDop(enrolment.credit_amount ?? 0)}, cupón ${enrolment.credit_code}`,
                      ],
                    ]
                  : []),
              ] as Array<[string, string]>)
            : []),
        ]}
      />
    </Section>
  );
}
