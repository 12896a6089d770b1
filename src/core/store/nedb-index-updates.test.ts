// An update re-indexes only the keys it changed (./nedb-index-updates.ts): what the indexes answer
// must be exactly what NeDB's own re-indexing gave, including when a unique key refuses the update.
import { describe, expect, it } from 'vitest';
import { openMemoryStore } from './memory.ts';
import { DuplicateKeyError } from './port.ts';

async function ordersStore() {
  const store = openMemoryStore();
  const orders = store.collection('orders');
  await orders.ensureIndex({ fields: ['camp'] });
  await orders.ensureIndex({ fields: ['number'], unique: true });
  await orders.ensureIndex({ fields: ['pending'], sparse: true });
  await orders.ensureIndex({ fields: ['camp', 'week'] });
  await orders.insertMany(
    Array.from({ length: 30 }, (_, n) => ({ camp: 'c1', week: `w${n % 3}`, number: n, pending: true })),
  );
  return orders;
}

describe('NeDB updates and indexes', () => {
  it('finds the updated version by every index, whether its keys changed or not', async () => {
    const orders = await ordersStore();
    const order = (await orders.findOne({ number: 7 }))!;
    // The camp, the number and the compound key stay; the sparse key goes.
    await orders.updateOne({ _id: order._id }, { set: { paid: true }, unset: ['pending'] });
    const inCamp = await orders.find({ camp: 'c1' });
    expect(inCamp).toHaveLength(30);
    expect(inCamp.find((doc) => doc._id === order._id)).toMatchObject({ paid: true });
    expect(await orders.findOne({ number: 7 })).toMatchObject({ paid: true });
    expect(await orders.find({ camp: 'c1', week: 'w1', paid: true })).toEqual([
      expect.objectContaining({ number: 7 }),
    ]);
    expect(await orders.count({ pending: true })).toBe(29);

    // Keys that change move: out of the old camp and number, into the new ones.
    await orders.updateOne({ _id: order._id }, { set: { camp: 'c2', number: 107, pending: true } });
    expect(await orders.count({ camp: 'c1' })).toBe(29);
    expect(await orders.find({ camp: 'c2' })).toEqual([expect.objectContaining({ number: 107, paid: true })]);
    expect(await orders.findOne({ number: 7 })).toBeNull();
    expect(await orders.count({ pending: true })).toBe(30);
    expect(await orders.count({ camp: 'c2', week: 'w1' })).toBe(1);
  });

  it('leaves every index as it was when a unique key refuses the update', async () => {
    const orders = await ordersStore();
    const order = (await orders.findOne({ number: 7 }))!;
    await expect(
      orders.updateOne({ _id: order._id }, { set: { number: 8, paid: true } }),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    const byCamp = (await orders.find({ camp: 'c1' })).find((doc) => doc._id === order._id);
    expect(byCamp).toEqual(order);
    expect(await orders.findOne({ number: 7 })).toEqual(order);
    expect(await orders.count({ camp: 'c1', week: 'w1', paid: true })).toBe(0);
    expect(await orders.count({ pending: true })).toBe(30);
    // And the next update works on it as on any other.
    await orders.updateOne({ _id: order._id }, { set: { paid: true } });
    expect(await orders.count({ camp: 'c1', paid: true })).toBe(1);
  });
});
