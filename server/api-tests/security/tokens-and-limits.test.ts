// Holes of the money path's review (issue "money path under attack"): a token whose subject is not
// a record id, and rate limits that a different spelling of "Bearer" used to escape.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';

let t: TestApp;
afterEach(async () => t?.close());

describe('bearer tokens', () => {
  it('refuses a token signed with the real secret whose subject is not a record id', async () => {
    t = await buildTestApp();
    const admin = await t.createUser({ admin: true });
    // A subject that a store query would read as an operator: it used to find the first user.
    const forged = t.app.jwt.sign({ sub: { $ne: null } } as never);
    for (const token of [forged, t.app.jwt.sign({ sub: 42 } as never), t.app.jwt.sign({} as never)]) {
      const res = await t.api({ method: 'GET', url: '/api/dashboard', token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'ERROR', message: 'Debe iniciar sesión para continuar.' });
    }
    const real = await t.api({ method: 'GET', url: '/api/dashboard', token: admin.token });
    expect(real.statusCode).toBe(200);
  });
});

describe('rate limits per signed-in parent', () => {
  it('counts every spelling of the Bearer scheme in one bucket', async () => {
    t = await buildTestApp();
    await seedDemoData(t.store);
    const parent = await t.createUser();
    const spellings = ['Bearer', 'bearer', 'BEARER', 'bEarer', 'BeArEr', 'beareR'];
    const statuses: number[] = [];
    // 30 coupon checks a minute are allowed for one parent, whatever the header looks like.
    for (let index = 0; index < 36; index += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cupones/validate',
        headers: {
          'x-account-id': t.config.accountId,
          authorization: `${spellings[index % spellings.length]} ${parent.token}`,
          'content-type': 'application/json',
        },
        payload: { coupon: 'NOEXISTE' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429, 429]);
  });
});

describe('coupon guesses from one address over several accounts (issue 43)', () => {
  it('150 guesses over 6 accounts from one address: at most 60 are answered, the rest 429', async () => {
    t = await buildTestApp();
    await seedDemoData(t.store);
    const accounts = [];
    for (let index = 0; index < 6; index += 1) accounts.push(await t.createUser());
    const statuses: number[] = [];
    for (let guess = 0; guess < 150; guess += 1) {
      const res = await t.api({
        method: 'POST',
        url: '/api/cupones/validate',
        token: accounts[guess % accounts.length]!.token,
        payload: { coupon: `ADIVINA${guess}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    // Another address is not held back by this one's guesses.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/cupones/validate',
      remoteAddress: '127.0.0.2',
      headers: {
        'x-account-id': t.config.accountId,
        authorization: `Bearer ${(await t.createUser()).token}`,
      },
      payload: { coupon: 'NOEXISTE' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('failed sign-ins', () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usuarios/login',
      remoteAddress,
      headers: { 'x-account-id': t.config.accountId, 'content-type': 'application/json' },
      payload: { email, password },
    });

  it("cannot be used by a stranger to lock a parent out: the owner's right password still works elsewhere", async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'carmen@correo.do', password: 'clave-carmen' });
    const attacker = '203.0.113.7';
    for (let index = 0; index < 12; index += 1) {
      expect((await login('carmen@correo.do', 'adivinando', attacker)).statusCode).toBeOneOf([401, 429]);
    }
    // The guessing address is held back, even with the right password…
    expect((await login('carmen@correo.do', 'clave-carmen', attacker)).statusCode).toBe(429);
    // …while the parent, from her own connection, signs in.
    const owner = await login('carmen@correo.do', 'clave-carmen', '198.51.100.20');
    expect(owner.statusCode).toBe(200);
  });
});
