// The embedded store walks a whole collection only when no index narrows a query, and says so
// (`onFullScan`); otherwise it walks the fewest candidates any usable index gives, whatever the
// order of the query's fields, inside `$and` and across the branches of an `$or`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from './embedded.ts';
import type { FullScan } from '../../src/core/store/nedb-candidates.ts';
import type { Collection, Store } from './port.ts';

describe('embedded store full scans', () => {
  let dir: string;
  let store: Store;
  let orders: Collection;
  const scans: FullScan[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'store-scans-'));
    scans.length = 0;
    store = await openEmbeddedStore(dir, { onFullScan: (scan) => scans.push(scan) });
    orders = store.collection('orders');
    await orders.ensureIndex({ fields: ['camp'] });
    await orders.ensureIndex({ fields: ['user'] });
    await orders.ensureIndex({ fields: ['role'], sparse: true });
    // One camp holds every order; each family holds two.
    await orders.insertMany(
      Array.from({ length: 40 }, (_, i) => ({ camp: 'c1', user: `u${i % 20}`, paid: i % 2 === 0, n: i })),
    );
    await orders.insertOne({ camp: 'c2', user: 'u0', role: 'staff', paid: true, n: 40 });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reports a query no index narrows, with what it walked', async () => {
    expect(await orders.count({ paid: true })).toBe(21);
    expect(scans).toEqual([expect.objectContaining({ collection: 'orders', documents: 41 })]);
  });

  it('narrows by any usable index and answers as before', async () => {
    const numbers = async (filter: Record<string, unknown>) =>
      (await orders.find(filter, { sort: { n: 1 } })).map((doc) => doc.n);
    // The family's index holds two orders, the camp's forty: whichever comes last in the query.
    expect(await numbers({ user: 'u1', camp: 'c1' })).toEqual([1, 21]);
    expect(await numbers({ camp: 'c1', user: 'u1', paid: false })).toEqual([1, 21]);
    const inAnd = { paid: true, $and: [{ user: { $in: ['u0', 'u2'] } }, { n: { $lt: 30 } }] };
    expect(await numbers(inAnd)).toEqual([0, 2, 20, 22]);
    expect(await numbers({ $or: [{ user: 'u3' }, { role: 'staff' }], paid: true })).toEqual([40]);
    expect(await numbers({ $or: [{ user: 'u3' }, { role: 'staff' }] })).toEqual([3, 23, 40]);
    await orders.updateOne({ user: 'u1', camp: 'c1', n: 21 }, { set: { paid: true } });
    expect(await orders.count({ camp: 'c1', user: 'u1', paid: true })).toBe(1);
    expect(scans).toEqual([]);
  });

  it('walks everything when one branch of an $or has no index', async () => {
    expect(await orders.count({ $or: [{ user: 'u3' }, { paid: false }] })).toBe(20);
    expect(scans.map(({ collection }) => collection)).toEqual(['orders']);
  });
});
