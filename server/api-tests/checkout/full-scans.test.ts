// A checkout's cost must not grow with the school's families and orders: on a store that already
// holds many of both, no query on the checkout's path walks a whole collection of the embedded store
// (each is narrowed by an index), whether its receipt is numbered or the admins are alerted instead.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir, type TestApp } from '../../testing/build.ts';
import { openEmbeddedStore } from '../../store/embedded.ts';
import type { FullScan } from '../../../src/core/store/nedb-candidates.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { newUser } from '../../../src/domain/accounts.ts';
import { demoCart, enrolmentRequest, payAs, type DemoCart } from './testing.ts';
import { reconcilePayments } from '../../../src/core/checkout/reconciler.ts';
import { sendCartReminders } from '../../../src/core/checkout/carts.ts';
import { offerFreedPlaces } from '../../../src/core/checkout/waitlist.ts';
import { releaseUnpaidOfficeOrders } from '../../../src/core/checkout/office.ts';
import { settleCardPayments } from '../../../src/core/payments/card-settler.ts';
import { runAutopay } from '../../../src/core/payments/autopay.ts';
import { issuePendingReceipts } from '../../../src/core/receipts/pending-receipts.ts';
import { issuePendingPaymentReceipts } from '../../../src/core/payments/payment-receipts.ts';
import { sendDueNotices } from '../../../src/core/messaging/notices.ts';

const FAMILIES = 400;

let t: TestApp;
afterEach(async () => t?.close());

/** A test app on an embedded store that records its full scans, with the demo school and many families. */
async function crowdedSchool(scans: FullScan[]): Promise<{ t: TestApp; cart: DemoCart }> {
  const dir = await makeTempDir('escuela-scans-');
  const app = await buildTestApp(
    {},
    {
      store: {
        open: () => openEmbeddedStore(path.join(dir, 'db'), { onFullScan: (scan) => scans.push(scan) }),
        drop: () => fs.rm(dir, { recursive: true, force: true }),
      },
    },
  );
  await seedDemoData(app.store);
  const cart = await demoCart(app.store);
  const users = await app.store
    .collection('usuarios')
    .insertMany(Array.from({ length: FAMILIES }, (_, i) => newUser(`familia${i}@correo.do`, 'sin-clave')));
  // Each family already paid an order of the same camp and holds its child's membership: the rows
  // a query on the camp, or on the status, alone would walk.
  await app.store.collection('inscripciones').insertMany(
    users.map((user, i) => ({
      order_number: `ANT-${i}`,
      user_id: user._id,
      campament: cart.camp._id,
      payment_status: 'paid',
      status: 'active',
      participants: [],
      lines: [],
      created_at: new Date(),
      paid_at: new Date(),
    })),
  );
  await app.store.collection('membresias').insertMany(
    users.map((user, i) => ({
      code: `MB-ANT${i}`,
      user_id: user._id,
      first_name: 'Hijo',
      last_name: 'Anterior',
      birth_date: '15/03/2016',
      campament: cart.camp._id,
      order_number: `ANT-${i}`,
      issued_at: new Date(),
      status: 'active',
    })),
  );
  return { t: app, cart };
}

/** Three families pay two children each, then one of them pays for two more (its codes are read). */
async function checkouts(cart: DemoCart): Promise<void> {
  const families = [await t.createUser(), await t.createUser(), await t.createUser()];
  for (const family of families) {
    const paid = await payAs(t, family.token, enrolmentRequest(cart, [[0], [1]]));
    expect(paid.statusCode, paid.body).toBe(201);
  }
  const again = await payAs(t, families[0]!.token, enrolmentRequest(cart, [[2], [2]], { children: 'B' }));
  expect(again.statusCode, again.body).toBe(201);
}

describe('the checkout on a store with many families and orders', () => {
  it('walks no whole collection', async () => {
    const scans: FullScan[] = [];
    const school = await crowdedSchool(scans);
    t = school.t;
    scans.length = 0;

    await checkouts(school.cart);

    expect(scans.map(({ collection, query }) => ({ collection, query }))).toEqual([]);
  });

  it('walks none either when the receipt cannot be numbered and the admins are alerted', async () => {
    const scans: FullScan[] = [];
    const school = await crowdedSchool(scans);
    t = school.t;
    await t.createUser({ admin: true });
    // No range left to number from: each paid order's receipt is owed, and the admins hear it.
    await t.store.collection('secuencias_ncf').deleteMany({});
    scans.length = 0;

    await checkouts(school.cart);
    const walked = scans.map(({ collection, query }) => ({ collection, query }));

    expect(await t.store.collection('outbox').find({ kind: 'ncf-alert' })).toHaveLength(1);
    expect(walked).toEqual([]);
  });

  it("walks none in the school's background passes either, which every school runs every minute or so", async () => {
    const scans: FullScan[] = [];
    const school = await crowdedSchool(scans);
    t = school.t;
    await checkouts(school.cart);
    scans.length = 0;
    const { deps } = t.app.core;
    // As server/platform/school.ts runs them, with nothing due: each must find that out by index.
    for (const pass of [
      reconcilePayments,
      settleCardPayments,
      sendCartReminders,
      offerFreedPlaces,
      releaseUnpaidOfficeOrders,
      issuePendingReceipts,
      issuePendingPaymentReceipts,
      sendDueNotices,
      runAutopay,
    ] as Array<(deps: typeof t.app.core.deps) => Promise<unknown>>)
      await pass(deps);

    expect(scans.map(({ collection, query }) => ({ collection, query }))).toEqual([]);
  });
});
