// 'Ajustes de la escuela' (issue 46): a school's administrators enter its own AZUL merchant; its
// secrets are sealed under PLATFORM_KEY, never answered, logged, exported or stored in clear; the
// school's cards go to its own merchant from then on while the other school's do not; 'Probar
// conexión' asks AZUL something harmless.
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatformTestApp, TEST_PLATFORM_KEY, type PlatformTestApp } from '../../testing/platform.ts';
import { AZUL_TEST_CARDS, startAzulStandin, type AzulStandin } from '../../testing/azul-standin.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { demoCart, enrolmentRequest } from '../checkout/testing.ts';
import { SCHOOL_SETTINGS_MESSAGES } from '../../../src/domain/school-settings.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { closeAll, TEST_ACCOUNT_ID } from '../../testing/build.ts';
import { reconcilePayments } from '../../../src/core/checkout/reconciler.ts';

let t: PlatformTestApp | undefined;
let standin: AzulStandin | undefined;
afterEach(async () => {
  [t, standin] = await closeAll(t, standin);
});

describe("a school's own settings (issue 46)", () => {
  it('takes the school cards through its own AZUL merchant, with its secrets sealed and never shown', async () => {
    standin = await startAzulStandin({ merchantId: '39038540099' });
    const app = (t = await buildPlatformTestApp({ PLATFORM_KEY: TEST_PLATFORM_KEY }));
    await app.createSchool('tigres');
    await seedDemoData(app.school('tigres').store);
    const admin = await app.schoolAdminToken('tigres');
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
    const save = (payload: object, token = admin) => app.saveSchoolSettings('tigres', token, payload);

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
    const admin = await app.schoolAdminToken('sin-clave');
    const refused = await app.saveSchoolSettings('sin-clave', admin, { name: 'Otra', azul_auth1: 'secreto' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SCHOOL_SETTINGS_MESSAGES.noPlatformKey);
    const read = await app.schoolApi('sin-clave', {
      method: 'GET',
      url: '/api/ajustes/escuela',
      token: admin,
    });
    expect(read.json().data).toMatchObject({ name: '', secrets: { azul_auth1: { configured_at: null } } });
  });

  it('changes its AZUL merchant only with no charge open at the current one, and never settles a charge where it was not taken', async () => {
    const first = (standin = await startAzulStandin({ merchantId: '39038540011' }));
    const second = await startAzulStandin({ merchantId: '39038540022' });
    try {
      const app = (t = await buildPlatformTestApp({ PLATFORM_KEY: TEST_PLATFORM_KEY }));
      await app.createSchool('tigres');
      const tigres = app.school('tigres');
      await seedDemoData(tigres.store);
      const admin = await app.schoolAdminToken('tigres');
      const merchantSettings = async (azul: AzulStandin) => {
        const [cert, key, ca] = await Promise.all(
          [azul.files.cert, azul.files.key, azul.files.ca].map((file) => fs.readFile(file, 'utf8')),
        );
        return {
          azul_environment: 'pruebas',
          azul_merchant_id: azul.merchantId,
          azul_cert: cert,
          azul_key: key,
          azul_auth1: azul.auth1,
          azul_auth2: azul.auth2,
          azul_url: azul.url,
          azul_ca: ca,
        };
      };
      const save = async (payload: object) => app.saveSchoolSettings('tigres', admin, payload);
      const merchantNow = async () =>
        (await app.schoolApi('tigres', { method: 'GET', url: '/api/ajustes/escuela', token: admin })).json()
          .data.azul_merchant_id;
      expect((await save(await merchantSettings(first))).statusCode).toBe(200);

      // A parent pays; the order names the merchant that took its charge.
      const parent = await app.userIn('tigres');
      const body = enrolmentRequest(await demoCart(tigres.store), [[0]], {
        card: AZUL_TEST_CARDS.visa.number,
      });
      body.cvv = AZUL_TEST_CARDS.visa.cvv;
      expect((await app.payIn('tigres', parent.token, body)).statusCode).toBe(201);
      const orders = tigres.store.collection<Enrolment>('inscripciones');
      const [order] = await orders.find({});
      expect(order).toMatchObject({ payment_status: 'paid', merchant: `azul:${first.merchantId}` });

      // Its outcome unknown (as a timeout leaves it): the merchant does not change, and says why.
      await orders.updateOne(
        { _id: order!._id },
        { set: { payment_status: 'unknown', unknown_at: new Date(0) } },
      );
      const busy = await save(await merchantSettings(second));
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toBe(SCHOOL_SETTINGS_MESSAGES.merchantBusy(1));
      expect(await merchantNow()).toBe(first.merchantId);

      // The merchant that took it settles it: paid.
      await reconcilePayments(tigres.core.deps, { leaseMs: 0 });
      expect((await orders.findById(order!._id))?.payment_status).toBe('paid');

      // A family keeps a card there: the change waits for the administrator's confirmation.
      await tigres.store
        .collection('tarjetas')
        .insertOne({ _id: 'kept', user_id: parent.user._id, status: 'active' });
      const warned = await save(await merchantSettings(second));
      expect(warned.statusCode).toBe(409);
      expect(warned.json()).toMatchObject({
        confirm: true,
        message: SCHOOL_SETTINGS_MESSAGES.merchantKeptCards(1),
      });
      expect(await merchantNow()).toBe(first.merchantId);
      const changed = await save({ ...(await merchantSettings(second)), confirm: true });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(tigres.core.deps.gateway.merchant).toBe(`azul:${second.merchantId}`);

      // A charge of the first merchant still open at the change (its outcome lost meanwhile) is not
      // failed on the new merchant's 'never received': it stays open, its places held.
      await orders.updateOne(
        { _id: order!._id },
        { set: { payment_status: 'unknown', unknown_at: new Date(0) } },
      );
      const asked = second.received.length;
      await reconcilePayments(tigres.core.deps, { leaseMs: 0 });
      expect((await orders.findById(order!._id))?.payment_status).toBe('unknown');
      expect(
        second.received.slice(asked).some((call) => call.body.CustomOrderId === order!.order_number),
      ).toBe(false);

      // Its refund is not asked of the new merchant either: it stays pending for the office.
      await orders.updateOne({ _id: order!._id }, { set: { payment_status: 'paid' } });
      const cancelled = await app.schoolApi('tigres', {
        method: 'POST',
        url: `/api/inscripciones/cancel/${order!._id}`,
        token: admin,
        payload: { reason: 'La familia se muda' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await orders.findById(order!._id))?.refund_status).toBe('pending');
      expect(second.received.slice(asked).map((call) => call.operation)).not.toContain('ProcessVoid');
      expect(second.transactions.filter((sale) => sale.CustomOrderId === order!.order_number)).toHaveLength(
        0,
      );
    } finally {
      await second.close();
    }
  });
});
