// An order's state as staff read it: 'Pagada', 'Pendiente', 'Cancelada', 'Fallida', and
// 'Reembolso pendiente' on a cancelled order whose refund the gateway has not confirmed.
import {
  ENROLMENT_STATE_LABELS,
  NO_PLACES_LABEL,
  REFUND_PENDING_LABEL,
  type EnrolmentState,
} from '../../domain/staff.ts';

const TONE: Record<EnrolmentState, string> = {
  paid: 'text-bg-success',
  pending: 'text-bg-warning',
  cancelled: 'text-bg-secondary',
  failed: 'text-bg-danger',
};

export function StateBadge({
  state,
  refund,
  failure,
}: {
  state: EnrolmentState;
  refund?: string | null;
  /** 'no_places': refused for lack of places, 'Sin cupo', not a declined card's 'Fallida'. */
  failure?: string | null;
}) {
  const label =
    state === 'failed' && failure === 'no_places' ? NO_PLACES_LABEL : ENROLMENT_STATE_LABELS[state];
  return (
    <>
      <span
        className={`badge ${state === 'failed' && failure === 'no_places' ? 'text-bg-secondary' : TONE[state]}`}
      >
        {label}
      </span>
      {state === 'cancelled' && refund === 'pending' && (
        <span className="badge text-bg-danger ms-1">{REFUND_PENDING_LABEL}</span>
      )}
    </>
  );
}
