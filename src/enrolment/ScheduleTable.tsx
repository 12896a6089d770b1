// An annual program's payment schedule (issue 20) before paying: every due day and amount per
// child, the membership once, what is charged today and the plan's total (paymentSchedule.ts cartSchedule,
// the checkout's own rule). A table on a wide screen, the same rows stacked on a phone.
import { formatDop, type PaymentSchedule } from '../domain/pricing.ts';
import { formatDueDay } from '../domain/plans.ts';
import { autopayConsentText, instalmentLabel } from '../domain/ledger.ts';
import { DatedAmountsTable } from './DatedAmountsTable.tsx';
import { CheckField } from '../lib/FormControls.tsx';

/** The authorisation to keep the card for the later instalments, naming them (issue 20). */
export function AutopayConsent({
  schedule,
  checked,
  onChange,
}: {
  schedule: PaymentSchedule;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const later = schedule.items.filter((item) => !item.at_enrolment);
  if (later.length === 0) return null;
  return (
    <CheckField
      id="autopay"
      name="autopay"
      checked={checked}
      onChange={onChange}
      className="mt-2"
      labelClassName="small"
    >
      {/* One block: on a phone the label lays its children out in a row (enrolment.css). */}
      <span>
        <strong>Cobro automático (opcional).</strong>{' '}
        {autopayConsentText(later, { money: formatDop, day: formatDueDay })}
      </span>
    </CheckField>
  );
}

export function ScheduleTable({
  schedule,
  childName,
}: {
  schedule: PaymentSchedule;
  childName: (cupo: number) => string;
}) {
  return (
    <>
      <DatedAmountsTable
        caption="Plan de pagos"
        headings={['Vence', 'Concepto']}
        rows={schedule.items.map((item) => ({
          key: `${item.cupo}-${item.kind}-${item.seq}`,
          day: (
            <>
              {/* The instalment's own due day, as 'Mis pagos' shows it; the first payment is charged now. */}
              {formatDueDay(item.due)}
              {item.at_enrolment ? <span className="d-block text-body-secondary">se cobra hoy</span> : null}
            </>
          ),
          label: `${childName(item.cupo) ? `${childName(item.cupo)}: ` : ''}${instalmentLabel(item)}`,
          amount: formatDop(item.amount),
        }))}
      />
      <p className="d-flex justify-content-between mb-1 fw-semibold">
        <span>Se cobra hoy</span>
        <span data-testid="schedule-today">{formatDop(schedule.firstPayment)}</span>
      </p>
      <p className="d-flex justify-content-between mb-0">
        <span>Total del plan</span>
        <span data-testid="schedule-total">{formatDop(schedule.total)}</span>
      </p>
    </>
  );
}
