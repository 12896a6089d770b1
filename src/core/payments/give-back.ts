// What an order collected and what it already gave back, read from the records (issue 53; the rule
// is src/domain/give-back.ts): its payments by method, the card refunds of its partial changes, and
// the credits of those changes the family keeps. A cancellation voids the credits not spent yet
// (each by taking its one use, so a checkout spending it at the same moment and the void cannot
// both win), then gives back only what is left.
import type { Store } from '../store/port.ts';
import type { Coupon, Enrolment } from '../../domain/records.ts';
import { CARD_METHODS, cardCharges, PAYMENTS } from './ledger.ts';
import { MANUAL_METHODS, type LedgerPayment } from '../../domain/ledger.ts';
import type { CollectedByMethod, GivenBack } from '../../domain/give-back.ts';

type OrderRef = Pick<Enrolment, '_id' | 'order_number' | 'amount' | 'change_refunded' | 'office'>;

/** What the order collected by card (its own charge, instalments by card) and at the counter. */
export async function collectedByMethod(store: Store, order: OrderRef): Promise<CollectedByMethod> {
  const [charges, counter] = await Promise.all([
    cardCharges(store, order),
    store.collection<LedgerPayment>(PAYMENTS).find({
      enrolment_id: order._id,
      status: 'recorded',
      method: { $in: [...MANUAL_METHODS] },
    }),
  ]);
  return {
    card: charges.reduce((sum, charge) => sum + charge.amount, 0),
    office: counter
      .filter((payment) => !CARD_METHODS.includes(payment.method))
      .reduce((sum, payment) => sum + payment.amount, 0),
  };
}

/** The hold under which a cancellation takes a change credit's one use: voided by that order. */
const voidHold = (orderId: string) => `anulado-${orderId}`;

/** The credits the order's partial changes issued (ids `credit-<order>-c<n>`, ./../admin/changes.ts). */
const changeCredits = (store: Store, orderId: string) =>
  store
    .collection<Coupon & { holds?: Record<string, number> }>('cupones')
    .find({ credit_for: orderId }, { withDeleted: true })
    .then((coupons) => coupons.filter((coupon) => coupon._id.startsWith(`credit-${orderId}-`)));

/**
 * The change credits the family keeps: every one issued, less those this order's cancellation
 * voided. One spent, or being spent by a checkout under way, is kept (it is the family's now).
 */
export async function keptChangeCredits(store: Store, orderId: string): Promise<number> {
  const credits = await changeCredits(store, orderId);
  return credits
    .filter((coupon) => !coupon.holds?.[voidHold(orderId)])
    .reduce((sum, coupon) => sum + coupon.amount, 0);
}

/**
 * Voids the order's change credits not spent yet: each one's single use is taken under the
 * cancellation's name (refused when a checkout holds it), then it is marked inactive. Safe to run
 * again: a credit voided before keeps its hold.
 */
export async function voidUnspentChangeCredits(store: Store, orderId: string): Promise<number> {
  const coupons = store.collection<Coupon & { holds?: Record<string, number> }>('cupones');
  let voided = 0;
  for (const credit of await changeCredits(store, orderId)) {
    if (credit.holds?.[voidHold(orderId)]) continue;
    const taken = await coupons.incrementWithin(credit._id, {
      field: 'uses',
      by: 1,
      limitField: 'max_uses',
      hold: voidHold(orderId),
    });
    if (!taken) continue;
    await coupons.updateOne({ _id: credit._id }, { set: { status: 'inactive' } });
    voided += 1;
  }
  return voided;
}

/** The order's money as the give-back rule reads it: what it collected and what it gave back. */
export async function giveBackState(
  store: Store,
  order: OrderRef,
): Promise<{ collected: CollectedByMethod; given: GivenBack }> {
  const [collected, credit] = await Promise.all([
    collectedByMethod(store, order),
    keptChangeCredits(store, order._id),
  ]);
  return { collected, given: { card: order.change_refunded ?? 0, credit } };
}
