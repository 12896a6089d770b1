// The checkout's decisions as pure steps, run by the pipeline (./pipeline.ts) for the server and
// the mocks alike, so both refuse and price an enrolment the same way, with the same messages:
//   checkRequest      everything the parent typed (wizard rules), before any read
//   checkCatalogue    the camp, its weeks and categories as stored, against the cart
//   priceEnrolment    the price from the shared pricing rules, and the parent's figures against it
//   placesToTake      one place per participant per week, in a fixed order (no deadlock between carts)
// Each returns a Refusal (HTTP status + Spanish message) instead of throwing, so each caller
// answers in its own way.
import { couponTerms, couponWithMembership } from '../../domain/coupons.ts';
import {
  ENROLMENT_MESSAGES as M,
  RNC_PATTERN,
  rncProblem,
  participantMessage,
  priceMismatchMessage,
  type CreateEnrolmentBody,
} from '../../domain/enrolment.ts';
import { additionalErrors, participantErrors } from '../../domain/enrolment-rules.ts';
import {
  formatDop,
  planSchedule,
  priceCart,
  type PaymentSchedule,
  type PriceBreakdown,
  type PriceInput,
} from '../../domain/pricing.ts';
import { planOf } from '../../domain/plans.ts';
import { sameChildSlots } from '../../domain/family.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import type { Camp, Category, Coupon, Enrolment, Week } from '../../domain/records.ts';
import { cleanCardNumber } from '../../domain/cards.ts';
import { participantCategoryProblems } from '../../domain/categories.ts';
import { isAnnualProgram } from '../../domain/records.ts';

export interface Refusal {
  status: number;
  message: string;
}

const refusal = (status: number, message: string): Refusal => ({ status, message });

/** 1. The request itself: terms, invoice data, participants, contacts, and lines that fit together. */
export function checkRequest(body: CreateEnrolmentBody): Refusal | null {
  if (!body.termsandconditions) return refusal(400, M.terms);
  if (body.comprobantefiscal && (!RNC_PATTERN.test(body.rnc ?? '') || !(body.rnc_nombre ?? '').trim()))
    return refusal(400, M.rnc);
  if (body.comprobantefiscal && rncProblem(body.rnc ?? '') === 'checkDigit')
    return refusal(400, M.rncCheckDigit);
  const slots = body.listParticipants.map((participant) => participant.id);
  if (new Set(slots).size !== slots.length) return refusal(400, M.duplicateParticipant);
  for (const [index, participant] of body.listParticipants.entries()) {
    const errors = participantErrors(participant);
    if (errors.length > 0) return refusal(400, participantMessage(index + 1, errors));
  }
  const contactErrors = additionalErrors(body.emergencyContact);
  if (contactErrors.length > 0) return refusal(400, `${contactErrors.join('. ')}.`);
  if (body.listCalendar.some((line) => !slots.includes(line.cupo)))
    return refusal(400, M.lineWithoutParticipant);
  if (slots.some((slot) => !body.listCalendar.some((line) => line.cupo === slot)))
    return refusal(400, M.participantWithoutWeeks);
  const lineKeys = body.listCalendar.map((line) => `${line.cupo}:${line.id}`);
  if (new Set(lineKeys).size !== lineKeys.length) return refusal(400, M.duplicateLine);
  // One child entered as two participants may not take the same week twice (issue 43).
  const childSlot = sameChildSlots(body.listParticipants);
  const childWeeks = body.listCalendar.map((line) => `${childSlot.get(line.cupo) ?? line.cupo}:${line.id}`);
  if (new Set(childWeeks).size !== childWeeks.length) return refusal(400, M.sameChildTwice);
  return null;
}

/** The distinct week ids of the cart (what the caller reads from its store). */
export const cartWeekIds = (body: CreateEnrolmentBody): string[] => [
  ...new Set(body.listCalendar.map((line) => line.id)),
];

/**
 * 2. What is sold, as stored: an active camp, every week of the cart active, enabled and of that
 * camp (the caller passes only those), and each line's category one of the camp's active ones.
 */
export function checkCatalogue(
  body: CreateEnrolmentBody,
  camp: Camp | null,
  weeks: Week[],
  categories: Category[],
): Refusal | null {
  if (!camp) return refusal(404, M.campNotFound);
  if (weeks.length !== cartWeekIds(body).length) return refusal(409, M.weekNotFound);
  const categoryIds = new Set(categories.map((category) => category._id));
  if (categoryIds.size > 0 && body.listCalendar.some((line) => !categoryIds.has(line.time)))
    return refusal(400, M.categoryInvalid);
  // The wizard offers a week only with the categories it runs (its rows' and the annual filter).
  const weekById = new Map(weeks.map((week) => [week._id, week]));
  if (
    body.listCalendar.some((line) => {
      const offered = weekById.get(line.id)?.categories ?? [];
      return offered.length > 0 && !offered.includes(line.time);
    })
  )
    return refusal(400, M.categoryNotInWeek);
  // A category's age range (when the admin set one) holds for every child in it.
  for (const participant of body.listParticipants) {
    const problems = participantCategoryProblems(participant, body.listCalendar, categories);
    if (problems.length > 0) return refusal(400, participantMessage(participant.id, problems));
  }
  // An annual program's payment option is a single choice per participant.
  if (isAnnualProgram(camp.type)) {
    // The same child entered twice is one participant (issue 43).
    const childSlot = sameChildSlots(body.listParticipants);
    const slots = body.listCalendar.map((line) => childSlot.get(line.cupo) ?? line.cupo);
    if (new Set(slots).size !== slots.length) return refusal(400, M.oneOptionPerParticipant);
  }
  return null;
}

/**
 * 3. The price from the store's figures; the parent's amount and discount must be exactly it. A
 * camp cart that carries a membership code takes no coupon (the wizard disables the box).
 */
export function priceEnrolment(
  body: CreateEnrolmentBody,
  camp: Camp,
  weeks: Week[],
  coupon: Coupon | null,
  slotsWithMembership: number[],
  /** The family's children in the camp, earlier orders included (./pipeline.ts earlierChildren). */
  familyChildren = 0,
  /** The enrolment's day in Santo Domingo ('YYYY-MM-DD'): where an annual plan's schedule starts. */
  today = santoDomingoDay(new Date()),
  /** False: the request names no price to check (the office's, issue 54, takes the school's). */
  checkSent = true,
): { price: PriceBreakdown; schedule: PaymentSchedule } | Refusal {
  if (coupon && couponWithMembership(camp.type, body.listCalendar))
    return refusal(400, M.couponWithMembership);
  const weekById = new Map(weeks.map((week) => [week._id, week]));
  const annual = isAnnualProgram(camp.type);
  // The same child entered twice is priced as one child (issue 43).
  const childSlot = sameChildSlots(body.listParticipants);
  const input: PriceInput = {
    campType: camp.type,
    lines: body.listCalendar.map((line) => {
      const week = weekById.get(line.id)!;
      return {
        cupo: childSlot.get(line.cupo) ?? line.cupo,
        value: week.value,
        quantity: line.quantity,
        ...(annual ? { plan: planOf(week, today) } : {}),
      };
    }),
    membershipFee: camp.membership,
    slotsWithMembership: annual ? slotsWithMembership.map((slot) => childSlot.get(slot) ?? slot) : [],
    coupon: coupon ? couponTerms(coupon) : null,
    familyChildren,
  };
  const price = priceCart(input);
  if (checkSent && (body.amount !== price.total || body.discount !== price.discount))
    return refusal(409, priceMismatchMessage(formatDop(price.total)));
  return { price, schedule: planSchedule(input, today, price) };
}

/** 4. Places to take: per week (in id order, so two carts never wait on each other), one per participant. */
export function placesToTake(body: CreateEnrolmentBody): Array<{ id: string; count: number }> {
  return placesOfLines(body.listCalendar);
}

/** The places lines hold (a request's calendar, or a stored enrolment's lines). */
export function placesOfLines(
  lines: ReadonlyArray<{ id: string; cupo: number }>,
): Array<{ id: string; count: number }> {
  return [...new Set(lines.map((line) => line.id))].sort().map((id) => ({
    id,
    count: new Set(lines.filter((line) => line.id === id).map((line) => line.cupo)).size,
  }));
}

/**
 * 5. The enrolment as recorded before the charge (pending, inactive): what was sold at the store's
 * prices, the family's data, and of the card only holder and last 4 digits (DESIGN.md §2.8).
 */
export function pendingEnrolment(order: {
  orderNumber: string;
  userId: string;
  key: string;
  body: CreateEnrolmentBody;
  camp: Camp;
  weekById: Map<string, Week>;
  /** Membership codes declared per participant slot. */
  codes: Map<number, string>;
  coupon: Coupon | null;
  price: PriceBreakdown;
  /** The payment schedule sold (issue 20). */
  schedule?: PaymentSchedule;
  cardBrand?: string;
  /** Earlier orders whose children gave this one its family discount. */
  familyOrders?: string[];
  /** Where the charge goes (PaymentGateway.merchant). */
  merchant?: string;
}): Omit<Enrolment, '_id'> {
  const { body, camp, price } = order;
  return {
    order_number: order.orderNumber,
    user_id: order.userId,
    campament: camp._id,
    camp_name: camp.name,
    camp_type: camp.type,
    // What was sold as stored, never as the browser wrote it: price, and the week's name and dates
    // (the self-cancellation window is counted from them).
    lines: body.listCalendar.map((line) => {
      const week = order.weekById.get(line.id)!;
      return { ...line, value: week.value, name: week.name, date: week.date };
    }),
    participants: body.listParticipants.map((participant) => ({
      ...participant,
      membership_code: order.codes.get(participant.id) ?? '',
    })),
    contact: body.emergencyContact,
    price,
    ...(order.schedule ? { schedule: order.schedule.items } : {}),
    amount: price.total,
    discount: price.discount,
    coupon: order.coupon?.code ?? null,
    coupon_id: order.coupon?._id ?? null,
    ...(order.familyOrders?.length ? { family_orders: order.familyOrders } : {}),
    card: {
      holder: body.cardHolder.trim(),
      brand: order.cardBrand ?? '',
      last4: cleanCardNumber(body.cardNumber).slice(-4),
    },
    comprobantefiscal: body.comprobantefiscal,
    rnc: body.comprobantefiscal ? (body.rnc ?? '') : '',
    rnc_nombre: body.comprobantefiscal ? (body.rnc_nombre ?? '').trim() : '',
    payment_status: 'pending',
    auth_code: null,
    gateway_reference: null,
    ...(order.merchant ? { merchant: order.merchant } : {}),
    idempotency_key: order.key,
    status: 'inactive',
    created_at: new Date(),
    paid_at: null,
  };
}
