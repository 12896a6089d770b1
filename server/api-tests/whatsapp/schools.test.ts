// WhatsApp per school (issues 46 and 56): a created school enters its own number in 'Ajustes de la
// escuela' (its token and secrets sealed, never answered); its families hear from that number and
// never from the deployment's; Meta's notifications reach the school whose number they name, on
// the deployment's address or on the school's own host, checked with that school's app secret.
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildPlatformTestApp,
  TEST_PLATFORM_KEY,
  hostOf,
  type PlatformTestApp,
} from '../../testing/platform.ts';
import {
  metaNotification,
  startWhatsAppStandin,
  type WhatsAppStandin,
} from '../../testing/whatsapp-standin.ts';
import { APPROVED_TEMPLATES, deliverToWebhook, whatsappEnv } from '../../testing/whatsapp-app.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { demoCart, enrolmentRequest } from '../checkout/testing.ts';
import { SCHOOL_SETTINGS_MESSAGES } from '../../../src/domain/school-settings.ts';
import {
  CONTACTS,
  WHATSAPP_OUTBOX,
  type OutboxMessage,
  type WhatsAppContact,
} from '../../../src/core/messaging/whatsapp.ts';
import { saveSchoolSettings } from '../../platform/settings.ts';
import { ApiError } from '../../../src/core/errors.ts';

let t: PlatformTestApp | undefined;
const stands: WhatsAppStandin[] = [];
afterEach(async () => {
  await t?.close();
  for (const stand of stands.splice(0)) await stand.close();
  t = undefined;
});

/** A stand-in of Meta for one number, delivering its notifications to the app at `host`. */
async function metaFor(
  number: string,
  secret: string,
  built: { app?: PlatformTestApp },
  host?: () => string | undefined,
) {
  const meta = await startWhatsAppStandin({
    templates: APPROVED_TEMPLATES,
    phoneNumberId: number,
    appSecret: secret,
    token: `EAAG-token-${number}`,
    deliver: deliverToWebhook(() => built.app!.app, host),
  });
  stands.push(meta);
  return meta;
}

async function platform(tigresHost?: () => string | undefined) {
  const built: { app?: PlatformTestApp } = {};
  const deployment = await metaFor('106540352242922', 'secreto-de-la-escuela-principal', built);
  const tigresMeta = await metaFor('209876543210987', 'secreto-de-los-tigres', built, tigresHost);
  const app =
    (t =
    built.app =
      await buildPlatformTestApp({
        PLATFORM_KEY: TEST_PLATFORM_KEY,
        ...whatsappEnv(deployment),
        WHATSAPP_VERIFY_TOKEN: 'verifica-principal',
      }));
  expect((await app.createSchool('tigres')).statusCode).toBe(201);
  await seedDemoData(app.school('tigres').store);
  const admin = await app.schoolAdminToken('tigres');
  const settings = {
    whatsapp_phone_number_id: tigresMeta.phoneNumberId,
    whatsapp_token: tigresMeta.token,
    whatsapp_app_secret: tigresMeta.appSecret,
    whatsapp_verify_token: 'verifica-tigres',
    // The stand-in's address: accepted on a test server only.
    whatsapp_api_url: tigresMeta.url,
  };
  const save = app.saveSchoolSettings;
  return { app, deployment, tigresMeta, admin, settings, save };
}

const outboxOf = (app: PlatformTestApp, id: string) =>
  app.school(id).store.collection<OutboxMessage>(WHATSAPP_OUTBOX).find({});

describe("a school's own WhatsApp number (issues 46 and 56)", () => {
  it("sends a created school's messages from its own number, with its secrets sealed, and routes Meta's notifications to it", async () => {
    const { app, deployment, tigresMeta, admin, settings, save } = await platform();
    const saved = await save('tigres', admin, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      whatsapp_phone_number_id: tigresMeta.phoneNumberId,
      whatsapp_ready: true,
      secrets: {
        whatsapp_token: { configured_at: expect.any(String) },
        whatsapp_app_secret: { configured_at: expect.any(String) },
        whatsapp_verify_token: { configured_at: expect.any(String) },
      },
    });
    // Never answered, stored or audited in clear.
    const read = await app.schoolApi('tigres', { method: 'GET', url: '/api/ajustes/escuela', token: admin });
    const audit = await app.schoolApi('tigres', { method: 'GET', url: '/api/auditoria', token: admin });
    const stored = JSON.stringify(await app.school('tigres').store.collection('ajustes').find({}));
    for (const text of [read.body, audit.body, stored]) {
      expect(text).not.toContain(tigresMeta.token);
      expect(text).not.toContain(tigresMeta.appSecret);
      expect(text).not.toContain('verifica-tigres');
    }

    // A family of the school opts in at checkout: the confirmation leaves from the school's number.
    const parent = await app.userIn('tigres', { email: 'carmen@correo.do' });
    const body = {
      ...enrolmentRequest(await demoCart(app.school('tigres').store), [[0]]),
      whatsapp: { phone: '829-555-0133', consent: true },
    };
    const paid = await app.payIn('tigres', parent.token, body);
    expect(paid.statusCode, paid.body).toBe(201);
    await app.school('tigres').whatsapp!.flush();
    await tigresMeta.settled();
    expect(tigresMeta.accepted.map((request) => [request.body.to, request.body.template?.name])).toEqual([
      ['18295550133', 'inscripcion_confirmada'],
    ]);
    expect(deployment.accepted).toHaveLength(0);

    // Its statuses came to the deployment's address and were recorded in the school's own store.
    expect((await outboxOf(app, 'tigres'))[0]).toMatchObject({ status: 'delivered' });
    expect(await outboxOf(app, app.app.schools.default.id)).toHaveLength(0);

    // 'BAJA' to the school's number opts the family out there only.
    expect(await tigresMeta.familyWrites('18295550133', 'BAJA')).toBe(200);
    await tigresMeta.settled();
    const contact = await app
      .school('tigres')
      .store.collection<WhatsAppContact>(CONTACTS)
      .findById(parent.user._id);
    expect(contact?.opted_out_at).toBeInstanceOf(Date);

    // Meta's subscription check with the school's verify token, on the deployment's address.
    const check = await app.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verifica-tigres&hub.challenge=1158201444',
    });
    expect(check.statusCode).toBe(200);
    expect(check.body).toBe('1158201444');
  });

  it("refuses a notification signed with one school's secret about another's number, and a number two schools would share", async () => {
    const at: { host?: string } = {};
    const { app, deployment, tigresMeta, admin, settings, save } = await platform(() => at.host);
    expect((await save('tigres', admin, settings)).statusCode).toBe(200);

    // On the school's own host only its own secret is asked: the deployment's signature is refused.
    const forged = metaNotification(tigresMeta.phoneNumberId, {
      messages: [
        { from: '18095550101', id: 'wamid.x', timestamp: '1', type: 'text', text: { body: 'BAJA' } },
      ],
    });
    const { createHmac } = await import('node:crypto');
    const signedBy = (secret: string) =>
      `sha256=${createHmac('sha256', secret).update(forged).digest('hex')}`;
    const onHost = await app.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: {
        host: hostOf('tigres'),
        'content-type': 'application/json',
        'x-hub-signature-256': signedBy(deployment.appSecret),
      },
      payload: forged,
    });
    expect(onHost.statusCode).toBe(401);
    // On the deployment's address a valid signature of the deployment's app about the school's
    // number is recorded by nobody.
    const elsewhere = await app.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signedBy(deployment.appSecret) },
      payload: forged,
    });
    expect(elsewhere.json()).toEqual({ status: 'IGNORED' });
    for (const id of ['tigres', app.app.schools.default.id])
      expect(await app.school(id).store.collection('whatsapp_entrantes').find({})).toHaveLength(0);

    // Its own notifications on its own host are its.
    at.host = hostOf('tigres');
    expect(await tigresMeta.familyWrites('18095550101', 'Hola, ¿a qué hora es la práctica?')).toBe(200);
    await tigresMeta.settled();
    expect(await app.school('tigres').store.collection('whatsapp_entrantes').find({})).toHaveLength(1);

    // Another school may not take the same number; nothing of its settings changes.
    expect((await app.createSchool('leones')).statusCode).toBe(201);
    const leones = await app.userIn('leones', { email: 'jefa@leones.do', role: 'administrador' });
    const taken = await save('leones', leones.token, { ...settings, name: 'Leones' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SCHOOL_SETTINGS_MESSAGES.whatsappNumberTaken);
    const leonesRead = await app.schoolApi('leones', {
      method: 'GET',
      url: '/api/ajustes/escuela',
      token: leones.token,
    });
    expect(leonesRead.json().data).toMatchObject({ name: '', whatsapp_ready: false });
    expect(app.school('leones').whatsapp).toBeNull();

    // Only a test server may send to another Graph API address.
    await expect(
      saveSchoolSettings(
        app.school('leones').store,
        {
          schoolId: 'leones',
          config: { env: 'production', platform: { ...app.app.schools.default.config.platform } },
        },
        { whatsapp_api_url: 'http://127.0.0.1:9/v23.0' },
      ),
    ).rejects.toThrow(new ApiError(400, SCHOOL_SETTINGS_MESSAGES.whatsappTestOnly));
  });
});
