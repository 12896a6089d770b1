// Three real server processes on one MongoDB-wire database (issue 57, item 3): the scale-out path
// as a school would run it, not three apps in one process. Runs when TEST_MONGODB_URI names a
// server (CI's FerretDB); elsewhere it says it is skipped. The school issues e-CF (the DGII
// stand-in) and charges instalments by autopay; every process runs the autopay and e-CF passes
// every second, as three instances would all day.
//   - 30 parents pay at once, spread over the three processes, for a week with 10 places left: 10
//     are sold and no more, each confirmation is e-mailed once (each process writes what it sends
//     into its own outbox folder), and the store holds exactly the paid orders' places;
//   - 6 families with autopay have an instalment due today: each is charged at the bank once,
//     recorded paid once, and its receipt e-mailed once, whichever process's pass took it;
//   - every receipt of all that has its own e-NCF, with none skipped, and DGII received each once.
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
import { buildTestApp } from '../../testing/build.ts';
import { startDgiiStandin, type DgiiStandin } from '../../testing/dgii-standin.ts';
import { schoolP12In } from '../../testing/ecf.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import { santoDomingoDay } from '../../../src/domain/days.ts';
import type { Instalment, LedgerPayment } from '../../../src/domain/ledger.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import type { NcfSequence, Receipt } from '../../../src/domain/receipts.ts';
import type { ChargeResult } from '../../../src/core/checkout/gateway.ts';
import { autopayFamily, demoCart, enrolmentRequest, type DemoCart } from './testing.ts';

const MONGODB = process.env.TEST_MONGODB_URI;
const ACCOUNT = 'escuela-baloncesto';
const PASSWORD = 'clave-de-prueba';
const PARENTS = 30;
const PLACES = 10;
const AUTOPAY_FAMILIES = 6;
const P12_PASSWORD = 'clave-p12';

/** The e-CF settings of every process and of the set-up app: the school's certificate, DGII's stand-in. */
const ecfEnv = (p12: string, dgii: DgiiStandin) => ({
  ECF_ENV: 'TesteCF',
  ECF_P12_FILE: p12,
  ECF_P12_PASSWORD: P12_PASSWORD,
  DGII_ECF_URL: dgii.url,
  DGII_FC_URL: dgii.url,
});

interface Instance extends ServerProcess {
  port: number;
  dir: string;
}

async function startInstance(uri: string, ecf: Record<string, string>): Promise<Instance> {
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
    // Every second: the three processes' passes overlap all through the test.
    AUTOPAY_PASS_SECONDS: '1',
    ECF_PASS_SECONDS: '1',
    ...ecf,
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

/** The e-mails of one kind the processes wrote, by the outbox item they came from. */
async function mailsSent(instances: Instance[], kind: string): Promise<string[]> {
  const names = await Promise.all(
    instances.map((instance) => fs.readdir(path.join(instance.dir, 'outbox')).catch(() => [] as string[])),
  );
  return names.flat().filter((name) => name.includes(`-${kind}-`));
}

/** Waits until `done` holds (polled), for at most `ms`. */
async function until(done: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
}

describe.skipIf(!MONGODB)('three server processes on one MongoDB-wire database', () => {
  const database = MONGODB ? throwawayMongoDatabase(MONGODB, 'processes') : null;
  let instances: Instance[] = [];
  let cart: DemoCart;
  let dgii: DgiiStandin;
  let certificates: string;
  /** The instalments due today of the autopay families. */
  const dueToday: Instalment[] = [];
  /** Their orders (paid before the processes start). */
  const autopayOrders = new Set<string>();

  beforeAll(async () => {
    dgii = await startDgiiStandin();
    certificates = await makeTempDir('escuela-p12-');
    const ecf = ecfEnv(schoolP12In(certificates, P12_PASSWORD), dgii);
    const store = await database!.open();
    await seedDemoData(store);
    cart = await demoCart(store);
    await store
      .collection<Week>('semanas')
      .updateOne({ _id: cart.weeks[0]!._id }, { set: { quota_q: PLACES, quota_f: 0 } });
    await addFamilies(store, PARENTS, PASSWORD);
    for (const type of ['E31', 'E32', 'E34'] as const)
      await store.collection<NcfSequence>('secuencias_ncf').insertOne({
        _id: `rango-${type}`,
        type,
        first: 1,
        last: 1000,
        next: 1,
        expires_on: new Date(Date.now() + 365 * 86_400_000),
        status: 'active',
        created_at: new Date(),
      });
    await store.close();

    // The autopay families enrolled on 'Pago mensual' earlier (through the API of one app on the
    // same database, with the autopay consent), their second instalment due today.
    const setup = await buildTestApp(ecf, { store: { open: database!.open, drop: async () => undefined } });
    const program = await demoCart(setup.store, 'PA2027');
    for (let i = 0; i < AUTOPAY_FAMILIES; i += 1) {
      const { order } = await autopayFamily(setup, program, `autopago${i}@correo.do`);
      autopayOrders.add(order.order_number);
      const second = (await setup.store
        .collection<Instalment>('cuotas')
        .findOne({ enrolment_id: order._id, kind: 'cuota', seq: 2 }))!;
      dueToday.push(
        (await setup.store
          .collection<Instalment>('cuotas')
          .updateOne({ _id: second._id }, { set: { due: santoDomingoDay(new Date()) } }))!,
      );
    }
    await setup.close();

    // One after the other: the first creates the indexes and the administrator.
    for (let i = 0; i < 3; i += 1) instances.push(await startInstance(database!.uri, ecf));
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
    await dgii?.close();
    if (certificates) await fs.rm(certificates, { recursive: true, force: true });
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
    expect(
      answers.filter((answer) => answer.status === 409),
      JSON.stringify(answers.filter((answer) => answer.status !== 201 && answer.status !== 409)),
    ).toHaveLength(PARENTS - PLACES);

    // Each confirmation once, whichever process's outbox pass claimed it.
    await until(async () => (await mailsSent(instances, 'enrolment')).length >= PLACES, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const sent = await mailsSent(instances, 'enrolment');
    expect(sent).toHaveLength(PLACES);
    expect(new Set(sent.map((name) => name.replace(/^\d+-/, ''))).size).toBe(PLACES);

    const store = await database!.open();
    try {
      const paid = (
        await store.collection<Enrolment>('inscripciones').find({ payment_status: 'paid' })
      ).filter((order) => !autopayOrders.has(order.order_number));
      expect(paid.map((order) => order.order_number).sort()).toEqual(
        sold.map((answer) => answer.body.result!.orderId!).sort(),
      );
      expect((await store.collection<Week>('semanas').findById(cart.weeks[0]!._id))!.quota_f).toBe(PLACES);
    } finally {
      await store.close();
    }
  }, 120_000);

  it(`charge each of ${AUTOPAY_FAMILIES} instalments due today once, whichever process's autopay pass takes it`, async () => {
    expect(dueToday).toHaveLength(AUTOPAY_FAMILIES);
    const store = await database!.open();
    try {
      const instalments = dueToday.map((instalment) => instalment._id);
      const approved = () =>
        store.collection<LedgerPayment>('pagos').find({ method: 'tarjeta_guardada', status: 'approved' });
      await until(async () => (await approved()).length >= AUTOPAY_FAMILIES, 60_000);
      // Passes go on every second in three processes: a second charge would show by now.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const payments = await store.collection<LedgerPayment>('pagos').find({ method: 'tarjeta_guardada' });
      expect(payments.filter((payment) => payment.status === 'charging')).toEqual([]);
      const paid = payments.filter((payment) => payment.status === 'approved');
      expect(paid.flatMap((payment) => payment.allocations.map((a) => a.cuota)).sort()).toEqual(
        [...instalments].sort(),
      );
      // At the bank (the store-backed sandbox every process charges): one approved charge each.
      const charges = await store
        .collection<{ _id: string; result: ChargeResult | null }>('sandbox_charges')
        .find({});
      const approvedAtBank = charges.filter((charge) => charge.result?.approved).map((charge) => charge._id);
      for (const payment of paid) expect(approvedAtBank).toContain(payment.reference);
      const autopayCharges = approvedAtBank.filter((id) => payments.some((p) => p.reference === id));
      expect(autopayCharges).toHaveLength(AUTOPAY_FAMILIES);
      // Each family's receipt of the charge e-mailed once, by whichever process sent it.
      const receipts = await mailsSent(instances, 'instalment-paid');
      expect(receipts).toHaveLength(AUTOPAY_FAMILIES);
      expect(new Set(receipts.map((name) => name.replace(/^\d+-/, ''))).size).toBe(AUTOPAY_FAMILIES);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('use each e-NCF once, none skipped, and send each to DGII once', async () => {
    const store = await database!.open();
    try {
      const receipts = () => store.collection<Receipt & { ecf?: { state: string } }>('comprobantes').find({});
      // Every receipt of the test: the autopay families' first payments and second instalments,
      // and the ten sold places.
      const expected = AUTOPAY_FAMILIES * 2 + PLACES;
      await until(async () => {
        const all = await receipts();
        return all.length >= expected && all.every((receipt) => receipt.ecf?.state === 'accepted');
      }, 60_000);
      const all = await receipts();
      const numbers = all.map((receipt) => receipt.ncf).sort();
      expect(numbers).toHaveLength(expected);
      expect(new Set(numbers).size).toBe(expected);
      expect(numbers).toEqual(
        Array.from({ length: expected }, (_, i) => `E32${String(i + 1).padStart(10, '0')}`),
      );
      expect(all.map((receipt) => receipt.ecf?.state)).toEqual(all.map(() => 'accepted'));
      const atDgii = dgii.received.map((document) => document.encf).sort();
      expect(atDgii).toEqual(numbers);
    } finally {
      await store.close();
    }
  }, 120_000);
});
