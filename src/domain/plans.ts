// Payment plans of an annual program's payment options (issue 20): how many instalments, how often,
// from which due date and on which day of the month. The amounts of a plan's schedule are priced
// in ./pricing.ts (planSchedule); this file holds the calendar and the shared vocabulary.
// Days are plain 'YYYY-MM-DD' strings (a due date is a day in Santo Domingo, not an instant).
import { keysOf } from './choices.ts';

export const PLAN_FREQUENCY_LABELS = {
  monthly: 'Mensual',
  quarterly: 'Trimestral',
  once: 'Pago único',
} as const;
export const PLAN_FREQUENCIES = /*#__PURE__*/ keysOf(PLAN_FREQUENCY_LABELS);
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

const MONTHS_BETWEEN: Record<PlanFrequency, number> = { monthly: 1, quarterly: 3, once: 0 };

/** Bounds of a plan as staff may set it. */
export const PLAN_LIMITS = { instalments: { min: 1, max: 24 }, dueDay: { min: 1, max: 28 } } as const;

export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export interface InstalmentPlan {
  /** How many instalments the option is paid in (1 for 'once'). */
  instalments: number;
  frequency: PlanFrequency;
  /** The first instalment's due day, 'YYYY-MM-DD'. */
  first_due: string;
  /** Day of the month the later instalments fall due (1-28, so every month has it). */
  due_day: number;
}

/** The plan fields a payment option (a week record of an annual program) may carry. */
export interface PlanFields {
  plan_instalments?: number;
  plan_frequency?: PlanFrequency;
  plan_first_due?: string;
  plan_due_day?: number;
}

/** A calendar day that exists ('2027-02-30' does not). */
export function validDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return (
    parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date
  );
}

/**
 * The plan of a payment option: its own fields, or a single payment due on `today` for an option
 * that has none (options saved before plans existed are paid once, as they always were).
 */
export function planOf(option: PlanFields, today: string): InstalmentPlan {
  const frequency = option.plan_frequency ?? 'once';
  const firstDue = option.plan_first_due && validDay(option.plan_first_due) ? option.plan_first_due : today;
  return {
    frequency,
    instalments: frequency === 'once' ? 1 : Math.max(1, Math.floor(option.plan_instalments ?? 1)),
    first_due: firstDue,
    due_day: Math.min(Math.max(Math.floor(option.plan_due_day ?? Number(firstDue.slice(8))), 1), 28),
  };
}

/** The day `months` after `firstDue`'s month, on `dueDay` (the first due day itself for 0). */
export function addMonthsOnDay(firstDue: string, months: number, dueDay: number): string {
  if (months === 0) return firstDue;
  const year = Number(firstDue.slice(0, 4));
  const month = Number(firstDue.slice(5, 7)) - 1 + months;
  const at = new Date(Date.UTC(year, month, dueDay));
  return at.toISOString().slice(0, 10);
}

/** Every due day of a plan, in order. */
export function dueDates(plan: InstalmentPlan): string[] {
  const step = MONTHS_BETWEEN[plan.frequency];
  const count = plan.frequency === 'once' ? 1 : plan.instalments;
  return Array.from({ length: count }, (_, index) =>
    addMonthsOnDay(plan.first_due, index * step, plan.due_day),
  );
}

/**
 * The due days a family enrolling on `today` pays: a family that joins late starts with the month
 * it joins in (the instalments of months already gone are not charged); at least the last one.
 * The first of them is paid at the enrolment.
 */
export function dueDatesFrom(plan: InstalmentPlan, today: string): string[] {
  const all = dueDates(plan);
  const month = today.slice(0, 7);
  const kept = all.filter((day) => day.slice(0, 7) >= month);
  return kept.length > 0 ? kept : all.slice(-1);
}

/** The day `days` after `day` (both 'YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** '05/10/2026' — a due day as the app writes dates (DD/MM/YYYY, as the wizard's). */
export const formatDueDay = (day: string): string => day.split('-').reverse().join('/');

/**
 * 'Mensual: 10 cuotas, el día 5 de cada mes' — a plan in one line (calendar, admin list). With
 * `today` (the family's calendar), a single payment whose day has passed is paid at the enrolment
 * and says so, never 'vence el' a day already gone (issue 59).
 */
export function planSentence(plan: InstalmentPlan, today?: string): string {
  if (plan.frequency === 'once' || plan.instalments === 1)
    return today !== undefined && plan.first_due < today
      ? 'Pago único al inscribirse'
      : `Pago único (vence el ${formatDueDay(plan.first_due)})`;
  const every = plan.frequency === 'monthly' ? 'de cada mes' : 'cada tres meses';
  return `${PLAN_FREQUENCY_LABELS[plan.frequency]}: ${plan.instalments} cuotas, el día ${plan.due_day} ${every}, desde el ${formatDueDay(plan.first_due)}`;
}
