// The autopay pass killed mid-pass (issue 20): a real child process charges the due instalments of
// 12 families on an embedded store, the bank (a store-backed sandbox) answering after 150 ms, and is
// killed with SIGKILL three times at different moments; a last run settles what was left. Then the
// store says: each instalment was charged at the bank exactly once, every approved charge is a paid
// instalment (nothing paid is lost), and no payment is left 'charging'.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { openEmbeddedStore } from '../../store/embedded.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { autopayFamily, demoCart } from '../checkout/testing.ts';
import type { Instalment, LedgerPayment } from '../../../src/domain/ledger.ts';
import type { ChargeResult } from '../../../src/core/checkout/gateway.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const NODE = path.join(root, 'node_modules/.bin/node');
const WORKER = path.join(root, 'server/testing/autopay-worker.ts');
const FAMILIES = 12;

let dir: string | undefined;
afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

function runWorker(db: string, { killAfterMs }: { killAfterMs?: number }) {
  const child = spawn(NODE, [WORKER], {
    env: {
      ...process.env,
      AUTOPAY_DB: db,
      AUTOPAY_DAY: '2026-10-05',
      AUTOPAY_LATENCY_MS: '150',
      ...(killAfterMs === undefined ? { AUTOPAY_UNTIL_DONE: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return once(child, 'exit').then(([code, signal]) => ({ code, signal, output }));
}

describe('the autopay pass killed mid-pass', () => {
  it('charges each instalment once and loses no payment (3 rounds of kill -9)', async () => {
    // 12 families on 'Pago mensual' with autopay, enrolled in August: October 5 is due for each.
    const clock = { now: new Date('2026-08-20T14:00:00Z') };
    const t: TestApp = await buildTestApp({}, { deps: { clock: () => clock.now } });
    dir = t.dir;
    await seedDemoData(t.store);
    const cart = await demoCart(t.store, 'PA2027');
    for (let index = 0; index < FAMILIES; index += 1)
      await autopayFamily(t, cart, `familia${index}@correo.do`);
    const db = path.join(t.config.dataDir, 'db');
    // Closed, not removed: the worker opens the same files.
    await t.app.close();
    await t.store.close();

    const kills = [];
    for (const killAfterMs of [900, 1400, 2100]) kills.push(await runWorker(db, { killAfterMs }));
    for (const run of kills) expect(run.signal).toBe('SIGKILL');
    const last = await runWorker(db, {});
    expect(last.code, last.output).toBe(0);

    const store = await openEmbeddedStore(db);
    try {
      const due = await store.collection<Instalment>('cuotas').find({ due: '2026-10-05' });
      expect(due).toHaveLength(FAMILIES);
      const payments = await store.collection<LedgerPayment>('pagos').find({ method: 'tarjeta_guardada' });
      const charges = await store
        .collection<{ _id: string; result: ChargeResult | null }>('sandbox_charges')
        .find({ _id: { $regex: /-A\d+$/ } });
      const approvedAtBank = charges.filter((charge) => charge.result?.approved).map((charge) => charge._id);
      expect(payments.filter((payment) => payment.status === 'charging')).toEqual([]);
      for (const instalment of due) {
        const mine = payments.filter((payment) =>
          payment.allocations.some((a) => a.cuota === instalment._id),
        );
        const paidAtBank = mine.filter((payment) => approvedAtBank.includes(payment.reference!));
        // Charged at the bank exactly once, and that charge is the instalment's approved payment.
        expect(paidAtBank, instalment._id).toHaveLength(1);
        expect(paidAtBank[0]!.status).toBe('approved');
      }
      // Every approved charge at the bank belongs to an approved payment: nothing paid is lost.
      const approvedPayments = new Set(
        payments.filter((p) => p.status === 'approved').map((p) => p.reference),
      );
      for (const reference of approvedAtBank) expect(approvedPayments.has(reference)).toBe(true);
      console.log(
        `autopay crash: ${kills.length} kills, ${payments.length} payment records (${payments.filter((p) => p.status === 'failed').length} settled as never charged), ${approvedAtBank.length} charges at the bank for ${FAMILIES} instalments`,
      );
    } finally {
      await store.close();
    }
  }, 60_000);
});
