// The checkout load the benchmarks drive (scripts/bench-checkout.ts, scripts/bench-schools.ts): new
// parents who each paid nothing yet, and autocannon posting one enrolment per parent and key, with
// this process's CPU time per answer by slice of the run. Not a test.
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { hashPassword } from '../server/auth/password.ts';
import type { Store } from '../server/store/port.ts';
import { ownFixturePhoto } from '../src/core/checkout/fixtures.ts';
import { newUser } from '../src/domain/accounts.ts';
import type { UserRecord } from '../src/domain/records.ts';

/** Cheap scrypt: the benchmarks measure checkouts, not sign-ins. */
export const BENCH_HASHING = { N: 1024, r: 8, p: 1 };

/**
 * `count` new parents in `store`, each with its child's photo uploaded (the fixture's) as before
 * paying, and their tokens (`sign` is the school's: a created school's token names it).
 */
export async function benchParents(
  store: Store,
  sign: (userId: string) => string,
  count: number,
): Promise<string[]> {
  const passwordHash = await hashPassword('clave-bench', BENCH_HASHING);
  const users = await store
    .collection<UserRecord>('usuarios')
    .insertMany(
      Array.from({ length: count }, (_, i) =>
        newUser(`bench${crypto.randomUUID()}${i}@correo.do`, passwordHash),
      ),
    );
  for (const user of users) await ownFixturePhoto(store, user._id);
  return users.map((user) => sign(user._id));
}

/** The headers of a parent's paying call to school `accountId`, with a new idempotency key. */
export const checkoutHeaders = (accountId: string, token: string) => ({
  'content-type': 'application/json',
  'x-account-id': accountId,
  authorization: `Bearer ${token}`,
  'idempotency-key': crypto.randomUUID(),
});

export interface CheckoutLoad {
  url: string;
  accountId: string;
  /** The enrolment every parent pays for (one week of unlimited capacity keeps them all paying). */
  body: string;
  /** One per request; used round-robin. */
  tokens: readonly string[];
  seconds: number;
  connections: number;
  intervalSeconds: number;
}

/**
 * Posts checkouts for `seconds`; autocannon's result, and the answers per second and this process's
 * CPU time (server and client) per answer in each slice of `intervalSeconds`: whether checkouts slow
 * down as orders pile up. CPU per answer hardly moves with the machine's other load.
 */
export async function runCheckoutLoad(load: CheckoutLoad) {
  let next = 0;
  const perInterval: number[] = [];
  const slices = Math.ceil(load.seconds / load.intervalSeconds);
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const cpuAt = [cpuMs()];
  const sampler = setInterval(() => cpuAt.push(cpuMs()), load.intervalSeconds * 1000);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const runStarted = performance.now();
    const run = autocannon(
      {
        url: `${load.url}/api/inscripciones/create`,
        method: 'POST',
        connections: load.connections,
        duration: load.seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/inscripciones/create',
            setupRequest: (request) => ({
              ...request,
              body: load.body,
              headers: checkoutHeaders(load.accountId, load.tokens[next++ % load.tokens.length]!),
            }),
          },
        ],
      },
      (error: unknown, result) =>
        error ? reject(new Error('autocannon failed', { cause: error })) : resolve(result),
    );
    run.on('response', () => {
      const elapsed = (performance.now() - runStarted) / 1000;
      const slice = Math.min(Math.floor(elapsed / load.intervalSeconds), slices - 1);
      perInterval[slice] = (perInterval[slice] ?? 0) + 1;
    });
  });
  clearInterval(sampler);
  if (cpuAt.length <= slices) cpuAt.push(cpuMs());
  const cpuMsPerAnswerByInterval = Array.from(perInterval, (count, slice) =>
    Number(((cpuAt[slice + 1]! - cpuAt[slice]!) / (count ?? 1)).toFixed(2)),
  );
  const sliceSeconds = (slice: number) =>
    Math.min(load.intervalSeconds, load.seconds - slice * load.intervalSeconds);
  const answersPerSecondByInterval = Array.from(perInterval, (count, slice) =>
    Number(((count ?? 0) / sliceSeconds(slice)).toFixed(1)),
  );
  return { result, answersPerSecondByInterval, cpuMsPerAnswerByInterval };
}
