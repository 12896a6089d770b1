// 'Ajustes de la escuela' (issue 46): a school's administrators enter its own AZUL merchant; its
// secrets are sealed under PLATFORM_KEY, never answered, logged, exported or stored in clear; the
// school's cards go to its own merchant from then on while the other school's do not; 'Probar
// conexión' asks AZUL something harmless.
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatformTestApp, type PlatformTestApp } from '../../testing/platform.ts';
import { AZUL_TEST_CARDS, startAzulStandin, type AzulStandin } from '../../testing/azul-standin.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { demoCart, enrolmentRequest } from '../checkout/testing.ts';
import { SCHOOL_SETTINGS_MESSAGES } from '../../../src/domain/school-settings.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { TEST_ACCOUNT_ID } from '../../testing/build.ts';

const PLATFORM_KEY = 'clave-de-la-plataforma-de-32-caracteres-o-mas';
let t: PlatformTestApp | undefined;
let standin: AzulStandin | undefined;
afterEach(async () => {
  await t?.close();
  await standin?.close();
  t = undefined;
  standin = undefined;
});

/** School `id`'s administrator token (its first administrator signs in). */
async function administrator(app: PlatformTestApp, id: string): Promise<string> {
  const login = await app.schoolApi(id, {
    method: 'POST',
    url: '/api/usuarios/login',
    payload: { email: 'direccion@escuela.do', password: 'clave-segura' },
  });
  return login.json<{ result: { token: string } }>().result.token;
}

describe("a school's own settings (issue 46)", () => {
  it('takes the school cards through its own AZUL merchant, with its secrets sealed and never shown', async () => {
    standin = await startAzulStandin({ merchantId: '39038540099' });
    const app = (t = await buildPlatformTestApp({ PLATFORM_KEY }));
    await app.createSchool('tigres');
    await seedDemoData(app.school('tigres').store);
    const admin = await administrator(app, 'tigres');
    const [cert, key, ca] = await Promise.all(
      [standin.files.cert, standin.files.key, standin.files.ca].map((file) => fs.readFile(file, 'utf8')),
    );
    const settings = {
      name: 'Club Los Tigres',
      mail_from_name: 'Club Los Tigres',
      azul_environment: 'pruebas',
      azul_merchant_id: standin.merchantId,
      azul_merchant_name: 'Club Los Tigres',
      azul_cert: cert,
      azul_key: key,
      azul_auth1: standin.auth1,
      azul_auth2: standin.auth2,
      azul_url: standin.url,
      azul_ca: ca,
    };
    const save = (payload: object, token = admin) =>
      app.schoolApi('tigres', { method: 'POST', url: '/api/ajustes/escuela', token, payload });

    // A parent of the school may not; a wrong certificate and key changes nothing.
    const parent = await app.userIn('tigres');
    expect((await save(settings, parent.token)).statusCode).toBe(403);
    const wrong = await save({ ...settings, azul_key: cert });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SCHOOL_SETTINGS_MESSAGES.badCertificate);
    expect(
      (await app.schoolApi('tigres', { method: 'GET', url: '/api/ajustes/escuela', token: admin })).json()
        .data.azul_ready,
    ).toBe(false);

    const saved = await save(settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      name: 'Club Los Tigres',
      azul_merchant_id: standin.merchantId,
      azul_cert_set: true,
      azul_ready: true,
      secrets: {
        azul_auth1: { configured_at: expect.any(String) },
        azul_key: { configured_at: expect.any(String) },
      },
    });
    // Never answered, never in clear in the store, the audit or the logs.
    const read = await app.schoolApi('tigres', { method: 'GET', url: '/api/ajustes/escuela', token: admin });
    const store = JSON.stringify(await app.school('tigres').store.collection('ajustes').find({}));
    const audit = JSON.stringify(await app.school('tigres').store.collection('auditoria').find({}));
    for (const secret of [standin.auth1, standin.auth2, key!.split('\n')[1]!]) {
      expect(read.body).not.toContain(secret);
      expect(saved.body).not.toContain(secret);
      expect(store).not.toContain(secret);
      expect(audit).not.toContain(secret);
      expect(app.rawLogs()).not.toContain(secret);
    }

    // 'Probar conexión' asks AZUL about a payment that does not exist.
    const probe = await app.schoolApi('tigres', {
      method: 'POST',
      url: '/api/ajustes/escuela/probar-azul',
      token: admin,
    });
    expect(probe.statusCode, probe.body).toBe(200);
    expect(probe.json().message).toBe(SCHOOL_SETTINGS_MESSAGES.connected);

    // The school's card payment goes to its own merchant at AZUL; the deployment's school's does not.
    const body = enrolmentRequest(await demoCart(app.school('tigres').store), [[0]], {
      card: AZUL_TEST_CARDS.visa.number,
    });
    body.cvv = AZUL_TEST_CARDS.visa.cvv;
    const paid = await app.payIn('tigres', parent.token, body);
    expect(paid.statusCode, paid.body).toBe(201);
    const [order] = await app.school('tigres').store.collection<Enrolment>('inscripciones').find({});
    const sale = standin.transactions.find(
      (transaction) => transaction.CustomOrderId === order!.order_number,
    );
    expect(sale).toMatchObject({ IsoCode: '00' });
    expect(standin.received.some((request) => request.body.Store === standin!.merchantId)).toBe(true);
    await seedDemoData(app.store);
    const home = await app.createUser();
    const before = standin.transactions.length;
    const own = await app.payIn(
      TEST_ACCOUNT_ID,
      home.token,
      enrolmentRequest(await demoCart(app.store), [[0]]),
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(standin.transactions.length).toBe(before);

    // The school's core now charges through AZUL; the deployment's school keeps the sandbox.
    expect(app.school('tigres').core.deps.gateway.name).toBe('azul');
    expect(app.app.core.deps.gateway.name).not.toBe('azul');
  });

  it('refuses to keep a secret without PLATFORM_KEY, and changes nothing', async () => {
    const app = (t = await buildPlatformTestApp());
    await app.createSchool('sin-clave');
    const admin = await administrator(app, 'sin-clave');
    const refused = await app.schoolApi('sin-clave', {
      method: 'POST',
      url: '/api/ajustes/escuela',
      token: admin,
      payload: { name: 'Otra', azul_auth1: 'secreto' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SCHOOL_SETTINGS_MESSAGES.noPlatformKey);
    const read = await app.schoolApi('sin-clave', {
      method: 'GET',
      url: '/api/ajustes/escuela',
      token: admin,
    });
    expect(read.json().data).toMatchObject({ name: '', secrets: { azul_auth1: { configured_at: null } } });
  });
});
