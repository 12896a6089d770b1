// An order's state as staff read it: 'Pagada', 'Pendiente', 'Cancelada', 'Fallida', and
// 'Reembolso pendiente' on a cancelled order whose refund the gateway has not confirmed.
import { ENROLMENT_STATE_LABELS, REFUND_PENDING_LABEL, type EnrolmentState } from '../../domain/staff.ts';

const TONE: Record<EnrolmentState, string> = {
  paid: 'text-bg-success',
  pending: 'text-bg-warning',
  cancelled: 'text-bg-secondary',
  failed: 'text-bg-danger',
};

export function StateBadge({ state, refund }: { state: EnrolmentState; refund?: string | null }) {
  return (
    <>
      <span className={`badge ${TONE[state]}`}>{ENROLMENT_STATE_LABELS[state]}</span>
      {state === 'cancelled' && refund === 'pending' && (
        <span className="badge text-bg-danger ms-1">{REFUND_PENDING_LABEL}</span>
      )}
    </>
  );
}
