// The embedded store's `fsync` option: with it, a write is acknowledged only after its datafile has
// been flushed to the disk (a power cut cannot take it back); without it, nothing is flushed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FsPromises from 'node:fs/promises';

/** Every file or folder flushed to the disk, in order. */
const flushed: string[] = [];
/** Every file or folder opened, in order. */
const opened: string[] = [];
/** How long a flush takes (a disk's fsync; a temporary folder's is nearly instant). */
const disk = { flushMs: 0 };

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (...args) => {
    const handle = await actual.open(...args);
    opened.push(String(args[0]));
    for (const method of ['sync', 'datasync'] as const) {
      const flush = handle[method].bind(handle);
      handle[method] = async () => {
        if (disk.flushMs) await new Promise((resolve) => setTimeout(resolve, disk.flushMs));
        await flush();
        flushed.push(String(args[0]));
      };
    }
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

const { openEmbeddedStore, GroupFlush } = await import('./embedded.ts');

describe('embedded store fsync option', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'store-fsync-'));
    flushed.length = 0;
    opened.length = 0;
    disk.flushMs = 0;
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

  it('lets concurrent writes share flushes, and keeps every write it acknowledged', async () => {
    const store = await openEmbeddedStore(dir, { fsync: true });
    const orders = store.collection('orders');
    const file = path.join(dir, 'orders.db');
    await orders.insertOne({ n: 0 });
    const before = flushed.filter((entry) => entry === file).length;
    disk.flushMs = 5;
    await Promise.all(Array.from({ length: 30 }, (_, n) => orders.insertOne({ n: n + 1 })));
    const shared = flushed.filter((entry) => entry === file).length - before;
    expect(shared).toBeGreaterThanOrEqual(1);
    expect(shared).toBeLessThan(30);
    // Appends and flushes go through one handle: opening the file for each write cost more CPU
    // than the write.
    expect(opened.filter((entry) => entry === file)).toHaveLength(1);
    disk.flushMs = 0;
    await store.close();
    const reopened = await openEmbeddedStore(dir, { fsync: true });
    expect(await reopened.collection('orders').count({})).toBe(31);
    await reopened.close();
  });
});

describe('GroupFlush', () => {
  it('waits for a flush that began after the append; writes appended in the same turn share it, later ones the next', async () => {
    const finish: Array<() => void> = [];
    const group = new GroupFlush(() => new Promise<void>((resolve) => finish.push(resolve)));
    const done: string[] = [];
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const write = (name: string) => {
      group.appended();
      return group.durable().then(() => done.push(name));
    };

    const first = [write('a'), write('b')];
    await tick();
    // One flush under way, covering both; a write appended now waits for the next one.
    expect(finish).toHaveLength(1);
    const later = write('c');
    await tick();
    expect(finish).toHaveLength(1);
    finish[0]!();
    await Promise.all(first);
    await tick();
    expect(done).toEqual(['a', 'b']);
    expect(finish).toHaveLength(2);
    finish[1]!();
    await later;
    expect(done).toEqual(['a', 'b', 'c']);
    // Nothing appended since: nothing flushed.
    await group.durable();
    expect(finish).toHaveLength(2);
  });

  it('fails the writes a failed flush covered, and flushes again for the next', async () => {
    let fail = true;
    let flushes = 0;
    const group = new GroupFlush(async () => {
      flushes += 1;
      if (fail) throw new Error('disk full');
    });
    group.appended();
    await expect(group.durable()).rejects.toThrow('disk full');
    fail = false;
    group.appended();
    await group.durable();
    expect(flushes).toBe(2);
  });
});
