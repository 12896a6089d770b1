// A parent cancels their own paid enrolment from the profile (issue 18): until N days before the
// first week, with the camp's refund rule (full, minus a fee, or a credit coupon only they can
// use), through the staff's cancellation path (places and coupon use back, e-mail).
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { CANCEL_MESSAGES } from '../../../src/domain/cancellation.ts';
import { COUPON_MESSAGES } from '../../../src/domain/coupons.ts';
import type { Camp, Coupon, Enrolment, Week } from '../../../src/domain/records.ts';
import { demoCart, enrolmentRequest, paidOrder, payAs, recordingGateway, type DemoCart } from './testing.ts';
import { priceCart } from '../../../src/domain/pricing.ts';

let t: TestApp;
afterEach(async () => t?.close());

/** The demo summer camp's first week starts Monday 14/06/2027 (00:00 Santo Domingo, UTC-4). */
const at = (local: string) => new Date(`${local}-04:00`);

async function setup(now: Date, camp: Partial<Camp> = {}) {
  const { gateway, refunds } = recordingGateway();
  const clock = { now };
  t = await buildTestApp({}, { deps: { gateway, clock: () => clock.now } });
  await seedDemoData(t.store);
  const cart = await demoCart(t.store);
  await t.store.collection<Camp>('campamentos').updateOne({ _id: cart.camp._id }, { set: camp });
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  const paid = await pay(parent.token, cart, [[0, 1]]);
  return { parent, cart, refunds, clock, order: paid };
}

async function pay(
  token: string,
  cart: DemoCart,
  weeks: number[][],
  coupon?: Parameters<typeof enrolmentRequest>[2],
  body = enrolmentRequest(cart, weeks, coupon),
) {
  return paidOrder(t, token, body);
}

/** A second child (Ana) in week 3, priced with the family's first child counted: 5% off. */
function secondChildOrder(cart: DemoCart) {
  const second = enrolmentRequest(cart, [[2]]);
  second.listParticipants = [{ ...second.listParticipants[0]!, first_name: 'Ana', birth_date: '01/01/2019' }];
  const price = priceCart({
    campType: cart.camp.type,
    lines: second.listCalendar.map((line) => ({ cupo: line.cupo, value: line.value })),
    membershipFee: cart.camp.membership,
    familyChildren: 2,
  });
  return { ...second, amount: price.total, discount: price.discount };
}

const cancel = (token: string, id: string) =>
  t.api({ method: 'POST', url: `/api/inscripciones/cancelar/${id}`, token, payload: {} });
const activity = async (token: string) =>
  (await t.api({ method: 'GET', url: '/api/usuarios/activity', token })).json().data.enrolments;
const validate = (token: string, coupon: string) =>
  t.api({ method: 'POST', url: '/api/cupones/validate', token, payload: { coupon } });
const taken = async (cart: DemoCart, index: number) =>
  (await t.store.collection<Week>('semanas').findById(cart.weeks[index]!._id))!.quota_f;

describe('a parent cancels their own enrolment', () => {
  it('full refund: places back, the whole amount to the card, e-mailed, shown cancelled', async () => {
    const { parent, cart, refunds, order } = await setup(at('2027-06-01T10:00:00'));
    const [listed] = await activity(parent.token);
    expect(listed).toMatchObject({
      status: 'active',
      cancel: {
        last_day: '07/06/2027',
        refund: `Se reembolsarán RD$${order.amount.toLocaleString('en-US')} a su tarjeta.`,
      },
    });
    expect(await taken(cart, 0)).toBe(1);

    const res = await cancel(parent.token, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', message: 'Inscripción cancelada' });
    expect(refunds).toEqual([{ reference: order.order_number, amount: order.amount }]);
    expect(await taken(cart, 0)).toBe(0);
    const stored = await t.store.collection<Enrolment>('inscripciones').findById(order._id);
    expect(stored).toMatchObject({
      status: 'cancelled',
      refund_status: 'refunded',
      cancelled_by: 'carmen@correo.do',
    });
    const [after] = await activity(parent.token);
    // The refund in sight (issue 26): its amount and state, and the history says it.
    expect(after).toMatchObject({
      status: 'cancelled',
      cancel: null,
      refund: { amount: order.amount, status: 'refunded' },
    });
    const history = (
      await t.api({ method: 'GET', url: '/api/usuarios/activity', token: parent.token })
    ).json().data.timeline as Array<{ text: string }>;
    expect(history.map((event) => event.text)).toContain(
      `Inscripción cancelada: ${order.camp_name}, orden ${order.order_number}`,
    );
    const mail = await t.store.collection('outbox').findById(`cancelled-${order._id}`);
    expect(mail!.text).toContain('Solicitamos el reembolso de');

    // A second click changes nothing and refunds nothing more.
    const again = await cancel(parent.token, order._id);
    expect(again.json().message).toBe(CANCEL_MESSAGES.alreadyCancelled);
    expect(refunds).toHaveLength(1);
  });

  it('the window: through 23:59 of the day 7 days before the first week, not a minute after', async () => {
    const { parent, order, clock } = await setup(at('2027-06-07T23:59:00'));
    clock.now = at('2027-06-08T00:00:00');
    const late = await cancel(parent.token, order._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'El plazo para cancelar esta inscripción terminó el 07/06/2027. Por favor contacte a la escuela.',
    );
    expect((await activity(parent.token))[0].cancel).toBeNull();
    clock.now = at('2027-06-07T23:59:59');
    expect((await cancel(parent.token, order._id)).statusCode).toBe(200);
  });

  it('a camp with 14 days: the last day moves back a week', async () => {
    const { parent, order, clock } = await setup(at('2027-05-31T12:00:00'), { self_cancel_days: 14 });
    expect((await activity(parent.token))[0].cancel.last_day).toBe('31/05/2027');
    clock.now = at('2027-06-01T00:00:00');
    expect((await cancel(parent.token, order._id)).statusCode).toBe(409);
  });

  it('minus a fee: the rest goes back to the card, and the e-mail says so', async () => {
    const { parent, order, refunds } = await setup(at('2027-06-01T10:00:00'), {
      refund_rule: 'fee',
      cancel_fee: 1000,
    });
    expect((await activity(parent.token))[0].cancel.refund).toBe(
      `Se reembolsarán RD$${(order.amount - 1000).toLocaleString('en-US')} a su tarjeta (el cargo por cancelación es de RD$1,000).`,
    );
    expect((await cancel(parent.token, order._id)).statusCode).toBe(200);
    expect(refunds).toEqual([{ reference: order.order_number, amount: order.amount - 1000 }]);
    const mail = await t.store.collection('outbox').findById(`cancelled-${order._id}`);
    expect(mail!.text).toContain('se retuvo un cargo por cancelación de RD$1,000');
  });

  it('a credit: nothing to the card; a personal coupon for the amount that only this family can use', async () => {
    const { parent, order, refunds, cart } = await setup(at('2027-06-01T10:00:00'), {
      refund_rule: 'credit',
    });
    expect((await cancel(parent.token, order._id)).statusCode).toBe(200);
    expect(refunds).toEqual([]);
    const stored = (await t.store.collection<Enrolment>('inscripciones').findById(order._id))!;
    expect(stored).toMatchObject({ refund_status: 'none', credit_amount: order.amount });
    expect(stored.credit_code).toMatch(/^CR-[A-Z2-9]{8}$/);
    const credit = (await t.store.collection<Coupon>('cupones').findOne({ code: stored.credit_code! }))!;
    expect(credit).toMatchObject({
      type: 'amount',
      amount: order.amount,
      max_uses: 1,
      owner: parent.user._id,
    });
    const mail = await t.store.collection('outbox').findById(`cancelled-${order._id}`);
    expect(mail!.text).toContain(`escriba el cupón ${stored.credit_code} al pagar`);
    // The profile shows the code too, in case the e-mail is lost.
    const [row] = await activity(parent.token);
    expect(row).toMatchObject({
      status: 'cancelled',
      credit: { code: stored.credit_code, amount: order.amount },
    });

    const other = await t.createUser();
    const foreign = await validate(other.token, stored.credit_code!);
    expect(foreign.json().message).toBe(COUPON_MESSAGES.otherAccount);
    const own = await validate(parent.token, stored.credit_code!);
    expect(own.json().data).toMatchObject({ type: 'amount', amount: order.amount });
    // Spent once on a next enrolment, it is gone.
    const terms = { code: stored.credit_code!, type: 'amount' as const, percent: 0, amount: order.amount };
    await pay(parent.token, cart, [[2]], { coupon: terms });
    const twice = await validate(parent.token, stored.credit_code!);
    expect(twice.json().message).toBe(COUPON_MESSAGES.exhausted);
  });

  it('counts the window from the week as stored, whatever dates the browser wrote on the line', async () => {
    const { parent, cart, clock } = await setup(at('2027-06-10T10:00:00'));
    // Another child than the one setup enrolled in that week (one place per child, issue 26).
    const body = enrolmentRequest(cart, [[0]], { children: 'Otro' });
    body.listCalendar[0]!.date = '01/01/2099 - 05/01/2099';
    body.listCalendar[0]!.name = 'Semana inventada';
    const order = await pay(parent.token, cart, [[0]], undefined, body);
    expect(order.lines[0]).toMatchObject({ name: cart.weeks[0]!.name, date: cart.weeks[0]!.date });
    const late = await cancel(parent.token, order._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('terminó el 07/06/2027');
    // Staff move the week a month later: the window follows the week.
    await t.store
      .collection<Week>('semanas')
      .updateOne({ _id: cart.weeks[0]!._id }, { set: { date: '12/07/2027 - 16/07/2027' } });
    clock.now = at('2027-07-05T10:00:00');
    const rows = await activity(parent.token);
    expect(rows.find((row: { _id: string }) => row._id === order._id).cancel).toMatchObject({
      last_day: '05/07/2027',
    });
  });

  it('three clicks at once: one cancellation, one refund, one credit', async () => {
    const full = await setup(at('2027-06-01T10:00:00'));
    const clicks = await Promise.all([1, 2, 3].map(() => cancel(full.parent.token, full.order._id)));
    expect(clicks.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(full.refunds).toHaveLength(1);
    await t.close();

    const credit = await setup(at('2027-06-01T10:00:00'), { refund_rule: 'credit' });
    await Promise.all([1, 2, 3].map(() => cancel(credit.parent.token, credit.order._id)));
    const credits = await t.store.collection<Coupon>('cupones').find({ credit_for: credit.order._id });
    expect(credits).toHaveLength(1);
    const stored = await t.store.collection<Enrolment>('inscripciones').findById(credit.order._id);
    expect(stored!.credit_code).toBe(credits[0]!.code);
  });

  it('an order whose children gave a later order its family discount is cancelled by staff only', async () => {
    const { parent, cart, order } = await setup(at('2027-06-01T10:00:00'), { family_across_orders: true });
    // The first order enrolled one child in two weeks; a second child now gets 5% with it.
    const later = await pay(parent.token, cart, [[2]], undefined, secondChildOrder(cart));
    expect(later.family_orders).toEqual([order._id]);
    const rows = await activity(parent.token);
    expect(rows.find((row: { _id: string }) => row._id === order._id).cancel).toBeNull();
    const refused = await cancel(parent.token, order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Los niños de esta inscripción dieron el descuento familiar a otra inscripción suya. Por favor contacte a la escuela para cancelarla.',
    );
    // Once the later order is cancelled, the first one may be too.
    expect((await cancel(parent.token, later._id)).statusCode).toBe(200);
    expect((await cancel(parent.token, order._id)).statusCode).toBe(200);
  });

  it('a later order paid with the discount while its basis is cancelled: never both (8 families at once)', async () => {
    const { parent, cart, order } = await setup(at('2027-06-01T10:00:00'), { family_across_orders: true });
    const families = [{ token: parent.token, first: order }];
    for (let i = 1; i < 8; i++) {
      const other = await t.createUser({ email: `familia${i}@correo.do` });
      families.push({ token: other.token, first: await pay(other.token, cart, [[0, 1]]) });
    }
    const body = secondChildOrder(cart);
    const outcomes = await Promise.all(
      families.map(async ({ token, first }) => {
        const [paid, cancelled] = await Promise.all([payAs(t, token, body), cancel(token, first._id)]);
        return { paid: paid.statusCode, cancelled: cancelled.statusCode };
      }),
    );
    for (const [i, { first }] of families.entries()) {
      const orders = await t.store
        .collection<Enrolment>('inscripciones')
        .find({ user_id: first.user_id, payment_status: 'paid' });
      const discounted = orders.filter((o) => o._id !== first._id && (o.price?.familyDiscount ?? 0) > 0);
      const basis = orders.find((o) => o._id === first._id)!;
      // The discount and the cancellation that removes its basis never both stand.
      expect(discounted.length > 0 && basis.status === 'cancelled', `family ${i}`).toBe(false);
      // And at least one of the two went through.
      expect(outcomes[i]!.paid === 201 || outcomes[i]!.cancelled === 200, `family ${i}`).toBe(true);
    }
  });

  it("refuses another family's order (404), and a camp that does not allow it", async () => {
    const { parent, order } = await setup(at('2027-06-01T10:00:00'), { self_cancel: false });
    const other = await t.createUser();
    const foreign = await cancel(other.token, order._id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Inscripción no encontrada.');
    expect((await activity(parent.token))[0].cancel).toBeNull();
    const refused = await cancel(parent.token, order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CANCEL_MESSAGES.notOffered);
    expect((await t.store.collection<Enrolment>('inscripciones').findById(order._id))!.status).toBe('active');
  });
});
