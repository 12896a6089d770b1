// One place per child (issue 26): a child (first name and birth date, as childKey compares them)
// holds at most one place in a camp week, and one enrolment in an annual program. Two checks:
//   - the family's paid orders (not cancelled) are read as they are now: an order whose lines were
//     changed since (a week moved) is seen with its new week;
//   - a claim per child and week (or program) is inserted under a unique id before the places are
//     taken, so of two orders racing for the same child one wins. A claim is only believed while its
//     order still holds that line: the claim of a failed, cancelled or changed order is replaced.
//     A partial change moving a child to another week (issue 53) runs both checks on the new week:
//     its claim is made before the order's lines change, so it is also believed for a short while
//     (`pending_until`) and released if the change does not go through.
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
  /** A change's claim, made before its order holds the line: believed until then. */
  pending_until?: Date;
}

/** How long a change's claim is believed before its order holds the line (a crash leaves it behind). */
const CHANGE_CLAIM_MS = 60_000;

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
 * Refuses (409, in Spanish) an order that would give one of its children a second place, against
 * the family's paid orders as they are now (a changed order's new week has no claim). Changes
 * nothing: a change's preview runs it too. Orders still being paid are met through their claims.
 */
export async function checkChildren(
  store: Store,
  order: Enrolment,
  camp: Pick<Camp, '_id' | 'type'>,
): Promise<void> {
  const places = childPlaces(order, camp);
  if (places.length === 0) return;
  const others = (
    await store.collection<Enrolment>('inscripciones').find({
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
}

/**
 * Refuses (409, in Spanish) an order that would give one of its children a second place, and claims
 * its children's places for it. Called once the order is recorded, before it takes places; a
 * partial change calls it with the order's new line only, before the order holds it (`pending`),
 * and gets the claims' ids to release them if it fails (releaseChildClaims).
 */
export async function claimChildren(
  store: Store,
  order: Enrolment,
  camp: Pick<Camp, '_id' | 'type'>,
  options: { now?: Date; pending?: boolean } = {},
): Promise<string[]> {
  const places = childPlaces(order, camp);
  if (places.length === 0) return [];
  await checkChildren(store, order, camp);
  const now = options.now ?? new Date();
  const enrolments = store.collection<Enrolment>('inscripciones');
  const claims = store.collection<ChildClaim>(CHILD_CLAIMS);
  const claimOf = (place: { key: string }): ChildClaim => ({
    _id: place.key,
    enrolment_id: order._id,
    ...(options.pending ? { pending_until: new Date(now.getTime() + CHANGE_CLAIM_MS) } : {}),
  });
  // Usually no child has a claim yet: all of them in one write (one line, one flush). Else each is
  // claimed below; those the batch wrote before the duplicate (MongoDB keeps them) are found as ours.
  try {
    await claims.insertMany(places.map(claimOf));
    return places.map((place) => place.key);
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  for (const place of places) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await claims.insertOne(claimOf(place));
        break;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError) || attempt > 0) throw error;
        const claim = await claims.findById(place.key);
        if (!claim || claim.enrolment_id === order._id) break;
        const holder = await enrolments.findById(claim.enrolment_id);
        const pending = claim.pending_until && new Date(claim.pending_until).getTime() > now.getTime();
        if (holds(holder, place.key, camp) || (pending && holder && holder.status !== 'cancelled'))
          throw refusal(camp, place.name, place.weekName, holder!.order_number);
        // A claim its order no longer stands behind: replaced (only that claim, once).
        await claims.deleteMany({ _id: place.key, enrolment_id: claim.enrolment_id });
      }
    }
  }
  return places.map((place) => place.key);
}

/**
 * After a change: its claims (ids from claimChildren) are given back when it failed, or kept as
 * ordinary claims (believed while the order holds the line) when it was made.
 */
export async function releaseChildClaims(
  store: Store,
  keys: readonly string[],
  enrolmentId: string,
  made: boolean,
): Promise<void> {
  const claims = store.collection<ChildClaim>(CHILD_CLAIMS);
  for (const key of keys)
    if (made) await claims.updateOne({ _id: key, enrolment_id: enrolmentId }, { unset: ['pending_until'] });
    else await claims.deleteMany({ _id: key, enrolment_id: enrolmentId });
}
