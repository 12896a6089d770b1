// The price rules of spec 01 §9 and DESIGN.md §6, written once: the browser shows these figures,
// the server charges them, the mocks answer with them.
import { isAnnualProgram } from './camp-types.ts';
import { dueDatesFrom, type InstalmentPlan } from './plans.ts';

/** Family discount on the subtotal by number of children (participant slots). */
export const FAMILY_DISCOUNT = [
  { minChildren: 3, rate: 0.1, label: '10% OFF x 3+ niños' },
  { minChildren: 2, rate: 0.05, label: '5% OFF x 2 niños' },
] as const;

/** Multi-week discount rate on one child's weeks, by how many weeks that child takes. */
export function multiWeekRate(weeks: number): number {
  if (weeks >= 4) return 0.03191489;
  if (weeks === 3) return 0.0212765957;
  if (weeks === 2) return 0.0106383;
  return 0;
}

export interface PricedLine {
  /** The participant slot the line belongs to. */
  cupo: number;
  /** Price of the week or payment option, whole DOP. */
  value: number;
  /** Units of the line; 1 when absent. */
  quantity?: number;
  /** Annual programs: how the option is paid (./plans.ts); absent = paid once, at the enrolment. */
  plan?: InstalmentPlan;
}

export interface CouponTerms {
  type: 'percent' | 'amount';
  percent: number;
  amount: number;
}

export interface PriceInput {
  /** The camp's type: 'programaanual' (and its aliases) prices as an annual program. */
  campType: string;
  lines: PricedLine[];
  /** The camp's membership fee per participant (annual programs). */
  membershipFee: number;
  /** Annual programs: slots whose existing membership the server accepted (their fee is waived). */
  slotsWithMembership?: readonly number[];
  coupon?: CouponTerms | null;
  /**
   * Camps with the family discount across orders: the family's children in the camp, this
   * order's and those of its earlier paid orders (./family.ts). The tier counts the larger of
   * this and the order's own participants; the rate still applies to this order's subtotal.
   */
  familyChildren?: number;
}

export interface PriceBreakdown {
  participants: number;
  /** Sum of the lines. */
  subtotal: number;
  familyDiscount: number;
  familyLabel: string | null;
  multiWeekDiscount: number;
  /** Membership fees charged (annual programs). */
  membership: number;
  couponDiscount: number;
  /** Price before any discount: subtotal + membership. */
  gross: number;
  /** What is charged, whole pesos. */
  total: number;
  /** Everything taken off the gross price, whole pesos: gross - total. */
  discount: number;
}

/** Rounds to the nearest whole peso, halves up (DESIGN.md §6). */
export function roundPeso(amount: number): number {
  // The epsilon absorbs binary noise such as 100.49999999 for an exact 100.5. It is a millionth
  // of a peso, not a billionth: a plan's sum of dozens of products near RD$1.4 million carries
  // noise above 1e-9 (a 5 % coupon's exact half, 1,438,708.5, was rounded down).
  return Math.floor(amount + 0.5 + 1e-6);
}

export function lineTotal(line: PricedLine): number {
  return line.value * (line.quantity ?? 1);
}

/** Distinct participant slots, in first-seen order. */
export function slotsOf(lines: readonly PricedLine[]): number[] {
  return [...new Set(lines.map((line) => line.cupo))];
}

export function priceCart(input: PriceInput): PriceBreakdown {
  const slots = slotsOf(input.lines);
  const participants = slots.length;
  const subtotal = input.lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const annual = isAnnualProgram(input.campType);

  let familyDiscount = 0;
  let familyLabel: string | null = null;
  let multiWeekDiscount = 0;
  let membership = 0;

  if (annual) {
    const waived = new Set(input.slotsWithMembership ?? []);
    membership = slots.filter((slot) => !waived.has(slot)).length * input.membershipFee;
  } else {
    const children = Math.max(participants, input.familyChildren ?? 0);
    const tier = FAMILY_DISCOUNT.find((candidate) => children >= candidate.minChildren);
    if (tier) {
      familyDiscount = subtotal * tier.rate;
      familyLabel = children > participants ? `${tier.label}, con inscripciones anteriores` : tier.label;
    }
    for (const slot of slots) {
      const own = input.lines.filter((line) => line.cupo === slot);
      multiWeekDiscount += own.reduce((sum, line) => sum + lineTotal(line), 0) * multiWeekRate(own.length);
    }
  }

  const gross = subtotal + membership;
  const beforeCoupon = gross - familyDiscount - multiWeekDiscount;
  const couponDiscount = couponOff(input.coupon ?? null, beforeCoupon);
  const total = roundPeso(Math.max(beforeCoupon - couponDiscount, 0));
  // The lines a parent reads must add up: gross minus each shown discount is the total charged.
  const [family, multiWeek, coupon] = allocatePesos(
    [familyDiscount, multiWeekDiscount, couponDiscount],
    gross - total,
  ) as [number, number, number];

  return {
    participants,
    subtotal,
    familyDiscount: family,
    familyLabel,
    multiWeekDiscount: multiWeek,
    membership,
    couponDiscount: coupon,
    gross,
    total,
    discount: gross - total,
  };
}

/**
 * The price of a paid camp order after a partial change (issue 24), the one rule for staff, the
 * parent's profile and the tests:
 * - the lines left are priced at what they were sold for, a moved line at its new week's price;
 * - priceCart prices them again, so the family and multi-week discounts are those the order would
 *   get now (a child with one week left loses the multi-week rate; two children left of three drop
 *   to the 5 % tier), with the same coupon (a percent coupon takes its share of the new subtotal,
 *   an amount coupon stays whole while the order covers it) and the family's children counted as
 *   the checkout counts them (`familyChildren`: the order's own and those of the earlier orders
 *   that gave it its family discount, while still paid);
 * - the difference is the new total minus what the order was charged: negative is given back by
 *   the camp's rule, positive is owed by the family.
 */
export function repriceOrder(
  input: PriceInput,
  charged: number,
): { price: PriceBreakdown; difference: number } {
  const price = priceCart(input);
  return { price, difference: price.total - charged };
}

/**
 * Whole pesos for exact amounts that must add up to `target` (the largest-remainder method): each
 * amount is rounded down, and the pesos still missing go to the amounts with the largest fractions
 * (the earlier one on a tie). Each result is within one peso of its exact amount. Used so that a
 * cart's shown discounts sum exactly to what was taken off (rounding each alone can miss by one).
 */
export function allocatePesos(exact: readonly number[], target: number): number[] {
  // The epsilon absorbs binary noise (1174.9999999 for an exact 1175).
  const floors = exact.map((amount) => Math.floor(amount + 1e-9));
  let missing = target - floors.reduce((sum, amount) => sum + amount, 0);
  const byFraction = exact
    .map((amount, index) => ({ index, fraction: amount - floors[index]! }))
    .filter(({ fraction }) => fraction > 1e-9)
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  const result = [...floors];
  for (const { index } of byFraction) {
    if (missing <= 0) break;
    result[index]! += 1;
    missing -= 1;
  }
  return result;
}

/** A percent coupon takes its share of the running total; an amount coupon never goes below zero. */
export function couponOff(coupon: CouponTerms | null, runningTotal: number): number {
  if (!coupon || runningTotal <= 0) return 0;
  if (coupon.type === 'percent') return (runningTotal * Math.min(Math.max(coupon.percent, 0), 100)) / 100;
  return Math.min(Math.max(coupon.amount, 0), runningTotal);
}

const DOP = new Intl.NumberFormat('es-DO', {
  style: 'currency',
  currency: 'DOP',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 'RD$13,800' — pesos as parents read them (es-DO, no decimals). */
export function formatDop(amount: number): string {
  return DOP.format(amount);
}

/** One line of a payment schedule: a child's membership fee or one instalment of their option. */
export interface ScheduleItem {
  /** The participant slot (child) it belongs to; 0 for a camp order's single payment. */
  cupo: number;
  kind: 'membresia' | 'cuota';
  /** 1..count for instalments, 0 for the membership. */
  seq: number;
  /** How many instalments the child's plan has (1 for the membership and a single payment). */
  of: number;
  /** Due day, 'YYYY-MM-DD'. */
  due: string;
  /** Whole DOP. */
  amount: number;
  /** Paid at the enrolment (the first payment), not later. */
  at_enrolment: boolean;
}

export interface PaymentSchedule {
  items: ScheduleItem[];
  /** What the enrolment charges now: priceCart's total. */
  firstPayment: number;
  /** What the whole plan costs, whole pesos: the sum of the items, exactly. */
  total: number;
}

/**
 * The payment schedule of an order (issue 20), the one rule for the calendar, the payment step, the
 * checkout and the ledger:
 * - Annual programs: each child pays their option's price once per due day of its plan from the
 *   month they enrol in (./plans.ts dueDatesFrom), and the membership fee once; the membership and
 *   each child's first instalment are the first payment, charged at the enrolment (priceCart's
 *   total, unchanged). No family or multi-week discount (spec 01 §9).
 * - A percent coupon takes its share of every instalment and of the membership (the family was
 *   promised that share of the program); an amount coupon comes off the first payment only, as
 *   priceCart applies it, never below zero.
 * - Whole pesos: items are rounded on the running sum (each within a peso of its exact share), so
 *   the first payment is exactly priceCart's total and the schedule adds up exactly to the plan's
 *   total, whatever the discount.
 * - Camps (and any other type): one item, the order's total, due and paid at the enrolment.
 */
export function planSchedule(
  input: PriceInput,
  today: string,
  /** The input's priceCart when the caller has it already (the checkout): not computed again. */
  price?: PriceBreakdown,
): PaymentSchedule {
  if (!isAnnualProgram(input.campType)) {
    const { total } = price ?? priceCart(input);
    return {
      items: [{ cupo: 0, kind: 'cuota', seq: 1, of: 1, due: today, amount: total, at_enrolment: true }],
      firstPayment: total,
      total,
    };
  }
  const waived = new Set(input.slotsWithMembership ?? []);
  type Gross = Omit<ScheduleItem, 'amount'> & { gross: number };
  const first: Gross[] = [];
  const later: Gross[] = [];
  for (const slot of slotsOf(input.lines)) {
    if (!waived.has(slot))
      first.push({
        cupo: slot,
        kind: 'membresia',
        seq: 0,
        of: 1,
        due: today,
        at_enrolment: true,
        gross: input.membershipFee,
      });
    for (const line of input.lines.filter((candidate) => candidate.cupo === slot)) {
      const days = line.plan ? dueDatesFrom(line.plan, today) : [today];
      days.forEach((due, index) => {
        const item = {
          cupo: slot,
          kind: 'cuota' as const,
          seq: index + 1,
          of: days.length,
          due,
          gross: lineTotal(line),
        };
        if (index === 0) first.push({ ...item, at_enrolment: true });
        else later.push({ ...item, at_enrolment: false });
      });
    }
  }
  later.sort((a, b) => a.due.localeCompare(b.due) || a.cupo - b.cupo || a.seq - b.seq);
  const coupon = input.coupon ?? null;
  const firstGross = first.reduce((sum, item) => sum + item.gross, 0);
  // The exact share of each item: the first payment's as priceCart takes its coupon off, the later
  // instalments' by the percent only.
  const firstExact = Math.max(firstGross - couponOff(coupon, firstGross), 0);
  const firstFactor = firstGross > 0 ? firstExact / firstGross : 0;
  const laterFactor = coupon?.type === 'percent' ? 1 - Math.min(Math.max(coupon.percent, 0), 100) / 100 : 1;
  let running = 0;
  let rounded = 0;
  const items: ScheduleItem[] = [
    ...first.map((item) => ({ item, factor: firstFactor })),
    ...later.map((item) => ({ item, factor: laterFactor })),
  ].map(({ item: { gross, ...item }, factor }) => {
    running += gross * factor;
    const next = roundPeso(running);
    const amount = next - rounded;
    rounded = next;
    return { ...item, amount };
  });
  const firstPayment = items.filter((item) => item.at_enrolment).reduce((sum, item) => sum + item.amount, 0);
  return { items, firstPayment, total: rounded };
}
