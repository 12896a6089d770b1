// The dashboard's figures that are computed, not counted (spec 02 §2): the shares and the paid
// enrolments per day, for the dashboard service (src/core/admin/dashboard.ts). Pure.
import { DASHBOARD_PAID_DAYS, type PaidDay } from './admin-contract.ts';
import { SANTO_DOMINGO_OFFSET_MS, santoDomingoDay } from './days.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole-number share 0-100; 0 when there is nothing to share. */
export const percentage = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 100) : 0;

export { santoDomingoDay };

/**
 * The instants paidPerDay covers: `from` is the start (00:00 Santo Domingo) of the oldest of the
 * `days` days, `until` the end of today (exclusive). The server reads only this range.
 */
export function paidDaysRange(now: Date, days = DASHBOARD_PAID_DAYS): { from: Date; until: Date } {
  const todayStart = Date.parse(`${santoDomingoDay(now)}T00:00:00.000Z`) - SANTO_DOMINGO_OFFSET_MS;
  return { from: new Date(todayStart - (days - 1) * DAY_MS), until: new Date(todayStart + DAY_MS) };
}

/** The parts of an enrolment (src/domain/records.ts, written by src/core/checkout/pipeline.ts) the chart reads. */
export interface PaidEnrolment {
  payment_status: string;
  paid_at: Date | null | undefined;
  /** 'cancelled' once the order gave its places back: its money may remain (a fee kept), not its count. */
  status?: string;
  /** Whole DOP the school keeps of it: collected minus refunded (src/domain/money.ts, issue 24). */
  amount: number;
}

/**
 * Paid enrolments (payment_status 'paid') by the Santo Domingo day of their paid_at: the orders
 * that still hold their places counted, the money kept of all of them summed (a refunded order
 * adds nothing, a kept fee its fee: issue 24). One entry per day of the last `days` days up to and
 * including today, oldest first, days without payments included (zeros). Enrolments outside that
 * range are left out.
 */
export function paidPerDay(
  enrolments: Iterable<PaidEnrolment>,
  now: Date,
  days = DASHBOARD_PAID_DAYS,
): PaidDay[] {
  const { from } = paidDaysRange(now, days);
  const byDay = new Map<string, PaidDay>();
  for (let index = 0; index < days; index += 1) {
    const day = santoDomingoDay(new Date(from.getTime() + index * DAY_MS));
    byDay.set(day, { day, count: 0, amount: 0 });
  }
  for (const enrolment of enrolments) {
    if (enrolment.payment_status !== 'paid' || !enrolment.paid_at) continue;
    const entry = byDay.get(santoDomingoDay(enrolment.paid_at));
    if (!entry) continue;
    if (enrolment.status !== 'cancelled') entry.count += 1;
    entry.amount += Number.isFinite(enrolment.amount) ? Math.round(enrolment.amount) : 0;
  }
  return [...byDay.values()];
}
