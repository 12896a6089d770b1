// Issue 53, item 4: sign-in guesses sent in parallel passed the lock. 30 sign-ins at once (29
// wrong, the right one 26th) were all checked: 29 × 401, 1 × 200, no 429. A guess now reserves its
// place in the failure count before its password is checked, so at most the allowed number of
// passwords is ever evaluated, by one instance or by several on one store.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { instancesOnOneStore } from '../testing.ts';
import { MAX_FAILURES_PER_ACCOUNT } from '../../../src/core/accounts/throttle.ts';

let t: TestApp;
const sharedStore = instancesOnOneStore(() => t);

const EMAIL = 'carmen@correo.do';
const RIGHT = 'clave-carmen';
const ATTACKER = '203.0.113.7';

const login = (app: FastifyInstance, password: string, remoteAddress = ATTACKER) =>
  app.inject({
    method: 'POST',
    url: '/api/usuarios/login',
    remoteAddress,
    headers: { 'x-account-id': t.config.accountId, 'content-type': 'application/json' },
    payload: { email: EMAIL, password },
  });

/** 30 sign-ins at once, 29 wrong and the right one 26th, spread over the given instances. */
async function thirtyAtOnce(apps: FastifyInstance[]) {
  const passwords = Array.from({ length: 30 }, (_, index) => (index === 25 ? RIGHT : `adivina-${index}`));
  const answers = await Promise.all(
    passwords.map((password, index) => login(apps[index % apps.length]!, password)),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  // A password is evaluated exactly when the answer is 401 (wrong) or 200 (right): a 429 is
  // decided before any password is looked at.
  const evaluated = statuses.filter((status) => status === 401 || status === 200).length;
  return { statuses, evaluated, answers };
}

describe('parallel sign-in guesses (issue 53, item 4)', () => {
  it('30 at once, the right one 26th: at most 5 passwords are evaluated, the rest 429', async () => {
    t = await buildTestApp();
    await t.createUser({ email: EMAIL, password: RIGHT });
    const { statuses, evaluated, answers } = await thirtyAtOnce([t.app]);
    console.info(`parallel sign-ins, one instance: ${evaluated} of 30 passwords evaluated`);
    expect(evaluated).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 401)).toHaveLength(evaluated);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - evaluated);
    // The right password came after the allowed guesses: held back like the others.
    expect(statuses[25]).toBe(429);
    expect(answers[25]!.json()).toMatchObject({ message: expect.stringMatching(/intentos/i) });
    // And it stays so: the hold is there for the next guess too.
    expect((await login(t.app, RIGHT)).statusCode).toBe(429);
    // The owner, from her own connection, is not held back by the attacker's guesses.
    expect((await login(t.app, RIGHT, '198.51.100.20')).statusCode).toBe(200);
  });

  it('two instances on one store share the limit: still at most 5 evaluated', async () => {
    t = await buildTestApp();
    const apps = await sharedStore.add(t, 1);
    await t.createUser({ email: EMAIL, password: RIGHT });
    const { statuses, evaluated } = await thirtyAtOnce(apps);
    console.info(`parallel sign-ins, two instances: ${evaluated} of 30 passwords evaluated`);
    expect(evaluated).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(statuses[25]).toBe(429);
  });

  it('a right password after a few wrong ones signs in and clears the count; a wrong one does not', async () => {
    t = await buildTestApp();
    await t.createUser({ email: EMAIL, password: RIGHT });
    for (let index = 0; index < MAX_FAILURES_PER_ACCOUNT - 1; index += 1)
      expect((await login(t.app, 'adivinando')).statusCode).toBe(401);
    expect((await login(t.app, RIGHT)).statusCode).toBe(200);
    // The count starts again: the typos before the sign-in are forgiven.
    for (let index = 0; index < MAX_FAILURES_PER_ACCOUNT; index += 1)
      expect((await login(t.app, 'adivinando')).statusCode).toBe(401);
    expect((await login(t.app, RIGHT)).statusCode).toBe(429);
  });

  it('a front desk signing 30 parents in at once from one address: all sign in', async () => {
    t = await buildTestApp();
    const parents = [];
    for (let index = 0; index < 30; index += 1)
      parents.push(await t.createUser({ email: `madre${index}@correo.do`, password: RIGHT }));
    const answers = await Promise.all(
      parents.map(({ user }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/usuarios/login',
          remoteAddress: '198.51.100.9',
          headers: { 'x-account-id': t.config.accountId, 'content-type': 'application/json' },
          payload: { email: user.email, password: RIGHT },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(parents.map(() => 200));
    // A successful sign-in leaves nothing counted against the address.
    expect(await t.store.collection('login_failures').count({ count: { $gt: 0 } })).toBe(0);
  });
});
