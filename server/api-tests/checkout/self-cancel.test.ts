// A parent cancels their own paid enrolment from the profile (issue 18): until N days before the
// first week, with the camp's refund rule (full, minus a fee, or a credit coupon only they can
// use), through the staff's cancellation path (places and coupon use back, e-mail).
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { sandboxGateway, type PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import { CANCEL_MESSAGES } from '../../../src/domain/cancellation.ts';
import { COUPON_MESSAGES } from '../../../src/domain/coupons.ts';
import type { Camp, Coupon, Enrolment, Week } from '../../../src/domain/records.ts';
import { demoCart, enrolmentRequest, newKey, type DemoCart } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

/** The demo summer camp's first week starts Monday 14/06/2027 (00:00 Santo Domingo, UTC-4). */
const at = (local: string) => new Date(`${local}-04:00`);

async function setup(now: Date, camp: Partial<Camp> = {}) {
  const refunds: Array<{ reference: string; amount: number }> = [];
  const inner = sandboxGateway();
  const gateway: PaymentGateway = {
    ...inner,
    refund: async (request) => {
      refunds.push(request);
      return inner.refund(request);
    },
  };
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
) {
  const res = await t.api({
    method: 'POST',
    url: '/api/inscripciones/create',
    token,
    headers: { 'idempotency-key': newKey() },
    payload: enrolmentRequest(cart, weeks, coupon),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (await t.store
    .collection<Enrolment>('inscripciones')
    .findOne({ order_number: res.json().result.orderId }))!;
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
    expect(after).toMatchObject({ status: 'cancelled', cancel: null });
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
