// Payment plans (issue 20): the calendar of a plan, and the property that a schedule adds up to the
// peso for any plan, discount and cancellation day.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMonthsOnDay,
  dueDates,
  dueDatesFrom,
  planOf,
  planSentence,
  validDay,
  type InstalmentPlan,
} from './plans.ts';
import { planSchedule, priceCart, roundPeso, type CouponTerms, type PricedLine } from './pricing.ts';
import { ledgerOf, type Instalment, type LedgerPayment } from './ledger.ts';

const monthly: InstalmentPlan = {
  instalments: 10,
  frequency: 'monthly',
  first_due: '2026-09-05',
  due_day: 5,
};

describe('the calendar of a plan', () => {
  it('monthly on the 5th from September: ten due days through June', () => {
    expect(dueDates(monthly)).toEqual([
      '2026-09-05',
      '2026-10-05',
      '2026-11-05',
      '2026-12-05',
      '2027-01-05',
      '2027-02-05',
      '2027-03-05',
      '2027-04-05',
      '2027-05-05',
      '2027-06-05',
    ]);
  });

  it('quarterly steps three months; once is one day whatever the count', () => {
    expect(dueDates({ ...monthly, frequency: 'quarterly', instalments: 4 })).toEqual([
      '2026-09-05',
      '2026-12-05',
      '2027-03-05',
      '2027-06-05',
    ]);
    expect(dueDates({ ...monthly, frequency: 'once', instalments: 7 })).toEqual(['2026-09-05']);
  });

  it('a later due day than the first date is kept in every following month (28 at most)', () => {
    expect(addMonthsOnDay('2027-01-31', 1, 28)).toBe('2027-02-28');
    expect(dueDates({ instalments: 3, frequency: 'monthly', first_due: '2026-09-01', due_day: 15 })).toEqual([
      '2026-09-01',
      '2026-10-15',
      '2026-11-15',
    ]);
  });

  it('a family joining late starts in the month it joins; after the last due day it pays the last', () => {
    expect(dueDatesFrom(monthly, '2026-11-20')[0]).toBe('2026-11-05');
    expect(dueDatesFrom(monthly, '2026-11-20')).toHaveLength(8);
    expect(dueDatesFrom(monthly, '2026-07-01')).toHaveLength(10);
    expect(dueDatesFrom(monthly, '2027-08-01')).toEqual(['2027-06-05']);
  });

  it('an option without a plan is paid once, on the day', () => {
    expect(planOf({}, '2026-08-20')).toEqual({
      instalments: 1,
      frequency: 'once',
      first_due: '2026-08-20',
      due_day: 20,
    });
    expect(planSentence(monthly)).toBe('Mensual: 10 cuotas, el día 5 de cada mes, desde el 05/09/2026');
  });

  it('never offers a single payment as due on a day already gone (issue 59)', () => {
    const annual = { instalments: 1, frequency: 'once' as const, first_due: '2026-09-05', due_day: 5 };
    expect(planSentence(annual, '2026-09-01')).toBe('Pago único (vence el 05/09/2026)');
    expect(planSentence(annual, '2026-09-05')).toBe('Pago único (vence el 05/09/2026)');
    expect(planSentence(annual, '2026-11-03')).toBe('Pago único al inscribirse');
    // The admin's list, with no family's day, keeps the plan as set.
    expect(planSentence(annual)).toBe('Pago único (vence el 05/09/2026)');
  });

  it('knows which days exist', () => {
    expect(validDay('2028-02-29')).toBe(true);
    expect(validDay('2027-02-29')).toBe(false);
    expect(validDay('2027-13-01')).toBe(false);
  });
});

const planArb = fc.record({
  instalments: fc.integer({ min: 1, max: 24 }),
  frequency: fc.constantFrom('monthly' as const, 'quarterly' as const, 'once' as const),
  first_due: fc
    .date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  due_day: fc.integer({ min: 1, max: 28 }),
});

const couponArb: fc.Arbitrary<CouponTerms | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    type: fc.constant('percent' as const),
    percent: fc.integer({ min: 0, max: 100 }),
    amount: fc.constant(0),
  }),
  fc.record({
    type: fc.constant('percent' as const),
    percent: fc.double({ min: 0, max: 100, noNaN: true }),
    amount: fc.constant(0),
  }),
  fc.record({
    type: fc.constant('amount' as const),
    percent: fc.constant(0),
    amount: fc.integer({ min: 0, max: 100_000 }),
  }),
);

const dayArb = fc
  .date({ min: new Date('2025-06-01'), max: new Date('2028-06-30'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('a schedule adds up to the peso (property)', () => {
  it('rounds an exact half up on a large plan (a counterexample the property once found)', () => {
    const plan = (instalments: number, frequency: 'monthly' | 'quarterly', first_due: string) => ({
      instalments,
      frequency,
      first_due,
      due_day: 1,
    });
    const input = {
      campType: 'programaanual',
      lines: [
        { cupo: 1, value: 26, plan: plan(17, 'monthly', '2026-12-01') },
        { cupo: 2, value: 50_111, plan: plan(22, 'monthly', '2026-04-01') },
        { cupo: 3, value: 51_108, plan: plan(6, 'quarterly', '2026-04-01') },
        { cupo: 4, value: 39_246, plan: plan(21, 'quarterly', '2026-04-01') },
      ],
      membershipFee: 2_819,
      slotsWithMembership: [2, 3, 4],
      coupon: { type: 'percent' as const, percent: 5, amount: 0 },
    };
    // 1,514,430 × 0.95 = 1,438,708.5 exactly: halves up.
    expect(planSchedule(input, '2027-01-01').total).toBe(1_438_709);
  });

  it('for any plans, membership, waived slots and coupon; the first payment is what the checkout charges', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ value: fc.integer({ min: 0, max: 60_000 }), plan: planArb }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        couponArb,
        dayArb,
        (children, membershipFee, waivedFlags, coupon, today) => {
          const lines: PricedLine[] = children.map((child, index) => ({
            cupo: index + 1,
            value: child.value,
            plan: child.plan,
          }));
          const slotsWithMembership = lines.map((line) => line.cupo).filter((_, index) => waivedFlags[index]);
          const input = { campType: 'programaanual', lines, membershipFee, slotsWithMembership, coupon };
          const schedule = planSchedule(input, today);
          // The first payment is exactly what priceCart (the checkout) charges.
          expect(schedule.firstPayment).toBe(priceCart(input).total);
          // Whole, non-negative pesos that add up exactly to the total.
          for (const item of schedule.items) {
            expect(Number.isInteger(item.amount)).toBe(true);
            expect(item.amount).toBeGreaterThanOrEqual(0);
          }
          expect(schedule.items.reduce((sum, item) => sum + item.amount, 0)).toBe(schedule.total);
          // The total is the plan's gross with its discount, rounded once.
          const counts = lines.map((line) => dueDatesFrom(line.plan!, today).length);
          const memberships = (lines.length - slotsWithMembership.length) * membershipFee;
          const firstGross = lines.reduce((sum, line) => sum + line.value, 0) + memberships;
          const laterGross = lines.reduce((sum, line, index) => sum + line.value * (counts[index]! - 1), 0);
          const exact =
            coupon?.type === 'percent'
              ? (firstGross + laterGross) * (1 - coupon.percent / 100)
              : laterGross + Math.max(firstGross - (coupon?.amount ?? 0), 0);
          expect(Math.abs(schedule.total - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
          expect(schedule.total).toBe(roundPeso(exact));
          // One item per due day of each child, and the membership of each child not waived.
          expect(schedule.items.filter((item) => item.kind === 'cuota')).toHaveLength(
            counts.reduce((a, b) => a + b, 0),
          );
          expect(schedule.items.filter((item) => item.kind === 'membresia')).toHaveLength(
            lines.length - slotsWithMembership.length,
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('after a cancellation on any day, paid + owed + cancelled is the plan total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 60_000 }),
        planArb,
        couponArb,
        dayArb,
        dayArb,
        fc.integer({ min: 0, max: 24 }),
        (value, plan, coupon, today, cancelDay, paidLater) => {
          const input = {
            campType: 'programaanual',
            lines: [{ cupo: 1, value, plan }],
            membershipFee: 3500,
            coupon,
          };
          const schedule = planSchedule(input, today);
          const instalments: Instalment[] = schedule.items.map((item) => ({
            _id: `e:${item.cupo}:${item.seq}`,
            enrolment_id: 'e',
            user_id: 'u',
            order_number: '1001',
            campament: 'c',
            camp_name: 'Programa',
            cupo: item.cupo,
            child: 'Pedro',
            kind: item.kind,
            seq: item.seq,
            of: item.of,
            due: item.due,
            amount: item.amount,
            created_at: new Date(),
            // Cancelled on cancelDay: every instalment due later that nothing paid.
            cancelled_at:
              !item.at_enrolment && item.seq - 1 > paidLater && item.due > cancelDay ? new Date() : null,
          }));
          const payments: LedgerPayment[] = [
            {
              _id: 'p0',
              enrolment_id: 'e',
              user_id: 'u',
              order_number: '1001',
              method: 'tarjeta',
              amount: schedule.firstPayment,
              allocations: schedule.items
                .filter((item) => item.at_enrolment || (item.kind === 'cuota' && item.seq - 1 <= paidLater))
                .map((item) => ({ cuota: `e:${item.cupo}:${item.seq}`, amount: item.amount })),
              status: 'approved',
              recorded_by: 'x',
              created_at: new Date(),
            },
          ];
          payments[0]!.amount = payments[0]!.allocations.reduce(
            (sum, allocation) => sum + allocation.amount,
            0,
          );
          const ledger = ledgerOf(instalments, payments, cancelDay);
          const cancelled = ledger.lines
            .filter((line) => line.state === 'anulada')
            .reduce((sum, line) => sum + line.amount, 0);
          expect(ledger.paid + ledger.balance + cancelled).toBe(schedule.total);
          expect(ledger.balance).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
