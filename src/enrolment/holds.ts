// The wizard's side of place holds (issue 18, ../domain/holds.ts): what the server said the cart
// holds, the places left as this family sees them (its own hold is its own), and what each cart
// line shows. Pure: the machine stores the state, ./cartReport.ts asks the server, HoldNotice shows it.
import { holdMinutesOf, type CartHolds, type HoldPolicy } from '../domain/holds.ts';
import type { CartLine, WizardWeek } from './wizardData.ts';

export interface HoldState {
  /** Epoch ms the holds stop counting unless renewed; null: nothing held (or the camp holds nothing). */
  expiresAt: number | null;
  /** Per week: the places the cart wanted and those held, as last answered. */
  weeks: Record<string, { wanted: number; held: number }>;
  /** Bumped by 'Reservar de nuevo': the cart is reported again at once. */
  retry: number;
}

export const NO_HOLD: HoldState = { expiresAt: null, weeks: {}, retry: 0 };

/** The places the cart asks to hold: one per line, counted by week. */
export function cartPlaces(lines: readonly Pick<CartLine, '_id'>[]): Array<{ week: string; count: number }> {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line._id, (counts.get(line._id) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([week, count]) => ({ week, count }));
}

/** The server's answer as the machine keeps it. */
export function holdStateOf(answer: CartHolds, previous: HoldState): HoldState {
  return {
    expiresAt: answer.expires_at ? Date.parse(answer.expires_at) : null,
    weeks: Object.fromEntries(answer.weeks.map(({ _id, wanted, held }) => [_id, { wanted, held }])),
    retry: previous.retry,
  };
}

/** The answer's places left (this family's view) replace the listed ones for its weeks. */
export function withAnsweredPlaces(weeks: readonly WizardWeek[], answer: CartHolds): WizardWeek[] {
  const left = new Map(answer.weeks.map((week) => [week._id, week.quota_f_left]));
  return weeks.map((week) => (left.has(week._id) ? { ...week, quota_f_left: left.get(week._id)! } : week));
}

export type LineHold = 'held' | 'notHeld' | 'expired' | 'unknown';

/**
 * What each line (by key) shows: held; not held (no room when the cart asked); expired (the time
 * ran out); unknown (not answered yet, or the camp holds nothing, or the cart changed since the
 * answer). A week's first `held` lines are the held ones.
 */
export function lineHolds(
  lines: readonly CartLine[],
  hold: HoldState,
  now: number,
  /** The camp holds places: an answer that held nothing (no expiry) still marks the lines it could not hold. */
  campHolds = false,
): Map<string, LineHold> {
  const expired = hold.expiresAt !== null && hold.expiresAt <= now;
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line._id, (counts.get(line._id) ?? 0) + 1);
  const seen = new Map<string, number>();
  return new Map(
    lines.map((line) => {
      const week = hold.weeks[line._id];
      const index = seen.get(line._id) ?? 0;
      seen.set(line._id, index + 1);
      if (!week || (hold.expiresAt === null && !campHolds)) return [line.key, 'unknown'];
      if (index >= week.held) return [line.key, counts.get(line._id) === week.wanted ? 'notHeld' : 'unknown'];
      return [line.key, expired ? 'expired' : 'held'];
    }),
  );
}

/** Whether a cart of this camp holds its places (a camp may turn holds off with 0 minutes). */
export const campHoldsPlaces = (camp: HoldPolicy | null): boolean => camp !== null && holdMinutesOf(camp) > 0;
