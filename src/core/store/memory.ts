// The in-memory store: the storage port on NeDB datastores that never touch a disk. The same
// collection code as the embedded store (./nedb.ts), so the same query language, unique indexes
// and atomic guarded increments; it passes the store contract. For tests, and for the mocks in the
// browser.
import { compareSpanish } from './common.ts';
import { collectionsOf, Datastore, nextInCounters } from './nedb.ts';
import type { Store } from './port.ts';
import { countingWrites } from './revisions.ts';

export function openMemoryStore(): Store {
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
  return countingWrites({
    kind: 'memory',
    collection: collectionsOf((name) => Promise.resolve(datastore(name))),
    nextSequence: (name) => nextInCounters(counters, name),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  });
}
