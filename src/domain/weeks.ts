// A week's dates and places as the admin saves them (the office's issue: weeks that cannot exist).
// Dates that do not exist or run backwards are refused, with the field named; dates outside the
// camp's and a capacity below the places taken may be meant (a camp extended later, a week closed
// on purpose), so they are warnings the admin confirms. One home for the server, the admin form
// and the mocks.
import { validDay } from './plans.ts';

/** 'DD/MM/YYYY - DD/MM/YYYY', spaces around the dash tolerated (as the camp day reads it). */
const WEEK_DATES = /^\s*(\d{2}\/\d{2}\/\d{4})\s*-\s*(\d{2}\/\d{2}\/\d{4})\s*$/;

/** A week's first and last day, 'YYYY-MM-DD'. */
export interface WeekDays {
  first: string;
  last: string;
}

/** 'DD/MM/YYYY' as 'YYYY-MM-DD'. */
const isoOf = (date: string) => date.split('/').reverse().join('-');
/** 'YYYY-MM-DD' as 'DD/MM/YYYY'. */
const shownOf = (day: string) => day.split('-').reverse().join('/');

/** The form's label of the field, named by every message about it. */
const FIELD = '«Fechas»';

export const WEEK_MESSAGES = {
  noSuchDay: (date: string) => `El campo ${FIELD} tiene un día que no existe: ${date}.`,
  reversed: (first: string, last: string) =>
    `En el campo ${FIELD}, el último día (${last}) es anterior al primero (${first}).`,
  outsideCamp: (week: WeekDays, camp: WeekDays) =>
    `Las fechas de la semana (${shownOf(week.first)} - ${shownOf(week.last)}) quedan fuera de las del ` +
    `campamento (${shownOf(camp.first)} - ${shownOf(camp.last)}).`,
  capacityBelowTaken: (capacity: number, taken: number) =>
    `La capacidad (${capacity}) es menor que los cupos ocupados (${taken}): la semana quedará agotada.`,
  confirm: 'Confirme para guardarla así.',
} as const;

/** A week's days, or why they cannot be; null when there are none (empty or not in the format). */
export function readWeekDates(text: string): WeekDays | { problem: string } | null {
  const match = WEEK_DATES.exec(text ?? '');
  if (!match) return null;
  const [shownFirst, shownLast] = [match[1]!, match[2]!];
  for (const date of [shownFirst, shownLast])
    if (!validDay(isoOf(date))) return { problem: WEEK_MESSAGES.noSuchDay(date) };
  const days = { first: isoOf(shownFirst), last: isoOf(shownLast) };
  return days.last < days.first ? { problem: WEEK_MESSAGES.reversed(shownFirst, shownLast) } : days;
}

/** Why the dates as typed are refused (a day that does not exist, an end before the start), or null. */
export function weekDatesProblem(text: string): string | null {
  const read = readWeekDates(text);
  return read && 'problem' in read ? read.problem : null;
}

/**
 * What the admin must confirm before the week is saved: its days outside its camp's, and a
 * capacity (0: no limit) below the places already taken. Empty: nothing to confirm.
 */
export function weekWarnings(week: {
  days: WeekDays | null;
  camp: WeekDays | null;
  capacity: number;
  taken: number;
}): string[] {
  const warnings: string[] = [];
  const { days, camp } = week;
  if (days && camp && (days.first < camp.first || days.last > camp.last))
    warnings.push(WEEK_MESSAGES.outsideCamp(days, camp));
  if (week.capacity > 0 && week.capacity < week.taken)
    warnings.push(WEEK_MESSAGES.capacityBelowTaken(week.capacity, week.taken));
  return warnings;
}
