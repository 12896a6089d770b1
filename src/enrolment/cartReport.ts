// Tells the server what is in the cart (issue 18, src/core/checkout/carts.ts and holds.ts): for the
// one reminder of a cart left unpaid, and to hold its places. A change is reported a moment after
// it settles; a restored cart, a step change, 'Reservar de nuevo' and the parent's activity in the
// last minutes of a hold are reported at once, which renews the holds (the server counts the same
// cart again as no change for the reminder). The answer goes to the machine (HOLD_REPORTED). A
// failed report is tried again with the next change.
import type { Actor } from 'xstate';
import { slotsOf } from '../domain/pricing.ts';
import type { CartHolds } from '../domain/holds.ts';
import type { SaveCartBody } from '../domain/schemas/carts.ts';
import { cartPlaces } from './holds.ts';
import type { EnrolmentMachine } from './machine.ts';

/** The report's body: the API's own type (POST /carritos/{campId}), checked by the server. */
export type ReportedCart = SaveCartBody;

export const CART_REPORT_DELAY_MS = 600;
/** With less than this left on the holds, the parent's activity renews them. */
export const HOLD_RENEW_BELOW_MS = 5 * 60_000;
/** At most one renewal by activity in this time. */
const RENEW_EVERY_MS = 30_000;

/** Calls `onActivity` when the parent taps or types anywhere; returns the unsubscribe. */
export type ActivitySource = (onActivity: () => void) => () => void;

const documentActivity: ActivitySource = (onActivity) => {
  const events = ['pointerdown', 'keydown'] as const;
  for (const name of events) document.addEventListener(name, onActivity, { passive: true });
  return () => {
    for (const name of events) document.removeEventListener(name, onActivity);
  };
};

export function reportCart(
  actor: Actor<EnrolmentMachine>,
  save: (campId: string, cart: ReportedCart) => Promise<CartHolds | null>,
  { delayMs = CART_REPORT_DELAY_MS, activity = documentActivity, now = Date.now } = {},
): () => void {
  let reported: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let step = -1;
  let retry = 0;
  let sentAt = 0;

  const current = () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status !== 'active' || !snapshot.context.camp) return null;
    // While the payment runs the order takes the cart's places: a report then would hold them again.
    if (snapshot.hasTag('paying')) {
      clearTimeout(timer);
      return null;
    }
    const { lines, campId } = snapshot.context;
    const cart: ReportedCart = {
      weeks: [...new Set(lines.map((line) => line._id))].sort(),
      participants: slotsOf(lines).length,
      places: cartPlaces(lines),
    };
    return { context: snapshot.context, campId, cart, key: JSON.stringify(cart) };
  };
  const send = (campId: string, cart: ReportedCart, key: string) => {
    clearTimeout(timer);
    reported = key;
    sentAt = now();
    save(campId, cart).then(
      (holds) => {
        if (holds && actor.getSnapshot().status === 'active') actor.send({ type: 'HOLD_REPORTED', holds });
      },
      () => {
        reported = ''; // not reported: the next snapshot tries again
      },
    );
  };
  const check = () => {
    const state = current();
    if (!state) return;
    const { context, campId, cart, key } = state;
    const hasLines = context.lines.length > 0;
    if (reported === null) {
      // The wizard opened: a restored cart renews its holds; an empty one has nothing to say.
      step = context.step;
      retry = context.hold.retry;
      if (hasLines) send(campId, cart, key);
      else reported = key;
      return;
    }
    if (context.hold.retry !== retry || (context.step !== step && hasLines)) {
      step = context.step;
      retry = context.hold.retry;
      send(campId, cart, key);
      return;
    }
    step = context.step;
    if (key === reported) return;
    clearTimeout(timer);
    timer = setTimeout(() => send(campId, cart, key), delayMs);
  };
  const onActivity = () => {
    const state = current();
    const expiresAt = state?.context.hold.expiresAt ?? null;
    if (!state || state.context.lines.length === 0 || expiresAt === null) return;
    if (expiresAt - now() > HOLD_RENEW_BELOW_MS || now() - sentAt < RENEW_EVERY_MS) return;
    send(state.campId, state.cart, state.key);
  };
  check();
  const subscription = actor.subscribe({ next: check });
  const stopActivity = activity(onActivity);
  return () => {
    clearTimeout(timer);
    subscription.unsubscribe();
    stopActivity();
  };
}
