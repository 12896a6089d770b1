// Which offered weeks still wait for their category (issue 26): read by the offer's notice only, so
// it travels in that chunk, not in the calendar's download.
import { isAnnual, type WizardData } from './wizardData.ts';
import { noCategory, offersShown, rowCategory } from './calendarRules.ts';

/** The offered weeks chosen and still without category, while the cart is empty. */
export function offersWaitingForCategory(state: WizardData): string[] {
  if (state.lines.length > 0 || isAnnual(state.camp)) return [];
  return offersShown(state)
    .map((entry) => entry.week)
    .filter((id) => state.selection.weekIds.includes(id) && noCategory(rowCategory(state.selection, id)));
}
