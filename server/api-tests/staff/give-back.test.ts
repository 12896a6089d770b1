// Refunds, credits and cash returned never exceed what an order collected (issue 53): a credit from
// a partial change counts against the cancellation that follows (voided when not spent, deducted
// when spent), by the office and by the parent; a card-refund change followed by a cancellation
// stays right; what was paid at the counter is owed back by the office, not forgotten.
import { describe, expect, it } from 'vitest';
import { recordingStaffKit, staffKitPerTest } from './testing.ts';
import type { Camp, Coupon, Enrolment } from '../../../src/domain/records.ts';
import { COUPON_MESSAGES } from '../../../src/domain/coupons.ts';
import { GIVE_BACK_MESSAGES } from '../../../src/domain/give-back.ts';
import { demoCart, enrolmentRequest, staffCancel as cancelAs } from '../checkout/testing.ts';

const { kit, setup } = staffKitPerTest(recordingStaffKit);

const orders = () => kit.t.store.collection<Enrolment>('inscripciones');
const coupons = () => kit.t.store.collection<Coupon>('cupones');

async function payFor(token: string, body = enrolmentRequest(kit.cart, [[0, 1]])): Promise<Enrolment> {
  const res = await kit.pay(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return (await orders().findOne({ order_number: res.json().result.orderId }))!;
}

const staffChange = (id: string, body: Record<string, unknown>) =>
  kit.t.api({
    method: 'POST',
    url: `/api/inscripciones/cambios/${id}`,
    token: kit.admin,
    payload: { reason: 'Pedido por la madre por teléfono', ...body },
  });
const parentChange = (id: string, body: Record<string, unknown>) =>
  kit.t.api({ method: 'POST', url: `/api/inscripciones/cambiar/${id}`, token: kit.parent, payload: body });
const staffCancel = (id: string) => cancelAs(kit.t, kit.admin, id);
const parentCancel = (id: string) =>
  kit.t.api({ method: 'POST', url: `/api/inscripciones/cancelar/${id}`, token: kit.parent, payload: {} });
const validate = (code: string) =>
  kit.t.api({ method: 'POST', url: '/api/cupones/validate', token: kit.parent, payload: { coupon: code } });
const money = async () =>
  (await kit.t.api({ method: 'GET', url: '/api/dashboard', token: kit.admin })).json().data.money;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('a credit from a partial change, then the cancellation', () => {
  it('office: the unspent credit is voided and the card gets back what was paid, RD$9,300 in all', async () => {
    const { cart } = await setup();
    // One child, two weeks: 9,400 - 100 (2-week rate) = 9,300.
    const order = await payFor(kit.parent);
    expect(order.amount).toBe(9_300);
    const dropped = await staffChange(order._id, {
      action: 'drop_week',
      cupo: 1,
      week: cart.weeks[1]!._id,
      refund: 'credit',
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const credit = (await coupons().findById(`credit-${order._id}-c1`))!;
    expect(credit.amount).toBe(4_600);
    expect((await validate(credit.code)).json().status).toBe('SUCCESS');

    const res = await staffCancel(order._id);
    expect(res.statusCode, res.body).toBe(200);
    // The card gets the whole charge back; the credit is no longer the family's.
    expect(kit.refunds.map((refund) => refund.amount)).toEqual([9_300]);
    expect((await coupons().findById(credit._id))!.status).toBe('inactive');
    const spend = await validate(credit.code);
    expect(spend.statusCode).toBe(400);
    expect(spend.json().message).toBe(COUPON_MESSAGES.inactive);
    expect(await orders().findById(order._id)).toMatchObject({
      refund_amount: 9_300,
      refund_status: 'refunded',
    });
    // Given back in all: what was collected, not a peso more.
    expect(await money()).toMatchObject({ collected: 9_300, refunded: 9_300, net: 0 });
  });

  it('office: a credit already spent is deducted: RD$4,700 to the card, RD$9,300 back in all', async () => {
    const { cart } = await setup();
    const order = await payFor(kit.parent);
    await staffChange(order._id, {
      action: 'drop_week',
      cupo: 1,
      week: cart.weeks[1]!._id,
      refund: 'credit',
    });
    const credit = (await coupons().findById(`credit-${order._id}-c1`))!;
    // The family spends it on another week: 4,700 - 4,600 = RD$100 paid.
    const other = await payFor(
      kit.parent,
      enrolmentRequest(cart, [[2]], {
        coupon: { code: credit.code, type: 'amount', percent: 0, amount: 4_600 },
      }),
    );
    expect(other.amount).toBe(100);

    expect((await staffCancel(order._id)).statusCode).toBe(200);
    expect(kit.refunds.map((refund) => refund.amount)).toEqual([4_700]);
    // The credit stays spent on the other order (its use is that order's).
    expect((await coupons().findById(credit._id))!).toMatchObject({ status: 'active', uses: 1 });
    expect(4_600 + sum(kit.refunds.map((refund) => refund.amount))).toBe(9_300);
  });

  it('parent: their own change for a credit, then their own cancellation: credits add up to RD$9,300', async () => {
    const { cart } = await setup();
    await kit.t.store
      .collection<Camp>('campamentos')
      .updateOne({ _id: cart.camp._id }, { set: { refund_rule: 'credit' } });
    const order = await payFor(kit.parent);
    const dropped = await parentChange(order._id, { action: 'drop_week', cupo: 1, week: cart.weeks[1]!._id });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const changeCredit = (await coupons().findById(`credit-${order._id}-c1`))!;
    expect(changeCredit.amount).toBe(4_600);

    const res = await parentCancel(order._id);
    expect(res.statusCode, res.body).toBe(200);
    const cancelCredit = (await coupons().findById(`credit-${order._id}`))!;
    // The change's credit is voided, the cancellation's covers everything paid; nothing to the card.
    expect((await coupons().findById(changeCredit._id))!.status).toBe('inactive');
    expect(cancelCredit).toMatchObject({ amount: 9_300, status: 'active' });
    expect(kit.refunds).toHaveLength(0);
  });

  it('parent: a card refund for a change, then their own cancellation: 4,600 + 4,700 = 9,300', async () => {
    const { cart } = await setup();
    const order = await payFor(kit.parent);
    expect(
      (await parentChange(order._id, { action: 'drop_week', cupo: 1, week: cart.weeks[1]!._id })).statusCode,
    ).toBe(200);
    const listed = (
      await kit.t.api({ method: 'GET', url: '/api/usuarios/activity', token: kit.parent })
    ).json().data.enrolments[0];
    expect(listed.cancel.refund).toBe('Se reembolsarán RD$4,700 a su tarjeta.');
    expect((await parentCancel(order._id)).statusCode).toBe(200);
    expect(kit.refunds.map((refund) => refund.amount)).toEqual([4_600, 4_700]);
    expect(await money()).toMatchObject({ collected: 9_300, refunded: 9_300, net: 0 });
  });

  it('office: a card refund for a change, then a cancellation stays right (4,500 + 9,300 = 13,800)', async () => {
    const { cart } = await setup();
    // Two children: Sofía weeks 1 and 2, Luis week 1: 14,100 - 705 - 100 = 13,295.
    const order = await payFor(kit.parent, enrolmentRequest(cart, [[0, 1], [0]]));
    expect(order.amount).toBe(13_295);
    await staffChange(order._id, { action: 'drop_week', cupo: 1, week: cart.weeks[1]!._id, refund: 'card' });
    expect((await staffCancel(order._id)).statusCode).toBe(200);
    expect(kit.refunds.map((refund) => refund.amount)).toEqual([4_365, 8_930]);
    expect(sum(kit.refunds.map((refund) => refund.amount))).toBe(13_295);
  });
});

describe('what the office records by hand', () => {
  it('a cash payment on a cancelled order is refused, as the parent’s payment is', async () => {
    await setup();
    const order = await payFor(kit.parent);
    expect((await staffCancel(order._id)).statusCode).toBe(200);
    const res = await kit.t.api({
      method: 'POST',
      url: '/api/pagos/manual',
      token: kit.admin,
      payload: { enrolment: order._id, method: 'efectivo', amount: 500, confirm_excess: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Esta inscripción está cancelada: no tiene cuotas por pagar.');
    expect(await kit.t.store.collection('pagos').count({ enrolment_id: order._id, method: 'efectivo' })).toBe(
      0,
    );
  });

  it('devolución: only an order that owes one, once, audited', async () => {
    await setup();
    const order = await payFor(kit.parent);
    const res = await kit.t.api({
      method: 'POST',
      url: `/api/inscripciones/devolucion/${order._id}`,
      token: kit.admin,
      payload: { method: 'efectivo' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GIVE_BACK_MESSAGES.nothingOwed);
  });
});

describe('an annual plan paid by card and in cash, cancelled', () => {
  it('refunds the card, owes the cash back until the office hands it over, and every figure says so', async () => {
    await setup();
    const cart = await demoCart(kit.t.store, 'PA2027');
    const monthly = cart.weeks.findIndex((week) => week.name === 'Pago mensual');
    // Membership 3,500 and the first instalment 3,900 by card: RD$7,400.
    const order = await payFor(kit.parent, enrolmentRequest(cart, [[monthly]]));
    expect(order.amount).toBe(7_400);
    const ledger = (
      await kit.t.api({ method: 'GET', url: `/api/cuentas/detalle/${order._id}`, token: kit.admin })
    ).json().data as { lines: Array<{ _id: string; owed: number }> };
    const next = ledger.lines.find((line) => line.owed > 0)!;
    const cash = await kit.t.api({
      method: 'POST',
      url: '/api/pagos/manual',
      token: kit.admin,
      payload: { enrolment: order._id, method: 'efectivo', amount: 3_900, cuota: next._id, owed: next.owed },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(await money()).toMatchObject({ collected: 11_300, net: 11_300 });

    expect((await staffCancel(order._id)).statusCode).toBe(200);
    // The card gets back what it paid; the cash is owed back by the office.
    expect(kit.refunds.map((refund) => refund.amount)).toEqual([7_400]);
    const cancelled = (await orders().findById(order._id))!;
    expect(cancelled).toMatchObject({
      refund_amount: 7_400,
      office_refund: { amount: 3_900, status: 'owed' },
    });
    // Income: nothing of this order is the school's any more.
    expect(await money()).toMatchObject({ collected: 11_300, refunded: 11_300, net: 0 });
    await kit.t.app.outbox.flush();
    const mail = kit.t.mails.find((one) => one.kind === 'enrolment-cancelled')!;
    expect(mail.text).toContain('Solicitamos el reembolso de RD$7,400 a su tarjeta');
    expect(mail.text).toContain(
      'Lo que pagó en efectivo o por transferencia (RD$3,900) se lo devuelve la escuela',
    );

    // The ledger, the family's and the office's, says what went back how.
    const ledgerNow = async () =>
      (await kit.t.api({ method: 'GET', url: `/api/cuentas/detalle/${order._id}`, token: kit.admin })).json()
        .data;
    expect((await ledgerNow()).returned).toEqual({ card: 7_400, office: 3_900, office_owed: true });
    const family = (await kit.t.api({ method: 'GET', url: '/api/pagos', token: kit.parent })).json().data;
    expect(family[0].returned).toEqual({ card: 7_400, office: 3_900, office_owed: true });

    // The office hands the cash back: recorded once, with who and when, audited.
    const hand = () =>
      kit.t.api({
        method: 'POST',
        url: `/api/inscripciones/devolucion/${order._id}`,
        token: kit.admin,
        payload: { method: 'efectivo', note: 'Entregado a la madre' },
      });
    const done = await hand();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(GIVE_BACK_MESSAGES.officeReturned);
    expect(done.json().data.office_refund).toMatchObject({
      amount: 3_900,
      status: 'returned',
      method: 'efectivo',
      returned_by: 'direccion@escuela.do',
    });
    const again = await hand();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GIVE_BACK_MESSAGES.alreadyReturned);
    const audit = (
      await kit.t.api({ method: 'GET', url: '/api/auditoria/listpop?kind=inscripciones', token: kit.admin })
    ).json().data;
    expect(JSON.stringify(audit)).toContain('Devuelto en efectivo: RD$3,900. Entregado a la madre');
    expect((await ledgerNow()).returned).toEqual({ card: 7_400, office: 3_900, office_owed: false });
    // Still one figure: given back 11,300 of 11,300 collected.
    expect(await money()).toMatchObject({ collected: 11_300, refunded: 11_300, net: 0 });
  });
});
