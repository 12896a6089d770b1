// When the hold's notice above each step has something to say (issue 18, issue 59). Only the
// notice's own chunk (./HoldNotice.tsx) reads it: the wizard's first screen does not carry it.
import type { HoldPolicy } from '../domain/holds.ts';
import { campHoldsPlaces, type HoldState } from './holds.ts';
import type { CartLine } from './wizardData.ts';

/**
 * Whether the hold's notice has anything to say: a running or run-out hold, or a cart of a camp
 * that holds places whose answer held fewer than it wanted (it held nothing, so has no expiry).
 */
export function holdNoticeShown(
  lines: readonly CartLine[],
  hold: HoldState,
  camp: HoldPolicy | null,
): boolean {
  if (lines.length === 0) return false;
  if (hold.expiresAt !== null) return true;
  return campHoldsPlaces(camp) && Object.values(hold.weeks).some((week) => week.held < week.wanted);
}
