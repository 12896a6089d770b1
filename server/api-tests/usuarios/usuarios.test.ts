import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { ACCOUNT_MESSAGES as M } from '../../../src/domain/accounts.ts';
import type { UserRecord } from '../../../src/domain/records.ts';
import { MAX_FAILURES_PER_ACCOUNT } from '../../../src/core/accounts/throttle.ts';

let t: TestApp;
afterEach(async () => t?.close());

/** The calls these tests make over and over, on the app of the running test. */
const login = (email: string, password: string) =>
  t.api({ method: 'POST', url: '/api/usuarios/login', payload: { email, password } });
const updateUser = (token: string, payload: Record<string, unknown>) =>
  t.api({ method: 'POST', url: '/api/usuarios/update', token, payload });
const profile = (id: string, token?: string) =>
  t.api({ method: 'GET', url: `/api/usuarios/profile/${id}`, ...(token === undefined ? {} : { token }) });
const post = (url: string, payload: Record<string, unknown>) => t.api({ method: 'POST', url, payload });

const PUBLIC_FIELDS = [
  '_id',
  'email',
  'name',
  'picture',
  'phone',
  'address',
  'tipo',
  'puede_admin_ofertas',
  'puede_admin_empleados',
  'puede_admin_sucursales',
  'status',
  'created_at',
].sort();

describe('POST /api/usuarios/create', () => {
  it('registers a parent, answers {token, _id}, stores only a hash, and the token works', async () => {
    t = await buildTestApp();
    const res = await post('/api/usuarios/create', { email: 'Ana@Correo.do', password: 'clave1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['_id', 'token']);
    const stored = await t.store.collection<UserRecord>('usuarios').findById(body._id);
    expect(stored).toMatchObject({ email: 'ana@correo.do', tipo: 'cliente', status: 'active' });
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain('clave1');
    const own = await profile(body._id, body.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().result.email).toBe('ana@correo.do');
  });

  it('refuses a taken e-mail whatever its case, with {status, message}', async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'ana@correo.do' });
    const res = await post('/api/usuarios/create', { email: 'ANA@correo.do', password: 'clave1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'ERROR', message: M.emailTaken });
    expect(await t.store.collection('usuarios').count({})).toBe(1);
  });

  it.each([
    [{ email: 'ana@correo.do', password: '1234' }, 'El campo "password" no tiene un formato válido.'],
    [{ email: 'ana@correo.do', password: 'x'.repeat(31) }, 'El campo "password" no tiene un formato válido.'],
    [{ email: 'no-es-correo', password: 'clave1' }, 'El campo "email" no tiene un formato válido.'],
    [{ password: 'clave1' }, 'Falta el campo obligatorio "email".'],
    [{ email: { $ne: '' }, password: 'clave1' }, 'El campo "email" tiene un tipo de dato inválido.'],
  ])('refuses bad input %j with a Spanish message and stores nothing', async (payload, message) => {
    t = await buildTestApp();
    const res = await post('/api/usuarios/create', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.store.collection('usuarios').count({})).toBe(0);
  });

  it('drops unknown fields: nobody registers as an admin', async () => {
    t = await buildTestApp();
    const res = await post('/api/usuarios/create', {
      email: 'eva@correo.do',
      password: 'clave1',
      tipo: 'admin',
      puede_admin_ofertas: true,
    });
    expect(res.statusCode).toBe(201);
    const stored = await t.store.collection<UserRecord>('usuarios').findById(res.json()._id);
    expect(stored).toMatchObject({ tipo: 'cliente', puede_admin_ofertas: false });
  });
});

describe('POST /api/usuarios/login', () => {
  it('answers {success, message, result: {token, _id, …}} and never the hash', async () => {
    t = await buildTestApp();
    const { user } = await t.createUser({ email: 'luis@correo.do', password: 'clave-luis' });
    const res = await login('LUIS@correo.do', 'clave-luis');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login exitoso',
      result: { _id: user._id, email: 'luis@correo.do' },
    });
    expect(Object.keys(body.result).sort()).toEqual([...PUBLIC_FIELDS, 'token'].sort());
    expect(res.body).not.toContain('scrypt');
  });

  it('returns the admin fields on an admin login', async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'jefa@escuela.do', password: 'clave-jefa', admin: true });
    const res = await login('jefa@escuela.do', 'clave-jefa');
    expect(res.json().result).toMatchObject({
      tipo: 'admin',
      puede_admin_ofertas: false,
      puede_admin_empleados: false,
      puede_admin_sucursales: false,
    });
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'luis@correo.do', password: 'clave-luis' });
    for (const payload of [
      { email: 'luis@correo.do', password: 'otra-clave' },
      { email: 'nadie@correo.do', password: 'otra-clave' },
    ]) {
      const res = await post('/api/usuarios/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, status: 'ERROR', message: M.badCredentials });
    }
  });

  it('locks one account after repeated failures, while other parents on the same address still sign in', async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'luis@correo.do', password: 'clave-luis' });
    await t.createUser({ email: 'rosa@correo.do', password: 'clave-rosa' });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i += 1) {
      const res = await login('luis@correo.do', 'mala-clave');
      expect(res.statusCode).toBe(401);
    }
    const locked = await login('luis@correo.do', 'clave-luis');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ success: false, status: 'ERROR', message: M.tooManyForAccount });
    const other = await login('rosa@correo.do', 'clave-rosa');
    expect(other.statusCode).toBe(200);
  });

  it('lets a front desk sign in a hundred parents a minute from one address', async () => {
    t = await buildTestApp();
    const parents = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.createUser({ email: `familia${i}@correo.do`, password: 'clave-familia' }),
      ),
    );
    for (const { user } of parents) {
      const res = await login(user.email, 'clave-familia');
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('profile, find and update', () => {
  it("lets a parent read their own profile but not another parent's", async () => {
    t = await buildTestApp();
    const ana = await t.createUser();
    const luis = await t.createUser();
    const own = await profile(ana.user._id, ana.token);
    expect(own.statusCode).toBe(200);
    expect(Object.keys(own.json())).toEqual(['result']);
    const other = await profile(luis.user._id, ana.token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ status: 'ERROR', message: M.profileForbidden });
    const find = await t.api({ method: 'GET', url: `/api/usuarios/find/${luis.user._id}`, token: ana.token });
    expect(find.statusCode).toBe(403);
  });

  it('answers 401 without a token and with a forged one', async () => {
    t = await buildTestApp();
    const ana = await t.createUser();
    const none = await profile(ana.user._id);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 'ERROR', message: 'Debe iniciar sesión para continuar.' });
    const forged = await profile(ana.user._id, `${ana.token}x`);
    expect(forged.statusCode).toBe(401);
  });

  it('lets an admin read any profile and list users without hashes', async () => {
    t = await buildTestApp();
    const admin = await t.createUser({ admin: true });
    const ana = await t.createUser({ email: 'ana@correo.do' });
    const res = await profile(ana.user._id, admin.token);
    expect(res.json().result.email).toBe('ana@correo.do');
    const list = await t.api({ method: 'GET', url: '/api/usuarios/listpop?q=ANA', token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ status: 'SUCCESS', data: [{ email: 'ana@correo.do' }] });
    expect(list.body).not.toContain('password_hash');
    const paged = await t.api({
      method: 'GET',
      url: '/api/usuarios/listpop?page=1&limit=1',
      token: admin.token,
    });
    expect(paged.json()).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(paged.json().data).toHaveLength(1);
    const asParent = await t.api({ method: 'GET', url: '/api/usuarios/listpop', token: ana.token });
    expect(asParent.statusCode).toBe(403);
  });

  it('lets a parent change contact data and password (with the current one), not their role', async () => {
    t = await buildTestApp();
    const ana = await t.createUser({ email: 'ana@correo.do', password: 'clave-vieja' });
    const res = await updateUser(ana.token, {
      _id: ana.user._id,
      name: 'Ana Pérez',
      phone: '809-555-1234',
      tipo: 'admin',
      puede_admin_ofertas: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      message: 'Usuario actualizado',
      data: { name: 'Ana Pérez', phone: '809-555-1234', tipo: 'cliente', puede_admin_ofertas: false },
    });

    const wrong = await updateUser(ana.token, {
      _id: ana.user._id,
      currentPassword: 'otra',
      newPassword: 'clave-nueva',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.wrongCurrentPassword);
    const ok = await updateUser(ana.token, {
      _id: ana.user._id,
      currentPassword: 'clave-vieja',
      newPassword: 'clave-nueva',
    });
    expect(ok.statusCode).toBe(200);
    const signIn = await login('ana@correo.do', 'clave-nueva');
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses to update another parent', async () => {
    t = await buildTestApp();
    const ana = await t.createUser();
    const luis = await t.createUser();
    const res = await updateUser(ana.token, { _id: luis.user._id, name: 'Hack' });
    expect(res.statusCode).toBe(403);
    expect((await t.store.collection<UserRecord>('usuarios').findById(luis.user._id))!.name).not.toBe('Hack');
  });

  it('lets an admin grant roles but not remove their own', async () => {
    t = await buildTestApp();
    const admin = await t.createUser({ admin: true });
    const ana = await t.createUser();
    const grant = await updateUser(admin.token, { _id: ana.user._id, puede_admin_ofertas: true });
    expect(grant.json().data.puede_admin_ofertas).toBe(true);
    const self = await updateUser(admin.token, { _id: admin.user._id, tipo: 'cliente' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(M.selfDemotion);
  });
});

describe('password reset', () => {
  const linkToken = (text: string) => /recover-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('mails a single-use link, and answers the same for an unknown e-mail', async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'ana@correo.do', password: 'clave-vieja' });
    const unknown = await post('/api/usuarios/forgot', { email: 'nadie@correo.do' });
    const known = await post('/api/usuarios/forgot', { email: 'Ana@correo.do' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ status: 'SUCCESS', message: M.forgotSent });

    await t.app.outbox.flush();
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]).toMatchObject({ to: ['ana@correo.do'], subject: 'Restablecer su contraseña' });
    const token = linkToken(t.mails[0]!.text);
    expect(t.mails[0]!.text).toContain(`${t.config.publicUrl}/recover-password?token=`);
    // Only a hash of the token is stored.
    expect(JSON.stringify(await t.store.collection('password_resets').find({}))).not.toContain(token);

    const reset = await post('/api/usuarios/reset', { token, password: 'clave-nueva' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'SUCCESS', message: M.resetDone });
    const again = await post('/api/usuarios/reset', { token, password: 'otra-clave' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.resetInvalid);

    const oldLogin = await login('ana@correo.do', 'clave-vieja');
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await login('ana@correo.do', 'clave-nueva');
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'ana@correo.do' });
    await post('/api/usuarios/forgot', { email: 'ana@correo.do' });
    await t.app.outbox.flush();
    const token = linkToken(t.mails[0]!.text);
    await t.store
      .collection('password_resets')
      .updateOne({}, { set: { expires_at: new Date(Date.now() - 1000) } });
    const res = await post('/api/usuarios/reset', { token, password: 'clave-nueva' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.resetInvalid);
  });
});
