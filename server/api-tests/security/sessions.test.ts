// Holes found by the last wave's attack (issue 43, items 5 and 6): a token issued before a password
// change or reset was still accepted; an administrator demoted to 'cliente' kept every staff route
// while a puede_admin_* flag stayed true. Each attack as written, now refused.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { AUTH_MESSAGES } from '../../../src/domain/accounts.ts';
import type { UserRecord } from '../../../src/domain/records.ts';

let t: TestApp;
afterEach(async () => t?.close());

const login = async (email: string, password: string): Promise<string> => {
  const res = await t.api({ method: 'POST', url: '/api/usuarios/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.token;
};
const profile = (token: string, id: string) =>
  t.api({ method: 'GET', url: `/api/usuarios/profile/${id}`, token });

describe('sessions end with the password', () => {
  it('a password change ends every other session at once; the changer goes on with a new token', async () => {
    t = await buildTestApp();
    const { user } = await t.createUser({ email: 'carmen@correo.do', password: 'clave-vieja' });
    const phone = await login('carmen@correo.do', 'clave-vieja');
    const laptop = await login('carmen@correo.do', 'clave-vieja');
    expect((await profile(laptop, user._id)).statusCode).toBe(200);

    const change = await t.api({
      method: 'POST',
      url: '/api/usuarios/update',
      token: phone,
      payload: { _id: user._id, currentPassword: 'clave-vieja', newPassword: 'clave-nueva' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const renewed = change.json().token as string;
    expect(renewed).toBeTruthy();

    for (const old of [laptop, phone]) {
      const refused = await profile(old, user._id);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(AUTH_MESSAGES.passwordChanged);
    }
    expect((await profile(renewed, user._id)).statusCode).toBe(200);
    expect((await profile(await login('carmen@correo.do', 'clave-nueva'), user._id)).statusCode).toBe(200);
  });

  it('a reset from the e-mail ends every session of the account', async () => {
    t = await buildTestApp();
    const { user } = await t.createUser({ email: 'carmen@correo.do', password: 'clave-vieja' });
    const before = await login('carmen@correo.do', 'clave-vieja');
    await t.api({ method: 'POST', url: '/api/usuarios/forgot', payload: { email: 'carmen@correo.do' } });
    const mail = t.mails.at(-1) ?? (await t.store.collection('outbox').find({ kind: 'password-reset' }))[0];
    const token = /token=([A-Za-z0-9_-]+)/.exec(String(mail?.text))?.[1];
    expect(token).toBeTruthy();
    const reset = await t.api({
      method: 'POST',
      url: '/api/usuarios/reset',
      payload: { token, password: 'clave-nueva' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await profile(before, user._id)).statusCode).toBe(401);
  });
});

describe('a demoted administrator', () => {
  it('loses every staff route with its type, flags included, and the user list shows the flags', async () => {
    t = await buildTestApp();
    const boss = await t.createUser({ admin: true });
    const demoted = await t.createUser({ admin: true, email: 'ex.admin@escuela.do' });
    await t.store
      .collection<UserRecord>('usuarios')
      .updateOne(
        { _id: demoted.user._id },
        { set: { puede_admin_ofertas: true, puede_admin_empleados: true } },
      );
    expect((await t.api({ method: 'GET', url: '/api/dashboard', token: demoted.token })).statusCode).toBe(
      200,
    );

    const res = await t.api({
      method: 'POST',
      url: '/api/usuarios/update',
      token: boss.token,
      payload: { _id: demoted.user._id, tipo: 'cliente' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const url of [
      '/api/dashboard',
      '/api/inscripciones/export?format=csv',
      '/api/usuarios/listpop',
      '/api/ajustes/fiscal',
    ])
      expect((await t.api({ method: 'GET', url, token: demoted.token })).statusCode, url).toBe(403);
    const stored = await t.store.collection<UserRecord>('usuarios').findById(demoted.user._id);
    expect(stored).toMatchObject({
      tipo: 'cliente',
      puede_admin_ofertas: false,
      puede_admin_empleados: false,
      puede_admin_sucursales: false,
    });
  });
});
