// Every refusal is the one envelope {success: false, status: 'ERROR', message} with a Spanish
// message and no framework names, whatever refused the request (a route, the router, Node's HTTP
// parser); answers about an account are never cached; the page cannot be framed.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { demoCart, enrolmentRequest, payAs } from '../checkout/testing.ts';
import { ACCOUNT_MESSAGES } from '../../../src/domain/accounts.ts';
import { ENROLMENT_MESSAGES } from '../../../src/domain/enrolment.ts';

let t: TestApp;
afterEach(async () => t?.close());

const ENVELOPE = { success: false, status: 'ERROR', message: expect.any(String) };
const FRAMEWORK_WORDS = /FST_|Bad Request|Request Header|not a valid url|Exceeded/;

describe('one error envelope, in Spanish', () => {
  it('for refused sign-ins and checkouts too', async () => {
    t = await buildTestApp();
    await seedDemoData(t.store);
    const parent = await t.createUser({ password: 'clave-segura' });
    const login = await t.api({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email: parent.user.email, password: 'otra-clave' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({
      success: false,
      status: 'ERROR',
      message: ACCOUNT_MESSAGES.badCredentials,
    });

    const body = { ...enrolmentRequest(await demoCart(t.store), [[0]]), termsandconditions: false };
    const checkout = await payAs(t, parent.token, body);
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toEqual({ success: false, status: 'ERROR', message: ENROLMENT_MESSAGES.terms });
  });

  it('for a path parameter too long and a malformed address', async () => {
    t = await buildTestApp();
    for (const url of [`/api/semanas/find/${'a'.repeat(300)}`, '/api/semanas/find/%E0%A4%A']) {
      const res = await t.api({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toEqual(ENVELOPE);
      expect(res.body, url).not.toMatch(FRAMEWORK_WORDS);
    }
  });

  it("for headers too large, answered by Node's parser before any route", async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { 'x-big': 'a'.repeat(40_000) },
    });
    expect(res.status).toBe(431);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(ENVELOPE);
    expect(text).not.toMatch(FRAMEWORK_WORDS);
  });
});

describe('headers', () => {
  it('answers about an account are never cached, and no page may be framed', async () => {
    t = await buildTestApp();
    const parent = await t.createUser();
    const res = await t.api({ method: 'GET', url: '/api/usuarios/activity', token: parent.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
