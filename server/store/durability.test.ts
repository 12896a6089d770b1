// The embedded store's crash guarantees: what was acknowledged survives kill -9, a half-written
// last line is dropped on reload, and damage anywhere else stops the store from opening.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEmbeddedStore } from './embedded.ts';

// The repository's Node 24 (it strips types), whatever node runs vitest.
const NODE = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));
const WRITER = fileURLToPath(new URL('./testing/crash-writer.ts', import.meta.url));
const KILL_AFTER_ACKS = 150;
const MAX_RECORDS = 5000;

describe('embedded store durability', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'store-durability-'));
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write when the process is killed with SIGKILL mid-stream', async () => {
    const child = spawn(NODE, [WRITER, dir, String(MAX_RECORDS)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const acked: Array<{ id: string; seq: number }> = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^ACK ([0-9a-f]{24}) (\d+)$/.exec(line);
      if (!match) return;
      acked.push({ id: match[1]!, seq: Number(match[2]) });
      if (acked.length === KILL_AFTER_ACKS) child.kill('SIGKILL');
    });

    // 'close' comes after the exit and after the last of stdout has been read.
    const [, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    expect(signal, `the writer should have been killed mid-stream; stderr: ${stderr}`).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acked.length).toBeLessThan(MAX_RECORDS);

    const store = await openEmbeddedStore(dir);
    try {
      const orders = store.collection('orders');
      for (const { id, seq } of acked) {
        const order = await orders.findById(id);
        expect(order, `acknowledged order ${id} is missing`).toMatchObject({
          seq,
          confirmed: true,
          payload: 'x'.repeat(4096),
        });
        expect(order!.at).toBeInstanceOf(Date);
      }
      const all = await orders.find({});
      expect(all.length).toBeGreaterThanOrEqual(acked.length);
      expect(new Set(all.map((order) => order.seq)).size).toBe(all.length);
      const lastAcked = Math.max(...acked.map((ack) => ack.seq));
      expect(await store.nextSequence('orders')).toBeGreaterThan(lastAcked);
    } finally {
      await store.close();
    }
  });

  it('drops a half-written last line on reload and keeps everything before it', async () => {
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    let store = await openEmbeddedStore(dir);
    const kept = await store.collection('orders').insertMany([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await store.close();
    const file = path.join(dir, 'orders.db');
    await appendFile(file, '{"n":4,"_id":"65a1b2c3d4e5f60718293a4b","payl');

    store = await openEmbeddedStore(dir);
    expect(warning).toHaveBeenCalledWith(expect.stringContaining('partially written last line'));
    const orders = store.collection('orders');
    expect(await orders.find({}, { sort: { n: 1 } })).toEqual(kept);
    await orders.insertOne({ n: 5 });
    await store.close();

    expect((await readFile(file, 'utf8')).includes('payl')).toBe(false);
    store = await openEmbeddedStore(dir);
    expect(await store.collection('orders').count({})).toBe(4);
    await store.close();
  });

  it('writes into the datafile a compaction put in place, with fsync and without', async () => {
    // The hourly compaction renames a new file over the datafile; the file the store keeps open
    // for its appends must follow it, or every later write would land in the file removed.
    // clearInterval too: a closed store's hourly timer must stop, as it does for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      for (const fsync of [false, true]) {
        const folder = path.join(dir, String(fsync));
        const store = await openEmbeddedStore(folder, { fsync });
        const orders = store.collection('orders');
        await orders.insertOne({ n: 1 });
        const file = path.join(folder, 'orders.db');
        const replaced = (await stat(file)).ino;
        await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
        await vi.waitFor(async () => expect((await stat(file)).ino).not.toBe(replaced));
        const late = await orders.insertOne({ n: 2 });
        await orders.updateOne({ _id: late._id }, { set: { paid: true } });
        // Read before closing: closing compacts again, from memory, which would hide a lost append.
        const lines = (await readFile(file, 'utf8')).trim().split('\n');
        expect(lines.filter((line) => line.includes(late._id))).toHaveLength(2);
        expect(lines.at(-1)).toContain('"paid":true');
        await store.close();
        const reopened = await openEmbeddedStore(folder);
        expect(await reopened.collection('orders').find({}, { sort: { n: 1 } })).toEqual([
          expect.objectContaining({ n: 1 }),
          expect.objectContaining({ n: 2, paid: true }),
        ]);
        await reopened.close();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('compacts only the datafiles written to since they were last written whole', async () => {
    let store = await openEmbeddedStore(dir);
    await store.collection('orders').insertMany([{ n: 1 }, { n: 2 }]);
    await store.collection('weeks').insertOne({ name: 'Semana 1' });
    await store.close();
    // Opened again: NeDB's load writes each file whole. One collection is written to, one is not.
    store = await openEmbeddedStore(dir);
    const orders = path.join(dir, 'orders.db');
    const weeks = path.join(dir, 'weeks.db');
    const [ordersBefore, weeksBefore] = [(await stat(orders)).ino, (await stat(weeks)).ino];
    const first = (await store.collection('orders').find({}, { sort: { n: 1 } }))[0]!;
    await store.collection('orders').updateOne({ _id: first._id }, { set: { paid: true } });
    expect(await store.collection('weeks').count({})).toBe(1);
    await store.close();
    // A compaction renames a new file in: the written one was, the untouched one kept its file.
    expect((await stat(orders)).ino).not.toBe(ordersBefore);
    expect((await stat(weeks)).ino).toBe(weeksBefore);
    expect((await readFile(orders, 'utf8')).trim().split('\n')).toHaveLength(2);
    store = await openEmbeddedStore(dir);
    expect(await store.collection('orders').find({}, { sort: { n: 1 } })).toEqual([
      expect.objectContaining({ n: 1, paid: true }),
      expect.objectContaining({ n: 2 }),
    ]);
    expect(await store.collection('weeks').find({})).toEqual([expect.objectContaining({ name: 'Semana 1' })]);
    await store.close();
  });

  it('refuses to open a datafile damaged anywhere but its last line', async () => {
    await writeFile(
      path.join(dir, 'orders.db'),
      '{"n":1,"_id":"65a1b2c3d4e5f60718293a4b"}\nnot json\n{"n":2,"_id":"65a1b2c3d4e5f60718293a4c"}\n',
    );
    await expect(openEmbeddedStore(dir)).rejects.toThrow(/corrupt/);
  });
});
