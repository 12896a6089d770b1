// The weeks a child of a paid camp order could be moved to (issue 53), as both change dialogs
// (staff's and the parent's) list them before 'Confirmar': each week of the camp with its state.
// The states follow the rules a move is refused by (./changes.ts planChange): the one-place-per-child
// rule reads the family's places through the checkout's own code (../checkout/children.ts), places
// left are the checkout's count, and a parent's window is the camp's cancellation deadline.
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Camp, Enrolment, Week } from '../../domain/records.ts';
import { CHANGE_MESSAGES as M, weekChangeDeadline, type ChangeTargetWeek } from '../../domain/changes.ts';
import { childKey } from '../../domain/family.ts';
import { placesLeftFor } from '../../domain/holds.ts';
import { STAFF_MESSAGES } from '../../domain/staff.ts';
import { familyPlaces } from '../checkout/children.ts';

export async function changeTargets(
  deps: CoreDeps,
  order: Enrolment,
  cupo: number,
  options: { byParent?: boolean } = {},
): Promise<ChangeTargetWeek[]> {
  const { store } = deps;
  const child = order.participants.find((participant) => participant.id === cupo);
  if (!child) throw new ApiError(404, M.noChild);
  const camp = await store.collection<Camp>('campamentos').findById(order.campament, { withDeleted: true });
  if (!camp) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  const [weeks, held] = await Promise.all([
    store.collection<Week>('semanas').find({ campament: camp._id, status: 'active' }, { sort: { order: 1 } }),
    familyPlaces(store, order.user_id, camp),
  ]);
  const now = nowOf(deps);
  const own = order.lines.filter((line) => line.cupo === cupo);
  const category = own[0]?.time;
  const key = childKey(child);
  // The child's places in the family's other live orders, by week.
  const elsewhere = new Map(
    held
      .filter((place) => place.child === key && place.order_number !== String(order.order_number))
      .map((place) => [place.week, place.order_number]),
  );
  const closed = (week: Week): boolean => {
    if (week.isChecked === false) return true;
    const offered = week.categories ?? [];
    if (category && offered.length > 0 && !offered.includes(category)) return true;
    if (!options.byParent) return false;
    if (camp.self_cancel === false) return true;
    return now.getTime() >= weekChangeDeadline(camp, week.date).getTime();
  };
  return weeks
    .filter((week) => !own.some((line) => line.id === week._id))
    .map((week) => {
      const base = { _id: week._id, name: week.name, date: week.date, value: week.value };
      const other = elsewhere.get(week._id);
      if (other) return { ...base, state: 'taken' as const, order_number: other };
      if (closed(week)) return { ...base, state: 'closed' as const };
      if (placesLeftFor(week, 0, now) < 1) return { ...base, state: 'full' as const };
      return { ...base, state: 'available' as const };
    });
}
