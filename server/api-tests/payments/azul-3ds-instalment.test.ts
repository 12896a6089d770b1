// An instalment paid from 'Mis pagos' with the family's kept card, through AZUL with 3-D Secure
// (issue 59), against the stand-in: the token sale the bank challenges answers 202 with the bank's
// step (the same session, frame and posts as the wizard's), the line stays owed and cannot be
// charged by a second attempt meanwhile, and the bank's answer settles it exactly once. A refusal,
// 'Unavailable', 'Cancelar' or a closed page leave the line owed with a Spanish message.
import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_MESSAGES } from '../../../src/domain/authentication.ts';
import { CARD_MESSAGES } from '../../../src/domain/cards.ts';
import { LEDGER_MESSAGES, type LedgerPayment } from '../../../src/domain/ledger.ts';
import type { EnrolmentLedgerAnswer } from '../../../src/domain/schemas/ledger.ts';
import { settleCardPayments } from '../../../src/core/payments/card-settler.ts';
import { staffKit, type StaffKit } from '../staff/testing.ts';
import { azulGatewayFor } from '../../testing/azul.ts';
import { AZUL_TEST_CARDS, startAzulStandin, type ACS_OUTCOMES } from '../../testing/azul-standin.ts';
import { demoCart, enrolmentRequest, newKey, paidOrder } from '../checkout/testing.ts';
import { closedAfterEach } from '../testing.ts';

const closeAfter = closedAfterEach();

/** A family on the monthly plan, paid with a card the bank lets through, that keeps `kept` on file. */
async function setup(kept: { number: string; cvv: string }, options: { tokenCvc?: boolean } = {}) {
  const s = closeAfter(await startAzulStandin());
  const k: StaffKit = await staffKit(azulGatewayFor(s, options));
  closeAfter(k.t);
  const cart = await demoCart(k.t.store, 'PA2027');
  const monthly = cart.weeks.findIndex((week) => week.name === 'Pago mensual');
  const body = enrolmentRequest(cart, [[monthly]], { card: AZUL_TEST_CARDS.visa.number });
  body.cvv = AZUL_TEST_CARDS.visa.cvv;
  const order = await paidOrder(k.t, k.parent, body);
  const saved = await k.t.api({
    method: 'POST',
    url: '/api/tarjetas',
    token: k.parent,
    payload: { cardHolder: 'Carmen Rodríguez', cardNumber: kept.number, expDate: '12/2030', cvv: kept.cvv },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  s.received.length = 0;
  return { s, k, order };
}

const ledgerOf = async (k: StaffKit, id: string): Promise<EnrolmentLedgerAnswer> => {
  const res = await k.t.api({ method: 'GET', url: '/api/pagos', token: k.parent });
  return (res.json().data as EnrolmentLedgerAnswer[]).find((ledger) => ledger.enrolment._id === id)!;
};

/** The parent pays the line 'Mis pagos' shows with the kept card. */
async function payKept(k: StaffKit, id: string, key = newKey(), extra: Record<string, unknown> = {}) {
  const line = (await ledgerOf(k, id)).lines.find((candidate) => candidate.owed > 0)!;
  const answer = await k.t.api({
    method: 'POST',
    url: `/api/pagos/cuota/${id}`,
    token: k.parent,
    headers: { 'idempotency-key': key },
    payload: { cuota: line._id, amount: line.owed, saved: true, ...extra },
  });
  return { line, answer, key };
}

const status = (k: StaffKit, session: string) =>
  k.t.api({ method: 'GET', url: `/api/inscripciones/autenticacion/${session}`, token: k.parent });

/** The payments made from 'Mis pagos' (references `<order>-C<n>`), not the order's first one. */
/** The page's answer once the bank's step is over: the request's status and message. */
async function expectOutcome(k: StaffKit, session: string, statusCode: number, message: string) {
  expect((await status(k, session)).json()).toMatchObject({
    state: 'done',
    answer: { statusCode, body: { message } },
  });
}

const payments = async (k: StaffKit) =>
  (await k.t.store.collection<LedgerPayment>('pagos').find({ method: 'tarjeta' })).filter((payment) =>
    /-C\d+$/.test(payment.reference ?? ''),
  );

/** The bank's answer to the challenge, posted to the app's TermUrl as the browser would. */
async function passChallenge(k: StaffKit, session: string, outcome: keyof typeof ACS_OUTCOMES) {
  const frame = await k.t.app.inject({ method: 'GET', url: `/api/autenticacion-3ds/${session}` });
  const action = /action="([^"]+)"/.exec(frame.body)![1]!;
  const fields = Object.fromEntries(
    [...frame.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
  );
  await fetch(action, { method: 'POST', body: new URLSearchParams(fields) });
  const posted = await fetch(new URL('/acs/answer', action), {
    method: 'POST',
    body: new URLSearchParams({ ...fields, outcome }),
  });
  const html = await posted.text();
  const termUrl = /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const cRes = /name="cRes" value="([^"]+)"/.exec(html)![1]!;
  return k.t.app.inject({
    method: 'POST',
    url: new URL(termUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cRes }).toString(),
  });
}

describe("an instalment paid with the kept card through AZUL's 3-D Secure", () => {
  it('the token sale is challenged: 202 with the step; passing it settles the line exactly once', async () => {
    const { s, k, order } = await setup(AZUL_TEST_CARDS.challenge);
    const before = await ledgerOf(k, order._id);
    const { line, answer, key } = await payKept(k, order._id);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toMatchObject({
      message: AUTHENTICATION_MESSAGES.authenticating,
      authentication: { kind: 'challenge' },
    });
    const { session } = answer.json().authentication as { session: string };
    // A token sale through 3DS: no card number, no CVC (AZUL leaves the CVC to the merchant's agreement).
    const sale = s.received.find((request) => request.body.TrxType === 'Sale')!;
    expect(sale.body).toMatchObject({ CardNumber: '', Expiration: '', ForceNo3DS: '0', Amount: '390000' });
    expect(sale.body.DataVaultToken).toBeTruthy();
    expect(sale.body.CVC).toBeUndefined();
    expect(sale.body.ThreeDSAuth).toMatchObject({
      TermUrl: `${k.t.config.publicUrl}/api/autenticacion-3ds/${session}/fin`,
    });
    expect((await status(k, session)).json()).toEqual({ state: 'challenge' });
    // Meanwhile the line is owed, and another attempt (another tab) charges nothing (issue 53).
    expect((await ledgerOf(k, order._id)).balance).toBe(before.balance);
    const second = await payKept(k, order._id);
    // Not 'ya está pagada': the line is still owed while the bank's step is open.
    expect(second.answer.statusCode).toBe(409);
    expect(second.answer.json().message).toBe(LEDGER_MESSAGES.busy);
    expect(s.received.filter((request) => request.body.TrxType === 'Sale')).toHaveLength(1);

    const back = await passChallenge(k, session, 'Yes');
    expect(back.body).toContain('Verificación recibida');
    const done = (await status(k, session)).json();
    expect(done).toMatchObject({
      state: 'done',
      answer: { statusCode: 201, body: { status: 'SUCCESS', message: LEDGER_MESSAGES.paid } },
    });
    const after = await ledgerOf(k, order._id);
    expect(after.balance).toBe(before.balance - line.owed);
    expect(after.lines.find((candidate) => candidate._id === line._id)!.state).toBe('pagada');
    const approved = (await payments(k)).filter((payment) => payment.status === 'approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]!.card).toEqual({ brand: 'Visa', last4: '0059' });
    // The same request again answers the outcome; a new one for the line charges nothing.
    const repeat = await k.t.api({
      method: 'POST',
      url: `/api/pagos/cuota/${order._id}`,
      token: k.parent,
      headers: { 'idempotency-key': key },
      payload: { cuota: line._id, amount: line.owed, saved: true },
    });
    expect(repeat.statusCode).toBe(201);
    const again = await k.t.api({
      method: 'POST',
      url: `/api/pagos/cuota/${order._id}`,
      token: k.parent,
      headers: { 'idempotency-key': newKey() },
      payload: { cuota: line._id, amount: line.owed, saved: true },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(LEDGER_MESSAGES.alreadyPaid);
    await passChallenge(k, session, 'Yes').catch(() => undefined);
    expect(s.received.filter((request) => request.body.TrxType === 'Sale')).toHaveLength(1);
    expect(s.received.filter((request) => request.operation === 'processthreedschallenge')).toHaveLength(1);
    expect((await payments(k)).filter((payment) => payment.status === 'approved')).toHaveLength(1);
    expect(JSON.stringify(await payments(k))).not.toContain(AZUL_TEST_CARDS.challenge.number);
  });

  it("'Unavailable' at the bank: the line stays owed, the page reads 'No autenticada' in Spanish", async () => {
    const { k, order } = await setup(AZUL_TEST_CARDS.challenge);
    const before = await ledgerOf(k, order._id);
    const { answer } = await payKept(k, order._id);
    const { session } = answer.json().authentication as { session: string };
    await passChallenge(k, session, 'Unavailable');
    await expectOutcome(k, session, 402, AUTHENTICATION_MESSAGES.notAuthenticated);
    expect((await ledgerOf(k, order._id)).balance).toBe(before.balance);
    expect((await payments(k)).map((payment) => payment.status)).toEqual(['declined']);
  });

  it('the bank authenticates, the card is declined: the line stays owed with the refusal', async () => {
    // AZUL's limited Visa: the method form, then a challenge, then declined above RD$75.
    const { k, order } = await setup({ number: AZUL_TEST_CARDS.challengeWithMethod.number, cvv: '999' });
    const before = await ledgerOf(k, order._id);
    const { answer } = await payKept(k, order._id);
    expect(answer.json().authentication).toMatchObject({ kind: 'method' });
    const { session } = answer.json().authentication as { session: string };
    await k.t.app.inject({
      method: 'POST',
      url: `/api/autenticacion-3ds/${session}/metodo`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'threeDSMethodData=e30%3D',
    });
    expect((await status(k, session)).json()).toEqual({ state: 'challenge' });
    await passChallenge(k, session, 'Yes');
    await expectOutcome(k, session, 402, CARD_MESSAGES.insufficientFunds);
    expect((await ledgerOf(k, order._id)).balance).toBe(before.balance);
  });

  it("'Cancelar' and a closed page: nothing charged, the line owed, each with its message", async () => {
    const { s, k, order } = await setup(AZUL_TEST_CARDS.challenge);
    const before = await ledgerOf(k, order._id);
    const first = await payKept(k, order._id);
    const { session } = first.answer.json().authentication as { session: string };
    await k.t.api({
      method: 'POST',
      url: `/api/inscripciones/autenticacion/${session}/cancelar`,
      token: k.parent,
    });
    await expectOutcome(k, session, 402, AUTHENTICATION_MESSAGES.cancelled);
    // The bank's late answer charges nothing.
    await passChallenge(k, session, 'Yes').catch(() => undefined);
    expect(s.received.some((request) => request.operation === 'processthreedschallenge')).toBe(false);

    // Another attempt, and the page closed: after the window the settler gives it up.
    const second = await payKept(k, order._id);
    const closed = (second.answer.json().authentication as { session: string }).session;
    const held = (await payments(k)).find((payment) => payment.status === 'charging')!;
    expect(new Date(held.lease_until!).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    await k.t.store
      .collection<LedgerPayment>('pagos')
      .updateOne({ _id: held._id }, { set: { lease_until: new Date(Date.now() - 1000) } });
    await settleCardPayments(k.t.app.core.deps);
    await expectOutcome(k, closed, 402, AUTHENTICATION_MESSAGES.expired);
    expect((await ledgerOf(k, order._id)).balance).toBe(before.balance);
    expect((await payments(k)).map((payment) => payment.status).sort()).toEqual(['failed', 'failed']);
  });

  it('where the merchant agreed to send the CVC with tokens, the kept card asks for it', async () => {
    const { s, k, order } = await setup(AZUL_TEST_CARDS.challenge, { tokenCvc: true });
    const card = await k.t.api({ method: 'GET', url: '/api/tarjetas', token: k.parent });
    expect(card.json().data).toMatchObject({ brand: 'Visa', last4: '0059', cvv_required: true });
    const missing = await payKept(k, order._id);
    expect(missing.answer.statusCode).toBe(400);
    expect(missing.answer.json().message).toBe(CARD_MESSAGES.invalidCvv);
    const { answer } = await payKept(k, order._id, newKey(), { cvv: '999' });
    expect(answer.statusCode).toBe(202);
    expect(s.received.find((request) => request.body.TrxType === 'Sale')!.body.CVC).toBe('999');
  });
});
