// For tests: records which collection each `find` reaches, to show what a cache or an index spared.
import type { Store } from './port.ts';

/** Records the collection of every `find` made through the store from now on. */
export function spyOnFinds(store: Store, finds: string[]): void {
  const collection = store.collection.bind(store);
  store.collection = ((name: string) => {
    const real = collection(name);
    return {
      ...real,
      find: (...args: Parameters<typeof real.find>) => (finds.push(name), real.find(...args)),
    };
  }) as Store['collection'];
}
