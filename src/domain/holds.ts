// Place holds while a family enrols (issue 18): what a cart holds on a week, for how long, and how
// an expired hold stops counting. Pure: the server, the mocks and the wizard read the same rules;
// the store moves the places (src/core/checkout/holds.ts).
import { placesLeft } from './records.ts';

/** Minutes a cart's places stay held after the family's last activity, unless the camp says. */
export const HOLD_DEFAULT_MINUTES = 15;
/** The admin's range: 0 turns holds off for the camp. */
export const HOLD_MAX_MINUTES = 120;

export const HOLD_MESSAGES = {
  /** `time` is 'mm:ss'. */
  countdown: (time: string) => `Sus cupos están reservados por ${time} minutos`,
  expired: 'Su reserva venció: los cupos ya no están apartados para usted. Puede intentarlo de nuevo.',
  retry: 'Reservar de nuevo',
  /** The badge of a cart line whose week could not be held. */
  lineNotHeld: 'Sin reservar',
  /** The badge of a cart line whose hold ran out. */
  lineExpired: 'Reserva vencida',
  notHeld: (weeks: string) =>
    // Said so whether the week is full or the family's share of holds is used up: the places are
    // not kept for the family, which may still pay while some are left.
    `No pudimos reservarle cupos en: ${weeks}. Puede continuar y pagar mientras queden cupos, o cambiar esas líneas por otra semana.`,
  current: 'Cupos reservados para su familia',
  /** A hold longer than an hour (a waiting list's offer) shows its end instead of minutes. */
  heldUntil: (until: string) => `Sus cupos están reservados hasta el ${until}`,
  badCart: 'Los cupos pedidos no coinciden con el carrito.',
} as const;

/** What a family's cart holds, as POST /carritos/{campId} answers it. */
export interface CartHolds {
  /** ISO time the holds stop counting unless renewed; null when the camp holds nothing. */
  expires_at: string | null;
  weeks: Array<{
    _id: string;
    /** Places the cart wants (its lines of that week) and those it holds. */
    wanted: number;
    held: number;
    /** Places left for this family (its own hold is its own); null = no limit. */
    quota_f_left: number | null;
  }>;
}

export interface HoldPolicy {
  /** Minutes; 0 = no holds. Absent: HOLD_DEFAULT_MINUTES. */
  hold_minutes?: number;
  /** Places one family's cart may hold of a week. Absent: HOLD_FAMILY_DEFAULT. */
  hold_family_max?: number;
  /** Percent of a week's places that unpaid carts may hold together. Absent: HOLD_SHARE_DEFAULT. */
  hold_share_percent?: number;
}

export const holdMinutesOf = (camp: HoldPolicy): number => camp.hold_minutes ?? HOLD_DEFAULT_MINUTES;

/** A family rarely enrols more children than this at once; more can still be bought, just not held. */
export const HOLD_FAMILY_DEFAULT = 5;
export const HOLD_FAMILY_MAX = 50;
/** Unpaid carts together hold at most half a week by default (issue 43). */
export const HOLD_SHARE_DEFAULT = 50;
/** Renewals never keep a hold longer than this many times the camp's hold minutes in all. */
export const HOLD_RENEWALS_FACTOR = 2;

export const holdFamilyMaxOf = (camp: HoldPolicy): number => camp.hold_family_max ?? HOLD_FAMILY_DEFAULT;

/** Places unpaid carts may hold of a week together (at least one); Infinity for a week without limit. */
export function cartShareOf(camp: HoldPolicy, week: { quota_q: number }): number {
  if (week.quota_q <= 0) return Infinity;
  const percent = camp.hold_share_percent ?? HOLD_SHARE_DEFAULT;
  return Math.max(1, Math.floor((week.quota_q * percent) / 100));
}

/**
 * The time a family's holds of a camp may last (issue 43). A family's first hold opens a window of
 * HOLD_RENEWALS_FACTOR × the hold minutes; activity renews its holds within it, never past it. When
 * it closes, the family holds nothing for one more hold time, so others can take the places; then
 * a new window may open. Returns the window's start (kept) and until when a hold taken now lasts,
 * or null while the family must wait.
 */
export function holdWindow(
  startedAt: Date | null,
  now: Date,
  minutes: number,
): { startedAt: Date; until: Date } | null {
  const ms = minutes * 60_000;
  const start =
    startedAt && now.getTime() < startedAt.getTime() + (HOLD_RENEWALS_FACTOR + 1) * ms ? startedAt : now;
  const end = start.getTime() + HOLD_RENEWALS_FACTOR * ms;
  if (now.getTime() >= end) return null;
  return { startedAt: start, until: new Date(Math.min(now.getTime() + ms, end)) };
}

/** The name under which a family's cart holds places on a week (one per account). */
export const CART_HOLD_PREFIX = 'cart-';
export const cartHoldName = (userId: string): string => `${CART_HOLD_PREFIX}${userId}`;
const isCartHold = (name: string) => name.startsWith(CART_HOLD_PREFIX);

/** What a week stores about its holds (beside quota_f, which counts them). */
export interface WeekHolds {
  quota_f: number;
  holds?: Record<string, number>;
  hold_expiry?: Record<string, Date | string>;
}

/** Holds whose time ran out by `now`: they are still in quota_f until given back, but no longer count. */
export function expiredHolds(week: WeekHolds, now: Date): Array<{ hold: string; amount: number }> {
  const expiry = week.hold_expiry ?? {};
  return Object.entries(week.holds ?? {})
    .filter(([hold]) => {
      const at = expiry[hold];
      return at !== undefined && new Date(at).getTime() <= now.getTime();
    })
    .map(([hold, amount]) => ({ hold, amount }));
}

/** Places taken now: quota_f without expired holds. */
export function liveTaken(week: WeekHolds, now: Date): number {
  const expired = expiredHolds(week, now).reduce((sum, { amount }) => sum + amount, 0);
  return Math.max(0, (week.quota_f ?? 0) - expired);
}

/** Places left for a family that holds `held` of them itself (its own hold is its own); Infinity: no limit. */
export function placesLeftFor(week: WeekHolds & { quota_q: number }, held: number, now: Date): number {
  return placesLeft({ quota_q: week.quota_q, quota_f: liveTaken(week, now) - held });
}

/** Places held by families' carts now (for the staff: taken, but not paid). */
export function liveCartHeld(week: WeekHolds, now: Date): number {
  const expired = new Set(expiredHolds(week, now).map(({ hold }) => hold));
  return Object.entries(week.holds ?? {})
    .filter(([hold]) => isCartHold(hold) && !expired.has(hold))
    .reduce((sum, [, amount]) => sum + amount, 0);
}

/** '12:34' for the countdown; never negative. */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
