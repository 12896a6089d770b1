// Place holds while enrolling (issue 18): the cart the wizard reports holds its places for the camp's
// minutes (15 by default), counted against everyone else's availability; an expired hold stops
// counting at once and its places go back when someone needs them; at payment the hold becomes the
// order's in one update. Never oversold, whatever races.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/build.ts';
import type { Camp, Enrolment, Week } from '../../../src/domain/records.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import { weekFullMessage } from '../../../src/domain/enrolment.ts';
import { enrolmentStateLabel } from '../../../src/domain/staff.ts';
import { HOLD_MESSAGES, cartHoldName } from '../../../src/domain/holds.ts';
import { orderPlacesOn } from '../../../src/core/checkout/order-places.ts';
import { demoSchoolOnClock, enrolmentRequest, payAs, type DemoCart } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup() {
  const school = await demoSchoolOnClock();
  t = school.t;
  return { cart: school.cart, later: (minutes: number) => school.later(minutes / 60) };
}

const weeks = () => t.store.collection<Week>('semanas');

/** Leaves `free` places on the week (capacity stays, places taken grow). */
async function leaveFree(week: Week, free: number) {
  await weeks().updateOne({ _id: week._id }, { set: { quota_f: week.quota_q - free } });
}

/** The wizard's report: `places[i]` children in week i. */
const report = (token: string, cart: DemoCart, places: Record<number, number>) =>
  t.api({
    method: 'POST',
    url: `/api/carritos/${cart.camp._id}`,
    token,
    payload: {
      weeks: Object.keys(places).map((index) => cart.weeks[Number(index)]!._id),
      participants: Math.max(0, ...Object.values(places)),
      places: Object.entries(places).map(([index, count]) => ({
        week: cart.weeks[Number(index)]!._id,
        count,
      })),
    },
  });

const pay = (token: string, body: ReturnType<typeof enrolmentRequest>) => payAs(t, token, body);

/** What a parent's calendar shows as places left in week `index`. */
async function shownLeft(token: string, cart: DemoCart, index: number): Promise<number | null> {
  const res = await t.api({ method: 'GET', url: `/api/semanas/findbycamp/${cart.camp._id}`, token });
  const week = res.json().data.weekData.find((row: Week) => row._id === cart.weeks[index]!._id);
  expect(week.holds, 'who holds places is never answered').toBeUndefined();
  return week.quota_f_left;
}

describe('place holds', () => {
  it("holds a cart's places for 15 minutes against everyone else, and they come back when it expires", async () => {
    const { cart, later } = await setup();
    const week = cart.weeks[0]!;
    await leaveFree(week, 3);
    const [carmen, other] = await Promise.all([t.createUser(), t.createUser()]);

    const held = await report(carmen.token, cart, { 0: 2 });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data).toEqual({
      expires_at: '2027-05-03T15:15:00.000Z',
      // Carmen's own hold is hers: three places left for her, one for anyone else.
      weeks: [{ _id: week._id, wanted: 2, held: 2, quota_f_left: 3 }],
    });
    expect(await shownLeft(other.token, cart, 0)).toBe(1);
    // Another family cannot hold or pay for two.
    expect((await report(other.token, cart, { 0: 2 })).json().data.weeks[0]).toMatchObject({ held: 0 });
    const refused = await pay(other.token, enrolmentRequest(cart, [[0], [0]]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(weekFullMessage(week));
    // Staff read the attempt as 'Sin cupo', not as a declined card's 'Fallida' (issue 54).
    const attempt = await t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ user_id: other.user._id, payment_status: 'error' });
    expect(attempt).toMatchObject({ failure: 'no_places' });
    expect(enrolmentStateLabel(attempt!)).toBe('Sin cupo');
    const staff = await t.createUser({ admin: true });
    const listed = await t.api({
      method: 'GET',
      url: '/api/inscripciones/lista?state=failed',
      token: staff.token,
    });
    expect(listed.json().data).toEqual([expect.objectContaining({ state: 'failed', failure: 'no_places' })]);

    later(14);
    expect(await shownLeft(other.token, cart, 0)).toBe(1);
    later(1);
    // Expired: it stops counting at once, before anything is written.
    expect(await shownLeft(other.token, cart, 0)).toBe(3);
    expect((await weeks().findById(week._id))!.quota_f).toBe(week.quota_q - 1);
    // The other family's payment gives the expired hold back and takes the places.
    const paid = await pay(other.token, enrolmentRequest(cart, [[0], [0]]));
    expect(paid.statusCode, paid.body).toBe(201);
    const stored = (await weeks().findById(week._id))!;
    expect(stored.quota_f).toBe(week.quota_q - 1);
    expect(stored.holds?.[cartHoldName(carmen.user._id)]).toBeUndefined();
    // Carmen, late, finds one place left.
    const late = await report(carmen.token, cart, { 0: 2 });
    expect(late.json().data.weeks[0]).toEqual({ _id: week._id, wanted: 2, held: 0, quota_f_left: 1 });
  });

  it('is renewed by activity, follows the cart as it changes and gives back what it no longer wants', async () => {
    const { cart, later } = await setup();
    const [first, second] = [cart.weeks[0]!, cart.weeks[1]!];
    const carmen = await t.createUser();
    await report(carmen.token, cart, { 0: 2, 1: 1 });
    const takenAfterHold = async () =>
      Promise.all([first, second].map(async (week) => (await weeks().findById(week._id))!.quota_f));
    expect(await takenAfterHold()).toEqual([first.quota_f + 2, second.quota_f + 1]);

    later(10);
    const renewed = await report(carmen.token, cart, { 0: 1, 1: 1 });
    expect(renewed.json().data.expires_at).toBe('2027-05-03T15:25:00.000Z');
    expect(await takenAfterHold()).toEqual([first.quota_f + 1, second.quota_f + 1]);
    later(10); // 20 minutes after the first hold, 10 after the renewal: still held
    expect(await takenAfterHold()).toEqual([first.quota_f + 1, second.quota_f + 1]);
    expect((await report(carmen.token, cart, { 1: 1 })).json().data.weeks).toHaveLength(1);
    expect(await takenAfterHold()).toEqual([first.quota_f, second.quota_f + 1]);
    await report(carmen.token, cart, {});
    expect(await takenAfterHold()).toEqual([first.quota_f, second.quota_f]);
  });

  it("becomes the order's places at payment; a declined card keeps it for the next try", async () => {
    const { cart } = await setup();
    const [first, second] = [cart.weeks[0]!, cart.weeks[1]!];
    await leaveFree(first, 2);
    const [carmen, other] = await Promise.all([t.createUser(), t.createUser()]);
    await report(carmen.token, cart, { 0: 2, 1: 1 });

    const declined = await pay(
      carmen.token,
      enrolmentRequest(cart, [[0], [0]], { card: SANDBOX_CARDS.declined }),
    );
    expect(declined.statusCode).toBe(402);
    const afterDecline = (await weeks().findById(first._id))!;
    expect(afterDecline.holds?.[cartHoldName(carmen.user._id)]).toBe(2);
    expect(afterDecline.quota_f).toBe(first.quota_q);
    expect((await pay(other.token, enrolmentRequest(cart, [[0]]))).statusCode).toBe(409);

    const paid = await pay(carmen.token, enrolmentRequest(cart, [[0], [0]]));
    expect(paid.statusCode, paid.body).toBe(201);
    const order = (await t.store.collection<Enrolment>('inscripciones').findOne({ payment_status: 'paid' }))!;
    const stored = (await weeks().findById(first._id))!;
    // The same two places, now the order's: nothing was free in between. Paid, they are counted
    // by the order's own record, out of the week's document (issue 55).
    expect(stored.quota_f).toBe(first.quota_q);
    expect(stored.holds).toEqual({});
    expect(await orderPlacesOn(t.store, stored, order._id)).toBe(2);
    // Week 2 was in the cart but not bought: its hold goes back with the paid cart.
    const unbought = (await weeks().findById(second._id))!;
    expect(unbought.quota_f).toBe(second.quota_f);
    expect(unbought.holds?.[cartHoldName(carmen.user._id)]).toBeUndefined();
  });

  it('never oversells when families hold and pay at once', async () => {
    const { cart } = await setup();
    const week = cart.weeks[2]!;
    await leaveFree(week, 5);
    const families = await Promise.all(Array.from({ length: 16 }, () => t.createUser()));
    // Eight hold one place each, at once: five get one.
    const holds = await Promise.all(families.slice(0, 8).map(({ token }) => report(token, cart, { 2: 1 })));
    const holders = families.filter((_, index) => index < 8 && holds[index]!.json().data.weeks[0].held === 1);
    expect(holders).toHaveLength(5);
    // The holders and eight others pay at once: exactly the five holders are paid.
    const answers = await Promise.all(families.map(({ token }) => pay(token, enrolmentRequest(cart, [[2]]))));
    const paidBy = families.filter((_, index) => answers[index]!.statusCode === 201);
    expect(paidBy.map(({ user }) => user._id).sort()).toEqual(holders.map(({ user }) => user._id).sort());
    for (const res of answers.filter((answer) => answer.statusCode !== 201)) expect(res.statusCode).toBe(409);
    const stored = (await weeks().findById(week._id))!;
    expect(stored.quota_f).toBe(week.quota_q);
    expect(Object.keys(stored.holds ?? {}).every((hold) => !hold.startsWith('cart-'))).toBe(true);
  });

  // Issue 43, item 1: one account, or ten, cannot lock a camp with carts that never pay.
  describe('bounded against locking a camp', () => {
    const camps = () => t.store.collection<Camp>('campamentos');
    /** Four weeks of 30 places, none taken. */
    async function thirtyEach(cart: DemoCart) {
      for (const week of cart.weeks.slice(0, 4))
        await weeks().updateOne({ _id: week._id }, { set: { quota_q: 30, quota_f: 0 } });
    }

    it('one family with 50 participants in 4 weeks holds the camp’s places per family, no more', async () => {
      const { cart } = await setup();
      await thirtyEach(cart);
      const [attacker, other] = await Promise.all([t.createUser(), t.createUser()]);
      const answer = await report(attacker.token, cart, { 0: 50, 1: 50, 2: 50, 3: 50 });
      expect(answer.json().data.weeks.map((week: { held: number }) => week.held)).toEqual([5, 5, 5, 5]);
      for (const index of [0, 1, 2, 3]) expect(await shownLeft(other.token, cart, index)).toBe(25);
      // The family can still buy more than it may hold, from the places free.
      expect((await pay(other.token, enrolmentRequest(cart, [[0], [0], [0]]))).statusCode).toBe(201);
      // The camp sets the bound.
      await camps().updateOne({ _id: cart.camp._id }, { set: { hold_family_max: 2 } });
      const lower = await report(attacker.token, cart, { 0: 50 });
      expect(lower.json().data.weeks[0]).toMatchObject({ held: 2 });
    });

    it('renewals never keep a hold past twice the hold time; then the family waits one hold time', async () => {
      const { cart, later } = await setup();
      await thirtyEach(cart);
      await camps().updateOne({ _id: cart.camp._id }, { set: { hold_minutes: 1 } });
      const [attacker, other] = await Promise.all([t.createUser(), t.createUser()]);
      const heldNow = async () => (await report(attacker.token, cart, { 0: 5 })).json().data.weeks[0].held;
      // The same cart every 45 s: held at 0, 45 and 90 s; refused at 135 s (the window ended at 120 s).
      const seen: number[] = [];
      for (let step = 0; step < 4; step++) {
        if (step > 0) later(0.75);
        seen.push(await heldNow());
      }
      expect(seen).toEqual([5, 5, 5, 0]);
      expect(await shownLeft(other.token, cart, 0)).toBe(30);
      // Emptying the cart and filling it again does not open a new window early.
      await report(attacker.token, cart, {});
      expect(await heldNow()).toBe(0);
      // One hold time after the window ended (180 s from the first hold): a new window opens.
      later(0.75);
      expect(await heldNow()).toBe(5);
    });

    it('ten accounts at once hold at most half a week together; an eleventh family still pays', async () => {
      const { cart } = await setup();
      await thirtyEach(cart);
      const families = await Promise.all(Array.from({ length: 11 }, () => t.createUser()));
      const answers = await Promise.all(
        families.slice(0, 10).map(({ token }) => report(token, cart, { 0: 3 })),
      );
      const held = answers.map((answer) => answer.json().data.weeks[0].held as number);
      expect(held.reduce((sum, count) => sum + count, 0)).toBe(15);
      expect(held.every((count) => count === 0 || count === 3)).toBe(true);
      expect((await weeks().findById(cart.weeks[0]!._id))!.quota_f).toBe(15);
      const last = families[10]!;
      expect(await shownLeft(last.token, cart, 0)).toBe(15);
      expect((await pay(last.token, enrolmentRequest(cart, [[0], [0], [0]]))).statusCode).toBe(201);
      // The share is the camp's: at 20 %, six places.
      await camps().updateOne({ _id: cart.camp._id }, { set: { hold_share_percent: 20 } });
      await Promise.all(families.slice(0, 10).map(({ token }) => report(token, cart, {})));
      const again = await Promise.all(
        families.slice(0, 10).map(({ token }) => report(token, cart, { 0: 3 })),
      );
      expect(again.reduce((sum, answer) => sum + (answer.json().data.weeks[0].held as number), 0)).toBe(6);
    });
  });

  it('holds only what the cart has: a week once, in the cart, no more places than children', async () => {
    const { cart } = await setup();
    const carmen = await t.createUser();
    const [first, second] = [cart.weeks[0]!._id, cart.weeks[1]!._id];
    const send = (payload: Record<string, unknown>) =>
      t.api({ method: 'POST', url: `/api/carritos/${cart.camp._id}`, token: carmen.token, payload });
    for (const payload of [
      { weeks: [], participants: 0, places: [{ week: first, count: 1 }] },
      { weeks: [first], participants: 1, places: [{ week: first, count: 2 }] },
      {
        weeks: [first],
        participants: 2,
        places: [
          { week: first, count: 1 },
          { week: first, count: 1 },
        ],
      },
    ]) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(HOLD_MESSAGES.badCart);
    }
    expect((await weeks().findById(first))!.holds).toBeUndefined();
    // Whatever the cart record says, an emptied cart gives back every hold of the family.
    await report(carmen.token, cart, { 0: 1, 1: 1 });
    await t.store.collection('carritos').deleteMany({});
    await report(carmen.token, cart, {});
    for (const id of [first, second])
      expect((await weeks().findById(id))!.holds?.[cartHoldName(carmen.user._id)]).toBeUndefined();
  });

  it('changes nothing while the family pays, nor just after: a late report cannot hold again', async () => {
    const { cart } = await setup();
    const carmen = await t.createUser();
    await report(carmen.token, cart, { 0: 1 });
    const paid = await pay(carmen.token, enrolmentRequest(cart, [[0]]));
    expect(paid.statusCode).toBe(201);
    const late = await report(carmen.token, cart, { 0: 1 });
    expect(late.json().data).toEqual({ expires_at: null, weeks: [] });
    const week = (await weeks().findById(cart.weeks[0]!._id))!;
    expect(week.quota_f).toBe(cart.weeks[0]!.quota_f + 1);
    expect(week.holds?.[cartHoldName(carmen.user._id)]).toBeUndefined();
    expect(await t.store.collection('carritos').count({})).toBe(0);
  });

  it("keeps the family's own expired hold when it asks for more than is free", async () => {
    const { cart, later } = await setup();
    const week = cart.weeks[0]!;
    await leaveFree(week, 2);
    const [carmen, other] = await Promise.all([t.createUser(), t.createUser()]);
    await report(carmen.token, cart, { 0: 2 });
    later(16);
    const answer = await report(carmen.token, cart, { 0: 3 });
    expect(answer.json().data.weeks[0]).toMatchObject({ wanted: 3, held: 2 });
    // Renewed only to the end of the family's window: twice the hold time after its first hold.
    expect(answer.json().data.expires_at).toBe('2027-05-03T15:30:00.000Z');
    expect((await report(other.token, cart, { 0: 1 })).json().data.weeks[0]).toMatchObject({ held: 0 });
  });

  it('shows staff the places taken now, without expired holds', async () => {
    const { cart, later } = await setup();
    const week = cart.weeks[0]!;
    const [carmen, admin] = await Promise.all([t.createUser(), t.createUser({ admin: true })]);
    await report(carmen.token, cart, { 0: 2 });
    const staffView = async () => {
      const res = await t.api({
        method: 'GET',
        url: `/api/semanas/findbycamp/${cart.camp._id}`,
        token: admin.token,
      });
      return res.json().data.weekData.find((row: Week) => row._id === week._id);
    };
    expect(await staffView()).toMatchObject({ quota_f: week.quota_f + 2, quota_held: 2 });
    later(15);
    expect(await staffView()).toMatchObject({ quota_f: week.quota_f, quota_held: 0 });
  });

  it('holds nothing for a camp set to 0 minutes, and refuses bad input with 400', async () => {
    const { cart } = await setup();
    const carmen = await t.createUser();
    await t.store.collection('campamentos').updateOne({ _id: cart.camp._id }, { set: { hold_minutes: 0 } });
    const none = await report(carmen.token, cart, { 0: 1 });
    expect(none.json().data).toEqual({
      expires_at: null,
      weeks: [{ _id: cart.weeks[0]!._id, wanted: 1, held: 0, quota_f_left: 30 - cart.weeks[0]!.quota_f }],
    });
    expect((await weeks().findById(cart.weeks[0]!._id))!.quota_f).toBe(cart.weeks[0]!.quota_f);
    for (const places of [[{ week: 'x', count: 1 }], [{ week: cart.weeks[0]!._id, count: 0 }], 'dos']) {
      const res = await t.api({
        method: 'POST',
        url: `/api/carritos/${cart.camp._id}`,
        token: carmen.token,
        payload: { weeks: [cart.weeks[0]!._id], participants: 1, places },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe('ERROR');
    }
  });
});
