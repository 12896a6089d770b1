// A week's document stays small however many orders it sold (issue 55): a paid order's places
// leave the week for a record of their own, still counted, and are given back once when the order
// is cancelled. A store from before keeps its counts: the start-up moves its paid orders' holds. On
// the embedded store, and on a MongoDB-wire server when TEST_MONGODB_URI names one (CI's FerretDB).
import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { throwawayMongoDatabase } from '../../testing/mongo.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { ORDER_PLACES, orderPlacesOn } from '../../../src/core/checkout/order-places.ts';
import { cancelAsStaff, demoCart, enrolmentRequest, paidOrder, type DemoCart } from './testing.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const MONGODB = process.env.TEST_MONGODB_URI;
/** FerretDB applies each update as a read and a rewrite: a dozen checkouts take tens of seconds there. */
const timeout = (kind: string) => (kind === 'mongodb' ? 120_000 : 40_000);

async function school(options: Parameters<typeof buildTestApp>[1] = {}) {
  const t = await buildTestApp({}, options);
  apps.push(t);
  return t;
}

const weekOf = (t: TestApp, cart: DemoCart) =>
  t.store.collection<Week>('semanas').findById(cart.weeks[0]!._id) as Promise<Week>;

/** `count` families each pay for one child in the first week. */
async function payFamilies(t: TestApp, cart: DemoCart, count: number): Promise<Enrolment[]> {
  const orders: Enrolment[] = [];
  for (let index = 0; index < count; index += 1) {
    const { token } = await t.createUser();
    orders.push(await paidOrder(t, token, enrolmentRequest(cart, [[0]])));
  }
  return orders;
}

for (const kind of ['embedded', ...(MONGODB ? ['mongodb'] : [])] as const) {
  const database = () => throwawayMongoDatabase(MONGODB!, 'order_places');

  describe(`a paid order's places (${kind})`, () => {
    it(
      "leave the week's document, which stays the same size, and are given back once",
      async () => {
        const t = await school(kind === 'mongodb' ? { store: database() } : {});
        await seedDemoData(t.store);
        const cart = await demoCart(t.store);
        const before = await weekOf(t, cart);

        const [first] = await payFamilies(t, cart, 1);
        const size = JSON.stringify(await weekOf(t, cart)).length;
        const orders = [first!, ...(await payFamilies(t, cart, 6))];
        const week = await weekOf(t, cart);
        expect(week.quota_f).toBe(before.quota_f + 7);
        expect(week.holds ?? {}).toEqual({});
        // The same size after seven orders as after one (a digit of the count aside).
        expect(Math.abs(JSON.stringify(week).length - size)).toBeLessThanOrEqual(1);
        expect(await t.store.collection(ORDER_PLACES).count({ week: week._id })).toBe(7);
        for (const order of orders) expect(await orderPlacesOn(t.store, week, order._id)).toBe(1);

        const staff = await t.createUser({ admin: true });
        await cancelAsStaff(t, staff.token, orders[2]!._id);
        expect((await weekOf(t, cart)).quota_f).toBe(before.quota_f + 6);
        // Asked again: cancelled before, nothing goes back twice.
        await cancelAsStaff(t, staff.token, orders[2]!._id);
        const after = await weekOf(t, cart);
        expect(after.quota_f).toBe(before.quota_f + 6);
        expect(await orderPlacesOn(t.store, after, orders[2]!._id)).toBe(0);
        expect(await orderPlacesOn(t.store, after, orders[3]!._id)).toBe(1);
      },
      timeout(kind),
    );
  });

  describe(`a store from before the records, upgraded mid-season (${kind})`, () => {
    it(
      "moves its paid orders' holds out of the weeks at start-up, keeping every count",
      async () => {
        // On MongoDB both versions open the same database; the embedded store's files are copied.
        const shared = kind === 'mongodb' ? database() : null;
        const old = await school(shared ? { store: { ...shared, drop: async () => {} } } : {});
        await seedDemoData(old.store);
        const cart = await demoCart(old.store);
        const orders = await payFamilies(old, cart, 3);
        const taken = (await weekOf(old, cart)).quota_f;
        // As the checkout left them before: each paid order's hold in the week, no records.
        await old.store.collection(ORDER_PLACES).deleteMany({});
        await old.store
          .collection<Week>('semanas')
          .updateOne(
            { _id: cart.weeks[0]!._id },
            { set: Object.fromEntries(orders.map((order) => [`holds.${order._id}`, 1])) },
          );

        // The new version starts on that data.
        const t = await school(
          shared
            ? { store: shared }
            : { beforeBuild: (config) => fs.cp(old.config.dataDir, config.dataDir, { recursive: true }) },
        );
        const week = await weekOf(t, cart);
        expect(week.quota_f).toBe(taken);
        expect(week.holds ?? {}).toEqual({});
        for (const order of orders) expect(await orderPlacesOn(t.store, week, order._id)).toBe(1);
        expect(t.logs().some((line) => line.orders === 3)).toBe(true);

        // And a cancellation after the upgrade gives the order's place back, once.
        const staff = await t.createUser({ admin: true });
        await cancelAsStaff(t, staff.token, orders[0]!._id);
        await cancelAsStaff(t, staff.token, orders[0]!._id);
        expect((await weekOf(t, cart)).quota_f).toBe(taken - 1);
      },
      timeout(kind),
    );
  });
}
