// The API parity suite: one set of API-level tests (status codes, envelopes, key fields, business
// outcomes), written once against a `call` driver and run against both the real server and the
// MSW handlers (mocks/parity.test.ts), so the mocks cannot drift from the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ACCOUNT_MESSAGES } from '../../src/domain/accounts.ts';
import { ADMIN_MESSAGES } from '../../src/domain/admin-areas.ts';
import { DASHBOARD_KINDS, DASHBOARD_PAID_DAYS } from '../../src/domain/dashboard.ts';
import { ID_INVALID_MESSAGE } from '../../src/domain/fields.ts';
import { LIST_MESSAGES } from '../../src/domain/listing.ts';
import { CARD_MESSAGES, SANDBOX_CARDS } from '../../src/domain/cards.ts';
import { COUPON_MESSAGES } from '../../src/domain/coupons.ts';
import {
  ENROLMENT_MESSAGES,
  participantMessage,
  priceMismatchMessage,
  weekFullMessage,
  type ParticipantEntry,
} from '../../src/domain/enrolment.ts';
import { participantErrors } from '../../src/domain/enrolment-rules.ts';
import { PHOTO_MESSAGES } from '../../src/domain/photos.ts';
import { LEDGER_MESSAGES } from '../../src/domain/ledger.ts';
import {
  FIXTURE_PNG_BASE64,
  enrolmentRequest as enrolmentBody,
  participant,
  testCard,
  VERANO10_TERMS,
} from '../../src/core/checkout/fixtures.ts';
import { formatDop } from '../../src/domain/pricing.ts';
import { SOCIAL_MESSAGES } from '../../src/domain/social.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON read field by field */
export interface Reply {
  status: number;
  body: any;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
  /** Leave the account header out. */
  noAccount?: boolean;
}

export type Call = (method: 'GET' | 'POST' | 'DELETE', path: string, options?: CallOptions) => Promise<Reply>;

export interface Target {
  call: Call;
  credentials: { admin: { email: string; password: string }; parent: { email: string; password: string } };
  close: () => Promise<void>;
}

const PNG = Uint8Array.from(atob(FIXTURE_PNG_BASE64), (c) => c.charCodeAt(0));

/** A valid participant; the parity runs use a blob photo address like the browser's. */
const child = (id: number, overrides: Partial<ParticipantEntry> = {}): ParticipantEntry =>
  participant(id, { image: 'blob:foto-de-prueba', ...overrides });

interface CampData {
  camp: any;
  weeks: any[];
  categories: any[];
}

let keyCounter = 0;
const newKey = () => `parity-key-${Date.now()}-${(keyCounter += 1)}`;

const VERANO10 = { code: 'VERANO10', type: 'percent' as const, percent: 10, amount: 0 };
const errorBody = (message: string) => ({ success: false, status: 'ERROR', message });

export function paritySuite(label: string, open: () => Promise<Target>): void {
  describe(`API parity: ${label}`, () => {
    let call: Call;
    let target: Target;
    let admin: string;
    let parent: string;
    let parentId: string;
    let adminId: string;
    let summer: CampData;
    let annual: CampData;

    const login = async (credentials: { email: string; password: string }) => {
      const reply = await call('POST', '/api/usuarios/login', { body: credentials });
      expect(reply.status).toBe(200);
      return reply.body.result as { token: string; _id: string };
    };
    const campData = async (campId: string, token = admin): Promise<CampData> => {
      const [camp, weeks, categories] = await Promise.all([
        call('GET', `/api/campamentos/findbyid/${campId}`, { token }),
        call('GET', `/api/semanas/findbycamp/${campId}`, { token }),
        call('GET', `/api/categorias/findbycamp/${campId}`, { token }),
      ]);
      return { camp: camp.body.data, weeks: weeks.body.data.weekData, categories: categories.body.data };
    };
    /** The parent checks a coupon code, as the payment step does. */
    const validateCoupon = (coupon: string) =>
      call('POST', '/api/cupones/validate', { token: parent, body: { coupon } });
    const placesLeft = async (data: CampData, index: number) =>
      (await campData(data.camp._id)).weeks[index].quota_f_left as number;
    const enrol = (body: unknown, key: string | null = newKey(), token = parent) =>
      call('POST', '/api/inscripciones/create', {
        body,
        token,
        headers: key ? { 'idempotency-key': key } : {},
      });

    beforeAll(async () => {
      target = await open();
      call = target.call;
      ({ token: admin, _id: adminId } = await login(target.credentials.admin));
      ({ token: parent, _id: parentId } = await login(target.credentials.parent));
      const camps = await call('GET', '/api/campamentos/listpop', { token: admin });
      const idOf = (code: string) => camps.body.data.find((camp: any) => camp.code === code)._id as string;
      summer = await campData(idOf('CV2027'));
      annual = await campData(idOf('PA2027'));
    });
    afterAll(async () => target?.close());

    // ---- session --------------------------------------------------------------------------

    it('answers the health check and refuses a missing or foreign account header', async () => {
      expect((await call('GET', '/api/health')).body.status).toBe('ok');
      for (const options of [{ noAccount: true }, { headers: { 'x-account-id': 'otra-escuela' } }]) {
        const reply = await call('GET', '/api/campamentos/listpop', { token: admin, ...options });
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual(errorBody(AUTH_MESSAGES.account));
      }
    });

    it('signs in, and refuses wrong credentials and malformed bodies', async () => {
      const ok = await call('POST', '/api/usuarios/login', {
        body: { ...target.credentials.admin, email: target.credentials.admin.email.toUpperCase() },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        success: true,
        message: ACCOUNT_MESSAGES.loginOk,
        result: { _id: adminId },
      });
      expect(ok.body.result.token).toEqual(expect.any(String));
      expect(ok.body.result).not.toHaveProperty('password_hash');
      expect(ok.body.result).not.toHaveProperty('password');
      expect(ok.body.result.tipo).toBe('admin');
      const wrong = await call('POST', '/api/usuarios/login', {
        body: { email: target.credentials.parent.email, password: 'otra-clave' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({
        success: false,
        status: 'ERROR',
        message: ACCOUNT_MESSAGES.badCredentials,
      });
      const malformed = await call('POST', '/api/usuarios/login', { body: { email: 'carmen@correo.do' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual(errorBody('Falta el campo obligatorio "password".'));
    });

    it('registers a new account once, and the token reads its profile', async () => {
      const email = `Nueva.Madre.${Date.now()}@Correo.do`;
      const created = await call('POST', '/api/usuarios/create', {
        body: { email, password: 'clave-nueva' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        token: expect.any(String),
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      const again = await call('POST', '/api/usuarios/create', { body: { email, password: 'clave-nueva' } });
      expect(again.status).toBe(409);
      expect(again.body).toEqual(errorBody(ACCOUNT_MESSAGES.emailTaken));
      const profile = await call('GET', `/api/usuarios/profile/${created.body._id}`, {
        token: created.body.token,
      });
      expect(profile.status).toBe(200);
      expect(profile.body.result).toMatchObject({
        email: email.toLowerCase(),
        tipo: 'cliente',
        status: 'active',
      });
      const activity = await call('GET', '/api/usuarios/activity', { token: created.body.token });
      expect(activity.body).toMatchObject({ status: 'SUCCESS', data: { enrolments: [] } });
      expect(activity.body.data.timeline[0]).toMatchObject({ kind: 'registered', text: 'Cuenta creada' });
    });

    it('guards profiles: own or admin only, token required, ids checked', async () => {
      expect(
        (await call('GET', `/api/usuarios/profile/${parentId}`, { token: parent })).body.result._id,
      ).toBe(parentId);
      const other = await call('GET', `/api/usuarios/profile/${adminId}`, { token: parent });
      expect(other.status).toBe(403);
      expect(other.body).toEqual(errorBody(ACCOUNT_MESSAGES.profileForbidden));
      const anonymous = await call('GET', `/api/usuarios/profile/${parentId}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(errorBody(AUTH_MESSAGES.missing));
      const badId = await call('GET', '/api/usuarios/profile/123', { token: parent });
      expect(badId.status).toBe(400);
      expect(badId.body).toEqual(errorBody(ID_INVALID_MESSAGE));
      const found = await call('GET', `/api/usuarios/find/${parentId}`, { token: admin });
      expect(found.body).toMatchObject({ status: 'SUCCESS', data: { _id: parentId } });
    });

    it('updates a profile and enforces the password rules', async () => {
      const updated = await call('POST', '/api/usuarios/update', {
        token: parent,
        body: { _id: parentId, name: 'Carmen R. de Peña', phone: '809-555-9999' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        status: 'SUCCESS',
        message: ACCOUNT_MESSAGES.userUpdated,
        data: { name: 'Carmen R. de Peña', phone: '809-555-9999' },
      });
      const noCurrent = await call('POST', '/api/usuarios/update', {
        token: parent,
        body: { _id: parentId, newPassword: 'otra-clave' },
      });
      expect(noCurrent.status).toBe(400);
      expect(noCurrent.body.message).toBe(ACCOUNT_MESSAGES.currentPasswordNeeded);
      const wrongCurrent = await call('POST', '/api/usuarios/update', {
        token: parent,
        body: { _id: parentId, newPassword: 'otra-clave', currentPassword: 'no-es-esta' },
      });
      expect(wrongCurrent.body.message).toBe(ACCOUNT_MESSAGES.wrongCurrentPassword);
      const selfDemotion = await call('POST', '/api/usuarios/update', {
        token: admin,
        body: { _id: adminId, tipo: 'cliente' },
      });
      expect(selfDemotion.status).toBe(400);
      expect(selfDemotion.body.message).toBe(ACCOUNT_MESSAGES.selfDemotion);
    });

    it('lists users for admins only, with paging', async () => {
      const list = await call('GET', '/api/usuarios/listpop', { token: admin });
      expect(list.body.status).toBe('SUCCESS');
      expect(list.body.data.map((user: any) => user._id)).toEqual(
        expect.arrayContaining([parentId, adminId]),
      );
      expect(list.body.data[0]).not.toHaveProperty('password_hash');
      const page = await call('GET', '/api/usuarios/listpop?page=1&limit=1', { token: admin });
      expect(page.body).toMatchObject({ status: 'SUCCESS', page: 1, limit: 1 });
      expect(page.body.data).toHaveLength(1);
      expect(page.body.total).toBeGreaterThanOrEqual(2);
      const forbidden = await call('GET', '/api/usuarios/listpop', { token: parent });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual(errorBody(AUTH_MESSAGES.notAdmin));
    });

    it('answers forgot-password the same for any address and refuses unknown reset links', async () => {
      for (const email of [target.credentials.parent.email, 'nadie@correo.do']) {
        const reply = await call('POST', '/api/usuarios/forgot', { body: { email } });
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual({ status: 'SUCCESS', message: ACCOUNT_MESSAGES.forgotSent });
      }
      const reset = await call('POST', '/api/usuarios/reset', {
        body: { token: 'x'.repeat(43), password: 'nueva-clave' },
      });
      expect(reset.status).toBe(400);
      expect(reset.body).toEqual(errorBody(ACCOUNT_MESSAGES.resetInvalid));
    });

    it('answers the social sign-in start with a "not configured" page', async () => {
      const reply = await call('GET', '/api/v1/auth/google?payload=e30', { noAccount: true });
      expect(reply.status).toBe(404);
      expect(reply.text).toContain(SOCIAL_MESSAGES.notConfigured);
    });

    // ---- the wizard's reads ---------------------------------------------------------------

    it('reads the camp for a parent', async () => {
      const reply = await call('GET', `/api/campamentos/findbyid/${summer.camp._id}`, { token: parent });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        status: 'SUCCESS',
        message: 'Campamento encontrado',
        data: {
          code: 'CV2027',
          type: 'campamento',
          membership: 3500,
          start_date: '2027-06-14T12:00:00.000Z',
        },
      });
      const unknown = await call('GET', `/api/campamentos/findbyid/${'0'.repeat(24)}`, { token: parent });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(errorBody('Campamento no encontrado.'));
      const bad = await call('GET', '/api/campamentos/findbyid/no-es-un-id', { token: parent });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(errorBody(ID_INVALID_MESSAGE));
    });

    it("lists the school's open camps and programs to anyone, priced and with places (issue 59)", async () => {
      const reply = await call('GET', '/api/campamentos/abiertos');
      expect(reply.status).toBe(200);
      expect(reply.body.status).toBe('SUCCESS');
      // The demo's annual program (from September 2026) and summer camp, in that order.
      expect(reply.body.data.map((camp: any) => camp.name)).toEqual([
        'Programa Anual 2026-2027',
        'Campamento de Verano 2027',
      ]);
      const [annual, camp] = reply.body.data;
      // One child: the monthly option's RD$3,900 and the RD$3,500 membership; a RD$4,700 week.
      expect(annual).toMatchObject({ price_from: 7400, age_min: 6, age_max: 18, offered: 3, with_places: 3 });
      expect(camp).toMatchObject({
        _id: summer.camp._id,
        start: '2027-06-14',
        end: '2027-08-06',
        price_from: 4700,
        places_left: 30,
        offered: 8,
        with_places: 7,
      });
    });

    it('lists the weeks and categories of a camp, with places left', async () => {
      const weeks = await call('GET', `/api/semanas/findbycamp/${summer.camp._id}`, { token: parent });
      expect(weeks.body).toMatchObject({
        status: 'SUCCESS',
        message: 'Semanas del campamento',
        data: { uid: parentId },
      });
      const weekData = weeks.body.data.weekData;
      expect(weekData.map((week: any) => week.name)).toEqual(
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Semana ${n}`),
      );
      expect(weekData[2]).toMatchObject({ value: 4700, quota_q: 30, quota_f: 27, quota_f_left: 3 });
      expect(weekData[7]).toMatchObject({ quota_f_left: 0, campament_name: 'Campamento de Verano 2027' });
      expect(weekData[0].date).toBe('14/06/2027 - 18/06/2027');
      const options = await call('GET', `/api/semanas/findbycamp/${annual.camp._id}`, { token: parent });
      expect(options.body.data.weekData.map((week: any) => [week.name, week.value])).toEqual([
        ['Pago mensual', 3900],
        ['Pago trimestral', 11100],
        ['Pago anual', 35100],
      ]);
      const categories = await call('GET', `/api/categorias/findbycamp/${summer.camp._id}`, {
        token: parent,
      });
      expect(categories.body).toMatchObject({ status: 'SUCCESS', message: 'Categorías del campamento' });
      expect(categories.body.data.map((category: any) => category.name)).toEqual([
        'Mini (6 a 9 años)',
        'Infantil (10 a 13 años)',
        'Juvenil (14 a 18 años)',
      ]);
      const anonymous = await call('GET', `/api/semanas/findbycamp/${summer.camp._id}`);
      expect(anonymous.status).toBe(401);
    });

    it('validates coupons', async () => {
      const verano = await validateCoupon('verano10');
      expect(verano.status).toBe(200);
      expect(verano.body).toEqual({
        status: 'SUCCESS',
        message: COUPON_MESSAGES.applied,
        data: VERANO10_TERMS,
      });
      const welcome = await validateCoupon('BIENVENIDA500');
      expect(welcome.body.data).toMatchObject({ type: 'amount', amount: 500 });
      const expired = await validateCoupon('PRIMAVERA2026');
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual(errorBody(COUPON_MESSAGES.expired));
      const unknown = await validateCoupon('NOEXISTE');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(errorBody(COUPON_MESSAGES.unknown));
      expect((await call('POST', '/api/cupones/validate', { body: { coupon: 'VERANO10' } })).status).toBe(
        401,
      );
    });

    it('uploads a photo and refuses what is not one', async () => {
      const form = (bytes: Uint8Array<ArrayBuffer>, field = 'foto') => {
        const data = new FormData();
        data.append(field, new Blob([bytes], { type: 'image/png' }), 'foto.png');
        return data;
      };
      const ok = await call('POST', '/api/inscripciones/uploadtoazurecdn', {
        token: parent,
        form: form(PNG),
      });
      expect(ok.status).toBe(201);
      expect(ok.body).toEqual({
        success: true,
        message: PHOTO_MESSAGES.uploaded,
        result: expect.any(String),
      });
      const text = await call('POST', '/api/inscripciones/uploadtoazurecdn', {
        token: parent,
        form: form(new TextEncoder().encode('esto no es una imagen')),
      });
      expect(text.status).toBe(400);
      expect(text.body).toEqual(errorBody(PHOTO_MESSAGES.badType));
      const missing = await call('POST', '/api/inscripciones/uploadtoazurecdn', {
        token: parent,
        form: form(PNG, 'otro'),
      });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual(errorBody(PHOTO_MESSAGES.missing));
      expect((await call('POST', '/api/inscripciones/uploadtoazurecdn', { form: form(PNG) })).status).toBe(
        401,
      );
    });

    // ---- checkout -------------------------------------------------------------------------

    it('enrols two children with a coupon at the shared price, takes places, and is idempotent', async () => {
      const before = [await placesLeft(summer, 3), await placesLeft(summer, 4)];
      const body = enrolmentBody(
        summer,
        [
          [3, 4],
          [3, 4],
        ],
        { coupon: VERANO10 },
      );
      const key = newKey();
      const reply = await enrol(body, key);
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({
        success: true,
        message: ENROLMENT_MESSAGES.success,
        result: { amountFormat: formatDop(body.amount), orderId: expect.stringMatching(/^\d{4,}$/) },
      });
      expect(reply.body.result.authCode).toMatch(/^\d{6}$/);
      expect(reply.body.result.date_createdBO).toEqual(expect.any(String));
      expect([await placesLeft(summer, 3), await placesLeft(summer, 4)]).toEqual(
        before.map((left) => left - 2),
      );

      const repeat = await enrol(body, key);
      expect(repeat.status).toBe(201);
      expect(repeat.body.result.orderId).toBe(reply.body.result.orderId);
      expect(await placesLeft(summer, 3)).toBe(before[0]! - 2);
      const reused = await enrol(enrolmentBody(summer, [[3]]), key);
      expect(reused.status).toBe(422);
      expect(reused.body).toEqual(errorBody(ENROLMENT_MESSAGES.idempotencyReused));

      const activity = await call('GET', '/api/usuarios/activity', { token: parent });
      expect(activity.body.data.enrolments.map((e: any) => e.order_number)).toContain(
        reply.body.result.orderId,
      );
      const orders = await call('GET', `/api/inscripciones/findbycamp/${summer.camp._id}`, { token: admin });
      const order = orders.body.data.find((e: any) => e.order_number === reply.body.result.orderId);
      expect(order).toMatchObject({
        amount: body.amount,
        payment_status: 'paid',
        status: 'active',
        coupon: 'VERANO10',
      });
      const participants = await call('GET', `/api/participantes/findbyinscription/${order._id}`, {
        token: admin,
      });
      expect(participants.body.data).toHaveLength(2);
    });

    it('refuses a coupon on a camp cart that carries a membership code, without taking places', async () => {
      const before = await placesLeft(summer, 5);
      const body = enrolmentBody(summer, [[5]], { coupon: VERANO10 });
      body.listCalendar[0]!.membership_id = '48213';
      const reply = await enrol(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        status: 'ERROR',
        message: ENROLMENT_MESSAGES.couponWithMembership,
      });
      expect(await placesLeft(summer, 5)).toBe(before);
    });

    it('charges an annual program its options plus the membership', async () => {
      // A child not in the program yet (one enrolment per child and program, issue 26).
      const body = enrolmentBody(annual, [[0]], { children: 'Nueva' });
      expect(body.amount).toBe(3900 + 3500);
      const reply = await enrol(body);
      expect(reply.status).toBe(201);
      expect(reply.body.result.amountFormat).toBe(formatDop(7400));
    });

    it("pays an instalment it names once; the same instalment again is 'ya está pagada' (issue 53)", async () => {
      const enrolled = await enrol(enrolmentBody(annual, [[0]], { children: 'Cuota' }));
      expect(enrolled.status).toBe(201);
      const ledgers = await call('GET', '/api/pagos', { token: parent });
      const ledger = ledgers.body.data.find(
        (candidate: any) => String(candidate.enrolment.order_number) === String(enrolled.body.result.orderId),
      );
      const line = ledger.lines.find((candidate: any) => candidate.owed > 0);
      const pay = () =>
        call('POST', `/api/pagos/cuota/${ledger.enrolment._id}`, {
          token: parent,
          headers: { 'idempotency-key': newKey() },
          body: { cuota: line._id, amount: line.owed, ...testCard() },
        });
      const paid = await pay();
      expect(paid.status).toBe(201);
      expect(paid.body.message).toBe(LEDGER_MESSAGES.paid);
      const again = await pay();
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        status: 'SUCCESS',
        message: LEDGER_MESSAGES.alreadyPaid,
        data: { balance: ledger.balance - line.owed },
        receipt: { method: 'tarjeta', amount: line.owed, cuotas: [line._id] },
      });
      const manual = await call('POST', '/api/pagos/manual', {
        token: admin,
        body: {
          enrolment: ledger.enrolment._id,
          method: 'efectivo',
          amount: line.owed,
          cuota: line._id,
          owed: line.owed,
        },
      });
      expect(manual.status).toBe(409);
      expect(manual.body).toMatchObject({ status: 'ERROR', message: LEDGER_MESSAGES.alreadyPaid });
    });

    it('pays an instalment with the kept card, and refuses one with no card at all (issue 59)', async () => {
      const enrolled = await enrol(enrolmentBody(annual, [[0]], { children: 'Guardada' }));
      expect(enrolled.status).toBe(201);
      const kept = await call('POST', '/api/tarjetas', { token: parent, body: testCard() });
      expect(kept.status).toBe(200);
      const ledgers = await call('GET', '/api/pagos', { token: parent });
      const ledger = ledgers.body.data.find(
        (candidate: any) => String(candidate.enrolment.order_number) === String(enrolled.body.result.orderId),
      );
      const line = ledger.lines.find((candidate: any) => candidate.owed > 0);
      const pay = (card: object) =>
        call('POST', `/api/pagos/cuota/${ledger.enrolment._id}`, {
          token: parent,
          headers: { 'idempotency-key': newKey() },
          body: { cuota: line._id, amount: line.owed, ...card },
        });
      const none = await pay({});
      expect(none.status).toBe(400);
      expect(none.body.message).toBe(LEDGER_MESSAGES.cardRequired);
      const paid = await pay({ saved: true });
      expect(paid.status).toBe(201);
      expect(paid.body.message).toBe(LEDGER_MESSAGES.paid);
      expect(paid.body.data.balance).toBe(ledger.balance - line.owed);
      expect(paid.body.data.payments.at(-1)).toMatchObject({
        status: 'approved',
        card: { brand: kept.body.data.brand, last4: kept.body.data.last4 },
      });
    });

    it('refuses a tampered amount, a full week and a missing key without taking places', async () => {
      const before = await placesLeft(summer, 5);
      const tampered = { ...enrolmentBody(summer, [[5]]), amount: 100 };
      const reply = await enrol(tampered);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        success: false,
        status: 'ERROR',
        message: priceMismatchMessage(formatDop(4700)),
      });
      const full = await enrol(enrolmentBody(summer, [[7]]));
      expect(full.status).toBe(409);
      expect(full.body).toEqual({
        success: false,
        status: 'ERROR',
        message: weekFullMessage(summer.weeks[7]),
      });
      const tooMany = await enrol(enrolmentBody(summer, [[2], [2], [2], [2]]));
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toBe(weekFullMessage(summer.weeks[2]));
      const noKey = await enrol(enrolmentBody(summer, [[5]]), null);
      expect(noKey.status).toBe(400);
      expect(noKey.body).toEqual(errorBody(ENROLMENT_MESSAGES.idempotencyKey));
      expect(await placesLeft(summer, 5)).toBe(before);
      expect(await placesLeft(summer, 2)).toBe(3);
    });

    it('passes declines on with the card messages and releases the places', async () => {
      const before = await placesLeft(summer, 6);
      for (const [card, message] of [
        [SANDBOX_CARDS.declined, CARD_MESSAGES.declined],
        [SANDBOX_CARDS.insufficientFunds, CARD_MESSAGES.insufficientFunds],
        ['4242424242424241', CARD_MESSAGES.invalidNumber],
      ] as const) {
        const reply = await enrol(enrolmentBody(summer, [[6]], { card }));
        expect(reply.status).toBe(402);
        expect(reply.body).toEqual({ success: false, status: 'ERROR', message });
      }
      expect(await placesLeft(summer, 6)).toBe(before);
    });

    it('refuses invalid participants, unaccepted terms and malformed requests', async () => {
      const young = enrolmentBody(summer, [[5]]);
      young.listParticipants[0] = child(1, { age: '4', weight: '30' });
      const reply = await enrol(young);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        status: 'ERROR',
        message: participantMessage(1, participantErrors(young.listParticipants[0])),
      });
      const terms = await enrol({ ...enrolmentBody(summer, [[5]]), termsandconditions: false });
      expect(terms.body).toEqual({ success: false, status: 'ERROR', message: ENROLMENT_MESSAGES.terms });
      const malformed = await enrol({});
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^Falta el campo obligatorio/);
    });

    // ---- admin areas ----------------------------------------------------------------------

    /** create → find → update → listpop → delete → gone, with the area's messages. */
    async function roundTrip(
      area: string,
      create: Record<string, unknown>,
      update: Record<string, unknown>,
      labels: { created: string; updated: string; deleted?: string },
      {
        findPath = 'find',
        deleteMethod = 'GET',
      }: { findPath?: string; deleteMethod?: 'GET' | 'DELETE' } = {},
    ) {
      const created = await call('POST', `/api/${area}/create`, { token: admin, body: create });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'SUCCESS', message: labels.created });
      const id = created.body.data._id as string;
      const found = await call('GET', `/api/${area}/${findPath}/${id}`, { token: admin });
      expect(found.body).toMatchObject({ status: 'SUCCESS', data: { _id: id } });
      const updated = await call('POST', `/api/${area}/update`, {
        token: admin,
        body: { _id: id, ...update },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ status: 'SUCCESS', message: labels.updated, data: update });
      const list = await call('GET', `/api/${area}/listpop`, { token: admin });
      expect(list.body.data.map((record: any) => record._id)).toContain(id);
      if (labels.deleted) {
        const deleted = await call(deleteMethod, `/api/${area}/delete/${id}`, { token: admin });
        expect(deleted.body).toEqual({ status: 'SUCCESS', message: labels.deleted });
        const gone = await call('GET', `/api/${area}/${findPath}/${id}`, { token: admin });
        expect(gone.status).toBe(404);
        const after = await call('GET', `/api/${area}/listpop`, { token: admin });
        expect(after.body.data.map((record: any) => record._id)).not.toContain(id);
      }
      return created.body.data;
    }

    it('keeps camps: create, read, update, delete, uniqueness and date rules', async () => {
      const camp = await roundTrip(
        'campamentos',
        {
          code: 'CI2027',
          name: 'Clínica de Invierno 2027',
          membership: 0,
          start_date: '2027-12-01',
          end_date: '2027-12-05',
        },
        { name: 'Clínica de Navidad 2027' },
        { created: 'Campamento creado', updated: 'Campamento actualizado', deleted: 'Campamento eliminado' },
        { findPath: 'findbyid' },
      );
      expect(camp).toMatchObject({
        type: 'campamento',
        status: 'active',
        start_date: '2027-12-01T12:00:00.000Z',
      });
      const base = {
        code: 'CV2027',
        name: 'Otro',
        membership: 0,
        start_date: '2027-01-01',
        end_date: '2027-01-02',
      };
      const taken = await call('POST', '/api/campamentos/create', { token: admin, body: base });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual(errorBody(ADMIN_MESSAGES.campCodeTaken));
      const backwards = await call('POST', '/api/campamentos/create', {
        token: admin,
        body: { ...base, code: 'X1', end_date: '2026-01-01' },
      });
      expect(backwards.status).toBe(400);
      expect(backwards.body).toEqual(errorBody(ADMIN_MESSAGES.campDatesOrder));
      const badType = await call('POST', '/api/campamentos/create', {
        token: admin,
        body: { ...base, code: 'X2', type: 'torneo' },
      });
      expect(badType.body).toEqual(errorBody(ADMIN_MESSAGES.campTypeUnknown));
      const search = await call('GET', '/api/campamentos/listpop?q=verano', { token: admin });
      expect(search.body.data.map((c: any) => c.code)).toEqual(['CV2027']);
      const parentList = await call('GET', '/api/campamentos/listpop', { token: parent });
      expect(parentList.status).toBe(403);
    });

    it('keeps categories, with the camp reference checked and named', async () => {
      const category = await roundTrip(
        'categorias',
        { campament: summer.camp._id, name: 'Élite (15 a 18 años)' },
        { text: 'Selección de la escuela' },
        { created: 'Categoría creada', updated: 'Categoría actualizada', deleted: 'Categoría eliminada' },
        { deleteMethod: 'DELETE' },
      );
      expect(category).toMatchObject({ campament_name: 'Campamento de Verano 2027', value: '0', order: 10 });
      const orphan = await call('POST', '/api/categorias/create', {
        token: admin,
        body: { campament: 'f'.repeat(24), name: 'Sin campamento' },
      });
      expect(orphan.status).toBe(400);
      expect(orphan.body).toEqual(errorBody('El campamento seleccionado no existe.'));
      const blank = await call('POST', '/api/categorias/create', {
        token: admin,
        body: { campament: summer.camp._id, name: '   ' },
      });
      expect(blank.body).toEqual(errorBody(ADMIN_MESSAGES.blank('name')));
    });

    it('keeps weeks, placed after the last one, with their categories checked', async () => {
      const late = {
        campament: summer.camp._id,
        name: 'Semana 9',
        date: '09/08/2027 - 13/08/2027',
        value: 4700,
        quota_q: 20,
      };
      // After the camp's last day: saved only once the admin confirms it.
      const warned = await call('POST', '/api/semanas/create', { token: admin, body: late });
      expect(warned.status).toBe(409);
      expect(warned.body).toMatchObject({ status: 'ERROR', confirm: true });
      const week = await roundTrip(
        'semanas',
        { ...late, confirm: true },
        { quota_q: 25 },
        { created: 'Semana creada', updated: 'Semana actualizada', deleted: 'Semana eliminada' },
      );
      expect(week).toMatchObject({ order: 9, quota_f: 0, quota_f_left: 20, isChecked: true });
      expect(week).not.toHaveProperty('confirm');
      const foreign = await call('POST', '/api/semanas/create', {
        token: admin,
        body: { campament: summer.camp._id, name: 'Semana X', categories: [annual.categories[0]._id] },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toEqual(errorBody(ADMIN_MESSAGES.weekCategoriesOutsideCamp));
    });

    it('keeps coupons: codes upper-cased and unique, deleted ones no longer valid', async () => {
      const coupon = await roundTrip(
        'cupones',
        { code: ' invierno15 ', label: '15% de invierno', percent: 15, date: '2027-12-31' },
        { label: '15% de invierno (clínica)' },
        { created: 'Cupón creado', updated: 'Cupón actualizado', deleted: 'Cupón eliminado' },
      );
      expect(coupon).toMatchObject({ code: 'INVIERNO15', type: 'percent', date: '2028-01-01T03:59:59.999Z' });
      const again = await call('POST', '/api/cupones/create', {
        token: admin,
        body: { code: 'verano10', label: 'Otro' },
      });
      expect(again.status).toBe(409);
      expect(again.body).toEqual(errorBody(ADMIN_MESSAGES.couponCodeTaken));
      const gone = await validateCoupon('INVIERNO15');
      expect(gone.status).toBe(404);
      const page = await call('GET', '/api/cupones/listpop?page=1&limit=2', { token: admin });
      expect(page.body).toMatchObject({ page: 1, limit: 2 });
      expect(page.body.data).toHaveLength(2);
      expect((await call('GET', '/api/cupones/listpop?limit=0', { token: admin })).status).toBe(400);
    });

    it('keeps the lookups: estados and tipos', async () => {
      const states = await call('GET', '/api/estados', { token: admin });
      expect(states.body.data.map((state: any) => state.code)).toEqual(['active', 'inactive', 'borrado']);
      const byModel = await call('GET', '/api/tipos/bymodel/campamentos', { token: admin });
      expect(byModel.body.data.map((tipo: any) => tipo.code).sort()).toEqual(['campamento', 'programaanual']);
      await roundTrip(
        'tipos',
        { model: 'campamentos', code: 'clinica', name: 'Clínica' },
        { name: 'Clínica de fin de semana' },
        { created: 'Tipo creado', updated: 'Tipo actualizado', deleted: 'Tipo eliminado' },
      );
      const taken = await call('POST', '/api/tipos/create', {
        token: admin,
        body: { model: 'campamentos', code: 'campamento', name: 'Otro' },
      });
      expect(taken.body).toEqual(errorBody(ADMIN_MESSAGES.typeCodeTaken));
    });

    it('reads and annotates enrolments', async () => {
      const list = await call('GET', '/api/inscripciones/listpop', { token: admin });
      const paid = list.body.data.find((e: any) => e.payment_status === 'paid');
      expect(paid).toMatchObject({ campament_name: expect.any(String), status: 'active' });
      const found = await call('GET', `/api/inscripciones/find/${paid._id}`, { token: admin });
      expect(found.body.data.order_number).toBe(paid.order_number);
      const note = await call('POST', '/api/inscripciones/update', {
        token: admin,
        body: { _id: paid._id, admin_notes: 'Llamó la mamá para confirmar' },
      });
      expect(note.body).toMatchObject({ status: 'SUCCESS', message: 'Inscripción actualizada' });
      const declined = list.body.data.find((e: any) => e.payment_status === 'declined');
      const activate = await call('POST', '/api/inscripciones/update', {
        token: admin,
        body: { _id: declined._id, status: 'active' },
      });
      expect(activate.body).toEqual(errorBody(ADMIN_MESSAGES.unpaidEnrolment));
    });

    it('keeps clients, participants, contacts and calendars', async () => {
      await roundTrip(
        'clientes',
        { name: 'Ana Peña', email: 'Ana.Pena@Correo.do', phone: '809-555-3333' },
        { notes: 'Prefiere WhatsApp' },
        { created: 'Cliente creado', updated: 'Cliente actualizado' },
      );
      const enrolments = await call('GET', '/api/inscripciones/listpop', { token: admin });
      const inscription = enrolments.body.data[0]._id as string;
      await roundTrip(
        'participantes',
        { inscription, first_name: 'Luis', last_name: 'Peña', age: 12, gender: 'Masculino' },
        { school: 'Colegio Loyola' },
        {
          created: 'Participante creado',
          updated: 'Participante actualizado',
          deleted: 'Participante eliminado',
        },
      );
      await roundTrip(
        'contactos',
        { type: 'emergencia', first_name: 'Marta', phone_mobile: '829-555-7777', contact_form: 'Celular' },
        { comments: 'Abuela' },
        { created: 'Contacto creado', updated: 'Contacto actualizado', deleted: 'Contacto eliminado' },
      );
      const emergency = await call('GET', '/api/contactos/findbytype/emergencia', { token: admin });
      expect(emergency.body.data.length).toBeGreaterThan(0);
      expect(emergency.body.data.every((contact: any) => contact.type === 'emergencia')).toBe(true);
      await roundTrip(
        'calendarios',
        { campament: summer.camp._id, name: 'Torneo de cierre', date: '06/08/2027' },
        { notes: 'Traer uniforme blanco' },
        { created: 'Calendario creado', updated: 'Calendario actualizado', deleted: 'Calendario eliminado' },
      );
      const calendars = await call('GET', `/api/calendarios/findbycamp/${summer.camp._id}`, { token: admin });
      expect(calendars.body.status).toBe('SUCCESS');
      expect(calendars.body.data.every((entry: any) => entry.campament === summer.camp._id)).toBe(true);
    });

    it('sorts lists by their allowed fields, ties by _id, the same across pages', async () => {
      const list = async (query: string) => {
        const reply = await call('GET', `/api/${query}`, { token: admin });
        expect(reply.status, query).toBe(200);
        return reply.body;
      };
      const names = (body: any) => body.data.map((record: any) => record.name);
      const ids = (body: any) => body.data.map((record: any) => record._id);
      expect(names(await list(`semanas/listpop?campament=${annual.camp._id}&sort=-value`))).toEqual([
        'Pago anual',
        'Pago trimestral',
        'Pago mensual',
      ]);
      // The summer weeks all cost the same: the tie-break (_id, same direction) decides.
      const byValue = await list(`semanas/listpop?campament=${summer.camp._id}&sort=-value`);
      expect(names(byValue)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map((n) => `Semana ${n}`));
      const paged: string[] = [];
      for (const page of [1, 2, 3]) {
        const answer = await list(
          `semanas/listpop?campament=${summer.camp._id}&sort=-value&page=${page}&limit=3`,
        );
        expect(answer).toMatchObject({ total: 8, page, limit: 3 });
        paged.push(...ids(answer));
      }
      expect(paged).toEqual(ids(byValue));
      const codes = (body: any) => body.data.map((record: any) => record.code);
      expect(codes(await list('campamentos/listpop?sort=start_date'))).toEqual(['PA2027', 'CV2027']);
      expect(codes(await list('campamentos/listpop?sort=-name'))).toEqual(['PA2027', 'CV2027']);
      expect(codes(await list('cupones/listpop?sort=code'))).toEqual([
        'BIENVENIDA500',
        'PRIMAVERA2026',
        'VERANO10',
      ]);
      const emails = (await list('usuarios/listpop?sort=email')).data.map((user: any) => user.email);
      expect(emails).toEqual([...emails].sort());
      for (const query of [
        'campamentos/listpop?sort=description',
        'semanas/listpop?sort=-quota_f_left&page=1',
        'cupones/listpop?sort=-',
        'usuarios/listpop?sort=password',
      ]) {
        const refused = await call('GET', `/api/${query}`, { token: admin });
        expect(refused.status, query).toBe(400);
        expect(refused.body).toEqual(errorBody(LIST_MESSAGES.sortNotAllowed));
      }
    });

    it('filters lists by camp, counting only that camp’s records', async () => {
      const categories = await call(
        'GET',
        `/api/categorias/listpop?campament=${annual.camp._id}&page=1&limit=2`,
        { token: admin },
      );
      expect(categories.body).toMatchObject({ status: 'SUCCESS', total: 3, page: 1, limit: 2 });
      expect(categories.body.data.every((category: any) => category.campament === annual.camp._id)).toBe(
        true,
      );
      const all = await call('GET', '/api/inscripciones/listpop', { token: admin });
      const summerOrders = all.body.data.filter((e: any) => e.campament === summer.camp._id);
      const filtered = await call(
        'GET',
        `/api/inscripciones/listpop?campament=${summer.camp._id}&page=1&limit=100`,
        { token: admin },
      );
      expect(filtered.body.total).toBe(summerOrders.length);
      expect(filtered.body.data.map((e: any) => e._id)).toEqual(summerOrders.map((e: any) => e._id));
      const badId = await call('GET', '/api/semanas/listpop?campament=123', { token: admin });
      expect(badId.status).toBe(400);
      expect(badId.body).toEqual(errorBody(ID_INVALID_MESSAGE));
      const noCamps = await call('GET', `/api/cupones/listpop?campament=${summer.camp._id}`, {
        token: admin,
      });
      expect(noCamps.status).toBe(400);
      expect(noCamps.body).toEqual(errorBody(LIST_MESSAGES.campamentNotAllowed));
    });

    it('answers the dashboard', async () => {
      const reply = await call('GET', '/api/dashboard', { token: admin });
      expect(reply.status).toBe(200);
      expect(reply.body.status).toBe('SUCCESS');
      const { counts, recentCamps, percentages } = reply.body.data;
      expect(Object.keys(counts).sort()).toEqual([...DASHBOARD_KINDS].sort());
      for (const kind of DASHBOARD_KINDS)
        expect(counts[kind].total).toBeGreaterThanOrEqual(counts[kind].active);
      expect(counts.campamentos).toEqual({ total: 2, active: 2 });
      expect(recentCamps.map((camp: any) => camp.code)).toEqual(['CV2027', 'PA2027']);
      for (const value of Object.values(percentages)) expect(value).toEqual(expect.any(Number));
      expect((await call('GET', '/api/dashboard', { token: parent })).status).toBe(403);
    });

    it("charts the paid enrolments per day: today's payment lands on today's bar", async () => {
      // The Santo Domingo day (UTC-4, no daylight saving), worked out here independently.
      const dayOf = (at: Date) => new Date(at.getTime() - 4 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const chart = async () =>
        (await call('GET', '/api/dashboard', { token: admin })).body.data.paidPerDay as Array<{
          day: string;
          count: number;
          amount: number;
        }>;
      const before = await chart();
      expect(before).toHaveLength(DASHBOARD_PAID_DAYS);
      expect(before.at(-1)!.day).toBe(dayOf(new Date()));
      expect(before[0]!.day).toBe(dayOf(new Date(Date.now() - 29 * 24 * 60 * 60 * 1000)));
      for (const entry of before)
        expect(entry).toEqual({
          day: expect.any(String),
          count: expect.any(Number),
          amount: expect.any(Number),
        });
      const body = enrolmentBody(summer, [[5]]);
      expect((await enrol(body)).status).toBe(201);
      expect(
        (await enrol(enrolmentBody(summer, [[5]], { card: SANDBOX_CARDS.declined, children: 'B' }))).status,
      ).toBe(402);
      const after = await chart();
      expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
      expect(after.at(-1)).toEqual({
        day: before.at(-1)!.day,
        count: before.at(-1)!.count + 1,
        amount: before.at(-1)!.amount + body.amount,
      });
    });

    it('lists the weeks a child could move to, marking the full ones and those of another order (issue 53)', async () => {
      const first = await enrol(enrolmentBody(summer, [[5]], { children: 'Cambio' }));
      expect(first.status).toBe(201);
      const second = await enrol(enrolmentBody(summer, [[6]], { children: 'Cambio' }));
      expect(second.status).toBe(201);
      const orders = await call('GET', `/api/inscripciones/findbycamp/${summer.camp._id}`, { token: admin });
      const id = orders.body.data.find((e: any) => e.order_number === first.body.result.orderId)
        ._id as string;
      const staff = await call('GET', `/api/inscripciones/cambios/${id}/semanas?cupo=1`, { token: admin });
      const own = await call('GET', `/api/inscripciones/cambiar/${id}/semanas?cupo=1`, { token: parent });
      for (const reply of [staff, own]) {
        expect(reply.status).toBe(200);
        const byId = new Map(reply.body.data.map((week: any) => [week._id, week]));
        expect(byId.has(summer.weeks[5]._id)).toBe(false);
        expect(byId.get(summer.weeks[6]._id)).toMatchObject({
          state: 'taken',
          order_number: second.body.result.orderId,
        });
        expect(byId.get(summer.weeks[7]._id)).toMatchObject({ state: 'full' });
      }
      const refused = await call('GET', `/api/inscripciones/cambios/${id}/semanas?cupo=1`, { token: parent });
      expect(refused.status).toBe(403);
    });
  });
}
