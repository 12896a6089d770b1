// The guards reuse a signed-in user's record for ACCOUNT_CACHE_MS instead of reading it on every
// call (issue "performance"): a demoted admin and a blocked parent still lose access within that
// time, and a tampered token is still refused although verified tokens are remembered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_CACHE_MS, AUTH_MESSAGES } from '../../auth/guards.ts';
import type { UserRecord } from '../../../src/domain/records.ts';
import { buildTestApp, type TestApp } from '../../testing/build.ts';

let t: TestApp;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('a change of role or status applies within seconds', () => {
  it('a demoted admin loses the admin panel once the record is read again', async () => {
    t = await buildTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    const admin = await t.createUser({ admin: true });
    expect((await t.api({ method: 'GET', url: '/api/dashboard', token: admin.token })).statusCode).toBe(200);

    await t.store
      .collection<UserRecord>('usuarios')
      .updateOne({ _id: admin.user._id }, { set: { tipo: 'cliente' } });
    expect(ACCOUNT_CACHE_MS).toBeLessThanOrEqual(5000);
    later(ACCOUNT_CACHE_MS + 1);
    const refused = await t.api({ method: 'GET', url: '/api/dashboard', token: admin.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUTH_MESSAGES.notAdmin);
  });

  it('a blocked parent is signed out on the next read of the record', async () => {
    t = await buildTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    const parent = await t.createUser();
    expect(
      (await t.api({ method: 'GET', url: '/api/usuarios/activity', token: parent.token })).statusCode,
    ).toBe(200);

    await t.store
      .collection<UserRecord>('usuarios')
      .updateOne({ _id: parent.user._id }, { set: { status: 'inactive' } });
    later(ACCOUNT_CACHE_MS + 1);
    const refused = await t.api({ method: 'GET', url: '/api/usuarios/activity', token: parent.token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Debe iniciar sesión para continuar.');
  });
});

describe("the caller's own record", () => {
  it('is read fresh for a profile change: a password changed twice in a row checks the newest', async () => {
    t = await buildTestApp();
    const parent = await t.createUser({ password: 'clave-primera' });
    let token = parent.token;
    const change = (currentPassword: string, newPassword: string) =>
      t.api({
        method: 'POST',
        url: '/api/usuarios/update',
        token,
        payload: { _id: parent.user._id, currentPassword, newPassword },
      });
    const first = await change('clave-primera', 'clave-segunda');
    expect(first.statusCode).toBe(200);
    // A new password ends the other sessions (issue 43): this one goes on with the token answered.
    token = first.json().token;
    const stale = await change('clave-primera', 'clave-tercera');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('La contraseña actual no es correcta.');
    expect((await change('clave-segunda', 'clave-tercera')).statusCode).toBe(200);
  });

  it('shows a profile change at once', async () => {
    t = await buildTestApp();
    const parent = await t.createUser();
    await t.api({
      method: 'POST',
      url: '/api/usuarios/update',
      token: parent.token,
      payload: { _id: parent.user._id, name: 'Rosa Nueva' },
    });
    const profile = await t.api({
      method: 'GET',
      url: `/api/usuarios/profile/${parent.user._id}`,
      token: parent.token,
    });
    expect(profile.json().result.name).toBe('Rosa Nueva');
  });
});

describe('remembered tokens', () => {
  it('still refuses a token changed after it was verified once', async () => {
    t = await buildTestApp();
    const parent = await t.createUser();
    expect(
      (await t.api({ method: 'GET', url: '/api/usuarios/activity', token: parent.token })).statusCode,
    ).toBe(200);
    const [head, body, signature] = parent.token.split('.');
    const tampered = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await t.api({ method: 'GET', url: '/api/usuarios/activity', token: tampered });
    expect(refused.statusCode).toBe(401);
  });

  it('refuses a remembered token once it has expired, with the message that says so', async () => {
    t = await buildTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    const parent = await t.createUser();
    const token = t.app.jwt.sign({ sub: parent.user._id }, { expiresIn: '1h' });
    const call = () => t.api({ method: 'GET', url: '/api/usuarios/activity', token });
    expect((await call()).statusCode).toBe(200);
    later(30 * 60 * 1000);
    expect((await call()).statusCode).toBe(200);
    later(31 * 60 * 1000);
    const refused = await call();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AUTH_MESSAGES.expired);
  });
});
