// One place per child (issue 26): a child (first name and birth date, as childKey compares them)
// holds at most one place in a camp week, and one enrolment in an annual program. Two checks:
//   - the family's paid orders (not cancelled) are read as they are now: an order whose lines were
//     changed since (a week moved) is seen with its new week;
//   - a claim per child and week (or program) is inserted under a unique id before the places are
//     taken, so of two orders racing for the same child one wins. A claim is only believed while its
//     order still holds that line: the claim of a failed, cancelled or changed order is replaced.
import { DuplicateKeyError, type Store } from '../store/port.ts';
import { ApiError } from '../errors.ts';
import type { Camp, Enrolment } from '../../domain/records.ts';
import { isAnnualProgram } from '../../domain/records.ts';
import { childKey, fullName } from '../../domain/family.ts';
import { CHILD_MESSAGES, type HeldPlace } from '../../domain/children.ts';

export const CHILD_CLAIMS = 'inscritos';

interface ChildClaim {
  _id: string;
  enrolment_id: string;
}

/** What an order holds a child in: the week, or the whole annual program. */
const placeOf = (camp: Pick<Camp, '_id' | 'type'>, weekId: string) =>
  isAnnualProgram(camp.type) ? `programa:${camp._id}` : `semana:${weekId}`;

/** Each child of the order with the places it takes: `{ key, name, place, weekName }`. */
function childPlaces(
  order: Pick<Enrolment, 'participants' | 'lines' | 'user_id'>,
  camp: Pick<Camp, '_id' | 'type'>,
) {
  const byCupo = new Map(order.participants.map((participant) => [participant.id, participant]));
  const places = new Map<string, { key: string; name: string; weekName: string }>();
  for (const line of order.lines) {
    const child = byCupo.get(line.cupo);
    if (!child?.first_name.trim() || !child.birth_date.trim()) continue;
    const key = `${order.user_id}|${childKey(child)}|${placeOf(camp, line.id)}`;
    places.set(key, { key, name: fullName(child), weekName: line.name });
  }
  return [...places.values()];
}

const LIVE = ['paid', 'pending', 'unknown'];

/** True while `order` holds the child of `key` there: live, not cancelled, with that line now. */
const holds = (order: Enrolment | null, key: string, camp: Pick<Camp, '_id' | 'type'>): boolean =>
  Boolean(
    order &&
    LIVE.includes(order.payment_status) &&
    order.status !== 'cancelled' &&
    childPlaces(order, camp).some((place) => place.key === key),
  );

function refusal(camp: Pick<Camp, 'type'>, name: string, weekName: string, orderNumber: string) {
  return new ApiError(
    409,
    isAnnualProgram(camp.type)
      ? CHILD_MESSAGES.inProgram(name, orderNumber)
      : CHILD_MESSAGES.inWeek(name, weekName, orderNumber),
  );
}

/**
 * The places the family's children hold in the camp now (its live orders, as they are now): what
 * the wizard checks a slot against before the server would refuse it.
 */
export async function familyPlaces(
  store: Store,
  userId: string,
  camp: Pick<Camp, '_id' | 'type'>,
): Promise<HeldPlace[]> {
  const orders = await store.collection<Enrolment>('inscripciones').find({
    user_id: userId,
    campament: camp._id,
    payment_status: { $in: LIVE },
    status: { $ne: 'cancelled' },
  });
  const annual = isAnnualProgram(camp.type);
  return orders.flatMap((order) => {
    const byCupo = new Map(order.participants.map((participant) => [participant.id, participant]));
    const places = order.lines.flatMap((line) => {
      const child = byCupo.get(line.cupo);
      if (!child?.first_name.trim() || !child.birth_date.trim()) return [];
      return [
        {
          child: childKey(child),
          week: annual ? '' : line.id,
          week_name: line.name,
          order_number: String(order.order_number),
        },
      ];
    });
    // A program is one place per child, whatever its lines.
    return places.filter(
      (place, index) =>
        places.findIndex((other) => other.child === place.child && other.week === place.week) === index,
    );
  });
}

/**
 * Refuses (409, in Spanish) an order that would give one of its children a second place, and claims
 * its children's places for it. Called once the order is recorded, before it takes places.
 */
export async function claimChildren(
  store: Store,
  order: Enrolment,
  camp: Pick<Camp, '_id' | 'type'>,
): Promise<void> {
  const places = childPlaces(order, camp);
  if (places.length === 0) return;
  const enrolments = store.collection<Enrolment>('inscripciones');
  // Paid orders as they are now (a changed order's new week has no claim); orders still being paid
  // are met through their claims below, so two racing orders do not refuse each other.
  const others = (
    await enrolments.find({
      user_id: order.user_id,
      campament: camp._id,
      payment_status: 'paid',
      status: { $ne: 'cancelled' },
    })
  ).filter((other) => other._id !== order._id);
  for (const other of others)
    for (const place of childPlaces(other, camp))
      if (places.some((mine) => mine.key === place.key))
        throw refusal(camp, place.name, place.weekName, other.order_number);

  const claims = store.collection<ChildClaim>(CHILD_CLAIMS);
  for (const place of places) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await claims.insertOne({ _id: place.key, enrolment_id: order._id });
        break;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError) || attempt > 0) throw error;
        const claim = await claims.findById(place.key);
        if (!claim || claim.enrolment_id === order._id) break;
        const holder = await enrolments.findById(claim.enrolment_id);
        if (holds(holder, place.key, camp))
          throw refusal(camp, place.name, place.weekName, holder!.order_number);
        // A claim its order no longer stands behind: replaced (only that claim, once).
        await claims.deleteMany({ _id: place.key, enrolment_id: claim.enrolment_id });
      }
    }
  }
}
