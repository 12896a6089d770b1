// The waiting list (issue 18): a family joins a full week's line; a place that frees is held for the
// first in line for a day and e-mailed; the family pays with it, or the offer runs out and passes to
// the next; staff see the line and move families in it.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/build.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { cartHoldName } from '../../../src/domain/holds.ts';
import { WAITLIST_MESSAGES, WAITLIST_OFFICE_MESSAGES } from '../../../src/domain/waitlist.ts';
import { offerFreedPlaces } from '../../../src/core/checkout/waitlist.ts';
import { formatPaymentDate } from '../../../src/domain/enrolment.ts';
import { ROLE_MESSAGES } from '../../../src/domain/roles.ts';
import { AUTH_MESSAGES } from '../../../src/domain/accounts.ts';
import { cancelAsStaff, demoSchoolOnClock, enrolmentRequest, payAs } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup() {
  const school = await demoSchoolOnClock();
  t = school.t;
  const { cart, later } = school;
  const week = cart.weeks[2]!;
  const [admin, early, ana, luis, other] = await Promise.all([
    t.createUser({ admin: true }),
    t.createUser({ email: 'pagada@correo.do' }),
    t.createUser({ email: 'ana@correo.do' }),
    t.createUser({ email: 'luis@correo.do' }),
    t.createUser({ email: 'otra@correo.do' }),
  ]);
  // The week is full: the last place was paid by `early`.
  await t.store
    .collection<Week>('semanas')
    .updateOne({ _id: week._id }, { set: { quota_f: week.quota_q - 1 } });
  expect((await payAs(t, early.token, enrolmentRequest(cart, [[2]]))).statusCode).toBe(201);
  return { cart, week, admin, early, ana, luis, other, later };
}

/** The families join the week's line in this order. */
async function lineUp(week: Week, families: ReadonlyArray<{ token: string }>) {
  const children = ['Sofía', 'Mateo', 'Lucía'];
  for (const [index, family] of families.entries()) await join(family.token, week._id, children[index]!);
}

/** Staff raise the week's capacity by one, as the admin panel does. */
const oneMorePlace = (token: string, week: Week) =>
  t.api({
    method: 'POST',
    url: '/api/semanas/update',
    token,
    payload: { _id: week._id, quota_q: week.quota_q + 1 },
  });

/** The wizard's cart report: one child in `week`. */
const holdOne = (token: string, campId: string, week: Week) =>
  t.api({
    method: 'POST',
    url: `/api/carritos/${campId}`,
    token,
    payload: { weeks: [week._id], participants: 1, places: [{ week: week._id, count: 1 }] },
  });
const join = (token: string, week: string, child: string) =>
  t.api({ method: 'POST', url: '/api/esperas', token, payload: { week, child } });
const mine = async (token: string) =>
  (await t.api({ method: 'GET', url: '/api/esperas', token })).json().data;
/** The week's line as staff see it. */
const staffLine = async (week: string, token: string) =>
  (await t.api({ method: 'GET', url: `/api/esperas/lista?week=${week}`, token })).json().data as Array<{
    _id: string;
    email: string;
    position: number;
  }>;
const offers = () => t.store.collection('outbox').find({ kind: 'waitlist-offer' });
const weekNow = async (id: string) => (await t.store.collection<Week>('semanas').findById(id))!;

describe('the waiting list', () => {
  it('lines families up on a full week only, once each, with their position', async () => {
    const { cart, week, ana, luis } = await setup();
    const joined = await join(ana.token, week._id, 'Sofía');
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().message).toBe(WAITLIST_MESSAGES.joined(week.name, 1));
    expect((await join(luis.token, week._id, 'Mateo')).json().data).toMatchObject({
      position: 2,
      child: 'Mateo',
    });
    const again = await join(ana.token, week._id, 'Sofía');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WAITLIST_MESSAGES.already);
    const open = await join(ana.token, cart.weeks[0]!._id, 'Sofía');
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe(WAITLIST_MESSAGES.notFull);
    const blank = await join(ana.token, week._id, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(WAITLIST_MESSAGES.childRequired);
    expect((await join(ana.token, 'nada', 'Sofía')).statusCode).toBe(400);
    expect(await mine(luis.token)).toEqual([
      expect.objectContaining({ week_name: week.name, status: 'waiting', position: 2, child: 'Mateo' }),
    ]);
  });

  it('offers a freed place to the first in line, held for a day; the family pays with it', async () => {
    const { cart, week, admin, early, ana, luis, other } = await setup();
    await join(ana.token, week._id, 'Sofía');
    await join(luis.token, week._id, 'Mateo');
    const order = (await t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ user_id: early.user._id }))!;
    await cancelAsStaff(t, admin.token, order._id, 'Viaje familiar');

    const [mail] = await offers();
    expect(mail).toMatchObject({
      to: ['ana@correo.do'],
      subject: 'Se liberó un cupo en Campamento de Verano 2027',
    });
    expect(mail!.text).toContain('Lo reservamos para usted hasta el 04/05/2027');
    expect(mail!.text).toContain(`https://inscripciones.escuela.do/login?camp=${cart.camp._id}`);
    expect(await mine(ana.token)).toEqual([
      expect.objectContaining({
        status: 'offered',
        position: null,
        offer_expires_at: '2027-05-04T15:00:00.000Z',
      }),
    ]);
    expect((await mine(luis.token))[0]).toMatchObject({ status: 'waiting', position: 1 });
    // Held for Ana: nobody else can take it.
    const held = await weekNow(week._id);
    expect(held.holds?.[cartHoldName(ana.user._id)]).toBe(1);
    expect((await payAs(t, other.token, enrolmentRequest(cart, [[2]]))).statusCode).toBe(409);

    // The wizard opens with the week as Ana's own, and adding it keeps the day-long hold.
    const opened = await t.api({ method: 'GET', url: `/api/carritos/${cart.camp._id}`, token: ana.token });
    expect(opened.json().data).toEqual({
      expires_at: '2027-05-04T15:00:00.000Z',
      weeks: [{ _id: week._id, wanted: 1, held: 1, quota_f_left: 1 }],
    });
    const added = await holdOne(ana.token, cart.camp._id, week);
    expect(added.json().data.expires_at).toBe('2027-05-04T15:00:00.000Z');
    const paid = await payAs(t, ana.token, enrolmentRequest(cart, [[2]]));
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await t.api({ method: 'GET', url: '/api/esperas', token: ana.token })).json().data).toEqual([]);
    expect((await weekNow(week._id)).quota_f).toBe(week.quota_q);
  });

  it('passes an offer nobody takes to the next in line once it runs out', async () => {
    const { cart, week, admin, ana, luis, later } = await setup();
    await join(ana.token, week._id, 'Sofía');
    await join(luis.token, week._id, 'Mateo');
    // Staff raise the capacity by one: the place is offered at once, before any pass (issue 43).
    await oneMorePlace(admin.token, week);
    expect((await mine(ana.token))[0]).toMatchObject({ status: 'offered' });
    expect(await offerFreedPlaces(t.app.core.deps)).toBe(0);
    later(23);
    expect(await offerFreedPlaces(t.app.core.deps)).toBe(0);
    later(1);
    expect(await offerFreedPlaces(t.app.core.deps)).toBe(1);
    expect((await mine(ana.token))[0]).toMatchObject({ status: 'expired' });
    expect((await mine(luis.token))[0]).toMatchObject({ status: 'offered' });
    expect((await offers()).map((mail) => mail.to)).toEqual([['ana@correo.do'], ['luis@correo.do']]);
    const stored = await weekNow(week._id);
    expect(stored.holds?.[cartHoldName(luis.user._id)]).toBe(1);
    // Ana, late, finds the place is Luis's now.
    expect((await payAs(t, ana.token, enrolmentRequest(cart, [[2]]))).statusCode).toBe(409);
  });

  it('lets a family leave, passing its offer on; staff see the line and reorder it', async () => {
    const { week, admin, ana, luis, other } = await setup();
    await lineUp(week, [ana, luis, other]);
    const list = () => staffLine(week._id, admin.token);
    expect((await list()).map((row) => [row.email, row.position])).toEqual([
      ['ana@correo.do', 1],
      ['luis@correo.do', 2],
      ['otra@correo.do', 3],
    ]);
    const otraId = (await list())[2]!._id;
    const moved = await t.api({
      method: 'POST',
      url: '/api/esperas/mover',
      token: admin.token,
      payload: { id: otraId, direction: 'up' },
    });
    expect(moved.json().message).toBe(WAITLIST_MESSAGES.moved);
    expect((await list()).map((row) => row.email)).toEqual([
      'ana@correo.do',
      'otra@correo.do',
      'luis@correo.do',
    ]);
    // A parent cannot see or move the line.
    expect((await t.api({ method: 'GET', url: '/api/esperas/lista', token: ana.token })).statusCode).toBe(
      403,
    );

    await oneMorePlace(admin.token, week);
    await offerFreedPlaces(t.app.core.deps);
    const anaEntry = (await mine(ana.token))[0];
    expect(anaEntry.status).toBe('offered');
    const left = await t.api({ method: 'POST', url: `/api/esperas/salir/${anaEntry._id}`, token: ana.token });
    expect(left.json().message).toBe(WAITLIST_MESSAGES.left);
    expect(await mine(ana.token)).toEqual([]);
    // Her held place went on to the next in line at once.
    expect((await mine(other.token))[0]).toMatchObject({ status: 'offered' });
    const stored = await weekNow(week._id);
    expect(stored.holds?.[cartHoldName(ana.user._id)]).toBeUndefined();
    expect(stored.holds?.[cartHoldName(other.user._id)]).toBe(1);
    expect(
      (await t.api({ method: 'POST', url: `/api/esperas/salir/${anaEntry._id}`, token: luis.token }))
        .statusCode,
    ).toBe(404);
  });

  it("holds an offer's place exactly until the offer ends, and a declined card keeps the offer's day", async () => {
    const { cart, week, admin, ana, luis, later } = await setup();
    await join(ana.token, week._id, 'Sofía');
    await join(luis.token, week._id, 'Mateo');
    await oneMorePlace(admin.token, week);
    expect((await mine(ana.token))[0]).toMatchObject({
      status: 'offered',
      offer_expires_at: '2027-05-04T15:00:00.000Z',
    });
    // Ana's wizard holds the offered place until the offer's end, not 15 minutes from now.
    expect((await holdOne(ana.token, cart.camp._id, week)).json().data).toMatchObject({
      expires_at: '2027-05-04T15:00:00.000Z',
      weeks: [{ held: 1 }],
    });
    const held = await weekNow(week._id);
    expect(held.quota_f).toBe(week.quota_q + 1);
    expect(held.holds?.[cartHoldName(ana.user._id)]).toBe(1);

    // A declined card gives the place back to her cart with the offer's day, not 15 minutes.
    const declined = await payAs(t, ana.token, enrolmentRequest(cart, [[2]], { card: '4000000000000002' }));
    expect(declined.statusCode).toBe(402);
    const after = await weekNow(week._id);
    expect(after.holds?.[cartHoldName(ana.user._id)]).toBe(1);
    expect(new Date(after.hold_expiry![cartHoldName(ana.user._id)]!).toISOString()).toBe(
      '2027-05-04T15:00:00.000Z',
    );
    later(2);
    expect(await offerFreedPlaces(t.app.core.deps)).toBe(0);
    expect((await mine(luis.token))[0]).toMatchObject({ status: 'waiting' });
  });

  // Issue 43, item 2: no queue-jumping, and no offer's hold past the offer.
  it('a place freed by more capacity is the line’s at once: a family outside it cannot hold or pay it', async () => {
    const { cart, week, admin, ana, other } = await setup();
    await join(ana.token, week._id, 'Sofía');
    await oneMorePlace(admin.token, week);
    const report = await holdOne(other.token, cart.camp._id, week);
    expect(report.json().data.weeks[0]).toMatchObject({ held: 0, quota_f_left: 0 });
    expect((await payAs(t, other.token, enrolmentRequest(cart, [[2]]))).statusCode).toBe(409);
    expect((await mine(ana.token))[0]).toMatchObject({ status: 'offered' });
    expect((await payAs(t, ana.token, enrolmentRequest(cart, [[2]]))).statusCode).toBe(201);
  });

  it('a place freed by an expired hold goes to the line first, before the pass runs', async () => {
    const { cart, week, ana, luis, other, later } = await setup();
    // Luis holds the last place; the week is full for Ana, who joins the line.
    await t.store
      .collection<Week>('semanas')
      .updateOne({ _id: week._id }, { set: { quota_q: week.quota_q + 1 } });
    expect((await holdOne(luis.token, cart.camp._id, week)).json().data.weeks[0]).toMatchObject({ held: 1 });
    expect((await join(ana.token, week._id, 'Sofía')).statusCode).toBe(200);
    later(16 / 60); // Luis's hold ran out; no pass has run
    // Another family tries first: the place is offered to Ana at that moment instead.
    expect((await holdOne(other.token, cart.camp._id, week)).json().data.weeks[0]).toMatchObject({ held: 0 });
    expect((await payAs(t, other.token, enrolmentRequest(cart, [[2]]))).statusCode).toBe(409);
    expect((await mine(ana.token))[0]).toMatchObject({ status: 'offered' });
    expect((await weekNow(week._id)).holds?.[cartHoldName(ana.user._id)]).toBe(1);
  });

  it('an offer’s hold ends with the offer, even when the cart is reported just before it ends', async () => {
    const { cart, week, admin, ana, luis, later } = await setup();
    await t.store
      .collection('campamentos')
      .updateOne({ _id: cart.camp._id }, { set: { hold_minutes: 120, waitlist_offer_hours: 1 } });
    await join(ana.token, week._id, 'Sofía');
    await join(luis.token, week._id, 'Mateo');
    await oneMorePlace(admin.token, week);
    expect((await mine(ana.token))[0]).toMatchObject({ offer_expires_at: '2027-05-03T16:00:00.000Z' });
    later(59 / 60);
    const report = await holdOne(ana.token, cart.camp._id, week);
    expect(report.json().data.expires_at).toBe('2027-05-03T16:00:00.000Z');
    later(4 / 60); // 01:03: the offer ended; the pass gives the place to the next in line
    expect(await offerFreedPlaces(t.app.core.deps)).toBe(1);
    expect((await mine(ana.token))[0]).toMatchObject({ status: 'expired' });
    expect((await mine(luis.token))[0]).toMatchObject({ status: 'offered' });
    expect((await payAs(t, luis.token, enrolmentRequest(cart, [[2]]))).statusCode).toBe(201);
    expect((await payAs(t, ana.token, enrolmentRequest(cart, [[2]]))).statusCode).toBe(409);
  });

  it('keeps one family per rank when two admins move the line at once', async () => {
    const { week, admin, ana, luis, other } = await setup();
    await lineUp(week, [ana, luis, other]);
    const list = () => staffLine(week._id, admin.token);
    const [, second, third] = await list();
    const move = (id: string) =>
      t.api({
        method: 'POST',
        url: '/api/esperas/mover',
        token: admin.token,
        payload: { id, direction: 'up' },
      });
    const answers = await Promise.all([move(third!._id), move(second!._id)]);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    const positions = (await list()).map((row) => row.position);
    expect([...positions].sort()).toEqual([1, 2, 3]);
  });
});

describe('the waiting list by hand (issue 54)', () => {
  const staffCall = (token: string, path: string, payload: Record<string, unknown>) =>
    t.api({ method: 'POST', url: `/api/esperas/${path}`, token, payload });
  const staffList = async (token: string, week: string) =>
    (await t.api({ method: 'GET', url: `/api/esperas/lista?week=${week}`, token })).json().data as Array<{
      _id: string;
      email: string;
      phone: string;
      child: string;
      status: string;
      position: number | null;
    }>;

  it('adds a family that phoned, with its phone; refuses bad input in Spanish and changes nothing', async () => {
    const { cart, week, admin, ana, luis } = await setup();
    await lineUp(week, [ana]);
    const add = (payload: Record<string, unknown>) =>
      staffCall(admin.token, 'agregar', { week: week._id, ...payload });
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ email: 'luis', child: 'Mateo', phone: '809-555-0301' }, 400, WAITLIST_OFFICE_MESSAGES.emailRequired],
      [{ email: 'luis@correo.do', child: '  ', phone: '809-555-0301' }, 400, WAITLIST_MESSAGES.childRequired],
      [{ email: 'luis@correo.do', child: 'Mateo', phone: '555' }, 400, WAITLIST_OFFICE_MESSAGES.phoneInvalid],
      [
        { email: 'nadie@correo.do', child: 'Mateo', phone: '809-555-0301' },
        404,
        WAITLIST_OFFICE_MESSAGES.noAccount,
      ],
      [
        { email: 'ana@correo.do', child: 'Sofía', phone: '809-555-0301' },
        409,
        WAITLIST_OFFICE_MESSAGES.alreadyStaff,
      ],
    ];
    for (const [payload, status, message] of refusals) {
      const refused = await add(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(refused.json().message).toBe(message);
    }
    const open = await staffCall(admin.token, 'agregar', {
      week: cart.weeks[0]!._id,
      email: 'luis@correo.do',
      child: 'Mateo',
      phone: '809-555-0301',
    });
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe(WAITLIST_OFFICE_MESSAGES.notFullStaff);
    expect((await staffList(admin.token, week._id)).map((row) => row.email)).toEqual(['ana@correo.do']);

    const added = await add({ email: ' Luis@Correo.do ', child: 'Mateo', phone: '809-555-0301' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(WAITLIST_OFFICE_MESSAGES.added('Mateo', week.name, 2));
    expect(
      (await staffList(admin.token, week._id)).map((row) => [row.email, row.phone, row.position]),
    ).toEqual([
      ['ana@correo.do', '', 1],
      ['luis@correo.do', '809-555-0301', 2],
    ]);
    // The family sees its request in its profile, as if it had joined from the calendar.
    expect((await mine(luis.token))[0]).toMatchObject({ child: 'Mateo', position: 2, status: 'waiting' });
  });

  it('removes a request, giving an offered place on to the next in line', async () => {
    const { week, admin, ana, luis } = await setup();
    await lineUp(week, [ana, luis]);
    await oneMorePlace(admin.token, week);
    await offerFreedPlaces(t.app.core.deps);
    const [anaRow] = await staffList(admin.token, week._id);
    expect(anaRow).toMatchObject({ email: 'ana@correo.do', status: 'offered' });
    const removed = await staffCall(admin.token, 'quitar', { id: anaRow!._id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(WAITLIST_OFFICE_MESSAGES.removed('Sofía'));
    const rows = await staffList(admin.token, week._id);
    expect(rows.map((row) => [row.email, row.status])).toEqual([
      ['luis@correo.do', 'offered'],
      ['ana@correo.do', 'removed'],
    ]);
    const stored = await weekNow(week._id);
    expect(stored.holds?.[cartHoldName(ana.user._id)]).toBeUndefined();
    expect(stored.holds?.[cartHoldName(luis.user._id)]).toBe(1);
    const again = await staffCall(admin.token, 'quitar', { id: anaRow!._id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(WAITLIST_OFFICE_MESSAGES.cannotRemove);
  });

  it('offers a free place now to a chosen family, with the automatic offer’s hold and e-mail', async () => {
    const { week, admin, ana, luis, other } = await setup();
    await lineUp(week, [ana, luis, other]);
    const otraId = (await staffList(admin.token, week._id))[2]!._id;
    // No place is free yet: the chosen family goes first and gets the next one.
    const first = await staffCall(admin.token, 'ofrecer', { id: otraId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(WAITLIST_OFFICE_MESSAGES.firstInLine('Lucía'));
    expect((await staffList(admin.token, week._id)).map((row) => [row.email, row.position])).toEqual([
      ['otra@correo.do', 1],
      ['ana@correo.do', 2],
      ['luis@correo.do', 3],
    ]);
    expect(await offers()).toHaveLength(0);
    // A place frees without the pass running (capacity written straight to the store); staff offer
    // it to Luis, third in line, rather than to the first.
    await t.store
      .collection<Week>('semanas')
      .updateOne({ _id: week._id }, { set: { quota_q: week.quota_q + 1 } });
    const luisId = (await staffList(admin.token, week._id))[2]!._id;
    const offered = await staffCall(admin.token, 'ofrecer', { id: luisId });
    expect(offered.statusCode, offered.body).toBe(200);
    const luisEntry = (await mine(luis.token))[0];
    expect(luisEntry.status).toBe('offered');
    const until = new Date(luisEntry.offer_expires_at);
    expect(offered.json().message).toBe(
      WAITLIST_OFFICE_MESSAGES.offeredNow('Mateo', formatPaymentDate(until)),
    );
    // The same hold (a day, the family's cart hold) and the same e-mail as the automatic offer.
    expect((await weekNow(week._id)).holds?.[cartHoldName(luis.user._id)]).toBe(1);
    const mails = await offers();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ['luis@correo.do'] });
    expect(mails[0]!.subject).toMatch(/^Se liberó un cupo en /);
    expect(mails[0]!.text).toContain(`Lo reservamos para usted hasta el ${formatPaymentDate(until)}`);
    expect((await mine(other.token))[0]).toMatchObject({ status: 'waiting', position: 1 });
    // Only a waiting family is offered a place.
    const twice = await staffCall(admin.token, 'ofrecer', { id: luisId });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(WAITLIST_OFFICE_MESSAGES.cannotOffer);
  });

  it('is the office’s: a parent and a coach are refused in Spanish', async () => {
    const { week, ana, luis } = await setup();
    await lineUp(week, [ana]);
    const coach = await t.createUser({ email: 'coach@escuela.do' });
    await t.store
      .collection('usuarios')
      .updateOne({ _id: coach.user._id }, { set: { tipo: 'personal', role: 'entrenador' } });
    for (const [token, message] of [
      [luis.token, AUTH_MESSAGES.notAdmin],
      [coach.token, ROLE_MESSAGES.forbidden('entrenador')],
    ] as const) {
      for (const [path, payload] of [
        ['agregar', { week: week._id, email: 'luis@correo.do', child: 'Mateo', phone: '809-555-0301' }],
        ['quitar', { id: 'x' }],
        ['ofrecer', { id: 'x' }],
      ] as const) {
        const refused = await staffCall(token, path, payload);
        expect(refused.statusCode, path).toBe(403);
        expect(refused.json().message).toBe(message);
      }
    }
    expect(await mine(ana.token)).toHaveLength(1);
    expect(await mine(luis.token)).toEqual([]);
  });
});
