// The office's money figures from the records (issue 24; the rule is src/domain/money.ts): each
// order with what it collected (its payments in the ledger), read a page of orders at a time with
// one read of their payments, so neither the dashboard nor an export holds every order at once.
import type { Filter, Store } from '../store/port.ts';
import { peopleCounter } from '../../domain/dashboard.ts';
import { isAnnualProgram, type Camp, type Enrolment } from '../../domain/records.ts';
import { PAYING_STATUSES, type LedgerPayment } from '../../domain/ledger.ts';
import {
  addToTotals,
  emptyTotals,
  orderMoney,
  type MoneyTotals,
  type OrderMoney,
} from '../../domain/money.ts';
import { checkoutPaymentId, PAYMENTS } from '../payments/ledger.ts';
import { unpaidAtEnrolment } from '../../domain/office-sales.ts';

/** Orders read per page. */
const PAGE = 200;

/**
 * What an order was sold for: an annual program's schedule total (every instalment); a camp
 * order's amount, which partial changes keep current (issue 24).
 */
const soldFor = (order: Enrolment): number =>
  isAnnualProgram(order.camp_type) && order.schedule?.length
    ? order.schedule.reduce((sum, item) => sum + item.amount, 0)
    : order.amount;

export interface OrderWithMoney {
  order: Enrolment;
  money: OrderMoney;
}

/**
 * Every order the filter selects, newest first, with its money, a page at a time (so a caller can
 * read what else it needs once per page). Collected: the order's payments that brought money in
 * (approved or recorded); its own charge counts even where its ledger was never written (orders
 * from before ledgers).
 */
export async function* orderPagesWithMoney(store: Store, filter: Filter): AsyncGenerator<OrderWithMoney[]> {
  const enrolments = store.collection<Enrolment>('inscripciones');
  for (let skip = 0; ; skip += PAGE) {
    const page = await enrolments.find(filter, { sort: { created_at: -1, _id: -1 }, skip, limit: PAGE });
    const payments = await store.collection<LedgerPayment>(PAYMENTS).find({
      enrolment_id: { $in: page.map((order) => order._id) },
      status: { $in: [...PAYING_STATUSES] },
    });
    const paidBy = new Map<string, LedgerPayment[]>();
    for (const payment of payments)
      paidBy.set(payment.enrolment_id, [...(paidBy.get(payment.enrolment_id) ?? []), payment]);
    yield page.map((order) => {
      const own = paidBy.get(order._id) ?? [];
      // An order the office took unpaid (issue 54) brought in nothing at the checkout.
      const checkout =
        own.some((payment) => payment._id === checkoutPaymentId(order._id)) || unpaidAtEnrolment(order)
          ? 0
          : order.amount;
      const collected = checkout + own.reduce((sum, payment) => sum + payment.amount, 0);
      return { order, money: orderMoney(order, collected, soldFor(order)) };
    });
    if (page.length < PAGE) return;
  }
}

/** The same orders one by one. */
export async function* ordersWithMoney(store: Store, filter: Filter): AsyncGenerator<OrderWithMoney> {
  for await (const page of orderPagesWithMoney(store, filter)) yield* page;
}

export interface CampMoney extends MoneyTotals {
  _id: string;
  name: string;
}

/** The figures in all and per camp of the paid orders the filter selects (the dashboard's). */
export async function moneyTotals(
  store: Store,
  filter: Filter = {},
): Promise<{
  all: MoneyTotals;
  camps: CampMoney[];
  holding: { orders: number; children: number };
  people: ReturnType<ReturnType<typeof peopleCounter>['counts']>;
}> {
  const all = emptyTotals();
  const byCamp = new Map<string, MoneyTotals>();
  const holding = { orders: 0, children: 0 };
  // The same pass counts the people cards (distinct children, families with an emergency contact).
  const people = peopleCounter();
  for await (const { order, money } of ordersWithMoney(store, { ...filter, payment_status: 'paid' })) {
    addToTotals(all, money);
    const camp = order.campament ?? '';
    if (!byCamp.has(camp)) byCamp.set(camp, emptyTotals());
    addToTotals(byCamp.get(camp)!, money);
    people.add(order);
    // Orders that hold places now.
    if (order.status !== 'cancelled') holding.orders += 1;
  }
  const counted = people.counts();
  holding.children = counted.participantes.active;
  const camps = await store
    .collection<Camp>('campamentos')
    .find({ _id: { $in: [...byCamp.keys()] } }, { withDeleted: true });
  const nameOf = new Map(camps.map((camp) => [camp._id, camp.name]));
  return {
    all,
    camps: [...byCamp]
      .map(([_id, totals]) => ({ _id, name: nameOf.get(_id) ?? '', ...totals }))
      .sort((a, b) => b.net - a.net || a.name.localeCompare(b.name, 'es')),
    holding,
    people: counted,
  };
}
