// Memberships an admin issues or transfers by hand (the money path's review, hole 1): the code is
// the server's, and it counts only for the account and the child it names.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { ADMIN_MESSAGES } from '../../../src/domain/admin-areas.ts';
import { ENROLMENT_MESSAGES } from '../../../src/domain/enrolment.ts';
import { MEMBERSHIP_CODE_PATTERN } from '../../../src/domain/memberships.ts';
import { demoCart, enrolmentRequest, payAs } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

describe('memberships issued and transferred by an admin', () => {
  it('waive the fee for the account and child they name, and move with a transfer', async () => {
    t = await buildTestApp();
    await seedDemoData(t.store);
    const admin = await t.createUser({ admin: true });
    const first = await t.createUser();
    const second = await t.createUser();
    const annual = await demoCart(t.store, 'PA2027');

    const issued = await t.api({
      method: 'POST',
      url: '/api/membresias/create',
      token: admin.token,
      payload: {
        user_id: first.user._id,
        first_name: 'Pedro',
        last_name: 'Rodríguez',
        birth_date: '15/03/2016',
        code: 'MB-000001',
      },
    });
    expect(issued.statusCode).toBe(201);
    const membership = issued.json().data;
    // The code is the server's, never one typed in.
    expect(membership.code).toMatch(MEMBERSHIP_CODE_PATTERN);
    expect(membership).toMatchObject({ user_id: first.user._id, status: 'active', issued_by: 'admin' });

    const withCode = (token: string) =>
      payAs(t, token, enrolmentRequest(annual, [[0]], { membershipsOf: { 1: membership.code } }));
    const refused = await withCode(second.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${ENROLMENT_MESSAGES.membershipInvalid} (Participante 1)`);

    const moved = await t.api({
      method: 'POST',
      url: '/api/membresias/update',
      token: admin.token,
      payload: { _id: membership._id, user_id: second.user._id },
    });
    expect(moved.statusCode).toBe(200);
    const paid = await withCode(second.token);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().result.amountFormat).toBe('RD$3,900');
    expect((await withCode(first.token)).json().message).toBe(
      `${ENROLMENT_MESSAGES.membershipInvalid} (Participante 1)`,
    );
  });

  it('refuses an account that does not exist, and parents', async () => {
    t = await buildTestApp();
    const admin = await t.createUser({ admin: true });
    const parent = await t.createUser();
    const body = {
      user_id: '0123456789abcdef01234567',
      first_name: 'Ana',
      last_name: 'Pérez',
      birth_date: '01/02/2015',
    };
    const missing = await t.api({
      method: 'POST',
      url: '/api/membresias/create',
      token: admin.token,
      payload: body,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ADMIN_MESSAGES.membershipAccountMissing);
    const byParent = await t.api({
      method: 'POST',
      url: '/api/membresias/create',
      token: parent.token,
      payload: { ...body, user_id: parent.user._id },
    });
    expect(byParent.statusCode).toBe(403);
    expect(await t.store.collection('membresias').count({})).toBe(0);
  });
});

describe('POST /membresias/lookup: the check at Agregar', () => {
  it("answers the family's own code with the child it names, and refuses others with the checkout's words", async () => {
    t = await buildTestApp();
    const admin = await t.createUser({ admin: true });
    const family = await t.createUser();
    const other = await t.createUser();
    const issued = await t.api({
      method: 'POST',
      url: '/api/membresias/create',
      token: admin.token,
      payload: {
        user_id: family.user._id,
        first_name: 'Pedro',
        last_name: 'Rodríguez',
        birth_date: '15/03/2016',
      },
    });
    const { code } = issued.json().data as { code: string };
    const lookup = (token: string, typed: string) =>
      t.api({ method: 'POST', url: '/api/membresias/lookup', token, payload: { code: typed } });

    // Typed loosely (lower case, no dashes) it is still found.
    const own = await lookup(family.token, code.toLowerCase().replace(/-/g, ''));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      status: 'SUCCESS',
      message: 'Código de membresía válido.',
      data: { code, first_name: 'Pedro', last_name: 'Rodríguez', birth_date: '15/03/2016' },
    });

    // Another family's code answers exactly as a code that does not exist (issue 43): no guessing
    // which codes are real.
    const foreign = await lookup(other.token, code);
    const unknown = await lookup(other.token, 'XXXX-XXXX-XXXX');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json().message).toBe(ENROLMENT_MESSAGES.membershipInvalid);
    // One wrong character fails the check character: no store lookup tells it apart from unknown.
    const typo = await lookup(family.token, `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`);
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe(ENROLMENT_MESSAGES.membershipInvalid);
    expect((await lookup(family.token, '')).statusCode).toBe(400);
  });
});
