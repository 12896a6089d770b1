// The checkout with 3-D Secure 2 through AZUL (issue 21), as the parent's browser and the bank's
// pages would drive it against the stand-in: the payment answers 202 with the bank's step, the
// places stay held, the frame page shows the step, the bank's posts (method notice, TermUrl) move
// it on, and the order ends paid or declined exactly as a direct answer would leave it. A parent
// who cancels gets the places back at once; one who closes the page, after the window.
import { AUTHENTICATION_MESSAGES } from '../../../src/domain/authentication.ts';
import { describe, expect, it } from 'vitest';
import { staffKit, type StaffKit } from '../staff/testing.ts';
import { azulGatewayFor } from '../../testing/azul.ts';
import type { ACS_OUTCOMES } from '../../testing/azul-standin.ts';
import { AZUL_TEST_CARDS, startAzulStandin } from '../../testing/azul-standin.ts';
import { cancelAsStaff, demoCart, enrolmentRequest, joinWaitlist } from '../checkout/testing.ts';
import type { WaitlistView } from '../../../src/domain/waitlist.ts';
import { closedAfterEach, pdfText } from '../testing.ts';
import type { OutboxItem } from '../../mail/outbox.ts';
import type { SavedCard } from '../../../src/domain/ledger.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { CARD_MESSAGES } from '../../../src/domain/cards.ts';
import { reconcilePayments } from '../../../src/core/checkout/reconciler.ts';

const closeAfter = closedAfterEach();

async function setup() {
  const s = closeAfter(await startAzulStandin());
  const k = await staffKit(azulGatewayFor(s));
  closeAfter(k.t);
  return { s, k };
}

const order = (k: StaffKit) => k.t.store.collection<Enrolment>('inscripciones').findOne({});
const placesTaken = async (k: StaffKit, weekId: string) =>
  (await k.t.store.collection<Week>('semanas').findById(weekId))!.quota_f;

async function payWith(k: StaffKit, number: string) {
  const body = enrolmentRequest(k.cart, [[0]], { card: number });
  body.cvv = '999';
  const answer = await k.pay(k.parent, body);
  return { body, answer, week: body.listCalendar[0]!.id };
}

const status = (k: StaffKit, session: string) =>
  k.t.api({ method: 'GET', url: `/api/inscripciones/autenticacion/${session}`, token: k.parent });

/** The bank's post to one of the app's 3DS pages, as a form (no cookie, no token). */
const bankPost = (k: StaffKit, url: string, fields: Record<string, string>) =>
  k.t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** What the simulator posts to the TermUrl for `outcome`, read from its pages as a browser would. */
async function challengeAnswer(
  step: { url: string; fields: Record<string, string> },
  outcome: keyof typeof ACS_OUTCOMES,
) {
  await fetch(step.url, { method: 'POST', body: new URLSearchParams(step.fields) });
  const posted = await fetch(new URL('/acs/answer', step.url), {
    method: 'POST',
    body: new URLSearchParams({ ...step.fields, outcome }),
  });
  const html = await posted.text();
  return {
    termUrl: /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&'),
    cRes: /name="cRes" value="([^"]+)"/.exec(html)![1]!,
  };
}

describe('3-D Secure 2 in the checkout through AZUL', () => {
  it('a challenge: 202 with the step, places held, the frame posts to the bank, Yes pays the order', async () => {
    const { s, k } = await setup();
    const before = await placesTaken(k, k.cart.weeks[0]!._id);
    const { answer, week } = await payWith(k, AZUL_TEST_CARDS.challenge.number);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toMatchObject({
      success: false,
      message: AUTHENTICATION_MESSAGES.authenticating,
      authentication: { kind: 'challenge' },
    });
    const { session } = answer.json().authentication as { session: string };
    expect(await placesTaken(k, week)).toBe(before + 1);
    const held = (await order(k))!;
    expect(held).toMatchObject({ payment_status: 'pending', authentication: { state: 'challenge' } });
    // The TermUrl given to AZUL is the app's own page for this session.
    const sale = s.received.find((request) => request.body.TrxType === 'Sale')!;
    expect(sale.body.ThreeDSAuth).toMatchObject({
      TermUrl: `${k.t.config.publicUrl}/api/autenticacion-3ds/${session}/fin`,
      MethodNotificationUrl: `${k.t.config.publicUrl}/api/autenticacion-3ds/${session}/metodo`,
    });

    // The payment step's frame: a form posted at once to the bank's page, framed by the app only.
    const frame = await k.t.app.inject({ method: 'GET', url: `/api/autenticacion-3ds/${session}` });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain(`action="${s.acsUrl}/acs/creq"`);
    expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await status(k, session)).json()).toEqual({ state: 'challenge' });
    // Another family cannot read it.
    const other = await k.t.createUser({ email: 'otra@correo.do' });
    expect(
      (
        await k.t.api({
          method: 'GET',
          url: `/api/inscripciones/autenticacion/${session}`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);

    const step = held.authentication!.step as { url: string; fields: Record<string, string> };
    const { termUrl, cRes } = await challengeAnswer(step, 'Yes');
    expect(termUrl).toBe(`${k.t.config.publicUrl}/api/autenticacion-3ds/${session}/fin`);
    const back = await bankPost(k, new URL(termUrl).pathname, { cRes, threeDSSessionData: 'abc' });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Verificación recibida');
    const done = (await status(k, session)).json();
    expect(done).toMatchObject({ state: 'done', answer: { statusCode: 201, body: { success: true } } });
    const paid = (await order(k))!;
    const azulSale = s.transactions.find((transaction) => transaction.CustomOrderId === paid.order_number)!;
    expect(paid).toMatchObject({ payment_status: 'paid', gateway_reference: azulSale.AzulOrderId });
    expect(done.answer.body.result.orderId).toBe(paid.order_number);
    expect(await placesTaken(k, week)).toBe(before + 1);
    // The bank posting again changes nothing: AZUL is asked once.
    await bankPost(k, new URL(termUrl).pathname, { cRes });
    expect(s.received.filter((request) => request.operation === 'processthreedschallenge')).toHaveLength(1);
  });

  it('the method form: its notice goes on with RECEIVED and the frictionless sale pays', async () => {
    const { s, k } = await setup();
    const { answer } = await payWith(k, AZUL_TEST_CARDS.frictionlessWithMethod.number);
    expect(answer.json().authentication).toMatchObject({ kind: 'method' });
    const { session } = answer.json().authentication as { session: string };
    const frame = await k.t.app.inject({ method: 'GET', url: `/api/autenticacion-3ds/${session}` });
    expect(frame.body).toContain(`${s.acsUrl}/acs/method`);
    expect((await status(k, session)).json()).toEqual({ state: 'method' });
    await bankPost(k, `/api/autenticacion-3ds/${session}/metodo`, { threeDSMethodData: 'e30=' });
    expect((await status(k, session)).json()).toMatchObject({ state: 'done', answer: { statusCode: 201 } });
    expect(s.transactions[0]!.threeDS?.methodStatus).toBe('RECEIVED');
  });

  it('no notice within 10 s: EXPECTED_BUT_NOT_RECEIVED, then a challenge; a decline gives the places back', async () => {
    const { s, k } = await setup();
    const before = await placesTaken(k, k.cart.weeks[0]!._id);
    const { answer, week } = await payWith(k, AZUL_TEST_CARDS.challengeWithMethod.number);
    const { session } = answer.json().authentication as { session: string };
    expect((await status(k, session)).json()).toEqual({ state: 'method' });
    const enrolments = k.t.store.collection<Enrolment>('inscripciones');
    const held = (await order(k))!;
    await enrolments.updateOne(
      { _id: held._id },
      { set: { 'authentication.started_at': new Date(Date.now() - 11_000) } },
    );
    expect((await status(k, session)).json()).toEqual({ state: 'challenge' });
    expect(s.transactions[0]!.threeDS?.methodStatus).toBe('EXPECTED_BUT_NOT_RECEIVED');
    const step = (await order(k))!.authentication!.step as { url: string; fields: Record<string, string> };
    // AZUL's limited Visa: authenticated, then declined above RD$75.
    const { termUrl, cRes } = await challengeAnswer(step, 'Yes');
    await bankPost(k, new URL(termUrl).pathname, { cRes });
    expect((await status(k, session)).json()).toMatchObject({
      state: 'done',
      answer: { statusCode: 402, body: { message: CARD_MESSAGES.insufficientFunds } },
    });
    expect((await order(k))!.payment_status).toBe('declined');
    expect(await placesTaken(k, week)).toBe(before);
  });

  it("'Cancelar' gives the places back at once, and the bank's late answer charges nothing", async () => {
    const { s, k } = await setup();
    const before = await placesTaken(k, k.cart.weeks[0]!._id);
    const { answer, week } = await payWith(k, AZUL_TEST_CARDS.challenge.number);
    const { session } = answer.json().authentication as { session: string };
    const step = (await order(k))!.authentication!.step as { url: string; fields: Record<string, string> };
    const cancelled = await k.t.api({
      method: 'POST',
      url: `/api/inscripciones/autenticacion/${session}/cancelar`,
      token: k.parent,
    });
    expect(cancelled.json()).toMatchObject({
      state: 'done',
      answer: { statusCode: 402, body: { message: AUTHENTICATION_MESSAGES.cancelled } },
    });
    expect(await placesTaken(k, week)).toBe(before);
    const { termUrl, cRes } = await challengeAnswer(step, 'Yes');
    await bankPost(k, new URL(termUrl).pathname, { cRes });
    expect(s.received.some((request) => request.operation === 'processthreedschallenge')).toBe(false);
    expect((await order(k))!.payment_status).toBe('error');
  });

  it('autopay authorised: the card is kept in DataVault with the 3DS approval and becomes the family card', async () => {
    const { s, k } = await setup();
    const cart = await demoCart(k.t.store, 'PA2027');
    const monthly = cart.weeks.findIndex((week) => week.name === 'Pago mensual');
    const body = {
      ...enrolmentRequest(cart, [[monthly]], { card: AZUL_TEST_CARDS.challenge.number }),
      autopay: true,
    };
    body.cvv = '999';
    const answer = await k.pay(k.parent, body);
    expect(answer.statusCode, answer.body).toBe(202);
    const { session } = answer.json().authentication as { session: string };
    expect(s.received.find((request) => request.body.TrxType === 'Sale')!.body.SaveToDataVault).toBe('1');
    const step = (await order(k))!.authentication!.step as { url: string; fields: Record<string, string> };
    const { termUrl, cRes } = await challengeAnswer(step, 'Yes');
    await bankPost(k, new URL(termUrl).pathname, { cRes });
    expect((await status(k, session)).json()).toMatchObject({ state: 'done', answer: { statusCode: 201 } });
    const paid = (await order(k))!;
    expect(paid.autopay?.text).toBeTruthy();
    const card = await k.t.store.collection<SavedCard>('tarjetas').findOne({ user_id: paid.user_id });
    expect(card).toMatchObject({ status: 'active', last4: '0059', expiry: '122030' });
    expect(JSON.stringify(card)).not.toContain(AZUL_TEST_CARDS.challenge.number);
    // No separate DataVault CREATE: the token came with the sale.
    expect(s.received.some((request) => request.operation === 'processdatavault')).toBe(false);
  });

  /** Two children on the annual program's monthly plan, its card kept for autopay, paid with the challenge card. */
  async function payAnnualPlan(k: StaffKit) {
    const cart = await demoCart(k.t.store, 'PA2027');
    const monthly = cart.weeks.findIndex((week) => week.name === 'Pago mensual');
    const body = {
      ...enrolmentRequest(cart, [[monthly], [monthly]], { card: AZUL_TEST_CARDS.challenge.number }),
      autopay: true,
    };
    body.cvv = '999';
    const answer = await k.pay(k.parent, body);
    expect(answer.statusCode, answer.body).toBe(202);
    const { session } = answer.json().authentication as { session: string };
    const step = (await order(k))!.authentication!.step as { url: string; fields: Record<string, string> };
    return { session, step };
  }

  it("the annual program's monthly plan for two children through the challenge: paid once, card kept, its schedule (issue 59)", async () => {
    const { s, k } = await setup();
    const { session, step } = await payAnnualPlan(k);
    const { termUrl, cRes } = await challengeAnswer(step, 'Yes');
    await bankPost(k, new URL(termUrl).pathname, { cRes });
    const done = (await status(k, session)).json();
    expect(done).toMatchObject({ state: 'done', answer: { statusCode: 201, body: { success: true } } });
    const paid = (await order(k))!;
    expect(paid.payment_status).toBe('paid');
    // One sale, approved once, for today's two instalments and memberships.
    const sales = s.transactions.filter((transaction) => transaction.CustomOrderId === paid.order_number);
    expect(sales).toHaveLength(1);
    expect(s.received.filter((request) => request.body.TrxType === 'Sale')).toHaveLength(1);
    expect(done.answer.body.result.amountFormat).toBe('RD$14,800');
    // The schedule: seven later instalments per child, on the kept card.
    const agreement = done.answer.body.result.autopay as { card: string; charges: { label: string }[] };
    expect(agreement.card).toBe('Visa terminada en 0059');
    expect(agreement.charges).toHaveLength(14);
    expect(agreement.charges[0]!.label).toBe('Cuota 2 de 8 de Pedro');
    expect(agreement.charges.at(-1)!.label).toBe('Cuota 8 de 8 de María');
    const card = await k.t.store.collection<SavedCard>('tarjetas').findOne({ user_id: paid.user_id });
    expect(card).toMatchObject({ status: 'active', last4: '0059' });
    // The receipt the confirmation carries writes the same agreement (issue 59).
    const [confirmation] = await k.t.store.collection<OutboxItem>('outbox').find({ kind: 'enrolment' });
    const pdf = await pdfText(confirmation!.attachments![0]!);
    expect(pdf).toContain('en su tarjeta Visa terminada en 0059 las 14 cuotas restantes');
    expect(pdf).toContain('Cuota 2 de 8 de Pedro');
    expect(pdf).toContain('Cuota 8 de 8 de María');
    expect(pdf).toContain('Para detener los cobros automáticos, elimine la tarjeta en "Mis pagos"');
  });

  it.each(['No', 'Unavailable'] as const)(
    "the annual monthly plan: the bank's '%s' charges nothing, keeps no card and says why at the next poll",
    async (outcome) => {
      const { s, k } = await setup();
      const { session, step } = await payAnnualPlan(k);
      const { termUrl, cRes } = await challengeAnswer(step, outcome);
      await bankPost(k, new URL(termUrl).pathname, { cRes });
      const done = (await status(k, session)).json();
      expect(done.state).toBe('done');
      expect(done.answer.statusCode).toBe(402);
      expect(done.answer.body.message).toBe(AUTHENTICATION_MESSAGES.notAuthenticated);
      const refused = (await order(k))!;
      expect(refused.payment_status).toBe('declined');
      expect(s.transactions.filter((transaction) => transaction.IsoCode === '00')).toHaveLength(0);
      expect(
        await k.t.store.collection<SavedCard>('tarjetas').findOne({ user_id: refused.user_id }),
      ).toBeNull();
    },
  );

  it('a parent who closes the page: the reconciler leaves the order while the window lasts, then gives the places back', async () => {
    const { k } = await setup();
    const before = await placesTaken(k, k.cart.weeks[0]!._id);
    const { answer, week } = await payWith(k, AZUL_TEST_CARDS.challenge.number);
    const { session } = answer.json().authentication as { session: string };
    const deps = k.t.app.core.deps;
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    // Within the window (ten minutes), even a pass after a restart leaves it held.
    await reconcilePayments(deps, { now: minutes(5) });
    await reconcilePayments(deps, { now: minutes(1), afterRestart: true });
    expect((await order(k))!.payment_status).toBe('pending');
    expect(await placesTaken(k, week)).toBe(before + 1);
    const report = await reconcilePayments(deps, { now: minutes(11) });
    expect(report.released).toBe(1);
    expect((await order(k))!.payment_status).toBe('error');
    expect(await placesTaken(k, week)).toBe(before);
    expect((await status(k, session)).json()).toMatchObject({
      state: 'done',
      answer: { statusCode: 402, body: { message: AUTHENTICATION_MESSAGES.expired } },
    });
  });

  it("a waiting-list offer is paid through the bank's step too, its place held until the bank answers (issue 59)", async () => {
    const { k } = await setup();
    const week = k.cart.weeks[2]!;
    // The week is full: its last place paid by another family.
    await k.t.store
      .collection<Week>('semanas')
      .updateOne({ _id: week._id }, { set: { quota_f: week.quota_q - 1 } });
    const early = await k.t.createUser({ email: 'pagada@correo.do' });
    const body = enrolmentRequest(k.cart, [[2]], { card: AZUL_TEST_CARDS.visa.number });
    body.cvv = AZUL_TEST_CARDS.visa.cvv;
    expect((await k.pay(early.token, body)).statusCode).toBe(201);
    await joinWaitlist(k.t, k.parent, week._id, 'Sofía');
    const paidEarly = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ user_id: early.user._id }))!;
    await cancelAsStaff(k.t, k.admin, paidEarly._id, 'Viaje familiar');
    const waitlist = async () =>
      (await k.t.api({ method: 'GET', url: '/api/esperas', token: k.parent })).json().data as WaitlistView[];
    expect((await waitlist())[0]).toMatchObject({ status: 'offered' });

    // The family pays its offer with a card the bank challenges: the step comes, the place stays its own.
    const offer = enrolmentRequest(k.cart, [[2]], { card: AZUL_TEST_CARDS.challenge.number });
    offer.cvv = '999';
    const answer = await k.pay(k.parent, offer);
    expect(answer.statusCode, answer.body).toBe(202);
    const { session } = answer.json().authentication as { session: string };
    expect(await placesTaken(k, week._id)).toBe(week.quota_q);
    const held = (await k.t.store
      .collection<Enrolment>('inscripciones')
      .findOne({ 'authentication.session': session }))!;
    const step = held.authentication!.step as { url: string; fields: Record<string, string> };
    const { termUrl, cRes } = await challengeAnswer(step, 'Yes');
    await bankPost(k, new URL(termUrl).pathname, { cRes });
    expect((await status(k, session)).json()).toMatchObject({ state: 'done', answer: { statusCode: 201 } });
    expect(await placesTaken(k, week._id)).toBe(week.quota_q);
    expect((await waitlist())[0]?.status).not.toBe('offered');
    // Three payments and a void through the stand-in: more than the default 20 s on a busy machine.
  }, 60_000);
});
