// Tells the server what is in the cart when its weeks or children change (a short while after the
// last change), so a cart left unpaid gets its one reminder a day later (issue 18,
// src/core/checkout/carts.ts). Only changes made in this wizard are reported: opening the wizard
// again does not count as activity. A failed report is tried again with the next change.
import type { Actor } from 'xstate';
import { slotsOf } from '../domain/pricing.ts';
import type { EnrolmentMachine } from './machine.ts';

export interface ReportedCart {
  weeks: string[];
  participants: number;
}

export const CART_REPORT_DELAY_MS = 2000;

export function reportCart(
  actor: Actor<EnrolmentMachine>,
  save: (campId: string, cart: ReportedCart) => Promise<unknown>,
  delayMs = CART_REPORT_DELAY_MS,
): () => void {
  let reported: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status !== 'active' || !snapshot.context.camp) return;
    const { lines, campId } = snapshot.context;
    const cart = {
      weeks: [...new Set(lines.map((line) => line._id))].sort(),
      participants: slotsOf(lines).length,
    };
    const key = JSON.stringify(cart);
    // The cart as the wizard opened (restored or empty) is the starting point, not a change.
    if (reported === null) reported = key;
    if (key === reported) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      reported = key;
      save(campId, cart).catch(() => {
        // Not reported: the next snapshot tries again.
        reported = '';
      });
    }, delayMs);
  };
  check();
  const subscription = actor.subscribe({ next: check });
  return () => {
    clearTimeout(timer);
    subscription.unsubscribe();
  };
}
