// A paid order's places leaving the week for their own record (issue 55), on the in-memory store:
// every state a crash can leave between two steps counts the order's places once, and gives them
// back once.
import { describe, expect, it } from 'vitest';
import { openMemoryStore } from '../store/memory.ts';
import type { Enrolment, Week } from '../../domain/records.ts';
import { cartHoldName } from '../../domain/holds.ts';
import {
  ORDER_PLACES,
  orderPlacesOn,
  releaseOrderPlaces,
  settleOrderPlaces,
  settleStoredOrderPlaces,
  withOrderHold,
  type OrderPlacesRecord,
} from './order-places.ts';
import { PLACES } from './holds.ts';

const ORDER = 'a1b2c3d4e5f60718293a4b5c';

async function weekWithOrder(places = 2) {
  const store = openMemoryStore();
  const weeks = store.collection<Week>('semanas');
  const week = await weeks.insertOne({ name: 'Semana 1', quota_q: 10, quota_f: 3 } as Omit<Week, '_id'>);
  // The order's take, as the checkout makes it: its hold in the week, counted.
  await weeks.incrementWithin(week._id, { ...PLACES, by: places, hold: ORDER });
  const order = { _id: ORDER, lines: [{ id: week._id }] } as Pick<Enrolment, '_id' | 'lines'>;
  const records = store.collection<OrderPlacesRecord>(ORDER_PLACES);
  const now = async () => (await weeks.findById(week._id))!;
  return { store, weeks, week, order, records, now };
}

describe("a paid order's places", () => {
  it('leave the week for their record, still counted; settling again changes nothing', async () => {
    const { store, order, records, now } = await weekWithOrder(2);
    await settleOrderPlaces(store, order);
    const after = await now();
    expect(after.quota_f).toBe(5);
    expect(after.holds?.[ORDER]).toBeUndefined();
    expect(await records.findById(`${after._id}-${ORDER}`)).toMatchObject({ places: 2 });
    expect(await orderPlacesOn(store, after, ORDER)).toBe(2);
    await settleOrderPlaces(store, order);
    expect((await now()).quota_f).toBe(5);
    expect(await records.count({})).toBe(1);
  });

  it('are given back once, leaving a mark that keeps the record from counting again', async () => {
    const { store, order, now } = await weekWithOrder(2);
    await settleOrderPlaces(store, order);
    await releaseOrderPlaces(store, (await now())._id, ORDER);
    expect(await now()).toMatchObject({ quota_f: 3, holds: { [ORDER]: 0 } });
    expect(await orderPlacesOn(store, await now(), ORDER)).toBe(0);
    // A repeat (a cancellation run again after a crash), a settle or a bring-back changes nothing.
    await releaseOrderPlaces(store, (await now())._id, ORDER);
    await settleOrderPlaces(store, order);
    await withOrderHold(store, (await now())._id, ORDER);
    expect(await now()).toMatchObject({ quota_f: 3, holds: { [ORDER]: 0 } });
  });

  it('given back by several at once, go back once', async () => {
    const { store, order, now } = await weekWithOrder(2);
    await settleOrderPlaces(store, order);
    const weekId = (await now())._id;
    await Promise.all(Array.from({ length: 6 }, () => releaseOrderPlaces(store, weekId, ORDER)));
    expect((await now()).quota_f).toBe(3);
  });

  it('crashed between the record and the hold leaving the week: counted once, given back once', async () => {
    const { store, order, records, now } = await weekWithOrder(2);
    const weekId = (await now())._id;
    // The record written, the process gone before the hold left the week.
    await records.insertOne({ _id: `${weekId}-${ORDER}`, week: weekId, order: ORDER, places: 2 });
    expect(await orderPlacesOn(store, await now(), ORDER)).toBe(2);
    await releaseOrderPlaces(store, weekId, ORDER);
    expect(await now()).toMatchObject({ quota_f: 3, holds: { [ORDER]: 0 } });
    await settleOrderPlaces(store, order);
    await releaseOrderPlaces(store, weekId, ORDER);
    expect((await now()).quota_f).toBe(3);
  });

  it('crashed after coming back into the week for a change: the week counts them, once', async () => {
    const { store, order, now } = await weekWithOrder(2);
    await settleOrderPlaces(store, order);
    const weekId = (await now())._id;
    // Brought back (a change or a cancellation began), then the process died.
    await withOrderHold(store, weekId, ORDER);
    expect(await now()).toMatchObject({ quota_f: 5, holds: { [ORDER]: 2 } });
    // Settling again moves it out again (the record says the same), or a release gives it back.
    await settleOrderPlaces(store, order);
    expect((await now()).holds?.[ORDER]).toBeUndefined();
    await withOrderHold(store, weekId, ORDER);
    await releaseOrderPlaces(store, weekId, ORDER);
    expect((await now()).quota_f).toBe(3);
  });

  it('changed in the week since their record: the week keeps counting them, not the record', async () => {
    const { store, weeks, order, now } = await weekWithOrder(2);
    await settleOrderPlaces(store, order);
    const weekId = (await now())._id;
    const back = await withOrderHold(store, weekId, ORDER);
    // A staff change gives one more place to the order.
    await weeks.moveHold(weekId, {
      ...PLACES,
      from: { hold: ORDER, amount: back!.holds![ORDER]! },
      to: { hold: ORDER, amount: 3, mark: true },
    });
    await settleOrderPlaces(store, order);
    expect(await now()).toMatchObject({ quota_f: 6, holds: { [ORDER]: 3 } });
    expect(await orderPlacesOn(store, await now(), ORDER)).toBe(3);
    await releaseOrderPlaces(store, weekId, ORDER);
    expect((await now()).quota_f).toBe(3);
  });
});

describe('the start-up pass over a store from before the records', () => {
  it("moves the paid orders' holds out of the weeks, and nothing else, keeping the counts", async () => {
    const { store, weeks, records, now } = await weekWithOrder(2);
    const enrolments = store.collection('inscripciones');
    const unpaid = 'b1b2c3d4e5f60718293a4b5c';
    const weekId = (await now())._id;
    await weeks.incrementWithin(weekId, { ...PLACES, by: 1, hold: unpaid });
    const cart = cartHoldName('c1b2c3d4e5f60718293a4b5c');
    await weeks.moveHold(weekId, { ...PLACES, to: { hold: cart, amount: 1, expiresAt: new Date() } });
    await enrolments.insertOne({ _id: ORDER, payment_status: 'paid', lines: [{ id: weekId }] });
    await enrolments.insertOne({ _id: unpaid, payment_status: 'unknown', lines: [{ id: weekId }] });

    expect(await settleStoredOrderPlaces(store)).toBe(1);
    const after = await now();
    expect(after.quota_f).toBe(7);
    expect(after.holds).toEqual({ [unpaid]: 1, [cart]: 1 });
    expect(await records.find({})).toMatchObject([{ week: weekId, order: ORDER, places: 2 }]);
    // Run again at the next start: nothing left to move.
    expect(await settleStoredOrderPlaces(store)).toBe(0);
    expect((await now()).quota_f).toBe(7);
  });
});
