// The whole checkout paid through the AZUL adapter and the AZUL stand-in (issue 21): the order is
// paid with AZUL's reference, the parent's declined card is answered in Spanish, and a staff
// cancellation gives the money back through AZUL (a void, the sale being minutes old).
import { describe, expect, it } from 'vitest';
import https from 'node:https';
import fs from 'node:fs';
import { staffKit } from '../staff/testing.ts';
import { azulSubject } from '../../testing/azul.ts';
import { AZUL_TEST_CARDS, standinEnv, startAzulStandin } from '../../testing/azul-standin.ts';
import { buildTestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { cancelAsStaff, demoCart, enrolmentRequest, payAs } from '../checkout/testing.ts';
import { closedAfterEach } from '../testing.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { CARD_MESSAGES } from '../../../src/domain/cards.ts';
import { STAFF_MESSAGES } from '../../../src/domain/staff.ts';

const closeAfter = closedAfterEach();

/** The staff kit on the AZUL adapter, and the stand-in it pays through; both closed after the test. */
async function azulKit() {
  const azul = await azulSubject();
  const standin = closeAfter(azul.standin);
  const kit = await staffKit(azul.gateway);
  closeAfter(kit.t);
  return { standin, kit };
}

describe('a checkout through AZUL', () => {
  it('pays, declines in Spanish, and a cancellation voids the sale', async () => {
    const { standin, kit } = await azulKit();
    const body = enrolmentRequest(kit.cart, [[0]], { card: AZUL_TEST_CARDS.visa.number });
    body.cvv = AZUL_TEST_CARDS.visa.cvv;
    const paid = await kit.pay(kit.parent, body);
    expect(paid.statusCode, paid.body).toBe(201);
    const order = (await kit.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ order_number: paid.json().result.orderId }))!;
    const sale = standin.transactions.find(
      (transaction) => transaction.CustomOrderId === order.order_number,
    )!;
    expect(order).toMatchObject({
      payment_status: 'paid',
      gateway_reference: sale.AzulOrderId,
      gateway_rrn: sale.RRN,
      auth_code: sale.AuthorizationCode,
      amount: 4_700,
    });
    // Never the card beyond its last four digits, nor AZUL's credentials.
    const stored = JSON.stringify(await kit.t.store.collection('inscripciones').find({}));
    expect(stored).not.toContain(AZUL_TEST_CARDS.visa.number);
    expect(stored).not.toContain(standin.auth1);
    expect(sale).toMatchObject({ Amount: '470000', IsoCode: '00' });

    // (AZUL's limited Visa is also its 3DS challenge card: its decline comes after the challenge,
    // ./azul-3ds-checkout.test.ts.) A number that fails the check digit is declined at once.
    const invalid = enrolmentRequest(kit.cart, [[1]], { card: '4260550061845873' });
    const declined = await kit.pay(kit.parent, invalid);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(CARD_MESSAGES.invalidNumber);

    const cancel = await cancelAsStaff(kit.t, kit.admin, order._id, 'Prueba de anulación');
    expect(cancel.json().data).toMatchObject({
      refund_status: 'refunded',
      refund_reference: `VOID-${sale.AzulOrderId}`,
    });
    expect(sale.voided).toBe(true);
  });

  it('an answer lost after AZUL charged: the parent is told it is being verified, VerifyPayment settles it paid', async () => {
    const { standin, kit } = await azulKit();
    const body = enrolmentRequest(kit.cart, [[0]], { card: AZUL_TEST_CARDS.visa.number });
    standin.faults.dropAfter = 1;
    const lost = await kit.pay(kit.parent, body);
    expect(lost.statusCode).toBe(202);
    expect(lost.json().message).toMatch(/^No recibimos la respuesta del banco a tiempo/);
    const order = (await kit.t.store.collection<Enrolment>('inscripciones').findOne({}))!;
    expect(order.payment_status).toBe('unknown');
    const verified = await kit.t.api({
      method: 'POST',
      url: `/api/inscripciones/verify/${order._id}`,
      token: kit.admin,
    });
    expect(verified.json()).toMatchObject({
      message: STAFF_MESSAGES.verifiedPaid,
      data: { payment_status: 'paid' },
    });
    // Charged once: the lost answer was asked about, never sent again.
    expect(standin.transactions.filter((transaction) => transaction.TrxType === 'Sale')).toHaveLength(1);
  });

  it('refuses a client without the certificate AZUL issued (mutual TLS)', async () => {
    const azul = await azulSubject();
    const standin = closeAfter(azul.standin);
    const outcome = await new Promise<string>((resolve) => {
      const request = https.request(
        standin.url,
        { method: 'POST', ca: fs.readFileSync(standin.files.ca) },
        (response) => resolve(`answered ${response.statusCode}`),
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolve(`refused ${error.code ?? error.message}`),
      );
      request.end('{}');
    });
    expect(outcome).toMatch(/^refused/);
  });
});

describe('AZUL refusing the school', () => {
  it('answers the parent in Spanish and alerts the admins once, without logging a secret', async () => {
    const standin = closeAfter(await startAzulStandin());
    const t = closeAfter(await buildTestApp({ ...standinEnv(standin), AZUL_AUTH1: 'credencial-vieja' }));
    await seedDemoData(t.store);
    await t.createUser({ admin: true, email: 'direccion@escuela.do' });
    // Staff accounts of issue 25: the administrator by role is alerted too, the office is not.
    for (const [email, role] of [
      ['subdireccion@escuela.do', 'administrador'],
      ['oficina@escuela.do', 'oficina'],
    ] as const) {
      const { user } = await t.createUser({ email });
      await t.store.collection('usuarios').updateOne({ _id: user._id }, { set: { tipo: 'personal', role } });
    }
    const parent = await t.createUser({ email: 'carmen@correo.do' });
    const cart = await demoCart(t.store);
    for (const attempt of [1, 2]) {
      const body = enrolmentRequest(cart, [[0]], { card: AZUL_TEST_CARDS.visa.number });
      body.cvv = AZUL_TEST_CARDS.visa.cvv;
      const res = await payAs(t, parent.token, body);
      expect(res.statusCode, `attempt ${attempt}`).toBe(402);
      expect(res.json().message).toBe(CARD_MESSAGES.gatewayError);
    }
    await t.app.outbox.flush();
    const alerts = t.mails.filter((mail) => mail.kind === 'gateway-alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toEqual(
      expect.arrayContaining(['direccion@escuela.do', 'subdireccion@escuela.do']),
    );
    expect(alerts[0]!.to).toHaveLength(2);
    expect(alerts[0]!.text).toContain('INVALID_AUTH:Auth');
    expect(t.rawLogs()).toContain('INVALID_AUTH:Auth');
    expect(t.rawLogs()).not.toContain('credencial-vieja');
    expect(t.rawLogs()).not.toContain(AZUL_TEST_CARDS.visa.number);
  });
});
