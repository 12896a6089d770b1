// Issue 43, item 9: what a parent's request may name and what the public calls tell. A
// participant's photo must be one the account uploaded; the contact e-mail is one address;
// registration that finds an existing account costs what a failed sign-in costs; another family's
// membership code reads as no code.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { ENROLMENT_MESSAGES } from '../../../src/domain/enrolment.ts';
import { ACCOUNT_MESSAGES } from '../../../src/domain/accounts.ts';
import { MAX_FAILURES_PER_ACCOUNT } from '../../../src/core/accounts/throttle.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { demoCart, enrolmentRequest, payAs, uploadPhoto } from '../checkout/testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

const upload = (token: string) => uploadPhoto(t, token);

describe('what a checkout may name', () => {
  it("keeps only photos the account uploaded: no outside address, no path into the server, no other family's", async () => {
    t = await buildTestApp();
    await seedDemoData(t.store);
    const cart = await demoCart(t.store);
    const [carmen, other] = await Promise.all([t.createUser(), t.createUser()]);
    const othersPhoto = await upload(other.token);
    for (const image of ['https://evil.example/x.png', '/uploads/../jwt-secret', othersPhoto]) {
      const body = enrolmentRequest(cart, [[0]]);
      body.listParticipants[0]!.image = image;
      const res = await payAs(t, carmen.token, body);
      expect(res.statusCode, image).toBe(400);
      expect(res.json().message).toBe(ENROLMENT_MESSAGES.photoNotOwn(1));
    }
    expect(await t.store.collection<Enrolment>('inscripciones').count({})).toBe(0);
    const own = await upload(carmen.token);
    const body = enrolmentRequest(cart, [[0]]);
    body.listParticipants[0]!.image = own;
    expect((await payAs(t, carmen.token, body)).statusCode).toBe(201);
    expect((await t.store.collection<Enrolment>('inscripciones').findOne({}))!.participants[0]!.image).toBe(
      own,
    );
  });

  it('takes one address in the contact e-mail, never a list', async () => {
    t = await buildTestApp();
    await seedDemoData(t.store);
    const cart = await demoCart(t.store);
    const carmen = await t.createUser();
    for (const email of ['a@b.do, y@otro.example', 'a@b.do;y@otro.example', 'a@b.do y@otro.example']) {
      const body = enrolmentRequest(cart, [[0]]);
      // A copy: the fixture's contact is shared by every test of the run.
      body.emergencyContact = { ...body.emergencyContact, email };
      const res = await payAs(t, carmen.token, body);
      expect(res.statusCode, email).toBe(400);
    }
    expect(await t.store.collection('outbox').count({})).toBe(0);
  });
});

describe('what the public calls tell', () => {
  it('registering an e-mail that has an account costs what a failed sign-in costs', async () => {
    t = await buildTestApp();
    await t.createUser({ email: 'carmen@correo.do' });
    const register = (email: string) =>
      t.api({ method: 'POST', url: '/api/usuarios/create', payload: { email, password: 'otra-clave-1' } });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const taken = await register('carmen@correo.do');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(ACCOUNT_MESSAGES.emailTaken);
    }
    // Held back like sign-in: the same answer for every further try from that address.
    expect((await register('carmen@correo.do')).statusCode).toBe(429);
    const login = await t.api({
      method: 'POST',
      url: '/api/usuarios/login',
      payload: { email: 'carmen@correo.do', password: 'clave-segura' },
    });
    expect(login.statusCode).toBe(429);
    // A new e-mail still registers.
    expect((await register('nueva@correo.do')).statusCode).toBe(201);
  });
});
