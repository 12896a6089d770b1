// Autopay (issue 20) on a business clock: a family that authorised it at payment has its card kept
// (the gateway's token, brand, last four, expiry: never the number), gets a notice three days before
// each due day, is charged on the day and gets the receipt; a decline is e-mailed and retried after
// 1, 3 and 7 days, then stops ('vencida'); a card reported lost or stolen is never retried; a new
// card takes over; three instances running the pass at once charge each instalment once.
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { instancesOnOneStore, pdfText } from '../testing.ts';
import type { OutboxItem } from '../../mail/outbox.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import {
  autopayFamily,
  demoCart,
  enrolmentRequest,
  monthlyOption,
  payAs,
  payInstalment,
  staffCancel,
  testCard,
  type DemoCart,
} from '../checkout/testing.ts';
import { runAutopay } from '../../../src/core/payments/autopay.ts';
import { sandboxGateway } from '../../../src/core/checkout/gateway.ts';
import { CARD_MESSAGES, SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { LEDGER_MESSAGES, type LedgerPayment, type SavedCard } from '../../../src/domain/ledger.ts';
import type { EnrolmentLedgerAnswer } from '../../../src/domain/schemas/ledger.ts';

let t: TestApp;
const sharedStore = instancesOnOneStore(() => t);

const clock = { now: new Date() };
const setDay = (day: string) => {
  // 10:00 in Santo Domingo.
  clock.now = new Date(`${day}T14:00:00Z`);
};

async function setup() {
  setDay('2026-08-20');
  // One bank (a store-backed sandbox) behind every instance.
  t = await buildTestApp({}, { deps: { clock: () => clock.now } });
  await seedDemoData(t.store);
  const cart = await demoCart(t.store, 'PA2027');
  return { cart };
}

/** A new family enrolled on 'Pago mensual' with autopay on the card it paid with. */
const family = (cart: DemoCart, email: string, card?: string) => autopayFamily(t, cart, email, card);

const ledgerOf = async (token: string): Promise<EnrolmentLedgerAnswer> =>
  (await t.api({ method: 'GET', url: '/api/pagos', token })).json().data[0];
const pass = () => runAutopay(t.app.core.deps);
const outbox = (kind: string) => t.store.collection<OutboxItem>('outbox').find({ kind });
const autoPayments = (order: Enrolment) =>
  t.store
    .collection<LedgerPayment>('pagos')
    .find({ enrolment_id: order._id, method: 'tarjeta_guardada' }, { sort: { created_at: 1, _id: 1 } });

describe('autopay', () => {
  it('a balance reminder to a family on autopay says its coming instalments are charged to its card (issue 54)', async () => {
    const { cart } = await setup();
    const { order } = await family(cart, 'rosa.auto@correo.do');
    const admin = await t.createUser({ admin: true });
    const sent = await t.api({
      method: 'POST',
      url: `/api/cuentas/recordatorio/${order._id}`,
      token: admin.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await outbox('balance-reminder');
    // Nothing is overdue: not a 'Recordatorio de pago', and no instalment asked for.
    expect(mail!.subject).toBe(`Estado de su plan de pagos: ${order.camp_name}`);
    expect(mail!.text).toContain(
      'Las próximas cuotas se cobrarán automáticamente a su tarjeta Visa terminada en 4242 en su fecha; no tiene que hacer nada:',
    );
    expect(mail!.text).not.toContain('Cuotas pendientes:');
    expect(mail!.text).not.toContain('Cuotas vencidas');
  });

  it('writes the autopay agreement to the family: the card, each charge with its day, the total and how to stop it (issue 59)', async () => {
    const { cart } = await setup();
    const { order, token } = await family(cart, 'ines.auto@correo.do');
    const [agreement, ...again] = await outbox('autopay-agreement');
    expect(again).toHaveLength(0);
    expect(agreement).toMatchObject({
      to: expect.arrayContaining(['ines.auto@correo.do']),
      subject: `Cobro automático autorizado: ${order.camp_name}`,
    });
    const text = String(agreement!.text);
    const ledger = await ledgerOf(token);
    const later = ledger.lines.filter((line) => line.state !== 'pagada');
    expect(text).toContain(
      `Autorizó a la escuela a cobrar automáticamente en su tarjeta Visa terminada en 4242 las ${later.length} cuotas restantes de ${order.camp_name} (orden ${order.order_number})`,
    );
    // Every charge the family authorised, with its day and amount; the total is the plan's balance.
    expect(text).toContain(`- 05/10/2026: RD$3,900, Cuota 2 de 10 de ${order.participants[0]!.first_name}`);
    for (const line of later)
      expect(text).toContain(`- ${line.due.split('-').reverse().join('/')}: RD$3,900`);
    expect(text).toContain(`Total: RD$${ledger.balance.toLocaleString('en-US')}.`);
    expect(text).toContain('Para detener los cobros automáticos, elimine la tarjeta en "Mis pagos"');
    expect(text).toMatch(/\/profile\?tab=pagos/);

    // The same agreement on the receipt attached to the confirmation, as the family reads it.
    const confirmationPdf = async (orderNumber: string) => {
      const confirmation = (await outbox('enrolment')).find((mail) =>
        String(mail.text).includes(orderNumber),
      );
      expect(confirmation?.attachments, orderNumber).toHaveLength(1);
      return pdfText(confirmation!.attachments![0]!);
    };
    const pdf = await confirmationPdf(order.order_number);
    expect(pdf).toContain('Cobro automático autorizado');
    expect(pdf).toContain(
      `Autorizó a la escuela a cobrar automáticamente en su tarjeta Visa terminada en 4242 las ${later.length} cuotas restantes de ${order.camp_name} (orden ${order.order_number}), cada una en su fecha:`,
    );
    expect(pdf).toContain(`05/10/2026: RD$3,900, Cuota 2 de 10 de ${order.participants[0]!.first_name}`);
    for (const line of later) expect(pdf).toContain(`${line.due.split('-').reverse().join('/')}: RD$3,900`);
    expect(pdf).toContain(`Total: RD$${ledger.balance.toLocaleString('en-US')}.`);
    expect(pdf).toContain(
      'Para detener los cobros automáticos, elimine la tarjeta en "Mis pagos": las cuotas se pagan entonces desde allí o en la oficina.',
    );

    // The thank-you page reads the same agreement in the answer.
    const other = await t.createUser({ email: 'otra.auto@correo.do' });
    const answer = await payAs(t, other.token, {
      ...enrolmentRequest(cart, [[monthlyOption(cart)]]),
      autopay: true,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const shown = answer.json().result.autopay;
    expect(shown).toMatchObject({ card: 'Visa terminada en 4242', total: 'RD$35,100' });
    expect(shown.charges).toHaveLength(9);
    expect(shown.charges[0]).toEqual({
      day: '05/10/2026',
      amount: 'RD$3,900',
      label: `Cuota 2 de 10 de ${order.participants[0]!.first_name}`,
    });
    // Without autopay, no agreement.
    const plain = await t.createUser({ email: 'sin.auto@correo.do' });
    const without = await payAs(t, plain.token, enrolmentRequest(cart, [[monthlyOption(cart)]]));
    expect(without.json().result.autopay).toBeUndefined();
    const plainPdf = await confirmationPdf(without.json().result.orderId);
    expect(plainPdf).toContain('Total RD$');
    expect(plainPdf).not.toContain('Cobro automático');
    expect(plainPdf).not.toContain('cobrar automáticamente');
  });

  it('keeps the card as a token with the consent text, notices three days before, charges on the day once', async () => {
    const { cart } = await setup();
    const { order, token, user } = await family(cart, 'carmen@correo.do');
    const card = await t.store.collection<SavedCard>('tarjetas').findOne({ user_id: user._id });
    expect(card).toMatchObject({ brand: 'Visa', last4: '4242', expiry: '122030', status: 'active' });
    expect(card!.token).toMatch(/^SBX-T-/);
    expect(JSON.stringify(card)).not.toContain('4242424242424242');
    const stored = (await t.store.collection<Enrolment>('inscripciones').findById(order._id))!;
    expect(stored.autopay?.text).toContain('Autorizo a la escuela a guardar esta tarjeta');
    expect(stored.autopay?.text).toContain('05/10/2026 RD$3,900');
    expect((await ledgerOf(token)).autopay).toBe(true);
    expect((await t.api({ method: 'GET', url: '/api/tarjetas', token })).json().data).toEqual({
      brand: 'Visa',
      last4: '4242',
      expiry: '122030',
    });

    setDay('2026-10-01');
    expect(await pass()).toMatchObject({ notices: 0, charged: 0 });
    setDay('2026-10-02');
    expect(await pass()).toMatchObject({ notices: 1, charged: 0 });
    await pass();
    const notices = await outbox('autopay-notice');
    expect(notices).toHaveLength(1);
    expect(String(notices[0]!.text)).toContain(
      'El 05/10/2026 cobraremos RD$3,900 a su tarjeta Visa terminada en 4242',
    );

    setDay('2026-10-05');
    expect(await pass()).toMatchObject({ charged: 1, declined: 0 });
    expect(await pass()).toMatchObject({ charged: 0 });
    const ledger = await ledgerOf(token);
    expect(ledger.lines[2]).toMatchObject({ due: '2026-10-05', state: 'pagada' });
    expect(ledger.balance).toBe(8 * 3900);
    expect(await autoPayments(order)).toMatchObject([
      { status: 'approved', amount: 3900, card: { last4: '4242' } },
    ]);
    expect((await outbox('instalment-paid')).length).toBe(1);
  });

  it('a decline is e-mailed and retried after 1, 3 and 7 days, then stops and the instalment is overdue', async () => {
    const { cart } = await setup();
    const { order, token } = await family(cart, 'carmen@correo.do', SANDBOX_CARDS.failsLater);
    const tries: string[] = [];
    for (const day of [
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
      '2026-10-08',
      '2026-10-11',
      '2026-10-12',
      '2026-10-13',
      '2026-10-20',
    ]) {
      setDay(day);
      if ((await pass()).declined > 0) tries.push(day);
    }
    expect(tries).toEqual(['2026-10-05', '2026-10-06', '2026-10-08', '2026-10-12']);
    const payments = await autoPayments(order);
    expect(payments.map((payment) => payment.status)).toEqual([
      'declined',
      'declined',
      'declined',
      'declined',
    ]);
    // One gateway reference per attempt.
    expect(new Set(payments.map((payment) => payment.reference)).size).toBe(4);
    const ledger = await ledgerOf(token);
    expect(ledger.lines[2]).toMatchObject({ state: 'vencida', retry: null, stopped: CARD_MESSAGES.declined });
    const mails = await outbox('autopay-declined');
    expect(mails).toHaveLength(4);
    expect(String(mails[0]!.text)).toContain('Lo intentaremos de nuevo el 06/10/2026');
    expect(String(mails[3]!.text)).toContain('No volveremos a intentar el cobro con esta tarjeta');
    // The office sees it overdue.
    const admin = await t.createUser({ admin: true });
    const report = await t.api({
      method: 'GET',
      url: '/api/cuentas/lista?state=vencida',
      token: admin.token,
    });
    expect(report.json().data.rows).toEqual([
      expect.objectContaining({ order_number: order.order_number, overdue: 3900 }),
    ]);
  });

  it('never retries a card reported lost or stolen; a new card takes over the next due day', async () => {
    const { cart } = await setup();
    const { order, token } = await family(cart, 'carmen@correo.do');
    const replace = (number: string) =>
      t.api({
        method: 'POST',
        url: '/api/tarjetas',
        token,
        payload: testCard(number),
      });
    const refused = await replace(SANDBOX_CARDS.declined);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(CARD_MESSAGES.declined);
    expect((await replace(SANDBOX_CARDS.stolen)).json().message).toBe(LEDGER_MESSAGES.cardSaved);

    setDay('2026-10-05');
    expect(await pass()).toMatchObject({ declined: 1 });
    for (const day of ['2026-10-06', '2026-10-08', '2026-10-12']) {
      setDay(day);
      expect(await pass()).toMatchObject({ declined: 0, charged: 0 });
    }
    expect((await ledgerOf(token)).lines[2]).toMatchObject({
      state: 'vencida',
      stopped: CARD_MESSAGES.lostOrStolen,
    });

    // The family registers a good card: November is charged to it (October waits for them).
    expect((await replace(SANDBOX_CARDS.approved)).statusCode).toBe(200);
    setDay('2026-11-05');
    expect(await pass()).toMatchObject({ charged: 1 });
    const payments = await autoPayments(order);
    expect(payments.map((payment) => [payment.status, payment.card?.last4])).toEqual([
      ['declined', '9979'],
      ['approved', '4242'],
    ]);
    // Removing the card stops autopay.
    expect((await t.api({ method: 'POST', url: '/api/tarjetas/eliminar', token })).statusCode).toBe(200);
    setDay('2026-12-05');
    expect(await pass()).toMatchObject({ charged: 0, declined: 0 });
    expect((await t.api({ method: 'GET', url: '/api/tarjetas', token })).json().data).toBeNull();
  });

  it('cancelling the enrolment stops autopay', async () => {
    const { cart } = await setup();
    const { order } = await family(cart, 'carmen@correo.do');
    const admin = await t.createUser({ admin: true });
    setDay('2026-09-20');
    await staffCancel(t, admin.token, order._id);
    setDay('2026-10-05');
    expect(await pass()).toMatchObject({ charged: 0, declined: 0, notices: 0 });
  });

  it('three instances running the pass at once charge each instalment once', async () => {
    const { cart } = await setup();
    const families = [];
    for (let index = 0; index < 8; index += 1) families.push(await family(cart, `familia${index}@correo.do`));
    const apps = await sharedStore.add(t, 2, () => ({
      // The same bank: a sandbox on the shared store.
      gateway: sandboxGateway({ store: t.store, clock: () => clock.now }),
      clock: () => clock.now,
    }));
    setDay('2026-10-05');
    const reports = await Promise.all(apps.map((app) => runAutopay(app.core.deps)));
    expect(reports.reduce((sum, report) => sum + report.charged, 0)).toBe(8);
    for (const { order } of families) {
      const payments = await autoPayments(order);
      expect(payments.filter((payment) => payment.status === 'approved')).toHaveLength(1);
    }
    // Again on all three: nothing more.
    const again = await Promise.all(apps.map((app) => runAutopay(app.core.deps)));
    expect(again.reduce((sum, report) => sum + report.charged, 0)).toBe(0);
  });

  it('autopay and the family paying the same instalment at once charge it once (issue 53)', async () => {
    const { cart } = await setup();
    const { order, token } = await family(cart, 'carmen@correo.do');
    setDay('2026-10-05');
    const line = (await ledgerOf(token)).lines.find((candidate) => candidate.owed > 0)!;
    expect(line).toMatchObject({ due: '2026-10-05', owed: 3900 });
    const payByHand = () => payInstalment(t, token, order._id, line._id, line.owed);
    const [answers] = await Promise.all([Promise.all(Array.from({ length: 10 }, payByHand)), pass(), pass()]);
    const charged = (
      await t.store
        .collection<{ _id: string; result: { approved?: boolean } | null }>('sandbox_charges')
        .find({})
    ).filter((charge) => charge._id.startsWith(`${order.order_number}-`) && charge.result?.approved);
    expect(charged).toHaveLength(1);
    const paying = await t.store
      .collection<LedgerPayment>('pagos')
      .find({ enrolment_id: order._id, status: 'approved', 'allocations.cuota': line._id });
    expect(paying).toHaveLength(1);
    // The family's requests that did not pay it are told so; a pass meanwhile found it paid or busy.
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 201))
      expect(answer.json().message).toBe(LEDGER_MESSAGES.alreadyPaid);
    expect(await pass()).toMatchObject({ charged: 0 });
    const ledger = await ledgerOf(token);
    expect(ledger.lines.slice(2, 4).map((candidate) => candidate.state)).toEqual(['pagada', 'pendiente']);
    expect(ledger.balance).toBe(8 * 3900);
  });

  it('a kept card that expires before the due day: the notice asks for a new card instead', async () => {
    const { cart } = await setup();
    const { user } = await family(cart, 'vence@correo.do');
    // The card kept expires in September; the next instalment is due on 5 October.
    await t.store
      .collection<SavedCard>('tarjetas')
      .updateOne({ user_id: user._id }, { set: { expiry: '092026' } });
    setDay('2026-10-02');
    expect(await pass()).toMatchObject({ notices: 1 });
    expect(await outbox('autopay-notice')).toHaveLength(0);
    const [notice] = await outbox('autopay-card-expiring');
    expect(notice).toMatchObject({ subject: 'Su tarjeta guardada vence antes del próximo cobro' });
    expect(String(notice!.text)).toContain(
      'Su tarjeta Visa terminada en 4242 vence en 09/2026, antes de ese cobro',
    );
  });
});
