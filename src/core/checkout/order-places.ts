// A paid order's places on a week (issue 55). An order takes its places with a hold named by its id
// in the week's document (`holds.<order>`, ./pipeline.ts takePlaces): the capacity check and the
// hold are one update, and the hold makes taking and giving back exact whatever crashes. Once the
// order is paid, that hold moves to a record of its own (`semanas_cupos`, one per week and order,
// never changed once written) and leaves the week, whose places stay counted in quota_f. Kept in
// the week, one hold per paid order made every checkout copy and rewrite a document that grew with
// the season (35 KB after 1,200 orders).
//
// What an order holds of a week is its hold in the week when there is one, else its record. Every
// step keeps that sum the same and is one conditional update of the week: the move out happens
// only while the record says what the hold says, and a change or a release first brings the
// record's places back into the week as the hold, only while the order has none there. A paid
// order's places given back leave a hold of 0 (a mark), so its record never counts them again.
import { DuplicateKeyError, type Store } from '../store/port.ts';
import type { Enrolment, Week } from '../../domain/records.ts';
import { CART_HOLD_PREFIX } from '../../domain/holds.ts';
import { PLACES } from './holds.ts';

/** A paid order's places on a week, as they were when its hold left the week. */
export interface OrderPlacesRecord {
  /** `${week}-${order}` */
  _id: string;
  week: string;
  order: string;
  places: number;
}

export const ORDER_PLACES = 'semanas_cupos';

const weeksOf = (store: Store) => store.collection<Week>('semanas');
const recordsOf = (store: Store) => store.collection<OrderPlacesRecord>(ORDER_PLACES);
const recordId = (weekId: string, orderId: string) => `${weekId}-${orderId}`;

/** The order's hold in the week (a number, 0 for a mark), or undefined when it has none there. */
const holdIn = (week: Week, orderId: string): number | undefined => week.holds?.[orderId];

/** What the order holds of the week now: its hold there, else its record's places. */
export async function orderPlacesOn(store: Store, week: Week, orderId: string): Promise<number> {
  const held = holdIn(week, orderId);
  if (held !== undefined) return held;
  return (await recordsOf(store).findById(recordId(week._id, orderId)))?.places ?? 0;
}

/**
 * Moves a paid order's holds out of its weeks into its records; safe to run again and at any
 * time after the order is paid (the checkout, the follow-ups' retries, the start-up pass).
 */
export async function settleOrderPlaces(
  store: Store,
  order: Pick<Enrolment, '_id' | 'lines'>,
): Promise<void> {
  for (const weekId of new Set(order.lines.map((line) => line.id))) {
    const week = await weeksOf(store).findById(weekId, { withDeleted: true });
    if (week) await settleWeek(store, week, order._id);
  }
}

async function settleWeek(store: Store, week: Week, orderId: string): Promise<void> {
  const held = holdIn(week, orderId);
  // Nothing in the week, or a mark of places given back: nothing to move.
  if (!held || held <= 0) return;
  const _id = recordId(week._id, orderId);
  let recorded = held;
  try {
    await recordsOf(store).insertOne({ _id, week: week._id, order: orderId, places: held });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    recorded = (await recordsOf(store).findById(_id))?.places ?? -1;
  }
  // A record that says otherwise was written before a change of the order brought its places back
  // into the week: the week's hold stays what counts.
  if (recorded !== held) return;
  // Only while the hold is still what was recorded; the places stay counted.
  await weeksOf(store).moveHold(week._id, { ...PLACES, from: { hold: orderId, amount: held }, counted: 0 });
}

/**
 * The week with the order's places as its hold there (brought back from its record when they had
 * left it), so a change or a release of them is one update of the week; null for a week not found.
 */
export async function withOrderHold(store: Store, weekId: string, orderId: string): Promise<Week | null> {
  const weeks = weeksOf(store);
  const week = await weeks.findById(weekId, { withDeleted: true });
  if (!week || holdIn(week, orderId) !== undefined) return week;
  const record = await recordsOf(store).findById(recordId(weekId, orderId));
  if (!record) return week;
  // Only while the order has no hold there: brought back once, whoever else does it meanwhile.
  const moved = await weeks.moveHold(weekId, {
    ...PLACES,
    to: { hold: orderId, amount: record.places },
    counted: 0,
  });
  return moved ?? (await weeks.findById(weekId, { withDeleted: true }));
}

/**
 * Gives back a paid order's places on a week, once, leaving the mark (a hold of 0). Reads again
 * when another step changed the hold meanwhile.
 */
export async function releaseOrderPlaces(store: Store, weekId: string, orderId: string): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const week = await withOrderHold(store, weekId, orderId);
    const held = week ? holdIn(week, orderId) : undefined;
    if (!week || held === undefined || held <= 0) return;
    const released = await weeksOf(store).moveHold(weekId, {
      ...PLACES,
      from: { hold: orderId, amount: held },
      to: { hold: orderId, amount: 0, mark: true },
    });
    if (released) return;
  }
}

/**
 * The start-up pass for stores written before the records existed: every paid order's hold still
 * in a week moves to its record, so the week documents shrink and the counts stay as they were.
 */
export async function settleStoredOrderPlaces(store: Store): Promise<number> {
  const weeks = await weeksOf(store).find({ holds: { $exists: true } }, { withDeleted: true });
  const holders = new Map<string, Week[]>();
  for (const week of weeks)
    for (const [name, held] of Object.entries(week.holds ?? {}))
      if (!name.startsWith(CART_HOLD_PREFIX) && held > 0)
        holders.set(name, [...(holders.get(name) ?? []), week]);
  if (holders.size === 0) return 0;
  const paid = await store
    .collection<Enrolment>('inscripciones')
    .find({ _id: { $in: [...holders.keys()] }, payment_status: 'paid' }, { withDeleted: true });
  for (const order of paid)
    for (const week of holders.get(order._id) ?? []) await settleWeek(store, week, order._id);
  return paid.length;
}
