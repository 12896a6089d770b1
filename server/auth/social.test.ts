import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ACCOUNT_ID, type TestApp } from '../testing/build.ts';
import { encodeSocialPayload, SOCIAL_MESSAGES, type SocialMessage } from '../../src/domain/social.ts';
import type { UserRecord } from '../../src/domain/records.ts';

// A real OAuth2/OIDC provider on loopback stands in for Google.
let provider: OAuth2Server;
let profile: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = profile;
  });
});
afterAll(async () => provider.stop());

let t: TestApp;
afterEach(async () => t?.close());

async function withGoogle() {
  profile = {
    sub: 'g-123',
    email: 'Ana.Perez@gmail.com',
    email_verified: true,
    name: 'Ana Pérez',
    picture: 'https://example.org/ana.jpg',
  };
  t = await buildTestApp({
    GOOGLE_CLIENT_ID: 'escuela-client',
    GOOGLE_CLIENT_SECRET: 'escuela-secret',
    GOOGLE_ISSUER: provider.issuer.url!,
  });
  await t.app.ready();
}

const payload = (overrides: Record<string, string> = {}) =>
  encodeSocialPayload({
    accountID: TEST_ACCOUNT_ID,
    clientURL: `${t.config.publicUrl}/login`,
    browserID: 'browser-1',
    type: 'LOGIN',
    ...overrides,
  } as never);

function messageOf(html: string): SocialMessage {
  const encoded = /data-message="([^"]*)"/.exec(html)![1]!;
  return JSON.parse(
    encoded.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'),
  ) as SocialMessage;
}

/** Runs the popup's navigation: our start page → the provider → our callback. */
async function signInThroughPopup(query = payload()) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/google?payload=${encodeURIComponent(query)}`,
  });
  expect(start.statusCode).toBe(302);
  // The redirect sets the sign-in's state cookie: no cache may keep it.
  expect(start.headers['cache-control']).toBe('no-store');
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(new URL(provider.issuer.url!).origin);
  const cookies = ([] as string[])
    .concat(start.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  expect(callback.pathname).toBe('/api/v1/auth/google/callback');
  const done = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookies },
  });
  return { done, callback, cookies };
}

describe('Google sign-in (OAuth2 code flow against a local provider)', () => {
  it('creates the account on first sign-in and hands a working token to the opener', async () => {
    await withGoogle();
    const { done } = await signInThroughPopup();
    expect(done.statusCode).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.body).toContain(`data-origin="${t.config.publicUrl}"`);
    expect(done.body).toContain('<script src="/api/v1/auth/popup.js"></script>');
    const message = messageOf(done.body);
    expect(message).toMatchObject({ source: 'escuela-oauth', ok: true, browserID: 'browser-1' });
    const user = await t.store.collection<UserRecord>('usuarios').findOne({ email: 'ana.perez@gmail.com' });
    expect(user).toMatchObject({
      name: 'Ana Pérez',
      picture: 'https://example.org/ana.jpg',
      tipo: 'cliente',
      social_google: 'g-123',
    });
    const me = await t.api({
      method: 'GET',
      url: `/api/usuarios/profile/${message.userId}`,
      token: message.token,
    });
    expect(me.json().result.email).toBe('ana.perez@gmail.com');
  });

  it('signs an existing parent into the same account', async () => {
    await withGoogle();
    const existing = await t.createUser({ email: 'ana.perez@gmail.com' });
    const { done } = await signInThroughPopup();
    expect(messageOf(done.body).userId).toBe(existing.user._id);
    expect(await t.store.collection('usuarios').count({})).toBe(1);
  });

  it('refuses a replayed callback', async () => {
    await withGoogle();
    const { callback, cookies } = await signInThroughPopup();
    const again = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookies },
    });
    expect(again.statusCode).toBe(400);
    expect(messageOf(again.body)).toMatchObject({ ok: false });
  });

  it('refuses an account without a verified e-mail', async () => {
    await withGoogle();
    profile = { sub: 'g-9', email: 'x@gmail.com', email_verified: false };
    const { done } = await signInThroughPopup();
    expect(done.statusCode).toBe(400);
    expect(messageOf(done.body)).toMatchObject({ ok: false, message: SOCIAL_MESSAGES.noEmail });
    expect(await t.store.collection('usuarios').count({})).toBe(0);
  });

  it('never starts a flow for another school or another site', async () => {
    await withGoogle();
    for (const bad of [
      payload({ accountID: 'otra-escuela' }),
      payload({ clientURL: 'https://evil.example/login' }),
      'no-es-base64!',
      '',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/google?payload=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res.body)).toMatchObject({ ok: false, message: SOCIAL_MESSAGES.badRequest });
    }
  });

  it('offers only configured providers', async () => {
    await withGoogle();
    const facebook = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/facebook?payload=${encodeURIComponent(payload())}`,
    });
    expect(facebook.statusCode).toBe(404);
    expect(messageOf(facebook.body).message).toBe(SOCIAL_MESSAGES.notConfigured);
    const config = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(config.body).toContain('"socialProviders":{"google":true,"facebook":false}');
  });

  it('serves the popup script that posts to the opener', async () => {
    await withGoogle();
    const script = await t.app.inject({ method: 'GET', url: '/api/v1/auth/popup.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('window.opener.postMessage(message, origin)');
  });
});
