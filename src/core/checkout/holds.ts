// Place holds while a family enrols (issue 18, ../../domain/holds.ts). A cart's hold is a named
// share of a week's quota_f, taken and changed with the store's single-document moveHold, so holds
// and paid places together never pass the capacity. An expired hold stops counting in every answer
// at once; its places go back to quota_f the first time someone needs them (a take that finds no
// room) or when the family's cart changes, so correctness never waits for a job. At payment the
// cart's hold becomes the order's in one update (./pipeline.ts).
import type { Store } from '../store/port.ts';
import type { Camp, Week } from '../../domain/records.ts';
import {
  CART_HOLD_PREFIX,
  cartHoldName,
  cartShareOf,
  expiredHolds,
  holdFamilyMaxOf,
  holdMinutesOf,
  holdWindow,
  placesLeftFor,
  type CartHolds,
} from '../../domain/holds.ts';

export const PLACES = { field: 'quota_f', limitField: 'quota_q' } as const;

const weeksOf = (store: Store) => store.collection<Week>('semanas');
export const heldBy = (week: Week, name: string) => week.holds?.[name] ?? 0;
export const holdExpiryOf = (week: Week, name: string): number => {
  const at = week.hold_expiry?.[name];
  return at ? new Date(at).getTime() : 0;
};

/**
 * Gives back a week's expired holds (each once, whoever else does it at the same time), but
 * `except`'s (a family asking for more keeps what it held); the week after.
 */
export async function releaseExpiredHolds(
  store: Store,
  week: Week,
  now: Date,
  except?: string,
): Promise<Week> {
  const expired = expiredHolds(week, now).filter(({ hold }) => hold !== except);
  if (expired.length === 0) return week;
  for (const { hold, amount } of expired) {
    await weeksOf(store).moveHold(week._id, { ...PLACES, from: { hold, amount, expiredBy: now } });
  }
  return (await weeksOf(store).findById(week._id)) ?? week;
}

/**
 * Makes `name` hold `wanted` places on the week until `expiresAt` (0 gives them back): all or
 * nothing; without room for more it keeps (and renews) what it held. A later expiry already there
 * is kept (a waiting list's offer holds for a day; the wizard's 15 minutes never shorten it). Reads
 * again when another request changed the hold meanwhile. Returns the week after and what it holds.
 */
export async function setHold(
  store: Store,
  week: Week,
  name: string,
  wanted: number,
  expiresAt: Date,
  now: Date,
  {
    renew = true,
    exact = false,
    share,
  }: {
    /** false: without room, leave what is held as it is (a waiting list's offer must not extend a cart's hold). */
    renew?: boolean;
    /** true: the hold ends at `expiresAt` even when it was to last longer (an offer's deadline). */
    exact?: boolean;
    /** What unpaid carts may hold of the week together (issue 43); absent: no bound. */
    share?: number;
  } = {},
): Promise<{ week: Week; held: number }> {
  let current = week;
  let freed = false;
  const groupCap =
    share !== undefined && Number.isFinite(share) ? { prefix: CART_HOLD_PREFIX, max: share } : undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const held = heldBy(current, name);
    if (held === 0 && wanted === 0) return { week: current, held: 0 };
    const kept = held > 0 && !exact ? holdExpiryOf(current, name) : 0;
    const until = new Date(Math.max(expiresAt.getTime(), kept));
    const moved = await weeksOf(store).moveHold(current._id, {
      ...PLACES,
      ...(held > 0 ? { from: { hold: name, amount: held } } : {}),
      to: { hold: name, amount: wanted, expiresAt: until },
      ...(groupCap ? { groupCap } : {}),
    });
    if (moved) return { week: moved, held: wanted };
    const fresh = await weeksOf(store).findById(current._id);
    if (!fresh) return { week: current, held: 0 };
    if (heldBy(fresh, name) !== held) {
      current = fresh; // changed meanwhile (the family's other tab, or an expiry given back)
      continue;
    }
    if (!freed && expiredHolds(fresh, now).some(({ hold }) => hold !== name)) {
      current = await releaseExpiredHolds(store, fresh, now, name);
      freed = true;
      continue;
    }
    // No room for the rise: keep what is held, renewed.
    if (held === 0 || !renew) return { week: fresh, held };
    const renewed = await weeksOf(store).moveHold(current._id, {
      ...PLACES,
      from: { hold: name, amount: held },
      to: { hold: name, amount: held, expiresAt: until },
    });
    if (renewed) return { week: renewed, held };
    current = (await weeksOf(store).findById(current._id)) ?? fresh;
  }
  return { week: current, held: heldBy(current, name) };
}

/** The camp's weeks on which the family holds places (live or expired). */
const heldWeeks = (store: Store, campId: string, name: string) =>
  weeksOf(store).find({ campament: campId, [`holds.${name}`]: { $exists: true } });

/** When a family's window of holds on a camp began (issue 43, holdWindow): one per family and camp. */
interface HoldWindowRecord {
  /** `${user_id}-${campament}` */
  _id: string;
  user_id: string;
  campament: string;
  started_at: Date;
}

/** The family's window of holds on the camp now (opened when none is open), or null while it waits. */
async function familyHoldWindow(store: Store, userId: string, campId: string, minutes: number, now: Date) {
  const windows = store.collection<HoldWindowRecord>('reservas_ventanas');
  const _id = `${userId}-${campId}`;
  const record = await windows.findById(_id);
  const window = holdWindow(record?.started_at ?? null, now, minutes);
  if (window && window.startedAt.getTime() !== record?.started_at.getTime()) {
    const started_at = window.startedAt;
    if (record) await windows.updateOne({ _id, started_at: record.started_at }, { set: { started_at } });
    else
      await windows.insertOne({ _id, user_id: userId, campament: campId, started_at }).catch(() => undefined);
  }
  return window;
}

/** What a waiting list's offer holds for the family on a week, and until when. */
export interface Offered {
  places: number;
  until: Date;
}

/**
 * Sets the family's holds on the camp's weeks to the places its cart wants now (renewing them
 * within the family's window, issue 43): weeks it no longer wants are given back, except what a
 * waiting list's offer holds for it (`offered`, per week), which lasts exactly until the offer
 * ends. A hold is bounded by the camp's places per family and, together with all unpaid carts, by
 * the camp's share of the week; an offer is bounded by neither.
 */
export async function holdCart(
  store: Store,
  userId: string,
  camp: Camp,
  places: ReadonlyArray<{ week: string; count: number }>,
  offered: ReadonlyMap<string, Offered>,
  now: Date,
): Promise<CartHolds> {
  const name = cartHoldName(userId);
  const minutes = holdMinutesOf(camp);
  const wanted = new Map(places.map(({ week, count }) => [week, count]));
  const before = await heldWeeks(store, camp._id, name);
  const more = [...wanted.keys()].filter((id) => !before.some((week) => week._id === id));
  const weeks = [
    ...before,
    ...(more.length ? await weeksOf(store).find({ _id: { $in: more }, campament: camp._id }) : []),
  ];
  const window = minutes > 0 ? await familyHoldWindow(store, userId, camp._id, minutes, now) : null;
  const familyMax = holdFamilyMaxOf(camp);
  const results = await Promise.all(
    weeks.map(async (week) => {
      // A camp without holds leaves alone what a waiting list's offer holds.
      if (minutes === 0) return { week, held: liveHeld(week, name, now) };
      const open = week.status === 'active' && week.isChecked;
      const asked = open ? Math.min(wanted.get(week._id) ?? 0, familyMax) : 0;
      const offer = offered.get(week._id);
      if (offer && offer.until.getTime() > now.getTime())
        return setHold(store, week, name, Math.max(asked, offer.places), offer.until, now, { exact: true });
      // Outside the family's window nothing is held (what it held has run out by then).
      if (!window) return setHold(store, week, name, 0, now, now);
      return setHold(store, week, name, asked, window.until, now, { share: cartShareOf(camp, week) });
    }),
  );
  return holdsAnswer(results, [...wanted], name, now, window?.until ?? null);
}

/** What `name` holds of a week now (0 once expired). */
export const liveHeld = (week: Week, name: string, now: Date) =>
  holdExpiryOf(week, name) > now.getTime() ? heldBy(week, name) : 0;

/** The answer: per week wanted, held and places left for the family; the first hold to run out. */
function holdsAnswer(
  results: ReadonlyArray<{ week: Week; held: number }>,
  wanted: ReadonlyArray<[string, number]>,
  name: string,
  now: Date,
  fallback: Date | null,
): CartHolds {
  const byId = new Map(results.map((result) => [result.week._id, result]));
  const expiries = results.filter(({ held }) => held > 0).map(({ week }) => holdExpiryOf(week, name));
  const first = expiries.length ? new Date(Math.min(...expiries)) : fallback;
  return {
    expires_at: first ? first.toISOString() : null,
    weeks: wanted.map(([id, count]) => {
      const result = byId.get(id);
      if (!result) return { _id: id, wanted: count, held: 0, quota_f_left: 0 };
      const { week, held } = result;
      const left = placesLeftFor(week, held, now);
      return { _id: id, wanted: count, held, quota_f_left: Number.isFinite(left) ? left : null };
    }),
  };
}

/**
 * What the family holds now on the camp's weeks, changing nothing: the wizard reads it when it
 * opens, so a week held for the family (a waiting list's offer, another tab) shows as its own.
 */
export async function currentHolds(store: Store, userId: string, camp: Camp, now: Date): Promise<CartHolds> {
  const name = cartHoldName(userId);
  const weeks = await heldWeeks(store, camp._id, name);
  const results = weeks
    .map((week) => ({ week, held: liveHeld(week, name, now) }))
    .filter(({ held }) => held > 0);
  return holdsAnswer(
    results,
    results.map(({ week, held }) => [week._id, held]),
    name,
    now,
    null,
  );
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
