// The camp day (issue 25): a coach lists a week's children for today, marks arrivals (a replay or a
// second coach keeps the first mark) and departures to an authorised person; someone not on the
// list is refused with the list, unless an administrator overrides with a note (audited).
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { coachOfWeeks, staffKit, type StaffKit } from './testing.ts';
import { enrolmentRequest, participant } from '../checkout/testing.ts';
import { ROLE_MESSAGES } from '../../../src/domain/roles.ts';
import { CAMP_DAY_MESSAGES as M, type CampDayMark } from '../../../src/domain/camp-day.ts';
import type { Enrolment } from '../../../src/domain/records.ts';

let kit: StaffKit | undefined;
afterEach(async () => {
  await kit?.t.close();
  kit = undefined;
});

/**
 * A school on a clock set to 3 May 2027 (before the camp), closed after the test; with `paid`, the
 * parent has paid for two children in the first week.
 */
async function kitOnClock({ paid = false } = {}) {
  const clock = { now: new Date('2027-05-03T15:00:00Z') };
  const k = (kit = await staffKit(undefined, clock));
  if (paid) expect((await k.pay(k.parent, enrolmentRequest(k.cart, [[0], [0]]))).statusCode).toBe(201);
  return { k, clock };
}

/** The admin creates a coach through the staff call (nothing assigned yet): the record and its token. */
async function createCoach(k: StaffKit, name: string, email: string) {
  const created = await k.t.api({
    method: 'POST',
    url: '/api/personal/create',
    token: k.admin,
    payload: { name, email, role: 'entrenador' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const record = created.json().data as { _id: string };
  return { record, id: record._id, token: k.t.app.signToken(record._id) };
}

describe('the camp day', () => {
  it('arrivals once, departures to an authorised person, others only with an administrator’s note', async () => {
    const { k, clock } = await kitOnClock({ paid: true });
    // The week this coach runs.
    const coach = await coachOfWeeks(k, [k.cart.weeks[0]!._id]);
    const order = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ payment_status: 'paid' }))!;
    const week = k.cart.weeks[0]!._id;
    const base = { campament: k.cart.camp._id, week, day: '2027-06-14' };
    // The camp day: Monday 14 June 2027, 8:05 a. m. in Santo Domingo.
    clock.now = new Date('2027-06-14T12:05:00Z');
    const list = async () =>
      (
        await k.t.api({
          method: 'GET',
          url: `/api/dia?campament=${base.campament}&week=${week}&day=${base.day}`,
          token: coach,
        })
      ).json().data as Array<{
        key: string;
        name: string;
        arrived_at: string | null;
        arrived_by: string;
        picked_up_by: string;
      }>;
    const children = await list();
    expect(children.map((child) => child.name).sort()).toEqual(['María Rodríguez', 'Pedro Rodríguez']);
    const pedro = children.find((child) => child.name === 'Pedro Rodríguez')!;
    expect(pedro.key).toBe(`${order._id}:1`);

    const arrive = (token: string, at?: string) =>
      k.t.api({
        method: 'POST',
        url: '/api/dia/llegada',
        token,
        payload: { ...base, key: pedro.key, ...(at ? { at } : {}) },
      });
    const first = await arrive(coach, '2027-06-14T12:05:00.000Z');
    expect(first.json().message).toBe(M.arrived('Pedro Rodríguez'));
    // A phone replaying its offline mark, and the office marking too: the first mark stands.
    await arrive(coach, '2027-06-14T12:05:00.000Z');
    await arrive(k.admin);
    const marked = (await list()).find((child) => child.key === pedro.key)!;
    expect(marked.arrived_at).toBe('2027-06-14T12:05:00.000Z');
    expect(marked.arrived_by).toBe('Coach Luis');

    // Someone not on the list: refused with who may, for a coach.
    const stranger = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: coach,
      payload: {
        ...base,
        key: pedro.key,
        other: { name: 'Tío Juan', id: '001-9999999-6', note: 'Lo dijo la madre' },
      },
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      M.notAuthorized('Pedro Rodríguez', ['Rosa Martínez (001-1111111-8)', 'Juan Pérez (001-2222222-7)']),
    );
    expect((await list()).find((child) => child.key === pedro.key)!.picked_up_by).toBe('');

    const left = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: coach,
      payload: { ...base, key: pedro.key, person: 0 },
    });
    expect(left.json().message).toBe(M.left('Pedro Rodríguez', 'Rosa Martínez (001-1111111-8)'));

    // An administrator's override for María (who arrived), with a note; audited.
    const maria = children.find((child) => child.name === 'María Rodríguez')!;
    const mariaArrived = await k.t.api({
      method: 'POST',
      url: '/api/dia/llegada',
      token: coach,
      payload: { ...base, key: maria.key },
    });
    expect(mariaArrived.statusCode, mariaArrived.body).toBe(200);
    const noNote = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: k.admin,
      payload: { ...base, key: maria.key, other: { name: 'Tío Juan', id: '001-9999999-6', note: '' } },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(M.overrideNote);
    const override = await k.t.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: k.admin,
      payload: {
        ...base,
        key: maria.key,
        other: { name: 'Tío Juan', id: '001-9999999-6', note: 'La madre llamó' },
      },
    });
    expect(override.statusCode, override.body).toBe(200);
    const day = await list();
    expect(day.find((child) => child.key === maria.key)).toMatchObject({
      picked_up_by: 'Tío Juan (001-9999999-6)',
    });
    const audit = await k.t.store
      .collection<{ _id: string; kind: string; note?: string }>('auditoria')
      .findOne({ kind: 'asistencia' });
    expect(audit?.note).toContain('La madre llamó');
    // A child of another week is not in this day; and that week is not this coach's.
    const wrong = await k.t.api({
      method: 'POST',
      url: '/api/dia/llegada',
      token: k.admin,
      payload: { ...base, week: k.cart.weeks[1]!._id, key: pedro.key },
    });
    expect(wrong.statusCode).toBe(404);
    const notTheirs = await k.t.api({
      method: 'POST',
      url: '/api/dia/llegada',
      token: coach,
      payload: { ...base, week: k.cart.weeks[1]!._id, key: pedro.key },
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(ROLE_MESSAGES.notAssigned);
  });

  it('a coach sees and marks only the weeks and categories an administrator assigned', async () => {
    const { k, clock } = await kitOnClock();
    const [mini, infantil] = [k.cart.categories[0]!._id, k.cart.categories[1]!._id];
    // Pedro (Infantil) in weeks 1 and 2; Ana (Mini) in week 1.
    const order = enrolmentRequest(k.cart, [[0, 1], [0]]);
    order.listCalendar[2]!.time = mini;
    order.listParticipants[1] = participant(2, {
      first_name: 'Ana',
      age: '8',
      birth_date: '15/03/2018',
      time: mini,
    });
    const paid = await k.pay(k.parent, order);
    expect(paid.statusCode, paid.body).toBe(201);
    const { record, id: coachId, token: coach } = await createCoach(k, 'Coach Mini', 'mini@escuela.do');
    expect(record).toMatchObject({ weeks: [], categories: [], assigned: 'Nada asignado' });
    const rosters = (query: string, token = coach) =>
      k.t.api({
        method: 'GET',
        url: `/api/inscripciones/listas?campament=${k.cart.camp._id}${query}`,
        token,
      });
    // Nothing assigned yet: nothing to see.
    const none = await rosters('');
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(ROLE_MESSAGES.nothingAssigned);

    // The administrator assigns week 1, category Mini; the office cannot.
    const assign = (token: string, body: Record<string, unknown>) =>
      k.t.api({ method: 'POST', url: '/api/personal/update', token, payload: { _id: coachId, ...body } });
    const week1 = k.cart.weeks[0]!;
    const assigned = await assign(k.admin, { weeks: [week1._id], categories: [mini] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({
      weeks: [week1._id],
      categories: [mini],
      assigned: `${week1.name} · ${k.cart.categories[0]!.name}`,
    });
    expect((await assign(k.admin, { weeks: ['0123456789abcdef01234567'] })).json().message).toBe(
      ROLE_MESSAGES.assignmentNotFound,
    );
    const admins = await k.t.store.collection('usuarios').findOne({ email: 'direccion@escuela.do' });
    expect((await assign(k.admin, { _id: admins!._id, weeks: [week1._id] })).json().message).toBe(
      ROLE_MESSAGES.onlyCoaches,
    );

    // The whole camp's rosters: week 1 only, Mini only: Ana, not Pedro.
    const all = (await rosters('')).json().data as Array<{
      week_id: string;
      categories: Array<{ category_id: string; children: Array<{ name: string }> }>;
    }>;
    expect(all.map((week) => week.week_id)).toEqual([week1._id]);
    expect(all[0]!.categories.map((group) => [group.category_id, group.children.map((c) => c.name)])).toEqual(
      [[mini, ['Ana Rodríguez']]],
    );
    // Another week or category is refused, and the office still sees everything.
    expect((await rosters(`&week=${k.cart.weeks[1]!._id}`)).statusCode).toBe(403);
    expect((await rosters(`&week=${week1._id}&category=${infantil}`)).statusCode).toBe(403);
    const office = (await rosters(`&week=${week1._id}`, k.admin)).json().data[0].categories;
    expect(office.flatMap((group: { children: unknown[] }) => group.children)).toHaveLength(2);

    // The camp day (Monday 14 June, 9 a. m.): the same children, and only they can be marked.
    clock.now = new Date('2027-06-14T13:00:00Z');
    const day = (
      await k.t.api({
        method: 'GET',
        url: `/api/dia?campament=${k.cart.camp._id}&week=${week1._id}&day=2027-06-14`,
        token: coach,
      })
    ).json().data as Array<{ key: string; name: string }>;
    expect(day.map((child) => child.name)).toEqual(['Ana Rodríguez']);
    const stored = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ payment_status: 'paid' }))!;
    const mark = (key: string) =>
      k.t.api({
        method: 'POST',
        url: '/api/dia/llegada',
        token: coach,
        payload: { campament: k.cart.camp._id, week: week1._id, day: '2027-06-14', key },
      });
    expect((await mark(`${stored._id}:2`)).statusCode).toBe(200);
    expect((await mark(`${stored._id}:1`)).statusCode).toBe(404);
    // The audit names the assignment.
    const log = await k.t.store
      .collection<{ _id: string; kind: string; after?: Record<string, unknown> }>('auditoria')
      .find({
        kind: 'usuarios',
      });
    expect(log.at(-1)!.after).toMatchObject({ semanas: [week1._id], categorias: [mini] });
  });

  it("e-mails the family on the first departure where the camp asks, and the office downloads the day's sheet", async () => {
    const { k, clock } = await kitOnClock({ paid: true });
    const on = await k.t.api({
      method: 'POST',
      url: '/api/campamentos/update',
      token: k.admin,
      payload: { _id: k.cart.camp._id, pickup_notice: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const order = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ payment_status: 'paid' }))!;
    const base = { campament: k.cart.camp._id, week: k.cart.weeks[0]!._id, day: '2027-06-14' };
    const post = (path: string, body: Record<string, unknown>, token = k.admin) =>
      k.t.api({ method: 'POST', url: `/api/dia/${path}`, token, payload: { ...base, ...body } });
    clock.now = new Date('2027-06-14T12:30:00Z');
    expect((await post('llegada', { key: `${order._id}:1` })).statusCode).toBe(200);
    const at = '2027-06-14T20:05:00.000Z'; // 4:05 p. m. in Santo Domingo, the server's clock
    clock.now = new Date(at);
    expect((await post('salida', { key: `${order._id}:1`, person: 0, at })).statusCode).toBe(200);
    // A replay of the same departure sends nothing more.
    expect((await post('salida', { key: `${order._id}:1`, person: 1, at })).statusCode).toBe(200);
    await k.t.app.outbox.flush();
    const notices = k.t.mails.filter((mail) => mail.kind === 'pickup-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      to: ['familia.rodriguez@correo.do'],
      subject: 'Pedro Rodríguez salió del campamento',
    });
    expect(notices[0]!.text).toContain(
      `Pedro Rodríguez salió de ${k.cart.camp.name} a las 4:05 p. m. con Rosa Martínez (001-1111111-8).`,
    );

    // The day's sheet: both children, the marks with their times and who took Pedro.
    const query = `campament=${base.campament}&week=${base.week}&day=${base.day}`;
    const csv = await k.t.api({ method: 'GET', url: `/api/dia/export?${query}&format=csv`, token: k.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`asistencia-${k.cart.camp.code}-2027-06-14.csv`);
    const rows = parse<Record<string, string>>(csv.body, { bom: true, delimiter: ';', columns: true });
    expect(rows.map((row) => [row.Participante, row['Lo recogió']]).sort()).toEqual([
      ['María Rodríguez', ''],
      ['Pedro Rodríguez', 'Rosa Martínez (001-1111111-8)'],
    ]);
    expect(rows.find((row) => row.Participante === 'Pedro Rodríguez')!.Salida).toMatch(/14\/06\/2027/);
    const xlsx = await k.t.api({
      method: 'GET',
      url: `/api/dia/export?${query}&format=xlsx`,
      token: k.admin,
    });
    expect(xlsx.statusCode).toBe(200);
    // A coach has the day on the phone, not a download.
    const coach = await createCoach(k, 'Coach', 'coach.dia@escuela.do');
    const refused = await k.t.api({
      method: 'GET',
      url: `/api/dia/export?${query}&format=csv`,
      token: coach.token,
    });
    expect(refused.statusCode).toBe(403);
  });
});

// Issue 53, item 6: marks only for the week's camp days (a coach: today), in order, at the
// server's time; every impossible mark the review made is refused in Spanish and stores nothing.
describe('the camp day refuses impossible marks (issue 53)', () => {
  async function gate() {
    const { k, clock } = await kitOnClock({ paid: true });
    const { id: coachId, token: coach } = await createCoach(k, 'Coach Luis', 'coach@escuela.do');
    const week = k.cart.weeks[0]!; // 14/06/2027 - 18/06/2027, Monday to Friday
    expect(week.date).toBe('14/06/2027 - 18/06/2027');
    await k.t.api({
      method: 'POST',
      url: '/api/personal/update',
      token: k.admin,
      payload: { _id: coachId, weeks: [week._id] },
    });
    const order = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ payment_status: 'paid' }))!;
    const post = (path: 'llegada' | 'salida', token: string, body: Record<string, unknown>) =>
      k.t.api({
        method: 'POST',
        url: `/api/dia/${path}`,
        token,
        payload: { campament: k.cart.camp._id, week: week._id, key: `${order._id}:1`, ...body },
      });
    const marks = () => k.t.store.collection<CampDayMark>('asistencia').find({});
    return { k, clock, coach, week, order, post, marks };
  }

  it('a day outside the week or that does not exist: 400 in Spanish, nothing stored', async () => {
    const { k, clock, coach, week, post, marks } = await gate();
    clock.now = new Date('2027-06-14T13:00:00Z'); // Monday 14 June, 9 a. m. in Santo Domingo
    const outside = M.notCampDay(['2027-06-14', '2027-06-15', '2027-06-16', '2027-06-17', '2027-06-18']);
    expect(outside).toBe(
      'Ese día no es de esta semana: se marca del lunes 14/06/2027 al viernes 18/06/2027.',
    );
    // The Saturday after the week, a day of another week, a day years away.
    for (const day of ['2027-06-19', '2027-06-21', '2030-01-01'])
      for (const token of [k.admin, coach]) {
        const res = await post('llegada', token, { day });
        expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(outside);
      }
    // Days that do not exist.
    for (const day of ['2027-02-30', '2027-13-45', '0000-00-00']) {
      for (const path of ['llegada', 'salida'] as const) {
        const res = await post(path, k.admin, { day, person: 0 });
        expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(M.badDay);
      }
      const list = await k.t.api({
        method: 'GET',
        url: `/api/dia?campament=${k.cart.camp._id}&week=${week._id}&day=${day}`,
        token: k.admin,
      });
      expect(list.statusCode).toBe(400);
      expect(list.json().message).toBe(M.badDay);
    }
    const list = await k.t.api({
      method: 'GET',
      url: `/api/dia?campament=${k.cart.camp._id}&week=${week._id}&day=2030-01-01`,
      token: k.admin,
    });
    expect(list.statusCode).toBe(400);
    expect(await marks()).toEqual([]);
  });

  it('a departure with no arrival: 409, nothing stored; the time is always the server’s', async () => {
    const { clock, coach, post, marks, order } = await gate();
    clock.now = new Date('2027-06-14T12:10:00Z');
    const alone = await post('salida', coach, { day: '2027-06-14', person: 0 });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(M.noArrival('Pedro Rodríguez'));
    expect(await marks()).toEqual([]);

    // An arrival 'at' 1999: stored at the server's time.
    const arrived = await post('llegada', coach, { day: '2027-06-14', at: '1999-01-01T00:00:00.000Z' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    clock.now = new Date('2027-06-14T20:30:00Z');
    const left = await post('salida', coach, { day: '2027-06-14', person: 0, at: '1999-01-01T23:00:00Z' });
    expect(left.statusCode, left.body).toBe(200);
    const [mark] = await marks();
    expect(mark).toMatchObject({
      _id: `2027-06-14|${order._id}:1`,
      arrived_at: new Date('2027-06-14T12:10:00Z'),
      left_at: new Date('2027-06-14T20:30:00Z'),
      picked_up_by: 'Rosa Martínez (001-1111111-8)',
    });
  });

  it('a coach marks today only (none before the week); the office any camp day of the week', async () => {
    const { k, clock, coach, post, marks } = await gate();
    // Seven months before the week: a coach has nothing to mark.
    clock.now = new Date('2026-11-14T15:00:00Z');
    const early = await post('llegada', coach, { day: '2027-06-14' });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(M.onlyToday('2026-11-14'));
    expect(early.json().message).toBe(
      'Un entrenador marca solo el día de hoy (sábado 14/11/2026); para corregir otro día, pídalo a la oficina.',
    );
    expect(await marks()).toEqual([]);
    // Tuesday of the week: today yes, Monday no (for a coach); the office corrects Monday.
    clock.now = new Date('2027-06-15T13:00:00Z');
    expect((await post('llegada', coach, { day: '2027-06-14' })).statusCode).toBe(403);
    expect((await post('llegada', coach, { day: '2027-06-15' })).statusCode).toBe(200);
    const corrected = await post('llegada', k.admin, { day: '2027-06-14' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await marks()).map((mark) => mark.day).sort()).toEqual(['2027-06-14', '2027-06-15']);
  });
});
