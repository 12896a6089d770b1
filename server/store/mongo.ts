// MongoDB adapter on the official driver. Every port operation is one server command, so the
// atomicity the port promises (incrementWithin, nextSequence) comes from single-document updates.
import { MongoClient, MongoServerError } from 'mongodb';
import type { Document, Collection as MongoCollection, Filter as MongoFilter } from 'mongodb';
import { holdMovePlan, newId, toModifiers, visible } from '../../src/core/store/common.ts';
import { DELETED_STATUS, DuplicateKeyError, HOLDS_FIELD } from './port.ts';
import { countingWrites } from '../../src/core/store/revisions.ts';
import type {
  Collection,
  AnyDoc,
  Doc,
  Filter,
  FindOptions,
  GuardedIncrement,
  HoldMove,
  IndexSpec,
  Store,
  Update,
} from './port.ts';

const COUNTERS = 'counters';
const DUPLICATE_KEY = 11000;

export interface MongoStoreOptions {
  /** Defaults to the database named in the URI (the driver's own default otherwise). */
  dbName?: string;
  /** How long to wait for a reachable server before an operation fails (default 5000, or the URI's). */
  serverSelectionTimeoutMS?: number;
}

export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  // Fail fast rather than after the driver's 30 s, unless the URI sets its own timeout.
  const uriTimeout = /[?&]serverSelectionTimeoutMS=/i.test(uri);
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? (uriTimeout ? undefined : 5000),
    // Undefined fields are left out, as they are in the embedded store's JSON lines (not stored as null).
    ignoreUndefined: true,
  });
  await client.connect();
  const db = client.db(options.dbName);

  return countingWrites({
    kind: 'mongodb',
    collection: <T extends Doc = AnyDoc>(name: string) =>
      mongoCollection(db.collection<AnyDoc>(name), name) as unknown as Collection<T>,
    async nextSequence(name) {
      const counter = await db
        .collection<{ _id: string; seq: number }>(COUNTERS)
        .findOneAndUpdate({ _id: name }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
      return counter!.seq;
    },
    async ping() {
      await db.command({ ping: 1 });
    },
    close: () => client.close(),
  });
}

/** MongoDB's Spanish collation: accents and ñ in their Spanish places, equality still exact. */
export const SPANISH_COLLATION = { locale: 'es' } as const;

export function mongoCollection(collection: MongoCollection<AnyDoc>, name: string): Collection {
  /** Runs a write, turning a duplicate key error into the port's DuplicateKeyError. */
  const write = async <R>(operation: () => Promise<R>): Promise<R> => {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
      // insertMany's bulk error has no keyPattern: then look up the index the message names.
      let pattern = error.keyPattern as Document | undefined;
      const indexName = /index: (\S+)/.exec(error.message)?.[1];
      if (!pattern && indexName) {
        pattern = (await collection.indexes()).find((index) => index.name === indexName)?.key;
      }
      throw new DuplicateKeyError(name, Object.keys(pattern ?? {}));
    }
  };
  const query = (filter: Filter, withDeleted?: boolean) =>
    visible(filter, withDeleted) as MongoFilter<AnyDoc>;

  const find = (filter: Filter, options: FindOptions = {}): Promise<AnyDoc[]> => {
    const { sort, skip, limit, spanish } = options;
    return collection
      .find(query(filter, options.withDeleted), {
        sort,
        skip,
        limit,
        ...(spanish ? { collation: SPANISH_COLLATION } : {}),
      })
      .toArray();
  };
  const findOne = (filter: Filter, options: Pick<FindOptions, 'withDeleted' | 'sort'> = {}) =>
    collection.findOne(query(filter, options.withDeleted), { sort: options.sort });
  const withId = (doc: Record<string, unknown>): AnyDoc => ({
    ...doc,
    _id: (doc._id as string | undefined) ?? newId(),
  });
  const updateFirst = (filter: Filter, update: Document | Document[]) =>
    write(() =>
      collection.findOneAndUpdate(filter as MongoFilter<AnyDoc>, update, { returnDocument: 'after' }),
    );

  return {
    name,
    async ensureIndex({ fields, unique = false, sparse = false }: IndexSpec) {
      const keys = Object.fromEntries(fields.map((field) => [field, 1]));
      await write(() => collection.createIndex(keys, { unique, sparse }));
    },
    async insertOne(doc) {
      const stored = withId(doc);
      await write(() => collection.insertOne(stored));
      return stored;
    },
    async insertMany(docs) {
      if (docs.length === 0) return [];
      const stored = docs.map(withId);
      await write(() => collection.insertMany(stored));
      return stored;
    },
    findById: (id, options) => findOne({ _id: id }, options),
    findOne,
    find,
    count: (filter, options = {}) => collection.countDocuments(query(filter, options.withDeleted)),
    async updateOne(filter: Filter, update: Update, options: Pick<FindOptions, 'withDeleted'> = {}) {
      const modifiers = toModifiers(update);
      if (!modifiers) return findOne(filter, options);
      return updateFirst(visible(filter, options.withDeleted), modifiers);
    },
    async softDelete(id) {
      const result = await collection.updateOne(query({ _id: id }), {
        $set: { status: DELETED_STATUS, deleted_at: new Date() },
      });
      return result.modifiedCount > 0;
    },
    deleteMany: async (filter) => (await collection.deleteMany(filter)).deletedCount,
    async incrementWithin(id: string, { field, by, limitField, hold }: GuardedIncrement) {
      const current = { $ifNull: [`$${field}`, 0] };
      const holdPath = hold ? `${HOLDS_FIELD}.${hold}` : null;
      if (by <= 0) {
        // A release: an update pipeline computes the new value from the stored one, floored at 0.
        return updateFirst(
          { ...visible({ _id: id }), ...(holdPath ? { [holdPath]: { $exists: true } } : {}) },
          [
            { $set: { [field]: { $max: [0, { $add: [current, by] }] } } },
            ...(holdPath ? [{ $unset: holdPath }] : []),
          ],
        );
      }
      // The bound is part of the filter, so the check and the increment are one atomic document update.
      const limit = { $ifNull: [`$${limitField}`, 0] };
      return updateFirst(
        {
          ...visible({ _id: id }),
          ...(holdPath ? { [holdPath]: { $exists: false } } : {}),
          $expr: { $or: [{ $eq: [limit, 0] }, { $lte: [{ $add: [current, by] }, limit] }] },
        },
        { $inc: { [field]: by }, ...(holdPath ? { $set: { [holdPath]: by } } : {}) },
      );
    },
    async moveHold(id: string, move: HoldMove) {
      const { field, limitField } = move;
      const { conditions, delta, groupRise, set, unset } = holdMovePlan(move);
      const { groupCap } = move;
      const current = { $ifNull: [`$${field}`, 0] };
      const limit = { $ifNull: [`$${limitField}`, 0] };
      const withinLimit = { $or: [{ $eq: [limit, 0] }, { $lte: [{ $add: [current, delta] }, limit] }] };
      // The group's sum: the holds whose names start with the prefix, added up on the server.
      const groupSum = groupCap && {
        $reduce: {
          input: {
            $filter: {
              input: { $objectToArray: { $ifNull: [`$${HOLDS_FIELD}`, {}] } },
              as: 'hold',
              cond: {
                $eq: [{ $substrCP: ['$$hold.k', 0, groupCap.prefix.length] }, { $literal: groupCap.prefix }],
              },
            },
          },
          initialValue: 0,
          in: { $add: ['$$value', '$$this.v'] },
        },
      };
      const checks = [
        ...(delta > 0 ? [withinLimit] : []),
        ...(groupSum && groupRise > 0 ? [{ $lte: [{ $add: [groupSum, groupRise] }, groupCap.max] }] : []),
      ];
      // An update pipeline: the counter is computed from the stored one (floored at 0) and the
      // holds are set and removed in the same single-document update; $literal keeps values as data.
      const values = Object.fromEntries(
        Object.entries(set).map(([path, value]) => [path, { $literal: value }]),
      );
      return updateFirst(
        {
          ...visible({ _id: id }),
          ...conditions,
          ...(checks.length ? { $expr: { $and: checks } } : {}),
        },
        [
          { $set: { [field]: { $max: [0, { $add: [current, delta] }] }, ...values } },
          ...(unset.length ? [{ $unset: unset }] : []),
        ],
      );
    },
  };
}
