// GET /api/dashboard (spec 02 §2): the nine counts, the recent camps, the three percentages and
// the paid enrolments per day, computed from counts, one limited query and one date-range query.
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../src/core/seed.ts';
import type { Store } from '../../store/port.ts';
import { adminKitPerTest, createCamp } from './test-kit.ts';
import { dashboard as buildDashboard } from '../../../src/core/admin/dashboard.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const kit = adminKitPerTest((fresh) => seedDemoData(fresh.t.store));

const dashboard = () => kit.t.api({ method: 'GET', url: '/api/dashboard', token: kit.admin });

describe('GET /api/dashboard', () => {
  it('counts the demo school', async () => {
    const res = await dashboard();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('SUCCESS');
    expect(body.data.counts).toEqual({
      campamentos: { total: 2, active: 2 },
      categorias: { total: 6, active: 6 },
      semanas: { total: 11, active: 11 },
      inscripciones: { total: 0, active: 0 },
      participantes: { total: 0, active: 0 },
      clientes: { total: 0, active: 0 },
      cupones: { total: 3, active: 3 },
      contactos: { total: 0, active: 0 },
      // The weeks parents can enrol in, and those with places left (one demo week is sold out).
      calendarios: { total: 11, active: 10 },
    });
    expect(body.data.percentages).toEqual({ inscripciones: 0, cupones: 100, campamentos: 100 });
    expect(body.data.recentCamps).toEqual([
      {
        _id: expect.any(String),
        name: 'Campamento de Verano 2027',
        type: 'campamento',
        code: 'CV2027',
        start_date: '2027-06-14T12:00:00.000Z',
        end_date: '2027-08-06T12:00:00.000Z',
        membership: 3500,
      },
      {
        _id: expect.any(String),
        name: 'Programa Anual 2026-2027',
        type: 'programaanual',
        code: 'PA2027',
        start_date: '2026-09-01T12:00:00.000Z',
        end_date: '2027-06-30T12:00:00.000Z',
        membership: 3500,
      },
    ]);
  });

  it('counts active records ("active" or "activo", clients also by cliEstado), leaves deleted ones out, and rounds the percentages', async () => {
    const store = kit.t.store;
    const week = await store.collection('semanas').findOne({ name: 'Semana 1' });
    await kit.t.api({ method: 'GET', url: `/api/semanas/delete/${week!._id}`, token: kit.admin });
    const coupon = await store.collection('cupones').findOne({ code: 'VERANO10' });
    await kit.t.api({
      method: 'POST',
      url: '/api/cupones/update',
      token: kit.admin,
      payload: { _id: coupon!._id, status: 'inactive' },
    });
    // Enrolments are the paid orders; active, those that hold places (issue 24).
    const child = { first_name: 'Ana', birth_date: '01/01/2018' };
    await store.collection('inscripciones').insertMany([
      { payment_status: 'paid', status: 'active', participants: [child, child], amount: 100, discount: 0 },
      { payment_status: 'paid', status: 'active', participants: [child], amount: 100, discount: 0 },
      { payment_status: 'paid', status: 'cancelled', participants: [child], amount: 100, discount: 0 },
      { payment_status: 'declined', status: 'inactive', participants: [child], amount: 100, discount: 0 },
    ]);
    await store.collection('clientes').insertMany([
      { name: 'A', cliEstado: 'activo' },
      { name: 'B', status: 'active' },
      { name: 'C', cliEstado: 'inactivo' },
    ]);
    await createCamp(kit, { code: 'OTRO', status: 'inactive' });

    const { data } = (await dashboard()).json();
    expect(data.counts.semanas).toEqual({ total: 10, active: 10 });
    expect(data.counts.cupones).toEqual({ total: 3, active: 2 });
    expect(data.counts.inscripciones).toEqual({ total: 3, active: 2 });
    // Ana (no family named: one family) is one child, however many orders she is in.
    expect(data.counts.participantes).toEqual({ total: 1, active: 1 });
    expect(data.counts.clientes).toEqual({ total: 3, active: 2 });
    expect(data.counts.campamentos).toEqual({ total: 3, active: 2 });
    expect(data.percentages).toEqual({ inscripciones: 67, cupones: 67, campamentos: 67 });
    expect(data.recentCamps.map((camp: { code: string }) => camp.code)).toEqual(['CV2027', 'PA2027']);
  });

  it('lists at most 6 active camps, the latest first', async () => {
    for (const year of [2020, 2021, 2022, 2023, 2024, 2025, 2028]) {
      await createCamp(kit, { code: `V${year}`, start_date: `${year}-06-15`, end_date: `${year}-08-07` });
    }
    const { data } = (await dashboard()).json();
    expect(data.recentCamps.map((camp: { code: string }) => camp.code)).toEqual([
      'V2028',
      'CV2027',
      'PA2027',
      'V2025',
      'V2024',
      'V2023',
    ]);
    expect(data.counts.campamentos).toEqual({ total: 9, active: 9 });
  });

  it('reads counts, not whole collections: the recent camps, the paid enrolments of the chart’s days, and two counts per kind', async () => {
    const calls = spyOnReads(kit.t.store);
    const now = new Date();
    expect((await dashboard()).statusCode).toBe(200);
    expect(calls.find).toContainEqual({ collection: 'campamentos', limit: 6, filter: expect.anything() });
    // The orders are read a page at a time for the money (issue 24), or by the chart's days.
    const orders = calls.find.filter((call) => call.collection === 'inscripciones');
    const chart = orders.find((call) => (call.filter as { paid_at?: unknown }).paid_at);
    for (const call of orders) if (call !== chart) expect(call.limit).toBe(200);
    // Only the 30 days' range of paid enrolments (30 days + the hours since midnight at most).
    const { paid_at: range, payment_status } = chart!.filter as {
      paid_at: Record<string, Date>;
      payment_status: string;
    };
    expect(payment_status).toBe('paid');
    const span = range.$lt!.getTime() - range.$gte!.getTime();
    expect(span).toBe(30 * DAY_MS);
    expect(range.$gte!.getTime()).toBeLessThanOrEqual(now.getTime() - 29 * DAY_MS);
    expect(range.$lt!.getTime()).toBeGreaterThan(now.getTime());
    // Participants, contacts and calendars come from the orders' pass and the open weeks (issue 54).
    expect(calls.count).toHaveLength(12);
    expect(new Set(calls.count)).toEqual(
      new Set(['campamentos', 'categorias', 'semanas', 'inscripciones', 'clientes', 'cupones']),
    );
  });
});

describe('the nine cards count what staff recognise (issue 54)', () => {
  it('counts a child in three orders once, families with an emergency contact, and the weeks open for enrolment', async () => {
    const store = kit.t.store;
    const sofia = { first_name: 'Sofía', last_name: 'Pérez', birth_date: '03/05/2016' };
    const mateo = { first_name: 'Mateo', last_name: 'Pérez', birth_date: '10/10/2018' };
    const contact = { first_name: 'Rosa', last_name: 'Pérez', phone_mobile: '809-555-0101' };
    const order = (user_id: string, participants: object[], extra: object = {}) => ({
      user_id,
      payment_status: 'paid',
      status: 'active',
      participants,
      contact,
      amount: 100,
      discount: 0,
      ...extra,
    });
    await store.collection('inscripciones').insertMany([
      // The Pérez family: Sofía in three orders (typed differently once), Mateo in one.
      order('perez', [sofia]),
      order('perez', [{ ...sofia, first_name: ' sofia ' }, mateo]),
      order('perez', [sofia], { status: 'cancelled' }),
      // Another family's Sofía born the same day is another child; its contact has no phone.
      order('gomez', [sofia], { contact: { first_name: 'Luis', phone_mobile: '' } }),
      // A family whose only order was cancelled: counted in all, not among those with places.
      order('diaz', [{ first_name: 'Ana', birth_date: '01/01/2017' }], { status: 'cancelled' }),
      // Not paid: not counted.
      order('nunez', [mateo], { payment_status: 'declined' }),
    ]);
    // Of the demo school's 11 shown weeks (one sold out), one is hidden from parents, one more full.
    const weeks = store.collection('semanas');
    const [hidden, full] = await weeks.find({}, { limit: 2, sort: { order: 1 } });
    await weeks.updateOne({ _id: hidden!._id }, { set: { isChecked: false } });
    await weeks.updateOne({ _id: full!._id }, { set: { quota_q: 5, quota_f: 5 } });

    const { data } = (await dashboard()).json();
    expect(data.counts.participantes).toEqual({ total: 4, active: 3 });
    expect(data.counts.contactos).toEqual({ total: 2, active: 1 });
    expect(data.counts.calendarios).toEqual({ total: 10, active: 8 });
    expect(data.holding).toEqual({ orders: 3, children: 3 });
    // The figures the page shows are the same function's (src/core/admin/dashboard.ts).
    expect((await buildDashboard(store)).counts.participantes).toEqual({ total: 4, active: 3 });
  });
});

describe('paidPerDay', () => {
  /** The Santo Domingo day (UTC-4, no daylight saving) of an instant, worked out here independently. */
  const dayOf = (at: Date) => new Date(at.getTime() - 4 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const enrolment = (order: number, payment_status: string, paid_at: Date | null, amount: number) => ({
    order_number: String(order),
    payment_status,
    paid_at,
    amount,
    status: payment_status === 'paid' ? 'active' : 'inactive',
    created_at: paid_at ?? new Date(),
  });

  it('counts and sums the paid enrolments of the last 30 days by day, zeros included', async () => {
    const now = new Date();
    await kit.t.store
      .collection('inscripciones')
      .insertMany([
        enrolment(1001, 'paid', now, 4700),
        enrolment(1002, 'paid', new Date(now.getTime() - 3 * DAY_MS), 9300),
        enrolment(1003, 'paid', new Date(now.getTime() - 40 * DAY_MS), 7400),
        enrolment(1004, 'pending', null, 4700),
        enrolment(1005, 'declined', null, 4700),
      ]);
    const { data } = (await dashboard()).json();
    const days = data.paidPerDay as Array<{ day: string; count: number; amount: number }>;
    expect(days).toHaveLength(30);
    expect(days[29]!.day).toBe(dayOf(now));
    expect(days[0]!.day).toBe(dayOf(new Date(now.getTime() - 29 * DAY_MS)));
    for (const [index, entry] of days.entries()) {
      // Consecutive calendar days, oldest first.
      if (index > 0) expect(Date.parse(entry.day) - Date.parse(days[index - 1]!.day)).toBe(DAY_MS);
    }
    expect(days.filter((entry) => entry.count > 0)).toEqual([
      { day: dayOf(new Date(now.getTime() - 3 * DAY_MS)), count: 1, amount: 9300 },
      { day: dayOf(now), count: 1, amount: 4700 },
    ]);
    expect(days.filter((entry) => entry.count === 0).every((entry) => entry.amount === 0)).toBe(true);
  });

  it('reads the day in Santo Domingo time, not UTC', async () => {
    // 02:30 UTC on 15 March 2027 is 22:30 on 14 March in Santo Domingo.
    const now = new Date('2027-03-15T02:30:00.000Z');
    await kit.t.store
      .collection('inscripciones')
      .insertMany([
        enrolment(1001, 'paid', new Date('2027-03-15T01:00:00.000Z'), 4700),
        enrolment(1002, 'paid', new Date('2027-03-14T03:59:59.000Z'), 3500),
        enrolment(1003, 'paid', new Date('2027-02-13T04:00:00.000Z'), 100),
        enrolment(1004, 'paid', new Date('2027-02-13T03:59:59.000Z'), 1),
      ]);
    const { paidPerDay } = await buildDashboard(kit.t.store, now);
    expect(paidPerDay[0]).toEqual({ day: '2027-02-13', count: 1, amount: 100 });
    expect(paidPerDay.slice(-2)).toEqual([
      { day: '2027-03-13', count: 1, amount: 3500 },
      { day: '2027-03-14', count: 1, amount: 4700 },
    ]);
    expect(paidPerDay.reduce((sum, entry) => sum + entry.count, 0)).toBe(3);
  });
});

/** Records every `find` (with its limit) and `count` the app makes from now on. */
function spyOnReads(store: Store) {
  const calls = {
    find: [] as Array<{ collection: string; limit: number | undefined; filter: unknown }>,
    count: [] as string[],
  };
  const collection = store.collection.bind(store);
  store.collection = ((name: string) => {
    const real = collection(name);
    return {
      ...real,
      find: (...args: Parameters<typeof real.find>) => {
        calls.find.push({ collection: name, limit: args[1]?.limit, filter: args[0] });
        return real.find(...args);
      },
      count: (...args: Parameters<typeof real.count>) => {
        calls.count.push(name);
        return real.count(...args);
      },
    };
  }) as Store['collection'];
  return calls;
}
