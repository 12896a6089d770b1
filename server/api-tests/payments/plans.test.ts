// Payment plans (issue 20) through the API, on a business clock: an annual program's schedule is
// sold at the enrolment (membership and first instalment paid), the family pays the next instalment
// by card from 'Mis pagos', the office records transfers (oldest due first), moves or cancels
// future instalments, and reads the aging report and its export; cancelling stops the rest.
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import {
  cancelAsStaff,
  staffCancel,
  demoCart,
  enrolmentRequest,
  newKey,
  paidOrder,
  testCard,
  type DemoCart,
} from '../checkout/testing.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import type { LedgerPayment } from '../../../src/domain/ledger.ts';
import type { EnrolmentLedgerAnswer } from '../../../src/domain/schemas/ledger.ts';
import { LEDGER_MESSAGES } from '../../../src/domain/ledger.ts';

let t: TestApp;
afterEach(async () => t?.close());

const MONTHLY = 'Pago mensual';

async function setup(now = '2026-08-20T14:00:00Z') {
  const clock = { now: new Date(now) };
  t = await buildTestApp({}, { deps: { clock: () => clock.now } });
  await seedDemoData(t.store);
  const cart = await demoCart(t.store, 'PA2027');
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  const admin = await t.createUser({ admin: true });
  const setDay = (iso: string) => {
    clock.now = new Date(iso);
  };
  return { cart, parent, admin, setDay };
}

/** The annual cart: one child per entry, each on the option at that index of the program. */
const optionIndex = (cart: DemoCart, name: string) => cart.weeks.findIndex((week) => week.name === name);

const enrol = (
  token: string,
  cart: DemoCart,
  options: number[],
  extra: Parameters<typeof enrolmentRequest>[2] = {},
) =>
  paidOrder(
    t,
    token,
    enrolmentRequest(
      cart,
      options.map((index) => [index]),
      extra,
    ),
  );

const ledgers = async (token: string): Promise<EnrolmentLedgerAnswer[]> => {
  const res = await t.api({ method: 'GET', url: '/api/pagos', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The oldest owed line of an enrolment as the family's 'Mis pagos' shows it (its button's). */
const owedLine = async (token: string, id: string) => {
  const res = await t.api({ method: 'GET', url: '/api/pagos', token });
  const ledger = (res.json().data as EnrolmentLedgerAnswer[] | undefined)?.find(
    (candidate) => candidate.enrolment._id === id,
  );
  return ledger?.lines.find((line) => line.owed > 0);
};

/** The parent pays the line 'Mis pagos' shows (issue 53: a payment names its instalment). */
const payNext = async (token: string, id: string, amount: number, number?: string, key = newKey()) =>
  t.api({
    method: 'POST',
    url: `/api/pagos/cuota/${id}`,
    token,
    headers: { 'idempotency-key': key },
    payload: { cuota: (await owedLine(token, id))?._id ?? `${id}:0:0`, amount, ...testCard(number) },
  });

/** The office records a payment of the line its form shows (the oldest owed), unless one is named. */
const manual = async (token: string, payload: Record<string, unknown>) => {
  const res = await t.api({ method: 'GET', url: `/api/cuentas/detalle/${String(payload.enrolment)}`, token });
  const line = (res.json().data as EnrolmentLedgerAnswer | undefined)?.lines.find((owed) => owed.owed > 0);
  return t.api({
    method: 'POST',
    url: '/api/pagos/manual',
    token,
    payload: { ...(line ? { cuota: line._id, owed: line.owed } : {}), ...payload },
  });
};

const states = (ledger: EnrolmentLedgerAnswer) =>
  ledger.lines.map((line) => `${line.kind}${line.seq}:${line.state}`);

describe('a monthly plan of 10 instalments', () => {
  it('is sold with its schedule: the membership and the first instalment paid, nine owed', async () => {
    const { cart, parent } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);
    expect(order.amount).toBe(3900 + 3500);
    expect(order.schedule).toHaveLength(11);
    const [ledger] = await ledgers(parent.token);
    expect(ledger!.lines.map((line) => [line.due, line.amount])).toEqual([
      ['2026-08-20', 3500],
      ...['09', '10', '11', '12'].map((month) => [`2026-${month}-05`, 3900]),
      ...['01', '02', '03', '04', '05', '06'].map((month) => [`2027-${month}-05`, 3900]),
    ]);
    expect(states(ledger!).slice(0, 3)).toEqual(['membresia0:pagada', 'cuota1:pagada', 'cuota2:pendiente']);
    expect(ledger).toMatchObject({
      balance: 9 * 3900,
      paid: 7400,
      next_due: '2026-10-05',
      next_amount: 3900,
      overdue: 0,
    });
    expect(ledger!.payments).toMatchObject([{ method: 'tarjeta', amount: 7400, status: 'approved' }]);
  });

  it('the family pays the next instalment once, for exactly what is owed; nobody else can', async () => {
    const { cart, parent } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);

    const tampered = await payNext(parent.token, order._id, 100);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().message).toBe(LEDGER_MESSAGES.amountChanged('RD$3,900'));

    const other = await t.createUser({ email: 'otra@correo.do' });
    const foreign = await payNext(other.token, order._id, 3900);
    expect(foreign.statusCode).toBe(404);

    const key = newKey();
    const [first, repeat] = await Promise.all([
      payNext(parent.token, order._id, 3900, undefined, key),
      payNext(parent.token, order._id, 3900, undefined, key),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    const ledger = first.json().data as EnrolmentLedgerAnswer;
    expect(ledger).toMatchObject({ balance: 8 * 3900, next_due: '2026-11-05' });
    expect(states(ledger)[2]).toBe('cuota2:pagada');
    const charges = await t.store.collection('sandbox_charges').find({});
    expect(charges).toHaveLength(2); // the enrolment and this instalment
    const receipts = await t.store.collection('outbox').find({ kind: 'instalment-paid' });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ subject: 'Recibo de pago: Programa Anual 2026-2027' });
    expect(String(receipts[0]!.text)).toContain('Recibimos su pago de RD$3,900');
    expect(String(receipts[0]!.text)).toContain('próxima cuota el 05/11/2026 por RD$3,900');
  });

  it('a payment names its instalment: another one, a cancelled one or none is refused', async () => {
    const { cart, parent, admin } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);
    const [ledger] = await ledgers(parent.token);
    const pay = (payload: Record<string, unknown>) =>
      t.api({
        method: 'POST',
        url: `/api/pagos/cuota/${order._id}`,
        token: parent.token,
        headers: { 'idempotency-key': newKey() },
        payload: { ...testCard(), amount: 3900, ...payload },
      });
    expect((await pay({})).statusCode).toBe(400);
    expect((await pay({ cuota: `${order._id}:9:9` })).json().message).toBe(
      LEDGER_MESSAGES.instalmentNotFound,
    );
    // The first instalment, paid at the enrolment: nothing charged, the ledger and its payment.
    const paid = await pay({ cuota: ledger!.lines[1]!._id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      message: LEDGER_MESSAGES.alreadyPaid,
      data: { balance: 9 * 3900 },
      receipt: { method: 'tarjeta', amount: 7400, status: 'approved' },
    });
    const cancelled = await t.api({
      method: 'POST',
      url: '/api/cuotas/update',
      token: admin.token,
      payload: { id: ledger!.lines[10]!._id, cancel: true },
    });
    expect(cancelled.statusCode).toBe(200);
    const refused = await pay({ cuota: ledger!.lines[10]!._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LEDGER_MESSAGES.cancelledInstalment);
    // A later line may be paid by name; what it charges is that line's own amount.
    const later = await pay({ cuota: ledger!.lines[3]!._id });
    expect(later.statusCode, later.body).toBe(201);
    expect(states(later.json().data).slice(2, 4)).toEqual(['cuota2:pendiente', 'cuota3:pagada']);
    expect(await t.store.collection('sandbox_charges').count({})).toBe(2);
  });

  it('a declined card pays nothing and says why', async () => {
    const { cart, parent } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);
    const res = await payNext(parent.token, order._id, 3900, SANDBOX_CARDS.declined);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/rechazada/);
    const [ledger] = await ledgers(parent.token);
    expect(ledger!.balance).toBe(9 * 3900);
    expect(ledger!.payments.map((payment) => payment.status)).toEqual(['approved', 'declined']);
  });
});

describe('the office', () => {
  it('records a transfer (oldest due first), refuses an excess unless confirmed, and the aging report shows it', async () => {
    const { cart, parent, admin, setDay } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);

    expect(
      (await manual(admin.token, { enrolment: order._id, method: 'transferencia', amount: 5000 })).json()
        .message,
    ).toBe(LEDGER_MESSAGES.documentRequired);
    expect(
      (await manual(parent.token, { enrolment: order._id, method: 'efectivo', amount: 5000 })).statusCode,
    ).toBe(403);

    const res = await manual(admin.token, {
      enrolment: order._id,
      method: 'transferencia',
      amount: 5000,
      bank: 'Banco Popular',
      document: 'TRF-778812',
    });
    expect(res.statusCode, res.body).toBe(200);
    const ledger = res.json().data as EnrolmentLedgerAnswer;
    expect(ledger.lines[2]).toMatchObject({ seq: 2, paid: 3900, state: 'pagada' });
    expect(ledger.lines[3]).toMatchObject({ seq: 3, paid: 1100, owed: 2800, state: 'pendiente' });
    expect(ledger.balance).toBe(9 * 3900 - 5000);
    const audit = await t.store.collection('auditoria').findOne({ kind: 'pagos', action: 'create' });
    expect(audit).toMatchObject({
      user_email: admin.user.email,
      after: { amount: 5000, bank: 'Banco Popular' },
    });

    const tooMuch = await manual(admin.token, { enrolment: order._id, method: 'efectivo', amount: 40_000 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(LEDGER_MESSAGES.excess('RD$30,100'));
    expect((await ledgers(parent.token))[0]!.balance).toBe(30_100);

    // Three months later the November instalment is 15 days late.
    setDay('2026-11-20T14:00:00Z');
    const report = await t.api({
      method: 'GET',
      url: `/api/cuentas/lista?campament=${cart.camp._id}`,
      token: admin.token,
    });
    expect(report.statusCode, report.body).toBe(200);
    const { rows, totals } = report.json().data;
    expect(rows).toEqual([
      expect.objectContaining({
        order_number: order.order_number,
        child: 'Pedro Rodríguez',
        balance: 30_100,
        overdue: 2800,
        days_overdue: 15,
        bucket: 'd1_30',
        next_due: '2026-11-05',
      }),
    ]);
    expect(totals).toMatchObject({ d1_30: 30_100, balance: 30_100, overdue: 2800 });
    const late = await t.api({ method: 'GET', url: '/api/cuentas/lista?state=d31_60', token: admin.token });
    expect(late.json().data.rows).toEqual([]);

    const csv = await t.api({ method: 'GET', url: '/api/cuentas/export?format=csv', token: admin.token });
    expect(csv.statusCode).toBe(200);
    const table: string[][] = parse(csv.body.replace(/^\uFEFF/, ''), { delimiter: ';' });
    const [header, row] = table;
    expect(header).toContain('Saldo (DOP)');
    // The number to call about the balance (issue 54): the order's mother's phone.
    expect(row![header!.indexOf('Teléfono')]).toBe(order.contact.mother_phone);
    expect(order.contact.mother_phone).toMatch(/\d{3}-\d{3}-\d{4}/);
    expect(row).toEqual(
      expect.arrayContaining([
        order.order_number,
        'Pedro Rodríguez',
        '30100',
        '2800',
        '1-30 días',
        '05/11/2026',
      ]),
    );
    const xlsx = await t.api({ method: 'GET', url: '/api/cuentas/export?format=xlsx', token: admin.token });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/cuentas-por-cobrar-todas-2026-11-20\.xlsx/);

    // Confirmed, the excess becomes the family's credit: paid in full, never a silent negative.
    const confirmed = await manual(admin.token, {
      enrolment: order._id,
      method: 'efectivo',
      amount: 31_000,
      confirm_excess: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ balance: -900, credit: 900, overdue: 0, next_due: null });
  });

  it('moves or cancels a future instalment (audited); a past or paid one stays', async () => {
    const { cart, parent, admin } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);
    const [ledger] = await ledgers(parent.token);
    const update = (payload: Record<string, unknown>) =>
      t.api({ method: 'POST', url: '/api/cuotas/update', token: admin.token, payload });
    const paidOne = ledger!.lines[1]!;
    expect((await update({ id: paidOne._id, cancel: true })).json().message).toBe(
      LEDGER_MESSAGES.notChangeable,
    );
    const moved = await update({ id: ledger!.lines[2]!._id, due: '2026-10-15' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.lines[2]).toMatchObject({ due: '2026-10-15', state: 'pendiente' });
    expect((await update({ id: ledger!.lines[2]!._id, due: '2026-08-01' })).json().message).toBe(
      LEDGER_MESSAGES.pastDay,
    );
    expect((await update({ id: ledger!.lines[2]!._id, due: '2026-02-30' })).json().message).toBe(
      LEDGER_MESSAGES.badDay,
    );
    const cancelled = await update({ id: ledger!.lines[10]!._id, cancel: true });
    expect(cancelled.json().data).toMatchObject({ balance: 8 * 3900 });
    expect(cancelled.json().data.lines[10].state).toBe('anulada');
    expect(await t.store.collection('auditoria').count({ kind: 'cuotas', action: 'update' })).toBe(2);
    expect(order.order_number).toBeTruthy();
  });

  it('sends a reminder of what is owed', async () => {
    const { cart, parent, admin } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);
    const res = await t.api({
      method: 'POST',
      url: `/api/cuentas/recordatorio/${order._id}`,
      token: admin.token,
    });
    expect(res.json().message).toBe(LEDGER_MESSAGES.reminderSent);
    const mail = await t.store.collection('outbox').findOne({ kind: 'balance-reminder' });
    expect(String(mail?.text)).toContain('RD$35,100');
  });
});

describe('cancelling an annual enrolment', () => {
  it('cancels the instalments not yet due and keeps what was paid', async () => {
    const { cart, parent, admin, setDay } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);
    setDay('2026-10-10T14:00:00Z'); // October's instalment is 5 days late
    await cancelAsStaff(t, admin.token, order._id);
    const detail = await t.api({
      method: 'GET',
      url: `/api/cuentas/detalle/${order._id}`,
      token: admin.token,
    });
    const ledger = detail.json().data as EnrolmentLedgerAnswer;
    expect(states(ledger)).toEqual([
      'membresia0:pagada',
      'cuota1:pagada',
      'cuota2:vencida',
      ...Array.from({ length: 8 }, (_, index) => `cuota${index + 3}:anulada`),
    ]);
    expect(ledger.balance).toBe(3900);
    const pay = await payNext(parent.token, order._id, 3900);
    expect(pay.json().message).toBe(LEDGER_MESSAGES.cancelledEnrolment);
  });
});

describe('cancelling gives back what was paid by card, by the camp rule', () => {
  it("staff give back every card charge of the order, its own and the instalments', each once", async () => {
    const { cart, parent, admin } = await setup();
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);
    expect((await payNext(parent.token, order._id, 3900)).statusCode).toBe(201);
    // A transfer the office recorded is the office's to give back: it stays out of the card refund.
    await manual(admin.token, { enrolment: order._id, method: 'efectivo', amount: 3900 });
    const cancel = () => staffCancel(t, admin.token, order._id);
    expect((await cancel()).statusCode).toBe(200);
    await cancel();
    const refunds = await t.store.collection('sandbox_refunds').find({}, { sort: { at: 1 } });
    expect(refunds.map((refund) => [refund._id, refund.amount])).toEqual([
      [order.order_number, 7400],
      [expect.stringMatching(new RegExp(`^${order.order_number}-C\\d+$`)), 3900],
    ]);
    const stored = (await t.store.collection<Enrolment>('inscripciones').findById(order._id))!;
    expect(stored).toMatchObject({ refund_status: 'refunded', refund_amount: 7400 + 3900 });
    const card = await t.store
      .collection<LedgerPayment>('pagos')
      .findOne({ method: 'tarjeta', enrolment_id: order._id, reference: { $ne: order.order_number } });
    expect(card).toMatchObject({ refunded_amount: 3900 });
  });

  it("a parent's own cancellation under a fee keeps the fee once, of everything paid by card", async () => {
    const { cart, parent } = await setup();
    await t.store
      .collection('campamentos')
      .updateOne(
        { _id: cart.camp._id },
        { set: { self_cancel: true, self_cancel_days: 0, refund_rule: 'fee', cancel_fee: 1000 } },
      );
    const order = await enrol(parent.token, cart, [optionIndex(cart, MONTHLY)]);
    expect((await payNext(parent.token, order._id, 3900)).statusCode).toBe(201);
    const [listed] = (
      await t.api({ method: 'GET', url: '/api/usuarios/activity', token: parent.token })
    ).json().data.enrolments;
    expect(listed.cancel.refund).toContain('RD$10,300');
    const res = await t.api({
      method: 'POST',
      url: `/api/inscripciones/cancelar/${order._id}`,
      token: parent.token,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunds = await t.store.collection('sandbox_refunds').find({}, { sort: { at: 1 } });
    expect(refunds.map((refund) => refund.amount)).toEqual([7400, 2900]);
  });
});

describe('a percent coupon on an annual plan', () => {
  it('takes its share of every instalment, the schedule adding up to the plan total', async () => {
    const { cart, parent } = await setup();
    const coupon = { code: 'VERANO10', type: 'percent' as const, percent: 10, amount: 0 };
    const order = await enrol(
      parent.token,
      cart,
      [optionIndex(cart, MONTHLY), optionIndex(cart, 'Pago anual')],
      {
        coupon,
      },
    );
    expect(order.amount).toBe(Math.round((3900 + 35100 + 2 * 3500) * 0.9));
    const [ledger] = await ledgers(parent.token);
    const sum = ledger!.lines.reduce((total, line) => total + line.amount, 0);
    expect(sum).toBe(Math.round((10 * 3900 + 35100 + 2 * 3500) * 0.9));
    expect(
      ledger!.lines.filter((line) => line.kind === 'cuota' && line.seq > 1).map((line) => line.amount),
    ).toEqual(Array.from({ length: 9 }, () => 3510));
  });
});
