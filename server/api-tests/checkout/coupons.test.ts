import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { COUPON_MESSAGES } from '../../../src/domain/coupons.ts';
import { VERANO10_TERMS } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function withDemo() {
  t = await buildTestApp();
  await seedDemoData(t.store);
  return t.createUser();
}

/** POST /api/cupones/validate as `token` with what the parent typed (or a malformed `coupon`). */
const validate = (token: string, coupon: unknown) =>
  t.api({ method: 'POST', url: '/api/cupones/validate', token, payload: { coupon } });

describe('POST /api/cupones/validate', () => {
  it('answers the terms of an active coupon, whatever the case and spaces typed', async () => {
    const { token } = await withDemo();
    const res = await validate(token, '  verano10 ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'SUCCESS',
      message: 'Cupón aplicado',
      data: VERANO10_TERMS,
    });
  });

  it.each`
    code               | status | message
    ${'NOEXISTE'}      | ${404} | ${COUPON_MESSAGES.unknown}
    ${'PRIMAVERA2026'} | ${400} | ${COUPON_MESSAGES.expired}
  `('refuses $code with a Spanish message', async ({ code, status, message }) => {
    const { token } = await withDemo();
    const res = await validate(token, code);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status: 'ERROR', message });
  });

  it('refuses an inactive or deleted coupon', async () => {
    const { token } = await withDemo();
    const coupons = t.store.collection('cupones');
    await coupons.updateOne({ code: 'BIENVENIDA500' }, { set: { status: 'inactive' } });
    const inactive = await validate(token, 'BIENVENIDA500');
    expect(inactive.json().message).toBe(COUPON_MESSAGES.inactive);
    const verano = await coupons.findOne({ code: 'VERANO10' });
    await coupons.softDelete(verano!._id);
    const deleted = await validate(token, 'VERANO10');
    expect(deleted.statusCode).toBe(404);
  });

  it('needs a signed-in user and a well-formed body', async () => {
    const { token } = await withDemo();
    expect(
      (await t.api({ method: 'POST', url: '/api/cupones/validate', payload: { coupon: 'VERANO10' } }))
        .statusCode,
    ).toBe(401);
    const operator = await validate(token, { $gt: '' });
    expect(operator.statusCode).toBe(400);
    const empty = await validate(token, '');
    expect(empty.statusCode).toBe(400);
  });
});
