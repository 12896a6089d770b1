// The in-memory store: the storage port on NeDB datastores that never touch a disk. The same
// collection code as the embedded store (./nedb.ts), so the same query language, unique indexes
// and atomic guarded increments; it passes the store contract. For tests, and for the mocks in the
// browser.
import { compareSpanish } from './common.ts';
import { collectionsOf, Datastore, nextInCounters } from './nedb.ts';
import type { Store } from './port.ts';
import { countingWrites } from './revisions.ts';

export function openMemoryStore(): Store {
  return openSnapshotMemoryStore().store;
}

/** A memory store's whole content (mock mode keeps a tester's data across reloads with it). */
export interface MemorySnapshot {
  collections: Record<string, Array<Record<string, unknown>>>;
  counters: Array<Record<string, unknown>>;
}

/**
 * A memory store that can be taken whole (`snapshot`) and started again from what was taken, with
 * a call after each write (when to save it).
 */
export function openSnapshotMemoryStore(
  from?: MemorySnapshot,
  onWrite?: (name: string) => void,
): { store: Store; ready: Promise<void>; snapshot: () => MemorySnapshot } {
  const datastores = new Map<string, Datastore>();
  const datastore = (name: string): Datastore => {
    let db = datastores.get(name);
    if (!db) {
      db = new Datastore({ inMemoryOnly: true, compareStrings: compareSpanish });
      datastores.set(name, db);
    }
    return db;
  };
  const counters = new Datastore({ inMemoryOnly: true });
  const ready = (async () => {
    if (!from) return;
    for (const [name, docs] of Object.entries(from.collections))
      if (docs.length > 0) await datastore(name).insertAsync(docs);
    if (from.counters.length > 0) await counters.insertAsync(from.counters);
  })();
  const store = countingWrites(
    {
      kind: 'memory',
      collection: collectionsOf(async (name) => {
        await ready;
        return datastore(name);
      }),
      nextSequence: async (name) => {
        await ready;
        return nextInCounters(counters, name);
      },
      ping: () => Promise.resolve(),
      close: () => Promise.resolve(),
    },
    onWrite,
  );
  const all = (db: Datastore) => db.getAllData() as Array<Record<string, unknown>>;
  return {
    store,
    ready,
    snapshot: () => ({
      collections: Object.fromEntries([...datastores].map(([name, db]) => [name, all(db)])),
      counters: all(counters),
    }),
  };
}
