// The admin dashboard (spec 02 §2): what GET /dashboard answers, and the figures that are computed,
// not counted: the shares and the paid enrolments per day, for the dashboard service
// (src/core/admin/dashboard.ts). Pure.
import type { CampAnswer } from './answers.ts';
import type { MoneyTotals } from './money.ts';
import { SANTO_DOMINGO_OFFSET_MS, santoDomingoDay } from './days.ts';
import { childKey, type ChildId } from './family.ts';

export const DASHBOARD_KINDS = [
  'campamentos',
  'categorias',
  'semanas',
  'inscripciones',
  'participantes',
  'clientes',
  'cupones',
  'contactos',
  'calendarios',
] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];
/** The dashboard's list of recent camps/programs holds at most this many (spec 02 §9). */
export const DASHBOARD_RECENT_CAMPS = 6;

export interface DashboardAnswer {
  status: 'SUCCESS';
  data: {
    counts: Record<DashboardKind, { total: number; active: number }>;
    recentCamps: Array<
      Pick<CampAnswer, '_id' | 'name' | 'type' | 'code' | 'start_date' | 'end_date' | 'membership'>
    >;
    /** Whole numbers 0-100; 0 when there is nothing of that kind. */
    percentages: { inscripciones: number; cupones: number; campamentos: number };
    /**
     * Paid enrolments (payment_status 'paid') by the day of their paid_at, Santo Domingo time:
     * the last DASHBOARD_PAID_DAYS days up to and including today, oldest first, every day present.
     */
    paidPerDay: PaidDay[];
    /**
     * The money of the paid orders (issue 24, ./money.ts): collected, refunded and kept (net), in
     * all and per camp, and what families still owe on their plans.
     */
    money: MoneyTotals & { camps: Array<MoneyTotals & { _id: string; name: string }> };
    /** Orders and distinct children (peopleCounts) that hold places now (paid, not cancelled). */
    holding: { orders: number; children: number };
    /** The last good backup (issue 27), and what staff should know when none is recent or set up. */
    backup: { last_ok_at: string | null; warning: string | null };
  };
}

/**
 * Each card's figure as staff read it (issue 54; DESIGN.md §8): under the spec's title, what the
 * total counts and what its second figure counts. Where a raw record count meant nothing (the
 * contact and calendar records every order writes), the card counts something staff recognise.
 */
export const DASHBOARD_CARD_TEXTS: Record<
  DashboardKind,
  { title: string; counts: string; active: readonly [one: string, many: string] }
> = {
  campamentos: { title: 'Campamentos', counts: 'Campamentos y programas', active: ['activo', 'activos'] },
  categorias: {
    title: 'Categorías',
    counts: 'Categorías de todos los campamentos',
    active: ['activa', 'activas'],
  },
  semanas: { title: 'Semanas', counts: 'Semanas de todos los campamentos', active: ['activa', 'activas'] },
  inscripciones: {
    title: 'Inscripciones',
    counts: 'Órdenes pagadas',
    active: ['con cupo hoy', 'con cupo hoy'],
  },
  participantes: {
    title: 'Participantes',
    counts: 'Niños distintos: uno solo aunque esté en varias órdenes',
    active: ['con cupo hoy', 'con cupo hoy'],
  },
  clientes: { title: 'Clientes', counts: 'Familias que han pagado', active: ['activa', 'activas'] },
  cupones: { title: 'Cupones', counts: 'Cupones de descuento', active: ['activo', 'activos'] },
  contactos: {
    title: 'Contactos',
    counts: 'Familias con contacto de emergencia',
    active: ['con hijos inscritos hoy', 'con hijos inscritos hoy'],
  },
  calendarios: {
    title: 'Calendarios',
    counts: 'Semanas abiertas a inscripción',
    active: ['con cupos libres', 'con cupos libres'],
  },
};

/** The parts of a paid order the people cards read (src/domain/records.ts Enrolment). */
export interface PeopleOrder {
  user_id: string;
  /** 'cancelled' once the order gave its places back. */
  status?: string;
  participants?: readonly ChildId[];
  contact?: {
    first_name?: string;
    phone_home?: string;
    phone_mobile?: string;
    phone_office?: string;
  };
}

/**
 * 'Participantes' and 'Contactos' from the paid orders, added one at a time (the dashboard reads
 * them a page at a time): distinct children (a child is the same
 * child within a family by childKey, the family discount's and the membership's identity: one in
 * three orders counts once) and families whose emergency contact has a name and a phone; each in
 * all, and among the orders that still hold places.
 */
export function peopleCounter(): {
  add: (order: PeopleOrder) => void;
  counts: () => Record<'participantes' | 'contactos', { total: number; active: number }>;
} {
  const children = { all: new Set<string>(), holding: new Set<string>() };
  const families = { all: new Set<string>(), holding: new Set<string>() };
  const add = (order: PeopleOrder) => {
    const holding = order.status !== 'cancelled';
    for (const child of order.participants ?? []) {
      const key = `${order.user_id}#${childKey(child)}`;
      children.all.add(key);
      if (holding) children.holding.add(key);
    }
    const contact = order.contact;
    if (contact?.first_name?.trim() && (contact.phone_mobile || contact.phone_home || contact.phone_office)) {
      families.all.add(order.user_id);
      if (holding) families.holding.add(order.user_id);
    }
  };
  return {
    add,
    counts: () => ({
      participantes: { total: children.all.size, active: children.holding.size },
      contactos: { total: families.all.size, active: families.holding.size },
    }),
  };
}

/** How many days the dashboard's paidPerDay covers (today included). */
export const DASHBOARD_PAID_DAYS = 30;

export interface PaidDay {
  /** 'YYYY-MM-DD', Santo Domingo time (UTC-4, no daylight saving). */
  day: string;
  count: number;
  /** The sum of the enrolments' amounts, whole DOP. */
  amount: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole-number share 0-100; 0 when there is nothing to share. */
export const percentage = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 100) : 0;

export { santoDomingoDay };

/**
 * The instants paidPerDay covers: `from` is the start (00:00 Santo Domingo) of the oldest of the
 * `days` days, `until` the end of today (exclusive). The server reads only this range.
 */
export function paidDaysRange(now: Date, days = DASHBOARD_PAID_DAYS): { from: Date; until: Date } {
  const todayStart = Date.parse(`${santoDomingoDay(now)}T00:00:00.000Z`) - SANTO_DOMINGO_OFFSET_MS;
  return { from: new Date(todayStart - (days - 1) * DAY_MS), until: new Date(todayStart + DAY_MS) };
}

/** The parts of an enrolment (src/domain/records.ts, written by src/core/checkout/pipeline.ts) the chart reads. */
export interface PaidEnrolment {
  payment_status: string;
  paid_at: Date | null | undefined;
  /** 'cancelled' once the order gave its places back: its money may remain (a fee kept), not its count. */
  status?: string;
  /** Whole DOP the school keeps of it: collected minus refunded (src/domain/money.ts, issue 24). */
  amount: number;
}

/**
 * Paid enrolments (payment_status 'paid') by the Santo Domingo day of their paid_at: the orders
 * that still hold their places counted, the money kept of all of them summed (a refunded order
 * adds nothing, a kept fee its fee: issue 24). One entry per day of the last `days` days up to and
 * including today, oldest first, days without payments included (zeros). Enrolments outside that
 * range are left out.
 */
export function paidPerDay(
  enrolments: Iterable<PaidEnrolment>,
  now: Date,
  days = DASHBOARD_PAID_DAYS,
): PaidDay[] {
  const { from } = paidDaysRange(now, days);
  const byDay = new Map<string, PaidDay>();
  for (let index = 0; index < days; index += 1) {
    const day = santoDomingoDay(new Date(from.getTime() + index * DAY_MS));
    byDay.set(day, { day, count: 0, amount: 0 });
  }
  for (const enrolment of enrolments) {
    if (enrolment.payment_status !== 'paid' || !enrolment.paid_at) continue;
    const entry = byDay.get(santoDomingoDay(enrolment.paid_at));
    if (!entry) continue;
    if (enrolment.status !== 'cancelled') entry.count += 1;
    entry.amount += Number.isFinite(enrolment.amount) ? Math.round(enrolment.amount) : 0;
  }
  return [...byDay.values()];
}
