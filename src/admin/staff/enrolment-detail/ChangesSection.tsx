// The 'Cambios' section of the order page: the changes made to the order since it was paid
// (issue 24), oldest first, each with its totals, what went back or is owed, who and why.
import { CHANGE_REFUND_LABELS } from '../../../domain/changes.ts';
import { formatDop } from '../../../domain/pricing.ts';
import type { EnrolmentDetail } from '../../../domain/staff.ts';
import { formatDay } from '../../feedback.ts';
import { Section } from './DetailSection.tsx';

export function ChangesSection({ enrolment }: { enrolment: EnrolmentDetail }) {
  const changes = enrolment.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <Section title="Cambios">
      <ul className="mb-0 small">
        {changes.map((change) => (
          <li key={change.id}>
            {formatDay(String(change.at))} · {change.description} · {formatDop(change.before_total)} →{' '}
            {formatDop(change.after_total)}
            {change.difference < 0 &&
              ` · ${CHANGE_REFUND_LABELS[change.refund]}${
                change.card_amount > 0
                  ? ` ${formatDop(change.card_amount)}${change.refund_status === 'pending' ? ', pendiente' : ''}`
                  : change.credit_amount > 0
                    ? ` ${formatDop(change.credit_amount)}, cupón ${change.credit_code ?? ''}`
                    : ''
              }`}
            {change.owed_amount > 0 && ` · Diferencia pendiente de pago ${formatDop(change.owed_amount)}`} ·{' '}
            {change.by} · {change.reason}
          </li>
        ))}
      </ul>
    </Section>
  );
}
