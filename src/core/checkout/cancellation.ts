// Whether a family may cancel its own orders now (issue 18; the rules are src/domain/cancellation.ts),
// read for the profile's list and decided again by the cancel call. The window is counted from
// the weeks' dates as the school keeps them now, never from text the browser once sent.
import type { Store } from '../store/port.ts';
import type { Camp, Enrolment, Week } from '../../domain/records.ts';
import { CANCEL_MESSAGES, selfCancelTerms } from '../../domain/cancellation.ts';
import { cardPaidTotal } from '../payments/ledger.ts';

type Decision = ReturnType<typeof selfCancelTerms>;

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
  }>,
  now: Date,
): Promise<Map<string, Decision>> {
  const ids = enrolments.map((enrolment) => enrolment._id);
  const campIds = [...new Set(enrolments.map((enrolment) => enrolment.campament))];
  const weekIds = [...new Set(enrolments.flatMap((enrolment) => enrolment.lines.map((line) => line.id)))];
  const [camps, weeks, relying, cardPaid] = await Promise.all([
    store.collection<Camp>('campamentos').find({ _id: { $in: campIds } }, { withDeleted: true }),
    store.collection<Week>('semanas').find({ _id: { $in: weekIds } }, { withDeleted: true }),
    // Later paid orders whose family discount counted these orders' children.
    store
      .collection<Enrolment>('inscripciones')
      .find({ family_orders: { $in: ids }, payment_status: 'paid', status: { $ne: 'cancelled' } }),
    // What each order collected by card (instalments too, issue 20): the refund rule applies to it.
    Promise.all(
      enrolments.map(async (enrolment) => [enrolment._id, await cardPaidTotal(store, enrolment)] as const),
    ),
  ]);
  const paidByCard = new Map(cardPaid);
  const campById = new Map(camps.map((camp) => [camp._id, camp]));
  const dateOf = new Map(weeks.map((week) => [week._id, week.date]));
  const reliedOn = new Set(relying.flatMap((order) => order.family_orders ?? []));
  const decisions = new Map<string, Decision>();
  for (const enrolment of enrolments) {
    const camp = campById.get(enrolment.campament);
    const lines = enrolment.lines.map((line) => ({ date: dateOf.get(line.id) ?? line.date }));
    const decided: Decision = !camp
      ? { ok: false, status: 409, message: CANCEL_MESSAGES.notOffered }
      : selfCancelTerms(
          { ...enrolment, lines, amount: paidByCard.get(enrolment._id) ?? enrolment.amount },
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
