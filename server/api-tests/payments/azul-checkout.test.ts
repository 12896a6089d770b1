// The whole checkout paid through the AZUL adapter and the AZUL stand-in (issue 21): the order is
// paid with AZUL's reference, the parent's declined card is answered in Spanish, and a staff
// cancellation gives the money back through AZUL (a void, the sale being minutes old).
import { afterEach, describe, expect, it } from 'vitest';
import https from 'node:https';
import fs from 'node:fs';
import { staffKit, type StaffKit } from '../staff/testing.ts';
import { azulSubject } from '../../testing/azul.ts';
import { AZUL_TEST_CARDS, type AzulStandin } from '../../testing/azul-standin.ts';
import { enrolmentRequest } from '../checkout/testing.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { CARD_MESSAGES } from '../../../src/domain/cards.ts';

let kit: StaffKit | undefined;
let standin: AzulStandin | undefined;
afterEach(async () => {
  await kit?.t.close();
  await standin?.close();
  kit = undefined;
  standin = undefined;
});

describe('a checkout through AZUL', () => {
  it('pays, declines in Spanish, and a cancellation voids the sale', async () => {
    const azul = await azulSubject();
    standin = azul.standin;
    kit = await staffKit(azul.gateway);
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
      amount: 4_700,
    });
    expect(sale).toMatchObject({ Amount: '470000', IsoCode: '00' });

    const limited = enrolmentRequest(kit.cart, [[1]], { card: AZUL_TEST_CARDS.visaLimited.number });
    limited.cvv = AZUL_TEST_CARDS.visaLimited.cvv;
    const declined = await kit.pay(kit.parent, limited);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(CARD_MESSAGES.insufficientFunds);

    const cancel = await kit.t.api({
      method: 'POST',
      url: `/api/inscripciones/cancel/${order._id}`,
      token: kit.admin,
      payload: { reason: 'Prueba de anulación' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({
      refund_status: 'refunded',
      refund_reference: `VOID-${sale.AzulOrderId}`,
    });
    expect(sale.voided).toBe(true);
  });

  it('refuses a client without the certificate AZUL issued (mutual TLS)', async () => {
    const azul = await azulSubject();
    standin = azul.standin;
    const outcome = await new Promise<string>((resolve) => {
      const request = https.request(
        standin!.url,
        { method: 'POST', ca: fs.readFileSync(standin!.files.ca) },
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
