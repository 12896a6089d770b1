// Three real server processes on one MongoDB-wire database (issue 57, item 3): the scale-out path
// as a school would run it, not three apps in one process. Runs when TEST_MONGODB_URI names a
// server (CI's FerretDB); elsewhere it says it is skipped. 30 parents pay at once, spread over the
// three processes, for a week with 10 places left: 10 are sold and no more, each confirmation is
// e-mailed once (each process writes what it sends into its own outbox folder), and the store
// holds exactly the paid orders' places.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/build.ts';
import { throwawayMongoDatabase } from '../../testing/mongo.ts';
import {
  freePort,
  startServerProcess,
  addFamilies,
  untilListening,
  type ServerProcess,
} from '../../testing/server-process.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { demoCart, enrolmentRequest, type DemoCart } from './testing.ts';

const MONGODB = process.env.TEST_MONGODB_URI;
const ACCOUNT = 'escuela-baloncesto';
const PASSWORD = 'clave-de-prueba';
const PARENTS = 30;
const PLACES = 10;

interface Instance extends ServerProcess {
  port: number;
  dir: string;
}

async function startInstance(uri: string): Promise<Instance> {
  const dir = await makeTempDir('escuela-instance-');
  const port = await freePort();
  const server = startServerProcess({
    NODE_ENV: 'production',
    JWT_SECRET: 'three-processes-secret-'.padEnd(48, 'x'),
    ADMIN_EMAIL: 'direccion@escuela.do',
    ADMIN_PASSWORD: 'clave-admin',
    MONGODB_URI: uri,
    DATA_DIR: dir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    STATIC_DIR: path.join(dir, 'dist'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Generous: on two busy cores with FerretDB's write locks a checkout can take seconds, and a
    // charge whose answer comes after half the lease is answered 'en verificación' (202).
    PAYMENT_LEASE_SECONDS: '60',
  });
  await untilListening(server, port, 30_000);
  return { ...server, port, dir };
}

const post = (instance: Instance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${instance.port}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-account-id': ACCOUNT, ...headers },
    body: JSON.stringify(body),
  });

/** The confirmation e-mails the processes wrote, by the outbox item they came from. */
async function confirmationsSent(instances: Instance[]): Promise<string[]> {
  const names = await Promise.all(
    instances.map((instance) => fs.readdir(path.join(instance.dir, 'outbox')).catch(() => [] as string[])),
  );
  return names.flat().filter((name) => name.includes('-enrolment-'));
}

describe.skipIf(!MONGODB)('three server processes on one MongoDB-wire database', () => {
  const database = MONGODB ? throwawayMongoDatabase(MONGODB, 'processes') : null;
  let instances: Instance[] = [];
  let cart: DemoCart;

  beforeAll(async () => {
    const store = await database!.open();
    await seedDemoData(store);
    cart = await demoCart(store);
    await store
      .collection<Week>('semanas')
      .updateOne({ _id: cart.weeks[0]!._id }, { set: { quota_q: PLACES, quota_f: 0 } });
    await addFamilies(store, PARENTS, PASSWORD);
    await store.close();
    // One after the other: the first creates the indexes and the administrator.
    for (let i = 0; i < 3; i += 1) instances.push(await startInstance(database!.uri));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(async (instance) => {
        instance.child.kill('SIGTERM');
        await instance.exited;
        await fs.rm(instance.dir, { recursive: true, force: true });
      }),
    );
    instances = [];
    await database?.drop();
  });

  it(`sell the last ${PLACES} places of a week once and e-mail each confirmation once`, async () => {
    const tokens = await Promise.all(
      Array.from({ length: PARENTS }, async (_, i) => {
        const res = await post(instances[i % 3]!, '/usuarios/login', {
          email: `familia${i}@correo.do`,
          password: PASSWORD,
        });
        return ((await res.json()) as { result: { token: string } }).result.token;
      }),
    );
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const res = await post(
          instances[i % 3]!,
          '/inscripciones/create',
          enrolmentRequest(cart, [[0]], {
            card: SANDBOX_CARDS.approved,
            children: crypto.randomUUID().slice(0, 8),
          }),
          { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
        );
        return { status: res.status, body: (await res.json()) as { result?: { orderId?: string } } };
      }),
    );
    const sold = answers.filter((answer) => answer.status === 201);
    expect(sold, JSON.stringify(answers.map((answer) => answer.status))).toHaveLength(PLACES);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(PARENTS - PLACES);

    // Each confirmation once, whichever process's outbox pass claimed it.
    const deadline = Date.now() + 30_000;
    while ((await confirmationsSent(instances)).length < PLACES && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const sent = await confirmationsSent(instances);
    expect(sent).toHaveLength(PLACES);
    expect(new Set(sent.map((name) => name.replace(/^\d+-/, ''))).size).toBe(PLACES);

    const store = await database!.open();
    try {
      const paid = await store.collection<Enrolment>('inscripciones').find({ payment_status: 'paid' });
      expect(paid.map((order) => order.order_number).sort()).toEqual(
        sold.map((answer) => answer.body.result!.orderId!).sort(),
      );
      expect((await store.collection<Week>('semanas').findById(cart.weeks[0]!._id))!.quota_f).toBe(PLACES);
    } finally {
      await store.close();
    }
  }, 120_000);
});
