// Place holds while a family enrols (issue 18, ../../domain/holds.ts). A cart's hold is a named
// share of a week's quota_f, taken and changed with the store's single-document moveHold, so holds
// and paid places together never pass the capacity. An expired hold stops counting in every answer
// at once; its places go back to quota_f the first time someone needs them (a take that finds no
// room) or when the family's cart changes, so correctness never waits for a job. At payment the
// cart's hold becomes the order's in one update (./pipeline.ts).
import type { Store } from '../store/port.ts';
import type { Camp, Week } from '../../domain/records.ts';
import { placesLeft } from '../../domain/records.ts';
import { cartHoldName, expiredHolds, holdMinutesOf, liveTaken, type CartHolds } from '../../domain/holds.ts';

export const PLACES = { field: 'quota_f', limitField: 'quota_q' } as const;

const weeksOf = (store: Store) => store.collection<Week>('semanas');
const heldBy = (week: Week, name: string) => week.holds?.[name] ?? 0;

/** Gives back a week's expired holds (each once, whoever else does it at the same time); the week after. */
export async function releaseExpiredHolds(store: Store, week: Week, now: Date): Promise<Week> {
  const expired = expiredHolds(week, now);
  if (expired.length === 0) return week;
  for (const { hold, amount } of expired) {
    await weeksOf(store).moveHold(week._id, { ...PLACES, from: { hold, amount, expiredBy: now } });
  }
  return (await weeksOf(store).findById(week._id)) ?? week;
}

/**
 * Makes `name` hold `wanted` places on the week until `expiresAt` (0 gives them back): all or
 * nothing; without room for more it keeps (and renews) what it held. Reads again when another
 * request changed the hold meanwhile. Returns the week after and what the hold has.
 */
export async function setHold(
  store: Store,
  week: Week,
  name: string,
  wanted: number,
  expiresAt: Date,
  now: Date,
): Promise<{ week: Week; held: number }> {
  let current = week;
  let freed = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    const held = heldBy(current, name);
    if (held === 0 && wanted === 0) return { week: current, held: 0 };
    const moved = await weeksOf(store).moveHold(current._id, {
      ...PLACES,
      ...(held > 0 ? { from: { hold: name, amount: held } } : {}),
      to: { hold: name, amount: wanted, expiresAt },
    });
    if (moved) return { week: moved, held: wanted };
    const fresh = await weeksOf(store).findById(current._id);
    if (!fresh) return { week: current, held: 0 };
    if (heldBy(fresh, name) !== held) {
      current = fresh; // changed meanwhile (the family's other tab, or an expiry given back)
      continue;
    }
    if (!freed && expiredHolds(fresh, now).length > 0) {
      current = await releaseExpiredHolds(store, fresh, now);
      freed = true;
      continue;
    }
    // No room for the rise: keep what is held, renewed.
    if (held === 0) return { week: fresh, held: 0 };
    const renewed = await weeksOf(store).moveHold(current._id, {
      ...PLACES,
      from: { hold: name, amount: held },
      to: { hold: name, amount: held, expiresAt },
    });
    if (renewed) return { week: renewed, held };
    current = (await weeksOf(store).findById(current._id)) ?? fresh;
  }
  return { week: current, held: heldBy(current, name) };
}

/**
 * Sets the family's holds on the camp's weeks to the places its cart wants now (renewing them all):
 * weeks it no longer wants are given back. `before` names the weeks it may still hold.
 */
export async function holdCart(
  store: Store,
  userId: string,
  camp: Camp,
  places: ReadonlyArray<{ week: string; count: number }>,
  before: readonly string[],
  now: Date,
): Promise<CartHolds> {
  const name = cartHoldName(userId);
  const minutes = holdMinutesOf(camp);
  const wanted = new Map<string, number>();
  for (const { week, count } of places) wanted.set(week, (wanted.get(week) ?? 0) + count);
  const ids = [...new Set([...wanted.keys(), ...before])];
  const weeks = ids.length ? await weeksOf(store).find({ _id: { $in: ids }, campament: camp._id }) : [];
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  const results = await Promise.all(
    weeks.map(async (week) => {
      const open = week.status === 'active' && week.isChecked;
      const target = minutes > 0 && open ? (wanted.get(week._id) ?? 0) : 0;
      return setHold(store, week, name, target, expiresAt, now);
    }),
  );
  const byId = new Map(results.map((result) => [result.week._id, result]));
  return {
    expires_at: minutes > 0 ? expiresAt.toISOString() : null,
    weeks: [...wanted].map(([id, count]) => {
      const result = byId.get(id);
      if (!result) return { _id: id, wanted: count, held: 0, quota_f_left: 0 };
      const { week, held } = result;
      const left = placesLeft({ quota_q: week.quota_q, quota_f: liveTaken(week, now) - held });
      return { _id: id, wanted: count, held, quota_f_left: Number.isFinite(left) ? left : null };
    }),
  };
}

/** Gives back what the family's cart still holds on these weeks (after a payment, or a cart emptied). */
export async function releaseCartHolds(
  store: Store,
  userId: string,
  weekIds: readonly string[],
  now: Date,
): Promise<void> {
  if (weekIds.length === 0) return;
  const name = cartHoldName(userId);
  const weeks = await weeksOf(store).find({ _id: { $in: [...weekIds] } }, { withDeleted: true });
  await Promise.all(
    weeks.filter((week) => heldBy(week, name) > 0).map((week) => setHold(store, week, name, 0, now, now)),
  );
}
