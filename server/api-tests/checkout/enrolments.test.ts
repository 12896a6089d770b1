import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import type { Week } from '../../../src/domain/records.ts';
import { CARD_MESSAGES, SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import { MEMBERSHIP_CODE_PATTERN } from '../../../src/domain/memberships.ts';
import { ENROLMENT_MESSAGES, type CreateEnrolmentBody } from '../../../src/domain/enrolment.ts';
import { sandboxGateway, type PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import {
  CONTACT,
  copyDemoCamp,
  demoCart,
  enrolmentRequest,
  newKey,
  payAs,
  type DemoCart,
} from './testing.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { refusal } from '../testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

const VERANO10 = { code: 'VERANO10', type: 'percent' as const, percent: 10, amount: 0 };

/** The sandbox gateway, counting the charges it receives. */
function countingGateway(inner: PaymentGateway = sandboxGateway()) {
  const calls: string[] = [];
  const gateway: PaymentGateway = {
    ...inner,
    name: 'counting',
    charge: async (request) => {
      calls.push(request.reference);
      return inner.charge(request);
    },
    lookup: (reference) => inner.lookup(reference),
    refund: (request) => inner.refund(request),
  };
  return { gateway, calls };
}

async function setup(gateway: PaymentGateway = sandboxGateway()) {
  t = await buildTestApp({}, { deps: { gateway } });
  await seedDemoData(t.store);
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  const cart = await demoCart(t.store);
  return { ...parent, cart };
}

const enrol = (token: string, payload: unknown, key?: string) => payAs(t, token, payload as object, key);

const quotaTaken = async (cart: DemoCart, index: number) =>
  (await t.store.collection<Week>('semanas').findById(cart.weeks[index]!._id))!.quota_f;

describe('POST /api/inscripciones/create', () => {
  it('enrols two children in two weeks each with a coupon, charging exactly the spec price', async () => {
    const { gateway, calls } = countingGateway();
    const { token, user, cart } = await setup(gateway);
    const body = enrolmentRequest(
      cart,
      [
        [0, 1],
        [0, 1],
      ],
      { coupon: VERANO10 },
    );
    // 18,800 - 5% family (940) - multi-week (200) = 17,660; - 10% coupon = 15,894.
    expect(body.amount).toBe(15894);
    expect(body.discount).toBe(2906);
    const res = await enrol(token, body);
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ success: true, message: 'Inscripción realizada con éxito' });
    expect(answer.result).toEqual({
      date_createdBO: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}/),
      orderId: '1001',
      authCode: expect.stringMatching(/^\d{6}$/),
      amountFormat: 'RD$15,894',
      // The codes issued, for the thank-you page (a parent must find them next year).
      memberships: [
        { participant: 'Pedro Rodríguez', code: expect.stringMatching(MEMBERSHIP_CODE_PATTERN) },
        { participant: 'María Rodríguez', code: expect.stringMatching(MEMBERSHIP_CODE_PATTERN) },
      ],
    });
    expect(calls).toEqual(['1001']);

    // Places: two children in each of the two weeks.
    expect(await quotaTaken(cart, 0)).toBe(2);
    expect(await quotaTaken(cart, 1)).toBe(2);
    expect(await quotaTaken(cart, 3)).toBe(0);

    const stored = (await t.store.collection<Enrolment>('inscripciones').findOne({ order_number: '1001' }))!;
    expect(stored).toMatchObject({
      user_id: user._id,
      payment_status: 'paid',
      status: 'active',
      amount: 15894,
      discount: 2906,
      coupon: 'VERANO10',
      auth_code: answer.result.authCode,
      card: { holder: 'Carmen Rodríguez', brand: 'Visa', last4: '4242' },
    });
    // One new, random code per child (never a sequence another family could walk).
    const codes = stored.participants.map((p) => p.membership_code);
    expect(codes).toEqual([
      expect.stringMatching(MEMBERSHIP_CODE_PATTERN),
      expect.stringMatching(MEMBERSHIP_CODE_PATTERN),
    ]);
    expect(new Set(codes).size).toBe(2);
    expect(answer.result.memberships.map((m: { code: string }) => m.code)).toEqual(codes);
    expect(await t.store.collection('participantes').count({ inscription: stored._id })).toBe(2);
    expect(await t.store.collection('calendarios').count({ inscription: stored._id })).toBe(4);
    expect(await t.store.collection('contactos').count({ inscription: stored._id, type: 'emergencia' })).toBe(
      1,
    );
    expect(await t.store.collection('clientes').findOne({ user_id: user._id })).toMatchObject({
      name: 'Carmen Rodríguez',
      cliEstado: 'active',
    });
    expect(await t.store.collection('membresias').count({ user_id: user._id })).toBe(2);

    // The confirmation e-mail, to the account and to the family address.
    await t.app.outbox.flush();
    const mail = t.mails.find((m) => m.kind === 'enrolment')!;
    expect(mail.to).toEqual(['carmen@correo.do', CONTACT.email]);
    expect(mail.subject).toBe('Confirmación de inscripción — orden 1001');
    for (const text of [
      'Campamento de Verano 2027',
      '1001',
      answer.result.authCode,
      'RD$15,894',
      'Pedro Rodríguez',
      'María Rodríguez',
      'Semana 1 (14/06/2027 - 18/06/2027)',
      'Semana 2 (21/06/2027 - 25/06/2027)',
    ]) {
      expect(mail.text).toContain(text);
      expect(mail.html).toContain(text);
    }
  });

  it('never stores or logs the card number or the CVV', async () => {
    const { token, cart } = await setup();
    const res = await enrol(token, { ...enrolmentRequest(cart, [[0]]), cvv: '987' });
    expect(res.statusCode).toBe(201);
    await t.app.outbox.flush();
    // Acknowledged writes are already in the store's files.
    const files = await fs.readdir(path.join(t.config.dataDir, 'db'));
    const everything = (
      await Promise.all(files.map((file) => fs.readFile(path.join(t.config.dataDir, 'db', file), 'utf8')))
    ).join('\n');
    expect(everything).toContain('4242');
    expect(everything).not.toContain('4242424242424242');
    expect(everything).not.toContain('4242 4242 4242 4242');
    expect(everything).not.toMatch(/"cvv"/);
    expect(t.rawLogs()).not.toContain('4242 4242');
  });

  it('refuses a tampered amount or discount with 409 and the right price, charging nothing', async () => {
    const { gateway, calls } = countingGateway();
    const { token, cart } = await setup(gateway);
    const body = enrolmentRequest(cart, [[0, 1]]);
    for (const tampered of [
      { ...body, amount: body.amount - 1000 },
      { ...body, discount: body.discount + 1 },
    ]) {
      const res = await enrol(token, tampered);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(
        refusal(
          'El monto no coincide con el precio actual (RD$9,300). Por favor revise su carrito e intente de nuevo.',
        ),
      );
    }
    expect(calls).toEqual([]);
    expect(await quotaTaken(cart, 0)).toBe(0);
  });

  it.each`
    card                               | message
    ${SANDBOX_CARDS.declined}          | ${CARD_MESSAGES.declined}
    ${SANDBOX_CARDS.insufficientFunds} | ${CARD_MESSAGES.insufficientFunds}
    ${'4242424242424241'}              | ${CARD_MESSAGES.invalidNumber}
  `('answers a refused card ($card) with 402 and holds no place', async ({ card, message }) => {
    const { token, cart } = await setup();
    const res = await enrol(token, enrolmentRequest(cart, [[0], [0]], { card }));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual(refusal(message));
    expect(await quotaTaken(cart, 0)).toBe(0);
    expect(await t.store.collection('inscripciones').count({ payment_status: 'declined' })).toBe(1);
    expect(await t.store.collection('participantes').count({})).toBe(0);
    expect(await t.store.collection('membresias').count({})).toBe(0);
  });

  it('refuses an expired card', async () => {
    const { token, cart } = await setup();
    const res = await enrol(token, { ...enrolmentRequest(cart, [[0]]), expDate: '01/2020' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(CARD_MESSAGES.expired);
  });

  it('refuses a full week, naming it', async () => {
    const { token, cart } = await setup();
    const res = await enrol(token, enrolmentRequest(cart, [[7]]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      refusal(
        'La Semana 8 (02/08/2027 - 06/08/2027) ya no tiene cupos disponibles. Por favor elija otra semana.',
      ),
    );
  });

  it('sells the last places of a week to exactly as many parents as there are places', async () => {
    const { gateway, calls } = countingGateway();
    const { cart } = await setup(gateway);
    // Week 3 of the demo has 3 of its 30 places left.
    const parents = await Promise.all(Array.from({ length: 12 }, () => t.createUser()));
    const answers = await Promise.all(
      parents.map(({ token }) => enrol(token, enrolmentRequest(cart, [[2]]))),
    );
    const ok = answers.filter((res) => res.statusCode === 201);
    const full = answers.filter((res) => res.statusCode === 409);
    expect(ok).toHaveLength(3);
    expect(full).toHaveLength(9);
    for (const res of full)
      expect(res.json().message).toContain(
        'La Semana 3 (28/06/2027 - 02/07/2027) ya no tiene cupos disponibles',
      );
    expect(calls).toHaveLength(3);
    expect(await quotaTaken(cart, 2)).toBe(30);
    const listed = await t.api({
      method: 'GET',
      url: `/api/semanas/findbycamp/${cart.camp._id}`,
      token: parents[0]!.token,
    });
    if (listed.statusCode === 200) {
      const week3 = listed.json().data.weekData.find((week: Week) => week._id === cart.weeks[2]!._id);
      expect(week3.quota_f_left).toBe(0);
    }
  });

  it('charges once for the same idempotency key, also when both requests arrive together', async () => {
    const { gateway, calls } = countingGateway();
    const { token, cart } = await setup(gateway);
    const body = enrolmentRequest(cart, [[0]]);
    const key = newKey();
    const [first, second] = await Promise.all([enrol(token, body, key), enrol(token, body, key)]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const third = await enrol(token, body, key);
    expect(third.json()).toEqual(first.json());
    expect(calls).toHaveLength(1);
    expect(await quotaTaken(cart, 0)).toBe(1);
    // The same key for a different cart is a mistake, not a new order.
    const other = await enrol(token, enrolmentRequest(cart, [[1]]), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(ENROLMENT_MESSAGES.idempotencyReused);
  });

  it('needs an idempotency key and a signed-in parent', async () => {
    const { token, cart } = await setup();
    const body = enrolmentRequest(cart, [[0]]);
    const noKey = await t.api({ method: 'POST', url: '/api/inscripciones/create', token, payload: body });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe(ENROLMENT_MESSAGES.idempotencyKey);
    const anonymous = await t.api({
      method: 'POST',
      url: '/api/inscripciones/create',
      payload: body,
      headers: { 'idempotency-key': newKey() },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each`
    change                                                                                                 | message
    ${(b: CreateEnrolmentBody) => (b.listParticipants[0]!.age = '5')}                                      | ${'Participante 1: La edad debe ser entre 6 y 18 años.'}
    ${(b: CreateEnrolmentBody) => (b.listParticipants[0]!.weight = '39')}                                  | ${'Participante 1: El peso debe estar entre 40 y 400 lbs.'}
    ${(b: CreateEnrolmentBody) => (b.listParticipants[0]!.birth_date = '29/02/2015')}                      | ${'Participante 1: Fecha de nacimiento incorrecta.'}
    ${(b: CreateEnrolmentBody) => (b.listParticipants[0]!.school = ' ')}                                   | ${'Participante 1: Hay uno o más campos vacíos.'}
    ${(b: CreateEnrolmentBody) => (b.emergencyContact = { ...b.emergencyContact, mother_phone: '12345' })} | ${'Hay uno o más teléfonos inválidos.'}
    ${(b: CreateEnrolmentBody) => (b.emergencyContact = { ...b.emergencyContact, email: 'correo' })}       | ${'Correo electrónico inválido.'}
    ${(b: CreateEnrolmentBody) => (b.termsandconditions = false)}                                          | ${ENROLMENT_MESSAGES.terms}
    ${(b: CreateEnrolmentBody) => Object.assign(b, { comprobantefiscal: true, rnc: '1-01-_____-_' })}      | ${ENROLMENT_MESSAGES.rnc}
    ${(b: CreateEnrolmentBody) => (b.listCalendar[0]!.time = '0123456789abcdef01234567')}                  | ${ENROLMENT_MESSAGES.categoryInvalid}
    ${(b: CreateEnrolmentBody) => (b.listCalendar[0]!.cupo = 2)}                                           | ${ENROLMENT_MESSAGES.lineWithoutParticipant}
  `('refuses what the wizard would refuse: $message', async ({ change, message }) => {
    const { gateway, calls } = countingGateway();
    const { token, cart } = await setup(gateway);
    const body = enrolmentRequest(cart, [[0]]);
    change(body);
    const res = await enrol(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(message));
    expect(calls).toEqual([]);
    expect(await quotaTaken(cart, 0)).toBe(0);
  });

  it('prices an annual program with its membership, and waives it for a valid declared membership', async () => {
    const { token, cart: _camp } = await setup();
    const annual = await demoCart(t.store, 'PA2027');
    const first = enrolmentRequest(annual, [[0]]);
    expect(first.amount).toBe(3900 + 3500);
    const res = await enrol(token, first);
    expect(res.statusCode).toBe(201);
    const code = (await t.store.collection<Enrolment>('inscripciones').findOne({}))!.participants[0]!
      .membership_code;
    expect(code).toMatch(MEMBERSHIP_CODE_PATTERN);

    // Next year's program (a child is enrolled once per program, issue 26).
    const nextYear = await copyDemoCamp(t.store, 'PA2027', 'PA2028');
    const renewal = enrolmentRequest(nextYear, [[0]], { membershipsOf: { 1: code.toLowerCase() } });
    expect(renewal.amount).toBe(3900);
    const second = await enrol(token, renewal);
    expect(second.statusCode).toBe(201);
    expect(second.json().result.amountFormat).toBe('RD$3,900');
    // No new membership for a participant who already had one.
    expect(await t.store.collection('membresias').count({})).toBe(1);

    const bogus = enrolmentRequest(nextYear, [[0]], { membershipsOf: { 1: 'MB-999999' } });
    const refused = await enrol(token, bogus);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${ENROLMENT_MESSAGES.membershipInvalid} (Participante 1)`);
  });

  it("refuses another family's membership code: the annual fee is not waived for them", async () => {
    const { token, cart: _camp } = await setup();
    const annual = await demoCart(t.store, 'PA2027');
    expect((await enrol(token, enrolmentRequest(annual, [[0]]))).statusCode).toBe(201);
    const code = (await t.store.collection<Enrolment>('inscripciones').findOne({}))!.participants[0]!
      .membership_code;

    // Another parent, the same child's details even, with the first family's code.
    const other = await t.createUser();
    const attempt = enrolmentRequest(annual, [[0]], { membershipsOf: { 1: code } });
    const refused = await enrol(other.token, attempt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(refusal(`${ENROLMENT_MESSAGES.membershipInvalid} (Participante 1)`));
    expect(await t.store.collection('inscripciones').count({ user_id: other.user._id })).toBe(0);
  });
});

describe('GET /api/usuarios/activity', () => {
  it("lists the parent's enrolments and dated events, and nothing of other parents", async () => {
    const { token, cart } = await setup();
    await enrol(token, enrolmentRequest(cart, [[0, 1], [0]], { coupon: VERANO10 }));
    await enrol(token, enrolmentRequest(cart, [[3]], { card: SANDBOX_CARDS.declined }));
    await t.app.outbox.flush();
    const other = await t.createUser();
    await enrol(other.token, enrolmentRequest(cart, [[4]]));

    const res = await t.api({ method: 'GET', url: '/api/usuarios/activity', token });
    expect(res.statusCode).toBe(200);
    const { enrolments, timeline, memberships } = res.json().data;
    expect(enrolments).toHaveLength(2);
    // The codes of the paid order's two children; none for the declined attempt or the other family.
    const stored = await t.store.collection<Enrolment>('inscripciones').findOne({ order_number: '1001' });
    expect(
      memberships.map((m: { participant: string; code: string }) => [m.participant, m.code]).sort(),
    ).toEqual(stored!.participants.map((p) => [`${p.first_name} ${p.last_name}`, p.membership_code]).sort());
    expect(enrolments[1]).toMatchObject({
      order_number: '1001',
      camp_name: 'Campamento de Verano 2027',
      weeks: ['Semana 1 (14/06/2027 - 18/06/2027)', 'Semana 2 (21/06/2027 - 25/06/2027)'],
      children: ['Pedro Rodríguez', 'María Rodríguez'],
      payment_status: 'paid',
    });
    expect(enrolments[0]).toMatchObject({ payment_status: 'declined' });
    expect(timeline.map((event: { kind: string }) => event.kind).sort()).toEqual([
      'enrolment-paid',
      'mail-sent',
      'registered',
    ]);
    expect(timeline.find((event: { kind: string }) => event.kind === 'enrolment-paid').text).toBe(
      'Inscripción pagada: Campamento de Verano 2027, orden 1001',
    );
    expect((await t.api({ method: 'GET', url: '/api/usuarios/activity' })).statusCode).toBe(401);
  });
});
