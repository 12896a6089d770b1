// Whether a family may cancel its own orders now (issue 18; the rules are src/domain/cancellation.ts),
// read for the profile's list and decided again by the cancel call. The window is counted from
// the weeks' dates as the school keeps them now, never from text the browser once sent.
import type { Store } from '../store/port.ts';
import type { Camp, Enrolment, Week } from '../../domain/records.ts';
import { CANCEL_MESSAGES, selfCancelTerms } from '../../domain/cancellation.ts';
import { giveBackState } from '../payments/give-back.ts';
import { cardRefundable, leftToGiveBack } from '../../domain/give-back.ts';

type Decision = ReturnType<typeof selfCancelTerms>;

/**
 * How long a parent's cancellation under way (`cancel_requested_at`) keeps a checkout from relying
 * on the order: far longer than a cancellation takes, and a crashed one stops blocking after it.
 */
export const CANCEL_CLAIM_MS = 5 * 60_000;

/** True while a parent's own cancellation of this order may be under way. */
export const cancelUnderWay = (enrolment: Pick<Enrolment, 'cancel_requested_at'>, now: Date): boolean =>
  (enrolment.cancel_requested_at?.getTime() ?? 0) > now.getTime() - CANCEL_CLAIM_MS;

/**
 * Whether a later order may rely on these orders for its family discount (issue 43): read after
 * that order is recorded, so a cancellation and a checkout at the same moment never both win
 * (each writes before it reads what the other wrote).
 */
export async function familyBasisHolds(store: Store, ids: readonly string[], now: Date): Promise<boolean> {
  if (ids.length === 0) return true;
  const orders = await store.collection<Enrolment>('inscripciones').find({ _id: { $in: [...ids] } });
  return (
    orders.length === ids.length &&
    orders.every(
      (order) =>
        order.payment_status === 'paid' && order.status !== 'cancelled' && !cancelUnderWay(order, now),
    )
  );
}

/** The decision for each enrolment (by id), with three reads in all whatever their number. */
export async function selfCancelDecisions(
  store: Store,
  enrolments: ReadonlyArray<{
    _id: string;
    campament: string;
    lines: ReadonlyArray<{ id: string; date: string }>;
    payment_status: string;
    status: string;
    amount: number;
    order_number: string;
    change_refunded?: number;
  }>,
  now: Date,
): Promise<Map<string, Decision>> {
  const ids = enrolments.map((enrolment) => enrolment._id);
  const campIds = [...new Set(enrolments.map((enrolment) => enrolment.campament))];
  const weekIds = [...new Set(enrolments.flatMap((enrolment) => enrolment.lines.map((line) => line.id)))];
  const [camps, weeks, relying, money] = await Promise.all([
    store.collection<Camp>('campamentos').find({ _id: { $in: campIds } }, { withDeleted: true }),
    store.collection<Week>('semanas').find({ _id: { $in: weekIds } }, { withDeleted: true }),
    // Later orders whose family discount counted these orders' children: paid, or being paid now.
    store.collection<Enrolment>('inscripciones').find({
      family_orders: { $in: ids },
      payment_status: { $in: ['paid', 'pending', 'unknown'] },
      status: { $ne: 'cancelled' },
    }),
    // What each order collected (instalments too, issue 20) less what it gave back already
    // (issue 53): the refund rule applies to what is left.
    Promise.all(
      enrolments.map(async (enrolment) => [enrolment._id, await giveBackState(store, enrolment)] as const),
    ),
  ]);
  const moneyOf = new Map(money);
  const campById = new Map(camps.map((camp) => [camp._id, camp]));
  const dateOf = new Map(weeks.map((week) => [week._id, week.date]));
  const reliedOn = new Set(relying.flatMap((order) => order.family_orders ?? []));
  const decisions = new Map<string, Decision>();
  for (const enrolment of enrolments) {
    const camp = campById.get(enrolment.campament);
    const lines = enrolment.lines.map((line) => ({ date: dateOf.get(line.id) ?? line.date }));
    const state = moneyOf.get(enrolment._id)!;
    const decided: Decision = !camp
      ? { ok: false, status: 409, message: CANCEL_MESSAGES.notOffered }
      : selfCancelTerms(
          {
            ...enrolment,
            lines,
            amount: leftToGiveBack(state.collected, state.given),
            card_refundable: cardRefundable(state.collected, state.given),
          },
          camp,
          now,
        );
    decisions.set(
      enrolment._id,
      decided.ok && reliedOn.has(enrolment._id)
        ? { ok: false, status: 409, message: CANCEL_MESSAGES.familyDiscount }
        : decided,
    );
  }
  return decisions;
}
