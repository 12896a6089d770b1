// Builders for checkout tests and the benchmark: a valid enrolment request for the demo camp.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import {
  demoCart,
  enrolmentRequest,
  FIXTURE_PNG_BASE64,
  testCard,
  type DemoCart,
} from '../../../src/core/checkout/fixtures.ts';
import type { CreateEnrolmentBody } from '../../../src/domain/enrolment.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { sandboxGateway, type PaymentGateway } from '../../../src/core/checkout/gateway.ts';

export {
  CHILD_NAMES,
  CONTACT,
  copyDemoCamp,
  demoCart,
  enrolmentRequest,
  participant,
  testCard,
  VERANO10_TERMS,
  type DemoCart,
} from '../../../src/core/checkout/fixtures.ts';

export const newKey = () => crypto.randomUUID();

/** The sandbox, with every refund asked of it recorded (in order) for the test to read. */
export function recordingGateway(): {
  gateway: PaymentGateway;
  refunds: Array<{ reference: string; amount: number; key?: string }>;
} {
  const refunds: Array<{ reference: string; amount: number; key?: string }> = [];
  const inner = sandboxGateway();
  return {
    refunds,
    gateway: {
      ...inner,
      refund: async (request) => {
        refunds.push(request);
        return inner.refund(request);
      },
    },
  };
}

/**
 * POST /api/inscripciones/create as `token`, with a new idempotency key unless `key`. The body is
 * an enrolment request, or any object where a test sends a malformed one.
 */
export const payAs = (
  t: TestApp,
  token: string,
  body: CreateEnrolmentBody | object,
  key: string = newKey(),
) =>
  t.api({
    method: 'POST',
    url: '/api/inscripciones/create',
    token,
    headers: { 'idempotency-key': key },
    payload: body,
  });

/** `token`'s family joins the full `week`'s waiting list for `child`, and is in it (200). */
export async function joinWaitlist(t: Pick<TestApp, 'api'>, token: string, week: string, child: string) {
  const joined = await t.api({ method: 'POST', url: '/api/esperas', token, payload: { week, child } });
  expect(joined.statusCode, joined.body).toBe(200);
}

/** The parent pays for the enrolment, and it is paid (201); answers the stored order. */
export async function paidOrder(t: TestApp, token: string, body: CreateEnrolmentBody): Promise<Enrolment> {
  const res = await payAs(t, token, body);
  expect(res.statusCode, res.body).toBe(201);
  return (await t.store
    .collection<Enrolment>('inscripciones')
    .findOne({ order_number: res.json<{ result: { orderId: number } }>().result.orderId }))!;
}

/**
 * POST /api/pagos/cuota/:id as `token`: `amount` of the instalment line `cuota` of the enrolment
 * `enrolmentId`, by card (the approved one unless `card`), with a new idempotency key each time.
 */
export const payInstalment = (
  t: TestApp,
  token: string,
  enrolmentId: string,
  cuota: string,
  amount: number,
  card?: string,
) =>
  t.api({
    method: 'POST',
    url: `/api/pagos/cuota/${enrolmentId}`,
    token,
    headers: { 'idempotency-key': newKey() },
    payload: { cuota, amount, ...testCard(card) },
  });

/** Uploads the fixture photo as `token`, as the wizard does; its address. */
export async function uploadPhoto(t: TestApp, token: string): Promise<string> {
  const boundary = '----foto';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(FIXTURE_PNG_BASE64, 'base64'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.api({
    method: 'POST',
    url: '/api/inscripciones/uploadtoazurecdn',
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ result: string }>().result;
}

/** Where the annual program's cart offers 'Pago mensual' (the option paid by instalments). */
export const monthlyOption = (cart: DemoCart) => cart.weeks.findIndex((week) => week.name === 'Pago mensual');

/**
 * A new parent `email` enrolled on the annual program's 'Pago mensual' with autopay on the card it
 * paid with (the approved one unless `card`): the parent signed in and the stored order.
 */
export async function autopayFamily(t: TestApp, cart: DemoCart, email: string, card?: string) {
  const parent = await t.createUser({ email });
  const body = { ...enrolmentRequest(cart, [[monthlyOption(cart)]], { card }), autopay: true };
  return { ...parent, order: await paidOrder(t, parent.token, body) };
}

/** POST /api/inscripciones/cancel/:id as staff (`token`), for `reason`. */
export const staffCancel = (t: TestApp, token: string, orderId: string, reason = 'La familia se muda') =>
  t.api({
    method: 'POST',
    url: `/api/inscripciones/cancel/${orderId}`,
    token,
    payload: { reason },
  });

/** Staff cancel the order, and it is cancelled (200); answers the response. */
export async function cancelAsStaff(t: TestApp, token: string, orderId: string, reason?: string) {
  const res = await staffCancel(t, token, orderId, reason);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/**
 * The demo school on a test app whose business clock starts on Monday 03/05/2027 at 11:00 in Santo
 * Domingo and moves only when `later` says (by hours).
 */
export async function demoSchoolOnClock(): Promise<{
  t: TestApp;
  cart: DemoCart;
  later: (hours: number) => void;
}> {
  const clock = { now: new Date('2027-05-03T15:00:00Z') };
  const t = await buildTestApp(
    { PUBLIC_URL: 'https://inscripciones.escuela.do' },
    { deps: { clock: () => clock.now } },
  );
  await seedDemoData(t.store);
  const later = (hours: number) => {
    clock.now = new Date(clock.now.getTime() + hours * 3600_000);
  };
  return { t, cart: await demoCart(t.store), later };
}
