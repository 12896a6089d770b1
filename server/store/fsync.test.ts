// The embedded store's `fsync` option: with it, a write is acknowledged only after its datafile has
// been flushed to the disk (a power cut cannot take it back); without it, nothing is flushed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FsPromises from 'node:fs/promises';

/** Every file or folder flushed to the disk, in order. */
const flushed: string[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (...args) => {
    const handle = await actual.open(...args);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      await sync();
      flushed.push(String(args[0]));
    };
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

const { openEmbeddedStore } = await import('./embedded.ts');

describe('embedded store fsync option', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'store-fsync-'));
    flushed.length = 0;
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('flushes the datafile before each write is acknowledged', async () => {
    const store = await openEmbeddedStore(dir, { fsync: true });
    const orders = store.collection('orders');
    const file = path.join(dir, 'orders.db');
    const flushesOf = (name: string) => flushed.filter((entry) => entry === name).length;

    const order = await orders.insertOne({ n: 1 });
    // The new file's folder entry, then the insert itself.
    expect(flushed).toContain(dir);
    expect(flushesOf(file)).toBe(1);
    await orders.updateOne({ _id: order._id }, { set: { paid: true } });
    expect(flushesOf(file)).toBe(2);
    await orders.deleteMany({ _id: order._id });
    expect(flushesOf(file)).toBe(3);
    await store.nextSequence('orders');
    expect(flushesOf(path.join(dir, 'counters.db'))).toBe(1);
    // A write that changes nothing appends nothing and flushes nothing.
    await orders.updateOne({ _id: 'missing' }, { set: { paid: true } });
    expect(flushesOf(file)).toBe(3);
    await store.close();

    const reopened = await openEmbeddedStore(dir, { fsync: true });
    expect(await reopened.collection('orders').count({})).toBe(0);
    expect(await reopened.nextSequence('orders')).toBe(2);
    await reopened.close();
  });

  it('flushes nothing when off (the default outside production)', async () => {
    const store = await openEmbeddedStore(dir);
    await store.collection('orders').insertOne({ n: 1 });
    await store.nextSequence('orders');
    await store.close();
    expect(flushed).toEqual([]);
  });
});
