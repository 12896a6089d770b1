// Many schools on one deployment (issue 46): the platform's API, a new school answering every call
// with its id, tokens that belong to one school, a host's school, and a suspended school.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cspHash } from '../../routes/app-config.ts';
import { buildPlatformTestApp, hostOf, OPERATOR, type PlatformTestApp } from '../../testing/platform.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { demoCart, enrolmentRequest } from '../checkout/testing.ts';
import { AUTH_MESSAGES } from '../../../src/domain/accounts.ts';
import { PLATFORM_MESSAGES } from '../../../src/domain/platform.ts';
import type { SchoolSummary } from '../../../src/domain/platform.ts';
import { TEST_ACCOUNT_ID } from '../../testing/build.ts';

let t: PlatformTestApp;
afterEach(async () => {
  await t?.close();
});

/** School `id` with the demo camp, a parent, and a paid order; the order's answer. */
async function schoolWithAPaidOrder(id: string) {
  expect((await t.createSchool(id)).statusCode).toBe(201);
  await seedDemoData(t.school(id).store);
  const parent = await t.userIn(id);
  const cart = await demoCart(t.school(id).store);
  const paid = await t.payIn(id, parent.token, enrolmentRequest(cart, [[0]]));
  return { parent, cart, paid };
}

describe('the platform (issue 46)', () => {
  it('an operator signs in, creates a school, and the school answers every call with its id', async () => {
    t = await buildPlatformTestApp();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/plataforma/login',
      payload: { ...OPERATOR, password: 'otra-clave-cualquiera' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(PLATFORM_MESSAGES.signIn);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/plataforma/cuentas' });
    expect(anonymous.statusCode).toBe(401);

    const created = await t.createSchool('los-tigres');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Escuela creada',
      data: {
        id: 'los-tigres',
        name: 'Escuela los-tigres',
        hosts: ['los-tigres.escuelas.do'],
        status: 'active',
      },
    });
    // Its administrator signs in with the school's id, and finds an empty catalogue.
    const login = await t.schoolApi('los-tigres', {
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email: 'direccion@escuela.do', password: 'clave-segura' },
    });
    expect(login.statusCode).toBe(200);
    const admin = login.json().result.token as string;
    const camps = await t.schoolApi('los-tigres', {
      method: 'GET',
      url: '/api/campamentos/listpop',
      token: admin,
    });
    expect(camps.json().data).toEqual([]);
    // The default school knows nothing of that administrator.
    const elsewhere = await t.api({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email: 'direccion@escuela.do', password: 'clave-segura' },
    });
    expect(elsewhere.statusCode).toBe(401);

    // A parent of the new school pays; the platform's list counts it for that school only.
    await seedDemoData(t.school('los-tigres').store);
    const parent = await t.userIn('los-tigres');
    const cart = await demoCart(t.school('los-tigres').store);
    const body = enrolmentRequest(cart, [[0, 1]]);
    const paid = await t.payIn('los-tigres', parent.token, body);
    expect(paid.statusCode).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/plataforma/cuentas',
      headers: { authorization: `Bearer ${t.platformToken}` },
    });
    const schools = list.json().data as SchoolSummary[];
    expect(schools.map((school) => [school.id, school.default])).toEqual([
      [TEST_ACCOUNT_ID, true],
      ['los-tigres', false],
    ]);
    expect(schools[1]!.figures).toEqual({ families: 1, paid_orders_month: 1, income_month: body.amount });
    expect(schools[0]!.figures).toEqual({ families: 0, paid_orders_month: 0, income_month: 0 });
  });

  it('refuses a bad id, a taken id or host, and says so in Spanish; nothing is created', async () => {
    t = await buildPlatformTestApp();
    const bad = await t.createSchool('Escuela X');
    expect(bad.statusCode).toBe(400);
    expect((await t.createSchool('norte')).statusCode).toBe(201);
    const again = await t.createSchool('norte', ['otra.escuelas.do']);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PLATFORM_MESSAGES.idTaken);
    const host = await t.createSchool('sur', [hostOf('norte')]);
    expect(host.statusCode).toBe(409);
    expect(host.json().message).toBe(PLATFORM_MESSAGES.hostTaken(hostOf('norte')));
    expect(t.app.schools.all().map((school) => school.id)).toEqual([TEST_ACCOUNT_ID, 'norte']);
    // An id that names MongoDB's own databases is still only a school's.
    expect((await t.createSchool('admin')).statusCode).toBe(201);
  });

  it('invites the first administrator by e-mail, with a link on the school own address', async () => {
    t = await buildPlatformTestApp({ PUBLIC_URL: 'https://plataforma.example.do' });
    const created = await t.createSchool('centro', [hostOf('centro')], { admin_password: undefined });
    expect(created.statusCode).toBe(201);
    await t.school('centro').outbox.flush();
    const mail = t.mails.find((item) => item.to.includes('direccion@escuela.do'));
    expect(mail?.text).toContain(`https://${hostOf('centro')}/recover-password?token=`);
  });

  it('gives each token to its own school only, and keeps operators out of the schools', async () => {
    t = await buildPlatformTestApp();
    await t.createSchool('este');
    const parentHere = await t.createUser({ email: 'familia@correo.do' });
    const adminHere = await t.createUser({ email: 'direccion@escuela.do', admin: true });
    const parentThere = await t.userIn('este', { email: 'familia@correo.do' });
    // The school's first administrator has the same e-mail as the default school's.
    const signIn = await t.schoolApi('este', {
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email: 'direccion@escuela.do', password: 'clave-segura' },
    });
    const adminThere = { token: signIn.json().result.token as string };

    const profile = (id: string, token: string) =>
      t.schoolApi(id, { method: 'GET', url: '/api/usuarios/activity', token });
    expect((await profile('este', parentThere.token)).statusCode).toBe(200);
    expect((await profile(TEST_ACCOUNT_ID, parentHere.token)).statusCode).toBe(200);
    // The same e-mail in both schools: each token is refused by the other school.
    expect((await profile('este', parentHere.token)).statusCode).toBe(401);
    expect((await profile(TEST_ACCOUNT_ID, parentThere.token)).statusCode).toBe(401);
    const list = (id: string, token: string) =>
      t.schoolApi(id, { method: 'GET', url: '/api/inscripciones/lista', token });
    expect((await list('este', adminThere.token)).statusCode).toBe(200);
    expect((await list('este', adminHere.token)).statusCode).toBe(401);
    // An operator's token opens no school's data; a school's token opens no platform call.
    expect((await list('este', t.platformToken)).statusCode).toBe(401);
    expect((await list(TEST_ACCOUNT_ID, t.platformToken)).statusCode).toBe(401);
    const platformList = await t.app.inject({
      method: 'GET',
      url: '/api/plataforma/cuentas',
      headers: { authorization: `Bearer ${adminThere.token}` },
    });
    expect(platformList.statusCode).toBe(403);
    expect(platformList.json().message).toBe(PLATFORM_MESSAGES.operatorsOnly);
  });

  it('finds the school by header and host, refuses one that names no school or contradicts the host', async () => {
    t = await buildPlatformTestApp(
      { PUBLIC_URL: 'https://plataforma.example.do' },
      {
        beforeBuild: async ({ staticDir }) => {
          await fs.mkdir(staticDir, { recursive: true });
          await fs.writeFile(
            path.join(staticDir, 'index.html'),
            '<!doctype html><html lang="es"><head><script src=/app-config.js></script></head><div id="root"></div></html>',
          );
        },
      },
    );
    await t.createSchool('oeste');
    await t.createSchool('norte');
    const health = { method: 'GET' as const, url: '/api/usuarios/activity' };
    const { token } = await t.userIn('oeste');
    expect((await t.schoolApi('oeste', { ...health, token })).statusCode).toBe(200);
    expect((await t.schoolApi('oeste', { ...health, token, host: hostOf('oeste') })).statusCode).toBe(200);
    const unknown = await t.schoolApi('no-existe', { ...health, token });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.account);
    const crossed = await t.schoolApi('oeste', { ...health, token, host: hostOf('norte') });
    expect(crossed.statusCode).toBe(403);

    // Pages: each school's carries its own id, allowed by its CSP; a host of no school is told so.
    const page = async (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host } });
    const oeste = await page(hostOf('oeste'));
    expect(oeste.statusCode).toBe(200);
    expect(oeste.body).toContain('"accountId":"oeste"');
    const script = /<script>(window\.__APP_CONFIG__ = .*?)<\/script>/s.exec(oeste.body)![1]!;
    expect(String(oeste.headers['content-security-policy'])).toContain(cspHash(script));
    // The deployment's own address shows its own school's page.
    const home = await page('plataforma.example.do');
    expect(home.body).toContain(`"accountId":"${TEST_ACCOUNT_ID}"`);
    expect(home.body).not.toContain('"accountId":"oeste"');
    const config = await t.app.inject({
      method: 'GET',
      url: '/app-config.js',
      headers: { host: hostOf('norte') },
    });
    expect(config.body).toContain('"accountId":"norte"');
    const nowhere = await page('otra-cosa.example.com');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.body).toContain(PLATFORM_MESSAGES.notFound);
    const own = await t.app.inject({
      method: 'GET',
      url: '/app-config.js',
      headers: { host: 'plataforma.example.do' },
    });
    expect(own.body).toContain(`"accountId":"${TEST_ACCOUNT_ID}"`);
  });

  it('a suspended school refuses payments and holds with its notice; staff still read; reactivated, it works', async () => {
    t = await buildPlatformTestApp();
    const { cart } = await schoolWithAPaidOrder('pausa');
    const parent = await t.userIn('pausa', { email: 'otra.familia@correo.do' });
    const admin = await t.userIn('pausa', { email: 'oficina@escuela.do', role: 'administrador' });
    const operator = { authorization: `Bearer ${t.platformToken}` };
    const suspend = await t.app.inject({
      method: 'POST',
      url: '/api/plataforma/cuentas/pausa/suspender',
      headers: operator,
    });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json()).toMatchObject({ message: 'Escuela suspendida', data: { status: 'suspended' } });

    const body = enrolmentRequest(cart, [[1]], { children: 'Segunda' });
    const pay = () => t.payIn('pausa', parent.token, body);
    const refused = await pay();
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toBe(PLATFORM_MESSAGES.schoolSuspended);
    const hold = await t.schoolApi('pausa', {
      method: 'POST',
      url: `/api/carritos/${cart.camp._id}`,
      token: parent.token,
      payload: { weeks: [], participants: [], places: [{ week: cart.weeks[1]!._id, count: 1 }] },
    });
    expect(hold.statusCode).toBe(423);
    const week = await t.school('pausa').store.collection('semanas').findById(cart.weeks[1]!._id);
    expect(week?.quota_f).toBe(cart.weeks[1]!.quota_f);
    // Staff still sign in and read; the paid order is there.
    const orders = await t.schoolApi('pausa', {
      method: 'GET',
      url: '/api/inscripciones/lista',
      token: admin.token,
    });
    expect(orders.statusCode).toBe(200);
    expect(orders.json().total).toBe(1);

    const reactivate = await t.app.inject({
      method: 'POST',
      url: '/api/plataforma/cuentas/pausa/reactivar',
      headers: operator,
    });
    expect(reactivate.json()).toMatchObject({ message: 'Escuela reactivada', data: { status: 'active' } });
    expect((await pay()).statusCode).toBe(201);
    // The deployment's own school is never suspended.
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/plataforma/cuentas/${TEST_ACCOUNT_ID}/suspender`,
      headers: operator,
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(PLATFORM_MESSAGES.defaultStays);
  });
});
