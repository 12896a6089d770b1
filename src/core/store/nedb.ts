// The NeDB side of the storage port, shared by the embedded file store (server/store/embedded.ts)
// and the in-memory store (./memory.ts): a collection over one NeDB datastore, and counters. NeDB
// runs every operation of a datastore through one queue, so a single update is atomic. No
// Node-only API here: the mocks run it in the browser.
import nedb from '@seald-io/nedb';
import { holdMovePlan, newId, toModifiers, valueAt, visible, withinBounds } from './common.ts';
import { DELETED_STATUS, DuplicateKeyError, HOLDS_FIELD } from './port.ts';
import { pickNarrowestIndex, type FullScanListener } from './nedb-candidates.ts';
import { keepUnchangedIndexKeys } from './nedb-index-updates.ts';
import type {
  AnyDoc,
  Collection,
  Doc,
  Filter,
  FindOptions,
  GuardedIncrement,
  HoldMove,
  IndexSpec,
  Store,
  Update,
} from './port.ts';

// The package is CommonJS typed with `export default`: at runtime the default import is the class.
export const Datastore = nedb as unknown as typeof nedb.default;
export type Datastore = InstanceType<typeof Datastore>;

/** Collection names become file names: letters, digits, '_' and '-' only. */
export const SAFE_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * `store.collection(name)` of a NeDB store: one collection object per (safe) name, each query
 * walking its narrowest index, each update re-indexing only the keys it changed; `onFullScan`
 * hears of every query that walked a whole collection.
 */
export function collectionsOf(
  datastore: (name: string) => Promise<Datastore>,
  onFullScan?: FullScanListener,
): Store['collection'] {
  const collections = new Map<string, Collection>();
  return <T extends Doc = AnyDoc>(name: string): Collection<T> => {
    if (!SAFE_NAME.test(name)) throw new Error(`Invalid collection name: ${name}`);
    let collection = collections.get(name);
    if (!collection) {
      collection = nedbCollection(name, async () => {
        const db = await datastore(name);
        pickNarrowestIndex(db, name, onFullScan);
        keepUnchangedIndexKeys(db);
        return db;
      });
      collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  };
}

/** The next value of a named counter, from one queued upsert (its lookup, insert and increment cannot interleave). */
export async function nextInCounters(counters: Datastore, name: string): Promise<number> {
  const { affectedDocuments } = await counters.updateAsync(
    { _id: name },
    { $inc: { seq: 1 } },
    { upsert: true, returnUpdatedDocs: true },
  );
  return (affectedDocuments as unknown as { seq: number }).seq;
}

export function nedbCollection(name: string, datastore: () => Promise<Datastore>): Collection {
  const uniqueIndexes: string[][] = [];
  const asDuplicate = (error: unknown, written: Array<Record<string, unknown>>): unknown =>
    isUniqueViolation(error)
      ? new DuplicateKeyError(name, violatedFields(error.key, uniqueIndexes, written))
      : error;

  const query = (filter: Filter, withDeleted?: boolean) => withoutEq(visible(filter, withDeleted));

  const find = async (filter: Filter, options: FindOptions = {}): Promise<AnyDoc[]> => {
    let cursor = (await datastore()).findAsync(query(filter, options.withDeleted));
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor) as unknown as AnyDoc[];
  };
  const findOne = async (filter: Filter, options: Pick<FindOptions, 'withDeleted' | 'sort'> = {}) =>
    (await find(filter, { ...options, limit: 1 }))[0] ?? null;
  const insertMany = async (docs: Array<Record<string, unknown>>): Promise<AnyDoc[]> => {
    if (docs.length === 0) return [];
    const withIds = docs.map((doc) => ({ ...doc, _id: doc._id ?? newId() }));
    try {
      // NeDB inserts an array all or nothing.
      return (await (await datastore()).insertAsync(withIds)) as unknown as AnyDoc[];
    } catch (error) {
      throw asDuplicate(error, withIds);
    }
  };
  const updateFirst = async (filter: Filter, modifiers: Record<string, unknown>): Promise<AnyDoc | null> => {
    const db = await datastore();
    const { affectedDocuments } = await db.updateAsync(filter, modifiers, { returnUpdatedDocs: true });
    return affectedDocuments ?? null;
  };

  return {
    name,
    async ensureIndex({ fields, unique = false, sparse = false }: IndexSpec) {
      try {
        // An array fieldName makes a compound index (NeDB >= 4).
        await (await datastore()).ensureIndexAsync({ fieldName: fields, unique, sparse });
      } catch (error) {
        throw isUniqueViolation(error) ? new DuplicateKeyError(name, fields) : error;
      }
      if (unique && !uniqueIndexes.some((known) => known.join() === fields.join())) {
        uniqueIndexes.push(fields);
      }
    },
    insertOne: async (doc) => (await insertMany([doc]))[0]!,
    insertMany,
    findById: (id, options) => findOne({ _id: id }, options),
    findOne,
    find,
    count: async (filter, options = {}) => (await datastore()).countAsync(query(filter, options.withDeleted)),
    async updateOne(filter: Filter, update: Update, options: Pick<FindOptions, 'withDeleted'> = {}) {
      const modifiers = toModifiers(update);
      if (!modifiers) return findOne(filter, options);
      try {
        return await updateFirst(query(filter, options.withDeleted), modifiers);
      } catch (error) {
        throw asDuplicate(error, [update.set ?? {}]);
      }
    },
    async softDelete(id) {
      const db = await datastore();
      const deletion = { $set: { status: DELETED_STATUS, deleted_at: new Date() } };
      const { numAffected } = await db.updateAsync(visible({ _id: id }), deletion);
      return numAffected > 0;
    },
    deleteMany: async (filter) => (await datastore()).removeAsync(withoutEq(filter), { multi: true }),
    async incrementWithin(id: string, { field, by, limitField, hold }: GuardedIncrement) {
      const holdPath = hold ? `${HOLDS_FIELD}.${hold}` : null;
      if (by <= 0) {
        // A release: modifiers apply in key order, so $max clamps the result of $inc at 0.
        return updateFirst(
          { ...visible({ _id: id }), ...(holdPath ? { [holdPath]: { $exists: true } } : {}) },
          {
            $inc: { [field]: by },
            $max: { [field]: 0 },
            ...(holdPath ? { $unset: { [holdPath]: true } } : {}),
          },
        );
      }
      // The bound is checked by the update's own query, inside the same queued operation as the change.
      return updateFirst(
        {
          ...visible({ _id: id }),
          ...(holdPath ? { [holdPath]: { $exists: false } } : {}),
          $where(this: AnyDoc) {
            return withinBounds(this, { field, limitField, delta: by });
          },
        },
        { $inc: { [field]: by }, ...(holdPath ? { $set: { [holdPath]: by } } : {}) },
      );
    },
    async moveHold(id: string, move: HoldMove) {
      const { field, limitField } = move;
      const { conditions, delta, groupRise, set, unset } = holdMovePlan(move);
      const { groupCap } = move;
      return updateFirst(
        {
          ...visible({ _id: id }),
          ...conditions,
          ...(delta > 0 || (groupCap && groupRise > 0)
            ? {
                $where(this: AnyDoc) {
                  return withinBounds(this, { field, limitField, delta, groupCap, groupRise });
                },
              }
            : {}),
        },
        {
          $inc: { [field]: delta },
          // Modifiers apply in key order: $max after $inc floors the counter at 0.
          ...(delta < 0 ? { $max: { [field]: 0 } } : {}),
          ...(Object.keys(set).length ? { $set: set } : {}),
          ...(unset.length ? { $unset: Object.fromEntries(unset.map((path) => [path, true])) } : {}),
        },
      );
    },
  };
}

/** NeDB has no `$eq`; `$in` with that one value means the same. */
function withoutEq(filter: Filter): Filter {
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => {
      if ((key === '$and' || key === '$or') && Array.isArray(value)) return [key, value.map(withoutEq)];
      if (value === null || typeof value !== 'object' || !('$eq' in value)) return [key, value];
      const { $eq, ...rest } = value as Record<string, unknown>;
      if ('$in' in rest) throw new Error(`The embedded store cannot combine $eq and $in on ${key}`);
      return [key, { ...rest, $in: [$eq] }];
    }),
  );
}

function isUniqueViolation(error: unknown): error is { errorType: 'uniqueViolated'; key: unknown } {
  return (error as { errorType?: unknown } | null)?.errorType === 'uniqueViolated';
}

/** NeDB reports the offending key but not the index: find the unique index that key belongs to. */
function violatedFields(
  key: unknown,
  uniqueIndexes: string[][],
  written: Array<Record<string, unknown>>,
): string[] {
  // A compound index key is an object of its (sorted) fields.
  if (key !== null && typeof key === 'object' && !(key instanceof Date)) return Object.keys(key);
  const singles = [...uniqueIndexes.filter((fields) => fields.length === 1), ['_id']];
  const same = (value: unknown) =>
    value instanceof Date && key instanceof Date ? value.getTime() === key.getTime() : value === key;
  return singles.find(([field]) => written.some((doc) => same(valueAt(doc, field!)))) ?? [];
}
