// The waiting list (issue 18): a family joins a full week's line; a place that frees is held for the
// first in line for a day and e-mailed; the family pays with it, or the offer runs out and passes to
// the next; staff see the line and move families in it.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/build.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { cartHoldName } from '../../../src/domain/holds.ts';
import { WAITLIST_MESSAGES } from '../../../src/domain/waitlist.ts';
import { offerFreedPlaces } from '../../../src/core/checkout/waitlist.ts';
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
    const list = async () =>
      (await t.api({ method: 'GET', url: `/api/esperas/lista?week=${week._id}`, token: admin.token })).json()
        .data;
    expect(
      (await list()).map((row: { email: string; position: number }) => [row.email, row.position]),
    ).toEqual([
      ['ana@correo.do', 1],
      ['luis@correo.do', 2],
      ['otra@correo.do', 3],
    ]);
    const otraId = (await list())[2]._id;
    const moved = await t.api({
      method: 'POST',
      url: '/api/esperas/mover',
      token: admin.token,
      payload: { id: otraId, direction: 'up' },
    });
    expect(moved.json().message).toBe(WAITLIST_MESSAGES.moved);
    expect((await list()).map((row: { email: string }) => row.email)).toEqual([
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
    const list = async () =>
      (await t.api({ method: 'GET', url: `/api/esperas/lista?week=${week._id}`, token: admin.token })).json()
        .data as Array<{ _id: string; email: string; position: number }>;
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
