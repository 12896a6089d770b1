// A family at the counter or on the phone (issue 54, items 1 and 8): staff enrol it through the
// wizard's checkout, paid in cash, by transfer, by the family's card typed by staff, or 'pendiente
// de pago' until a due day; the family's account is found or created; the order, its ledger, its
// receipts, its e-mails and the audit name who took it. And a plan's order shows what its ledger
// collected, each payment's note and who recorded it, and every manual payment gets its receipt.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { staffKit, staffKitPerTest } from './testing.ts';
import type { PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import {
  cancelAsStaff,
  recordingGateway,
  demoCart,
  enrolmentRequest,
  newKey,
  paidOrder,
  testCard,
  type DemoCart,
} from '../checkout/testing.ts';
import { SANDBOX_CARDS, CARD_MESSAGES } from '../../../src/domain/cards.ts';
import { santoDomingoDay } from '../../../src/domain/days.ts';
import { OFFICE_SALE_MESSAGES } from '../../../src/domain/office-sales.ts';
import { releaseUnpaidOfficeOrders } from '../../../src/core/checkout/office.ts';
import type { Enrolment, UserRecord, Week } from '../../../src/domain/records.ts';
import type { LedgerPayment } from '../../../src/domain/ledger.ts';
import type { Receipt } from '../../../src/domain/receipts.ts';
import type { EnrolmentLedgerAnswer } from '../../../src/domain/schemas/ledger.ts';
import type { CreateEnrolmentBody } from '../../../src/domain/enrolment.ts';

/** The server's clock: now, unless a test moves it past a due day. */
const clock = { now: new Date() };
let gateway: PaymentGateway | undefined;
const { kit, setup: newKit } = staffKitPerTest(() => {
  clock.now = new Date();
  return staffKit(gateway, clock);
});
/** A new kit, on `withGateway` when given (the sandbox otherwise). */
const setup = (withGateway?: PaymentGateway) => {
  gateway = withGateway;
  return newKit();
};

const WALK_IN = 'familia.nueva@correo.do';

/** The wizard's order for one child in the cart's first week, as the office sends it. */
function officeBody(cart: DemoCart, payment: Record<string, unknown>, email = WALK_IN) {
  const { cardHolder: _h, cardNumber: _n, expDate: _e, cvv: _c, ...order } = enrolmentRequest(cart, [[0]]);
  return { ...order, account_email: email, account_name: 'Lucía Peña', ...payment };
}

const enrolAtCounter = (token: string, payload: object, key = newKey()) =>
  kit.t.api({
    method: 'POST',
    url: '/api/inscripciones/oficina',
    token,
    headers: { 'idempotency-key': key },
    payload,
  });

/** The dialog's 'Calcular precio': the school's price, nothing written. */
const priceAtCounter = (token: string, payload: object) =>
  kit.t.api({ method: 'POST', url: '/api/inscripciones/oficina/precio', token, payload });

/** A receipt's PDF as staff download it (`ref`: its type, and a payment's id for a payment's own), as text. */
async function receiptText(enrolmentId: string, ref: string): Promise<string> {
  const res = await kit.t.api({
    method: 'GET',
    url: `/api/comprobantes/staff/${enrolmentId}/${ref}`,
    token: kit.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true }))
    .text;
}

const orderOf = async (res: { json: () => { result: { orderId: string } } }) =>
  (await kit.t.store
    .collection<Enrolment>('inscripciones')
    .findOne({ order_number: res.json().result.orderId }))!;

const paymentsOf = (id: string) =>
  kit.t.store.collection<LedgerPayment>('pagos').find({ enrolment_id: id }, { sort: { created_at: 1 } });

const outbox = () =>
  kit.t.store
    .collection<{ _id: string; to: string[]; text: string; kind: string; attachments?: unknown[] }>('outbox')
    .find({});

const get = async (url: string) => {
  const res = await kit.t.api({ method: 'GET', url, token: kit.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The office records cash for the oldest owed line of the order, as its form shows it. */
async function payCash(id: string, extra: { amount?: number; note?: string } = {}) {
  const ledger = (await get(`/api/cuentas/detalle/${id}`)) as EnrolmentLedgerAnswer;
  const line = ledger.lines.find((entry) => entry.owed > 0)!;
  const res = await kit.t.api({
    method: 'POST',
    url: '/api/pagos/manual',
    token: kit.admin,
    payload: {
      enrolment: id,
      method: 'efectivo',
      amount: line.owed,
      cuota: line._id,
      owed: line.owed,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { res, line };
}

const day = (offsetDays: number) => santoDomingoDay(new Date(Date.now() + offsetDays * 86_400_000));

describe('a family enrolled at the counter', () => {
  it('paid in cash: a new account with its password e-mail, the ledger, the receipt, the mail and the audit name the staff member', async () => {
    const { admin, cart } = await setup();
    const before = (await get('/api/dashboard')).money.collected as number;
    const res = await enrolAtCounter(
      admin,
      officeBody(cart, { method: 'efectivo', note: 'Recibo manual 0457' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderOf(res);
    expect(order).toMatchObject({
      payment_status: 'paid',
      status: 'active',
      office: { method: 'efectivo', taken_by: 'direccion@escuela.do', taken_by_name: 'Administradora' },
    });
    // The wizard's price for the week (the same rules: one home).
    expect(order.amount).toBe(cart.weeks[0]!.value);
    // The family's account was created with its e-mail, and told how to choose its password.
    const family = await kit.t.store.collection<UserRecord>('usuarios').findOne({ email: WALK_IN });
    expect(family).toMatchObject({ _id: order.user_id, name: 'Lucía Peña', tipo: 'cliente' });
    expect(family!.password_link_owed).toBeUndefined();
    const mails = await outbox();
    const link = mails.find((mail) => mail.kind === 'password-reset' && mail.to.includes(WALK_IN))!;
    expect(link.text).toMatch(/\/recover-password\?token=[\w-]+\n/);
    expect(link.text).toContain(`Después entre a su cuenta en ${kit.t.config.publicUrl}/login`);
    // The ledger: one cash payment recorded by the staff member, with its note; nothing owed.
    const [payment] = await paymentsOf(order._id);
    expect(payment).toMatchObject({
      method: 'efectivo',
      amount: order.amount,
      status: 'recorded',
      note: 'Recibo manual 0457',
      recorded_by: 'direccion@escuela.do',
    });
    expect(payment!.card).toBeUndefined();
    const ledger = (await get(`/api/cuentas/detalle/${order._id}`)) as EnrolmentLedgerAnswer;
    expect(ledger.balance).toBe(0);
    expect(ledger.paid).toBe(order.amount);
    // Its fiscal receipt, and the confirmation says how it was paid and who took it.
    const receipts = await kit.t.store.collection<Receipt>('comprobantes').find({ enrolment_id: order._id });
    expect(receipts.map((receipt) => receipt.type)).toEqual(['B02']);
    // The receipt names who took the money and how (item 1: receipts say who took it).
    const printed = await receiptText(order._id, 'B02');
    expect(printed).toContain('Forma de pago: Efectivo');
    expect(printed).toContain('Recibido por: Administradora');
    expect(printed).not.toContain('Pagado con tarjeta');
    const confirmation = mails.find((mail) => mail.kind === 'enrolment' && mail.to.includes(WALK_IN))!;
    expect(confirmation.text).toContain('(efectivo, registrado en la oficina por Administradora)');
    expect(confirmation.text).not.toContain('Número de autorización');
    expect(confirmation.attachments).toHaveLength(1);
    // The audit names who took it and how it was paid.
    const entries = await kit.t.store
      .collection<{ _id: string; user_email: string; record_id: string; after: Record<string, unknown> }>(
        'auditoria',
      )
      .find({ record_id: order._id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user_email: 'direccion@escuela.do',
      after: { orden: order.order_number, forma_de_pago: 'Efectivo', tomada_por: 'Administradora' },
    });
    // The money shows in the dashboard.
    expect((await get('/api/dashboard')).money.collected).toBe(before + order.amount);
  });

  it('by transfer: refused without its reference (nothing stored), recorded with bank and reference', async () => {
    const { admin, cart } = await setup();
    const refused = await enrolAtCounter(admin, officeBody(cart, { method: 'transferencia', bank: 'BHD' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(OFFICE_SALE_MESSAGES.reference);
    expect(await kit.t.store.collection('inscripciones').count({})).toBe(0);
    expect(await kit.t.store.collection('usuarios').count({ email: WALK_IN })).toBe(0);
    const res = await enrolAtCounter(
      admin,
      officeBody(cart, { method: 'transferencia', bank: 'BHD', document: 'TRF-88123' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderOf(res);
    expect(await paymentsOf(order._id)).toMatchObject([
      { method: 'transferencia', bank: 'BHD', document: 'TRF-88123', recorded_by: 'direccion@escuela.do' },
    ]);
  });

  it("by the family's card typed by staff: charged through the gateway; a declined card takes nothing", async () => {
    const { admin, cart } = await setup();
    const week = () => kit.t.store.collection<Week>('semanas').findById(cart.weeks[0]!._id);
    const taken = (await week())!.quota_f;
    const declined = await enrolAtCounter(
      admin,
      officeBody(cart, { method: 'tarjeta', ...testCard(SANDBOX_CARDS.declined) }),
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(CARD_MESSAGES.declined);
    expect((await week())!.quota_f).toBe(taken);
    const missing = await enrolAtCounter(admin, officeBody(cart, { method: 'tarjeta' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(OFFICE_SALE_MESSAGES.card);
    const res = await enrolAtCounter(admin, officeBody(cart, { method: 'tarjeta', ...testCard() }));
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderOf(res);
    expect(order.auth_code).toBe(res.json().result.authCode);
    expect(order.auth_code).toBeTruthy();
    expect(order.card.last4).toBe('4242');
    expect((await week())!.quota_f).toBe(taken + 1);
    expect(await paymentsOf(order._id)).toMatchObject([
      { method: 'tarjeta', status: 'approved', recorded_by: 'direccion@escuela.do' },
    ]);
    expect(kit.t.rawLogs()).not.toContain('4242424242424242');
  });

  it("'pendiente de pago': places held, owed in Cuentas por cobrar until paid at the counter, which settles it with its receipt", async () => {
    const { admin, cart } = await setup();
    const week = () => kit.t.store.collection<Week>('semanas').findById(cart.weeks[0]!._id);
    const taken = (await week())!.quota_f;
    for (const [payment, message] of [
      [{ method: 'pendiente' }, OFFICE_SALE_MESSAGES.due],
      [{ method: 'pendiente', due: day(-1) }, OFFICE_SALE_MESSAGES.duePast],
      [{ method: 'pendiente', due: day(40) }, OFFICE_SALE_MESSAGES.dueTooFar],
    ] as const) {
      const refused = await enrolAtCounter(admin, officeBody(cart, payment));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const due = day(7);
    const before = (await get('/api/dashboard')).money.collected as number;
    const res = await enrolAtCounter(admin, officeBody(cart, { method: 'pendiente', due }));
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderOf(res);
    expect((await week())!.quota_f).toBe(taken + 1);
    // Nothing collected: no payment, no invoice, the dashboard unchanged; the mail says what is owed.
    expect(await paymentsOf(order._id)).toEqual([]);
    expect(await kit.t.store.collection('comprobantes').count({ enrolment_id: order._id })).toBe(0);
    expect((await get('/api/dashboard')).money.collected).toBe(before);
    const confirmation = (await outbox()).find(
      (mail) => mail.kind === 'enrolment' && mail.to.includes(WALK_IN),
    )!;
    expect(confirmation.text).toContain(
      `a pagar a más tardar el ${due.split('-').reverse().join('/')}; los cupos se reservan hasta ese día`,
    );
    // Owed in Cuentas por cobrar, due that day.
    const listed = await get('/api/cuentas/lista');
    const row = listed.rows.find(
      (entry: { order_number: string }) => entry.order_number === order.order_number,
    );
    expect(row).toMatchObject({
      balance: order.amount,
      paid: 0,
      next_due: due,
      parent_email: order.contact.email,
    });
    // Paid later at the counter: the line is settled, and the payment gets its receipt and e-mail.
    const { res: paid } = await payCash(order._id, { note: 'Pagó en la oficina' });
    expect(paid.json().data.balance).toBe(0);
    const after = await get('/api/cuentas/lista');
    expect(
      after.rows.find((entry: { order_number: string }) => entry.order_number === order.order_number),
    ).toMatchObject({ balance: 0, paid: order.amount });
    expect((await get('/api/dashboard')).money.collected).toBe(before + order.amount);
    const receipts = await kit.t.store.collection<Receipt>('comprobantes').find({ enrolment_id: order._id });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.total).toBe(order.amount);
    const receiptMail = (await outbox()).find(
      (mail) =>
        mail.kind !== 'enrolment' && mail.to.includes(WALK_IN) && (mail.attachments ?? []).length === 1,
    );
    expect(receiptMail).toBeDefined();
  });

  it("'pendiente de pago' unpaid past its due day gives its places back; one paid in part stays", async () => {
    const { admin, cart } = await setup();
    const week = () => kit.t.store.collection<Week>('semanas').findById(cart.weeks[0]!._id);
    const taken = (await week())!.quota_f;
    const unpaid = await orderOf(
      await enrolAtCounter(admin, officeBody(cart, { method: 'pendiente', due: day(2) })),
    );
    const partBody = officeBody(cart, { method: 'pendiente', due: day(2) }, 'otra.familia@correo.do');
    const part = await orderOf(await enrolAtCounter(admin, partBody));
    expect((await week())!.quota_f).toBe(taken + 2);
    await payCash(part._id, { amount: 1000 });
    // On the due day the places are still held.
    clock.now = new Date(Date.now() + 2 * 86_400_000);
    expect(await releaseUnpaidOfficeOrders(kit.t.app.core.deps)).toBe(0);
    clock.now = new Date(Date.now() + 3 * 86_400_000);
    expect(await releaseUnpaidOfficeOrders(kit.t.app.core.deps)).toBe(1);
    expect(await releaseUnpaidOfficeOrders(kit.t.app.core.deps)).toBe(0);
    expect((await week())!.quota_f).toBe(taken + 1);
    const cancelled = (await kit.t.store.collection<Enrolment>('inscripciones').findById(unpaid._id))!;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancel_reason: OFFICE_SALE_MESSAGES.unpaidReason,
    });
    expect((await kit.t.store.collection<Enrolment>('inscripciones').findById(part._id))!.status).toBe(
      'active',
    );
    // Out of Cuentas por cobrar's balance: nothing is owed by a cancelled order.
    const listed = await get('/api/cuentas/lista');
    const row = listed.rows.find(
      (entry: { order_number: string }) => entry.order_number === unpaid.order_number,
    );
    expect(row?.cancelled ?? true).toBe(true);
  });

  it("finds the family's account by its e-mail (no password e-mail), never a staff account's; the office role may, a coach may not", async () => {
    const { admin, parent, cart } = await setup();
    const carmen = (await kit.t.store
      .collection<UserRecord>('usuarios')
      .findOne({ email: 'carmen@correo.do' }))!;
    const res = await enrolAtCounter(admin, officeBody(cart, { method: 'efectivo' }, ' Carmen@Correo.do '));
    expect(res.statusCode, res.body).toBe(201);
    expect((await orderOf(res)).user_id).toBe(carmen._id);
    expect((await outbox()).some((mail) => mail.kind === 'password-reset')).toBe(false);
    // The family sees it among its own orders.
    const mine = await kit.t.api({ method: 'GET', url: '/api/pagos', token: parent });
    expect(mine.json().data.map((ledger: EnrolmentLedgerAnswer) => ledger.enrolment.order_number)).toContain(
      res.json().result.orderId,
    );
    const staffEmail = await enrolAtCounter(
      admin,
      officeBody(cart, { method: 'efectivo' }, 'direccion@escuela.do'),
    );
    expect(staffEmail.statusCode).toBe(409);
    expect(staffEmail.json().message).toBe(OFFICE_SALE_MESSAGES.staffEmail);
    const bad = await enrolAtCounter(admin, officeBody(cart, { method: 'efectivo' }, 'sin-arroba'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(OFFICE_SALE_MESSAGES.email);
    const users = kit.t.store.collection<UserRecord>('usuarios');
    const office = await kit.t.createUser({ email: 'oficina@escuela.do', admin: true });
    await users.updateOne({ _id: office.user._id }, { set: { role: 'oficina', name: 'Rosa Oficina' } });
    const coach = await kit.t.createUser({ email: 'coach@escuela.do', admin: true });
    await users.updateOne({ _id: coach.user._id }, { set: { role: 'entrenador' } });
    const other = officeBody(cart, { method: 'efectivo' }, 'otra.familia@correo.do');
    expect((await enrolAtCounter(coach.token, other)).statusCode).toBe(403);
    const byOffice = await enrolAtCounter(office.token, other);
    expect(byOffice.statusCode, byOffice.body).toBe(201);
    expect((await orderOf(byOffice)).office).toMatchObject({
      taken_by: 'oficina@escuela.do',
      taken_by_name: 'Rosa Oficina',
    });
  });

  it("checks a price the dialog showed as the wizard's; without one, the school's price is taken", async () => {
    const { admin, cart } = await setup();
    const { amount: _a, discount: _d, ...unpriced } = officeBody(cart, { method: 'efectivo' });
    // The dialog asks the price first: the wizard's, and nothing is written.
    const quoted = await priceAtCounter(admin, unpriced);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toEqual({ amount: cart.weeks[0]!.value, discount: 0 });
    expect(await kit.t.store.collection('inscripciones').count({})).toBe(0);
    expect(await kit.t.store.collection('usuarios').count({ email: WALK_IN })).toBe(0);
    const tampered = await enrolAtCounter(admin, { ...officeBody(cart, { method: 'efectivo' }), amount: 1 });
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().message).toContain(`RD$${cart.weeks[0]!.value.toLocaleString('en-US')}`);
    const res = await enrolAtCounter(admin, unpriced);
    expect(res.statusCode, res.body).toBe(201);
    expect((await orderOf(res)).amount).toBe(cart.weeks[0]!.value);
  });

  it('cancelled, a cash order asks the gateway for nothing: what was paid at the counter is owed back there', async () => {
    const recording = recordingGateway();
    const { admin, cart } = await setup(recording.gateway);
    const order = await orderOf(await enrolAtCounter(admin, officeBody(cart, { method: 'efectivo' })));
    const detail = await get(`/api/inscripciones/detalle/${order._id}`);
    expect(detail.give_back).toMatchObject({
      collected: { card: 0, office: order.amount },
      card: 0,
      office: order.amount,
    });
    await cancelAsStaff(kit.t, admin, order._id);
    expect(recording.refunds).toEqual([]);
    const cancelled = (await kit.t.store.collection<Enrolment>('inscripciones').findById(order._id))!;
    expect(cancelled.refund_status).toBe('none');
    expect(cancelled.office_refund).toMatchObject({ amount: order.amount, status: 'owed' });
  });

  it('answers a repeated request (the same Idempotency-Key) once: one order, one payment', async () => {
    const { admin, cart } = await setup();
    const key = newKey();
    const body = officeBody(cart, { method: 'efectivo' });
    const first = await enrolAtCounter(admin, body, key);
    const again = await enrolAtCounter(admin, body, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json().result.orderId).toBe(first.json().result.orderId);
    expect(await kit.t.store.collection('inscripciones').count({})).toBe(1);
    expect(await kit.t.store.collection('pagos').count({})).toBe(1);
  });
});

describe('siblings at the counter: several children in one walk-in order', () => {
  /** Two children, Pedro in weeks 1 and 2 and María in week 1, as the dialog sends them. */
  const siblingsBody = (cart: DemoCart, payment: Record<string, unknown>, email = WALK_IN) => {
    const {
      cardHolder: _h,
      cardNumber: _n,
      expDate: _e,
      cvv: _c,
      amount: _a,
      discount: _d,
      ...order
    } = enrolmentRequest(cart, [[0, 1], [0]]);
    return { ...order, account_email: email, account_name: 'Lucía Peña', ...payment };
  };

  it('prices the order as the wizard charges it (family and multi-week discounts), takes one payment for it and a place per child and week', async () => {
    const { admin, parent, cart } = await setup();
    const [week1, week2] = cart.weeks;
    const taken = async () =>
      Promise.all(
        [week1!, week2!].map(
          async (week) => (await kit.t.store.collection<Week>('semanas').findById(week._id))!.quota_f,
        ),
      );
    const before = await taken();
    // The worked example: 3 lines × RD$4,700 = 14,100; 5 % for two children (705); Pedro's two
    // weeks take the multi-week discount (100): 805 off, RD$13,295.
    const body = siblingsBody(cart, { method: 'efectivo' });
    const quoted = await priceAtCounter(admin, body);
    expect(quoted.statusCode, quoted.body).toBe(200);
    // What the wizard charges a family for the same cart (the parents' own checkout).
    const wizard = await paidOrder(
      kit.t,
      parent,
      enrolmentRequest(cart, [[0, 1], [0]], { children: 'Gómez' }),
    );
    expect(quoted.json().data).toEqual({ amount: wizard.amount, discount: wizard.discount });
    expect(wizard).toMatchObject({ amount: 13295, discount: 805 });
    const res = await enrolAtCounter(admin, { ...body, ...quoted.json().data });
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderOf(res);
    expect(order).toMatchObject({ amount: 13295, discount: 805, payment_status: 'paid' });
    expect(order.participants.map((child) => child.first_name)).toEqual(['Pedro', 'María']);
    expect(order.lines.map((line) => [line.id, line.cupo])).toEqual([
      [week1!._id, 1],
      [week2!._id, 1],
      [week1!._id, 2],
    ]);
    // One cash payment for the whole order, recorded by the staff member; nothing owed.
    expect(await paymentsOf(order._id)).toMatchObject([
      { method: 'efectivo', amount: 13295, status: 'recorded', recorded_by: 'direccion@escuela.do' },
    ]);
    expect(((await get(`/api/cuentas/detalle/${order._id}`)) as EnrolmentLedgerAnswer).balance).toBe(0);
    // A place per child and week, for each of the two orders: week 1 two each, week 2 one each.
    const after = await taken();
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual([4, 2]);
  });

  it('keeps one place per child and week: the same child twice in a week, or a child already in it, is refused and nothing is taken', async () => {
    const { admin, cart } = await setup();
    const twice = siblingsBody(cart, { method: 'efectivo' });
    twice.listParticipants[1] = { ...twice.listParticipants[0]!, id: 2 };
    const refused = await enrolAtCounter(admin, twice);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      /^El mismo niño o niña aparece en dos participantes con la misma semana/,
    );
    expect(await kit.t.store.collection('inscripciones').count({})).toBe(0);
    // Pedro enrolled in week 1 at the counter; his sister with him again in week 1 next: refused.
    const first = await enrolAtCounter(admin, officeBody(cart, { method: 'efectivo' }));
    expect(first.statusCode, first.body).toBe(201);
    const again = await enrolAtCounter(admin, siblingsBody(cart, { method: 'efectivo' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Pedro Rodríguez ya está inscrito\(a\) en Semana 1 /);
    expect(await kit.t.store.collection('inscripciones').count({ payment_status: 'paid' })).toBe(1);
  });
});

describe("a plan's order seen from its detail", () => {
  it('shows what the plan collected, each payment with its note and who recorded it; a cash payment gets its receipt', async () => {
    const { parent } = await setup();
    const annual = await demoCart(kit.t.store, 'PA2027');
    const monthly = annual.weeks.findIndex((week) => week.name === 'Pago mensual');
    const body: CreateEnrolmentBody = enrolmentRequest(annual, [[monthly]]);
    const order = await paidOrder(kit.t, parent, body);
    const receiptsBefore = await kit.t.store.collection('comprobantes').count({ enrolment_id: order._id });
    const { line } = await payCash(order._id, { note: 'Pagó en la oficina, recibo manual 0457' });
    const detail = await get(`/api/inscripciones/detalle/${order._id}`);
    expect(detail.ledger.paid).toBe(order.amount + line.owed);
    expect(detail.ledger.paid).toBeGreaterThan(detail.amount);
    expect(detail.ledger.payments).toMatchObject([
      { method: 'tarjeta', amount: order.amount, recorded_by: 'inscripción' },
      {
        method: 'efectivo',
        amount: line.owed,
        note: 'Pagó en la oficina, recibo manual 0457',
        recorded_by: 'direccion@escuela.do',
      },
    ]);
    // Its own fiscal receipt (a B one: e-CF is off here), mailed to the family with the PDF.
    expect(await kit.t.store.collection('comprobantes').count({ enrolment_id: order._id })).toBe(
      receiptsBefore + 1,
    );
    const payment = (await paymentsOf(order._id)).find((entry) => entry.method === 'efectivo')!;
    expect(payment.receipt_pending).toBeUndefined();
    // The cash payment's receipt names the staff member who recorded it; the family's own card
    // payment at enrolment names nobody.
    const cashReceipt = await receiptText(order._id, `B02-${payment._id}`);
    expect(cashReceipt).toContain('Forma de pago: Efectivo');
    expect(cashReceipt).toContain('Recibido por: Administradora');
    const ownCard = await receiptText(order._id, 'B02');
    expect(ownCard).not.toContain('Recibido por');
    expect(ownCard).toContain('Pagado con tarjeta.');
    const mail = (await outbox()).find((entry) => entry._id.includes(payment._id));
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.text).toContain('(Efectivo, registrado en la oficina por direccion@escuela.do)');
  });
});
