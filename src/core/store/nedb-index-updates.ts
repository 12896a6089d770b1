// How a NeDB update re-indexes a document. NeDB takes every updated document out of every index
// of its collection and puts it back, even where its key did not change. Taking one document out
// of a key copies that key's whole list (binary-search-tree's delete filters it), so each update of
// an order copied the list of every order of its camp (`inscripciones.campament`): a checkout's cost
// grew with the orders of the camp. Here a document whose key in an index is unchanged only takes
// its old version's place in that key's list; NeDB still moves the documents whose key changed, with
// its own checks (unique keys) and rollback. The same documents under the same keys either way.
import model from '@seald-io/nedb/lib/model.js';
import type { AnyDoc } from './port.ts';

interface Pair {
  oldDoc: AnyDoc;
  newDoc: AnyDoc;
}

/** The part of a NeDB index (lib/indexes.js) this module reads or replaces. */
interface NedbIndex {
  _fields: string[];
  tree: {
    search(key: unknown): AnyDoc[];
    tree: { compareKeys(a: unknown, b: unknown): number };
  };
  update: (this: NedbIndex, oldDoc: AnyDoc | Pair[], newDoc?: AnyDoc) => void;
}

const patched = new WeakSet<object>();

/** Makes the indexes of `db` (a NeDB datastore; all of NeDB's, the class is shared) keep unchanged keys in place. Idempotent. */
export function keepUnchangedIndexKeys(db: object): void {
  const index = (db as { indexes: Record<string, NedbIndex> }).indexes._id;
  const prototype = index ? (Object.getPrototypeOf(index) as NedbIndex) : null;
  if (!prototype || patched.has(prototype)) return;
  patched.add(prototype);
  const moveAll = prototype.update;
  prototype.update = function update(this: NedbIndex, oldDoc: AnyDoc | Pair[], newDoc?: AnyDoc) {
    const pairs = Array.isArray(oldDoc) ? oldDoc : [{ oldDoc, newDoc: newDoc! }];
    const kept: Pair[] = [];
    const moved: Pair[] = [];
    for (const pair of pairs) (replaceInPlace(this, pair.oldDoc, pair.newDoc) ? kept : moved).push(pair);
    if (moved.length === 0) return;
    try {
      moveAll.call(this, moved);
    } catch (error) {
      // NeDB rolled back the moved ones; the kept ones go back to their old versions too.
      for (const pair of kept) replaceInPlace(this, pair.newDoc, pair.oldDoc);
      throw error;
    }
  };
}

/**
 * Puts `next` where `current` is in `index` when both have the same key (as the index compares
 * keys) and `current` is indexed under it; false otherwise (an array key, a changed key, a sparse
 * index without the document), and nothing is changed.
 */
function replaceInPlace(index: NedbIndex, current: AnyDoc, next: AnyDoc): boolean {
  const key = model.getDotValues(current, index._fields);
  const nextKey = model.getDotValues(next, index._fields);
  if (Array.isArray(key) || Array.isArray(nextKey)) return false;
  if (index.tree.tree.compareKeys(key, nextKey) !== 0) return false;
  const list = index.tree.search(key);
  const at = list.indexOf(current);
  if (at < 0) return false;
  list[at] = next;
  return true;
}
