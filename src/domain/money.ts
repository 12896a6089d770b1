// What an order is worth to the school, from its records (issue 24): what it collected, what went
// back to the family, what the school keeps. One home for these figures: the dashboard's income
// and the export's 'Pedidos' sheet add up the same rows, so they always agree. Pure.
import { allocatePesos } from './pricing.ts';

/** The parts of an order the figures read (src/domain/records.ts's Enrolment). */
export interface MoneyOrder {
  amount: number;
  discount: number;
  payment_status: string;
  status: string;
  refund_status?: 'refunded' | 'pending' | 'none';
  refund_amount?: number;
  /** What partial changes gave back to the card (issue 24), asked or confirmed. */
  change_refunded?: number;
  /** A cancellation's part paid at the counter, owed back or handed back by the office (issue 53). */
  office_refund?: { amount: number };
}

export interface OrderMoney {
  /** Before discounts: what the order's lines and fees cost. */
  gross: number;
  /** Every discount of the order (family, multi-week, coupon) together. */
  discount: number;
  /** What the order was sold for (its total, instalments included). */
  total: number;
  /** What the school has received for it: its charge and every instalment paid since. */
  collected: number;
  /** What went back (or is going back) to the family's card. */
  refunded: number;
  /** What the school keeps: collected minus refunded. */
  net: number;
  /** What the family still owes of a standing order (the instalments not paid yet, due or not). */
  owed: number;
}

/**
 * The figures of one order. `collected` is what its payments brought in (the checkout's charge and
 * the instalments, by any method), read from the ledger by the caller; an order that never paid
 * collected nothing. A cancellation's refund counts from the moment it is decided, also while the
 * gateway has not confirmed it ('pending'): that money is the family's, and so is what was paid at
 * the counter and is owed back by the office (issue 53). A credit coupon is money
 * the school keeps (the family spends it on a later order), so it is not a refund.
 */
export function orderMoney(order: MoneyOrder, collected: number, total = order.amount): OrderMoney {
  const paid = order.payment_status === 'paid';
  const got = paid ? collected : 0;
  // Partial changes' refunds first (issue 24), then the cancellation's, which gives back the rest.
  const byChanges = paid ? Math.min(got, order.change_refunded ?? 0) : 0;
  // What the cancellation gives back: to the card, and what was paid at the counter (owed back by
  // the office from the moment it is decided, issue 53).
  const toCard =
    order.refund_status === 'none' ? 0 : (order.refund_amount ?? (order.office_refund ? 0 : got - byChanges));
  const byCancellation =
    paid && order.status === 'cancelled'
      ? Math.min(got - byChanges, toCard + (order.office_refund?.amount ?? 0))
      : 0;
  const refunded = byChanges + byCancellation;
  return {
    gross: total + order.discount,
    discount: order.discount,
    total,
    collected: got,
    refunded,
    net: got - refunded,
    owed: paid && order.status !== 'cancelled' ? Math.max(0, total - (got - byChanges)) : 0,
  };
}

/** Sums of the figures that add up (collected, refunded, net) over any number of orders. */
export interface MoneyTotals {
  orders: number;
  collected: number;
  refunded: number;
  net: number;
  owed: number;
}

export const emptyTotals = (): MoneyTotals => ({ orders: 0, collected: 0, refunded: 0, net: 0, owed: 0 });

export function addToTotals(totals: MoneyTotals, money: OrderMoney): MoneyTotals {
  totals.orders += 1;
  totals.collected += money.collected;
  totals.refunded += money.refunded;
  totals.net += money.net;
  totals.owed += money.owed;
  return totals;
}

/**
 * An order's net split over its lines (child and week) in proportion to their prices, in whole
 * pesos that add up exactly to the net (largest remainder): the 'Participantes' sheet's amounts.
 */
export function allocateNet(net: number, linePrices: readonly number[]): number[] {
  if (linePrices.length === 0) return [];
  const sum = linePrices.reduce((total, price) => total + price, 0);
  const weights = sum > 0 ? linePrices : linePrices.map(() => 1);
  const weightSum = sum > 0 ? sum : linePrices.length;
  return allocatePesos(
    weights.map((weight) => (net * weight) / weightSum),
    net,
  );
}
