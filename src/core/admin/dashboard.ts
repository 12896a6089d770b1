// The admin dashboard (GET /dashboard): everything the admin dashboard shows (spec 02 §2) in one call, from counts
// (two per record kind, all in parallel), one limited query for the recent camps and one query for
// the enrolments paid in the chart's date range: it never loads whole collections, however many
// enrolments the school has.
import type { Filter, Store } from '../store/port.ts';
import {
  DASHBOARD_KINDS,
  DASHBOARD_RECENT_CAMPS,
  paidDaysRange,
  paidPerDay,
  percentage,
  type DashboardAnswer,
  type DashboardKind,
  type PaidEnrolment,
} from '../../domain/dashboard.ts';
import { STATUS_ALIASES } from './listing.ts';
import { moneyTotals, ordersWithMoney } from './money.ts';
import { dashboardBackup } from './backups.ts';
import { placesLeft, type Camp, type Week } from '../../domain/records.ts';

const ACTIVE = { $in: [...STATUS_ALIASES.active] };

/** Active = status 'active' or 'activo' (spec 02 §4); clients also by their own cliEstado field. */
const activeFilter = (kind: DashboardKind): Filter =>
  kind === 'clientes' ? { $or: [{ status: ACTIVE }, { cliEstado: ACTIVE }] } : { status: ACTIVE };

/** The kinds whose card is a count of their records; the others are computed from the orders and weeks. */
const COUNTED_KINDS = DASHBOARD_KINDS.filter(
  (kind) => kind !== 'participantes' && kind !== 'contactos' && kind !== 'calendarios',
);

/**
 * 'Calendarios' (issue 54): the weeks parents can enrol in now (active, shown, of an active camp,
 * as the checkout takes them), and of those the ones with places left. A school has a few camps
 * and tens of weeks: read whole, unlike the orders.
 */
async function weeksOpen(store: Store): Promise<{ total: number; active: number }> {
  const camps = await store.collection<Camp>('campamentos').find({ status: ACTIVE });
  const weeks = await store
    .collection<Week>('semanas')
    .find({ status: 'active', isChecked: true, campament: { $in: camps.map((camp) => camp._id) } });
  return { total: weeks.length, active: weeks.filter((week) => placesLeft(week) > 0).length };
}

/**
 * The enrolments paid within the chart's days (paidDaysRange), and only those, each with the money
 * the school keeps of it (the one money rule, so the chart agrees with the income figures).
 */
async function paidEnrolments(store: Store, now: Date): Promise<PaidEnrolment[]> {
  const { from, until } = paidDaysRange(now);
  const paid: PaidEnrolment[] = [];
  for await (const { order, money } of ordersWithMoney(store, {
    payment_status: 'paid',
    paid_at: { $gte: from, $lt: until },
  }))
    paid.push({
      payment_status: order.payment_status,
      paid_at: order.paid_at,
      status: order.status,
      amount: money.net,
    });
  return paid;
}

export async function dashboard(
  store: Store,
  now = new Date(),
  backupsConfigured = false,
): Promise<DashboardAnswer['data']> {
  const [countsList, recent, paid, money, backup, openWeeks] = await Promise.all([
    Promise.all(
      COUNTED_KINDS.map(async (kind) => {
        const collection = store.collection(kind);
        const [total, active] = await Promise.all([
          collection.count({}),
          collection.count(activeFilter(kind)),
        ]);
        return [kind, { total, active }] as const;
      }),
    ),
    store
      .collection('campamentos')
      .find({ status: ACTIVE }, { sort: { start_date: -1, _id: -1 }, limit: DASHBOARD_RECENT_CAMPS }),
    paidEnrolments(store, now),
    moneyTotals(store),
    dashboardBackup(store, backupsConfigured, now),
    weeksOpen(store),
  ]);
  const counts = Object.fromEntries(countsList) as DashboardAnswer['data']['counts'];
  // Enrolments, participants and contacts as staff mean them (issues 24 and 54): paid orders,
  // distinct children and families with an emergency contact, and of those the ones holding places
  // now; not every record ever written (a child in three orders is one child).
  counts.inscripciones = { total: money.all.orders, active: money.holding.orders };
  counts.participantes = money.people.participantes;
  counts.contactos = money.people.contactos;
  counts.calendarios = openWeeks;
  const share = (kind: DashboardKind) => percentage(counts[kind].active, counts[kind].total);
  return {
    counts,
    // Dates go out as ISO strings when the answer is serialised.
    recentCamps: recent.map((camp) => ({
      _id: camp._id,
      name: camp.name,
      type: camp.type,
      code: camp.code,
      start_date: camp.start_date,
      end_date: camp.end_date,
      membership: camp.membership,
    })) as unknown as DashboardAnswer['data']['recentCamps'],
    percentages: {
      inscripciones: share('inscripciones'),
      cupones: share('cupones'),
      campamentos: share('campamentos'),
    },
    paidPerDay: paidPerDay(paid, now),
    money: { ...money.all, camps: money.camps },
    holding: money.holding,
    backup,
  };
}
