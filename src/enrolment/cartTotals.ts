// What the cart costs (spec 01 §9; DESIGN.md §2.6): the summary's totals and whether a coupon
// applies. The figures come from ../domain/pricing.ts, the same code that prices the checkout.
import { couponWithMembership } from '../domain/coupons.ts';
import { priceCart, slotsOf, type PriceBreakdown, type PriceInput } from '../domain/pricing.ts';
import { planOf } from '../domain/plans.ts';
import { familyChildCount, sameChildSlots } from '../domain/family.ts';
import { isAnnual, type WizardData } from './wizardData.ts';

/** For non-annual camps the coupon box is disabled once any line carries a membership id. */
export function couponDisabled(state: Pick<WizardData, 'camp' | 'lines'>): boolean {
  return couponWithMembership(state.camp?.type ?? '', state.lines);
}

/** Drops an applied coupon the cart no longer allows (a camp line with a membership id). */
export function withoutDisallowedCoupon<C extends Pick<WizardData, 'camp' | 'lines' | 'coupon' | 'payment'>>(
  context: C,
): C {
  return context.coupon && couponDisabled(context)
    ? { ...context, coupon: null, payment: { ...context.payment, coupon: '' } }
    : context;
}

/** The summary's figures: participants, Sub-Total, Desc. Familiar, Desc. C/Semanas, Membresía, Total. */
export function cartTotals(
  state: Pick<WizardData, 'camp' | 'lines' | 'coupon'> &
    Partial<Pick<WizardData, 'participants' | 'earlierChildren'>>,
): PriceBreakdown {
  return priceCart(cartPriceInput(state));
}

/** What the cart prices: the same input for its totals and its payment schedule (./paymentSchedule.ts). */
export function cartPriceInput(
  state: Pick<WizardData, 'camp' | 'lines' | 'coupon'> &
    Partial<Pick<WizardData, 'participants' | 'earlierChildren' | 'originalWeeks'>>,
  today?: string,
): PriceInput {
  const annual = isAnnual(state.camp);
  const earlier = state.earlierChildren ?? [];
  const weekById = new Map((state.originalWeeks ?? []).map((week) => [week._id, week]));
  // The same child entered twice is priced as one child, as the checkout prices it (issue 43).
  const childSlot = sameChildSlots(Object.values(state.participants ?? {}));
  return {
    campType: state.camp?.type ?? '',
    lines: state.lines.map((line) => {
      const week = weekById.get(line._id);
      return {
        cupo: childSlot.get(line.cupo) ?? line.cupo,
        value: line.value,
        quantity: line.quantity,
        ...(annual && today && week ? { plan: planOf(week, today) } : {}),
      };
    }),
    membershipFee: state.camp?.membership ?? 0,
    // The server waives the fee only for a membership it finds valid; it refuses the rest.
    slotsWithMembership: annual ? slotsOf(state.lines.filter((line) => line.membership_have === 'SI')) : [],
    coupon: couponDisabled(state) ? null : state.coupon,
    // Slots not named yet count as earlier children while any is left (the shown price never drops at payment).
    ...(earlier.length > 0
      ? {
          familyChildren: familyChildCount(
            earlier,
            slotsOf(state.lines).map((slot) => state.participants?.[slot] ?? null),
          ),
        }
      : {}),
  };
}
