// Write counts per collection, for reads that are cached (src/core/admin/reads.ts). Every adapter
// returns its store through countingWrites(), so a write made by anything in this process, the
// services, the seed or a test, is counted, whichever store is in use.
import type { Collection, Doc, Store } from './port.ts';

const WRITES = [
  'insertOne',
  'insertMany',
  'updateOne',
  'softDelete',
  'deleteMany',
  'incrementWithin',
  'moveHold',
] as const;

export function countingWrites(store: Omit<Store, 'revision'>, onWrite?: (name: string) => void): Store {
  const revisions = new Map<string, number>();
  const wrapped = new Map<string, Collection>();
  const bump = (name: string) => {
    revisions.set(name, (revisions.get(name) ?? 0) + 1);
    onWrite?.(name);
  };
  const collection = <T extends Doc>(name: string): Collection<T> => {
    let found = wrapped.get(name);
    if (!found) {
      const real = store.collection(name);
      const counted: Collection = { ...real, name: real.name };
      for (const method of WRITES) {
        const write = real[method].bind(real) as (...args: unknown[]) => Promise<unknown>;
        // Counted when the write has finished, failed or not: a read that began before cannot
        // be cached under the new count with the old data.
        (counted as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
          write(...args).finally(() => bump(name));
      }
      found = counted;
      wrapped.set(name, found);
    }
    return found as unknown as Collection<T>;
  };
  return {
    kind: store.kind,
    collection,
    nextSequence: (name) => store.nextSequence(name),
    ping: () => store.ping(),
    close: () => store.close(),
    revision: (name) => revisions.get(name) ?? 0,
    ...(store.snapshot ? { snapshot: store.snapshot.bind(store) } : {}),
  };
}
