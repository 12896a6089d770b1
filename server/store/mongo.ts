// MongoDB adapter on the official driver. Every port operation is one server command, so the
// atomicity the port promises (incrementWithin, nextSequence) comes from single-document updates.
// Over 500 lines on purpose: one concern, the store port on MongoDB, every operation beside the
// others it must agree with (FerretDB's write locks, the Spanish sort keys, holds).
import { MongoClient, MongoServerError } from 'mongodb';
import type { Db, Document, Collection as MongoCollection, Filter as MongoFilter } from 'mongodb';
import {
  holdMovePlan,
  newId,
  numberAt,
  spanishSortKey,
  toModifiers,
  valueAt,
  visible,
  withinBounds,
} from '../../src/core/store/common.ts';
import { DELETED_STATUS, DuplicateKeyError, HOLD_EXPIRY_FIELD, HOLDS_FIELD } from './port.ts';
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
  /**
   * A client already connected, shared by the stores of several schools (one pool for the whole
   * deployment, not one per school): the store does not close it.
   */
  client?: MongoClient;
}

/** A connected client for `uri` with the store's settings. */
export async function connectMongo(uri: string, serverSelectionTimeoutMS?: number): Promise<MongoClient> {
  // Fail fast rather than after the driver's 30 s, unless the URI sets its own timeout.
  const uriTimeout = /[?&]serverSelectionTimeoutMS=/i.test(uri);
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: serverSelectionTimeoutMS ?? (uriTimeout ? undefined : 5000),
    // Undefined fields are left out, as they are in the embedded store's JSON lines (not stored as null).
    ignoreUndefined: true,
  });
  await client.connect();
  return client;
}

export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<Store> {
  const client = options.client ?? (await connectMongo(uri, options.serverSelectionTimeoutMS));
  const db = client.db(options.dbName);
  // FerretDB says so in buildInfo; its updates are not atomic, so its writes take a lock (below).
  const info = await db.command({ buildInfo: 1 });
  const locks = info.ferretdbVersion ? documentLocks(db) : null;

  return countingWrites({
    kind: 'mongodb',
    collection: <T extends Doc = AnyDoc>(name: string) =>
      mongoCollection(db.collection<AnyDoc>(name), name, locks) as unknown as Collection<T>,
    async nextSequence(name) {
      const counters = db.collection<{ _id: string; seq: number }>(COUNTERS);
      for (let attempt = 0; ; attempt += 1) {
        try {
          const counter = await lockedBy(locks, `${COUNTERS}/${name}`, () =>
            counters.findOneAndUpdate(
              { _id: name },
              { $inc: { seq: 1 } },
              { upsert: true, returnDocument: 'after' },
            ),
          );
          return counter!.seq;
        } catch (error) {
          // Two first calls can both try to insert the counter (MongoDB documents this race of
          // upserts; FerretDB meets it often): the one that lost increments the one that won.
          if (!(error instanceof MongoServerError) || !isDuplicateKey(error) || attempt > 2) throw error;
        }
      }
    },
    async ping() {
      await db.command({ ping: 1 });
    },
    close: async () => {
      if (!options.client) await client.close();
    },
  });
}

export function mongoCollection(
  collection: MongoCollection<AnyDoc>,
  name: string,
  /** A server whose updates are not atomic (FerretDB): every update of a document holds its lock. */
  locks: DocumentLocks | null = null,
): Collection {
  const locked = <T>(id: unknown, work: () => Promise<T>) => lockedBy(locks, `${name}/${String(id)}`, work);
  /** Runs a write, turning a duplicate key error into the port's DuplicateKeyError. */
  const write = async <R>(
    operation: () => Promise<R>,
    /** What was being written, to name the index a server that does not say (FerretDB) refused it by. */
    written: () => Promise<{ docs: AnyDoc[]; inserted: boolean }> = async () => ({
      docs: [],
      inserted: false,
    }),
    known?: Document,
  ): Promise<R> => {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof MongoServerError) || !isDuplicateKey(error)) throw error;
      // insertMany's bulk error has no keyPattern: then look up the index the message names.
      let pattern = (error.keyPattern as Document | undefined) ?? known;
      const indexName = /index: (\S+)/.exec(error.message)?.[1];
      const indexes = pattern ? [] : await collection.indexes();
      if (!pattern && indexName) pattern = indexes.find((index) => index.name === indexName)?.key;
      // Neither (FerretDB): the unique index that holds another document with the same values.
      if (!pattern) {
        const { docs, inserted } = await written().catch(() => ({ docs: [], inserted: false }));
        pattern = await collidingIndex(indexes, docs, inserted);
      }
      throw new DuplicateKeyError(name, Object.keys(pattern ?? {}));
    }
  };
  /** The unique index on which another document has the values of one of `docs`. */
  const collidingIndex = async (
    indexes: Document[],
    docs: AnyDoc[],
    /** Inserts may collide on _id; an update never changes a document's _id. */
    inserted: boolean,
  ): Promise<Document | undefined> => {
    // _id last: in a batch, a document already written by the same insertMany finds itself by _id.
    const candidates = [
      ...indexes.filter((one) => one.unique && one.name !== '_id_'),
      ...(inserted ? indexes.filter((one) => one.name === '_id_') : []),
    ];
    for (const index of candidates) {
      const fields = Object.keys(index.key as Document);
      for (const doc of docs) {
        const values = fields.map((field) => valueAt(doc, field));
        if (index.sparse && values.some((value) => value === undefined)) continue;
        const same = Object.fromEntries(fields.map((field, at) => [field, values[at] ?? null]));
        const other = await collection.findOne(
          fields.includes('_id') ? same : { ...same, _id: { $ne: doc._id } },
        );
        if (other) return index.key as Document;
      }
    }
    return undefined;
  };
  const query = (filter: Filter, withDeleted?: boolean) =>
    visible(filter, withDeleted) as MongoFilter<AnyDoc>;

  const find = async (filter: Filter, options: FindOptions = {}): Promise<AnyDoc[]> => {
    const { sort, skip, limit, spanish } = options;
    if (spanish && sort) await backfillSortKeys(Object.keys(sort));
    const docs = await collection
      .find(query(filter, options.withDeleted), {
        sort: spanish && sort ? spanishSort(sort) : sort,
        skip,
        limit,
      })
      .toArray();
    return docs.map(withoutSortKeys);
  };
  const findOne = async (filter: Filter, options: Pick<FindOptions, 'withDeleted' | 'sort'> = {}) =>
    withoutSortKeys(await collection.findOne(query(filter, options.withDeleted), { sort: options.sort }));
  const withId = (doc: Record<string, unknown>): AnyDoc => ({
    ...doc,
    _id: (doc._id as string | undefined) ?? newId(),
  });
  /**
   * Stored records carry their texts' Spanish keys (issue 57) for the records written before them:
   * once per field and process, a list sorted by a text field gives the records that lack the key
   * theirs, each written only while the text is still the one read.
   */
  const backfilled = new Set<string>();
  const backfillSortKeys = async (fields: string[]) => {
    for (const field of fields) {
      if (field === '_id' || backfilled.has(field)) continue;
      const lacking = await collection
        .find({ [field]: { $type: 'string' }, [`${SORT_KEYS}.${field}`]: { $exists: false } })
        .project<AnyDoc>({ _id: 1, [field]: 1 })
        .toArray();
      for (const doc of lacking)
        await locked(doc._id, () =>
          collection.updateOne(
            { _id: doc._id, [field]: doc[field] },
            { $set: { [`${SORT_KEYS}.${field}`]: spanishSortKey(doc[field] as string) } },
          ),
        );
      backfilled.add(field);
    }
  };
  const updateFirst = async (filter: Filter, update: Document) =>
    withoutSortKeys(
      await write(
        () =>
          collection.findOneAndUpdate(filter as MongoFilter<AnyDoc>, withSortKeyUpdates(update), {
            returnDocument: 'after',
          }),
        // The document as the refused update would have left it: the one it matched, with its $set.
        async () => {
          const matched = await collection.findOne(filter as MongoFilter<AnyDoc>);
          if (!matched) return { docs: [], inserted: false };
          const next: AnyDoc = structuredClone(matched);
          for (const [path, value] of Object.entries((update.$set ?? {}) as Record<string, unknown>))
            setAt(next, path, value);
          return { docs: [next], inserted: false };
        },
      ),
    );

  return {
    name,
    async ensureIndex({ fields, unique = false, sparse = false }: IndexSpec) {
      const keys = Object.fromEntries(fields.map((field) => [field, 1]));
      // A unique index over existing duplicates is refused by the index it is (FerretDB names none).
      await write(
        () => collection.createIndex(keys, { unique, sparse }),
        async () => ({ docs: [], inserted: false }),
        keys,
      );
    },
    async insertOne(doc) {
      const stored = withId(doc);
      await write(
        () => collection.insertOne(withSortKeys(stored)),
        async () => ({ docs: [stored], inserted: true }),
      );
      return stored;
    },
    async insertMany(docs) {
      if (docs.length === 0) return [];
      const stored = docs.map(withId);
      await write(
        () => collection.insertMany(stored.map(withSortKeys)),
        async () => ({ docs: stored, inserted: true }),
      );
      return stored;
    },
    findById: (id, options) => findOne({ _id: id }, options),
    findOne,
    find,
    count: (filter, options = {}) => collection.countDocuments(query(filter, options.withDeleted)),
    async updateOne(filter: Filter, update: Update, options: Pick<FindOptions, 'withDeleted'> = {}) {
      const modifiers = toModifiers(update);
      if (!modifiers) return findOne(filter, options);
      const matching = visible(filter, options.withDeleted);
      if (!locks) return updateFirst(matching, modifiers);
      // Without atomic updates: the first matching document, locked, then updated only if it still
      // matches (another instance may have changed it before the lock); else the next one.
      for (;;) {
        const candidate = await collection.findOne(matching as MongoFilter<AnyDoc>, {
          projection: { _id: 1 },
        });
        if (!candidate) return null;
        const written = await locked(candidate._id, () =>
          updateFirst({ $and: [matching, { _id: candidate._id }] }, modifiers),
        );
        if (written) return written;
      }
    },
    softDelete: (id) =>
      locked(id, async () => {
        const result = await collection.updateOne(
          query({ _id: id }),
          withSortKeyUpdates({ $set: { status: DELETED_STATUS, deleted_at: new Date() } }),
        );
        return result.modifiedCount > 0;
      }),
    deleteMany: async (filter) => (await collection.deleteMany(filter)).deletedCount,
    incrementWithin: (id: string, { field, by, limitField, hold }: GuardedIncrement) =>
      guardedUpdate(id, field, limitField, (doc) => {
        const holds = (doc[HOLDS_FIELD] ?? {}) as Record<string, unknown>;
        const holdPath = hold ? `${HOLDS_FIELD}.${hold}` : null;
        const current = numberAt(doc, field);
        if (by <= 0) {
          // A release: only while the hold exists, and never below 0.
          if (hold && !(hold in holds)) return null;
          return { value: Math.max(0, current + by), set: {}, unset: holdPath ? [holdPath] : [] };
        }
        if (hold && hold in holds) return null;
        if (!withinBounds(doc, { field, limitField, delta: by })) return null;
        return { value: current + by, set: holdPath ? { [holdPath]: by } : {}, unset: [] };
      }),
    moveHold: (id: string, move: HoldMove) =>
      guardedUpdate(id, move.field, move.limitField, (doc) => {
        const { conditions, delta, groupRise, set, unset } = holdMovePlan(move);
        if (!matches(doc, conditions)) return null;
        if (!withinBounds(doc, { ...move, delta, groupRise })) return null;
        return { value: Math.max(0, numberAt(doc, move.field) + delta), set, unset };
      }),
  };

  /**
   * A counter's guarded change as compare-and-set (issue 57): the document is read, `decide` checks
   * the bound and the holds on it, and the write lands only if the document is still as read (its
   * counter, bound and holds), else it is read again. Plain query operators and $set/$unset/$inc
   * only, no $expr and no update pipeline: FerretDB 1.24, Cosmos DB for MongoDB and older DocumentDB
   * lack them, and on MongoDB it is as atomic (one single-document conditional update per try).
   */
  async function guardedUpdate(
    id: string,
    field: string,
    limitField: string,
    decide: (doc: AnyDoc) => { value: number; set: Record<string, unknown>; unset: string[] } | null,
  ): Promise<AnyDoc | null> {
    for (let attempt = 0; ; attempt += 1) {
      const done = await locked(id, async () => {
        const doc = await findOne({ _id: id });
        if (!doc) return { result: null };
        const change = decide(doc);
        if (!change) return { result: null };
        const asRead = (path: string) => {
          const value = valueAt(doc, path);
          return value === undefined ? { $exists: false } : value;
        };
        const unset = change.unset.filter((path) => !(path in change.set));
        const written = await updateFirst(
          {
            ...visible({ _id: id }),
            [field]: asRead(field),
            [limitField]: asRead(limitField),
            // The holds as read, whole (a group's sum, a hold's amount and expiry were decided on them).
            [HOLDS_FIELD]: asRead(HOLDS_FIELD),
            [HOLD_EXPIRY_FIELD]: asRead(HOLD_EXPIRY_FIELD),
          },
          {
            $set: { ...change.set, [field]: change.value },
            ...(unset.length ? { $unset: Object.fromEntries(unset.map((path) => [path, ''])) } : {}),
          },
        );
        return written ? { result: written } : null;
      });
      if (done) return done.result;
      // Changed since it was read (another instance took places meanwhile): read it again, with a
      // little jitter once the same document is contended, so the racers do not move in lockstep.
      if (attempt >= 3) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

/**
 * Whether a document meets a hold move's conditions (../../src/core/store/common.ts holdMovePlan):
 * a value, `$exists: false`, or `$lte` a date, at a dotted path.
 */
function matches(doc: Record<string, unknown>, conditions: Filter): boolean {
  return Object.entries(conditions).every(([path, condition]) => {
    const value = valueAt(doc, path);
    if (condition !== null && typeof condition === 'object' && !(condition instanceof Date)) {
      const { $exists, $lte } = condition as { $exists?: boolean; $lte?: Date | number };
      if ($exists !== undefined && (value !== undefined) !== $exists) return false;
      if ($lte !== undefined) {
        if (value === undefined || value === null) return false;
        const left = value instanceof Date ? value.getTime() : Number(value);
        const right = $lte instanceof Date ? $lte.getTime() : Number($lte);
        if (!(left <= right)) return false;
      }
      return true;
    }
    return condition instanceof Date && value instanceof Date
      ? condition.getTime() === value.getTime()
      : value === condition;
  });
}

/**
 * MongoDB's duplicate key code. FerretDB 1.24 answers an insert so, but an update or an index over
 * duplicates as an InternalError naming its backend's unique constraint.
 */
// FerretDB names the backend's refusal: SQLite's 'UNIQUE constraint failed', PostgreSQL's
// 'duplicate key value violates unique constraint' or, for an index over duplicates, 'could not
// create unique index' (SQLSTATE 23505, unique_violation).
const isDuplicateKey = (error: MongoServerError): boolean =>
  error.code === DUPLICATE_KEY ||
  /duplicate key|unique constraint|could not create unique index|SQLSTATE 23505/i.test(error.message);

/** Sets a value at a dotted path, creating the objects on the way. */
function setAt(doc: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = doc;
  for (const key of keys.slice(0, -1)) {
    if (at[key] === null || typeof at[key] !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys.at(-1)!] = value;
}

/**
 * A write lock per document for servers whose updates are not atomic (issue 57: FerretDB 1.24 reads
 * a document and writes it back by _id, so two updates at once can both pass their filter). A lock
 * is a document with a unique _id, which such a server does insert atomically; it holds for a
 * lease, so one left by a dead process is taken over once the lease has run out.
 */
export interface DocumentLocks {
  around<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** Longer than any single-document write takes; only a crashed holder's lock waits this long. */
const LOCK_LEASE_MS = 10_000;

function documentLocks(db: Db): DocumentLocks {
  const locks = db.collection<{ _id: string; token: string; until: Date }>(LOCKS);
  /**
   * Takes over a lock whose lease ran out (its holder died). Only one taker may delete it: the
   * delete is itself a read and a delete by _id on such a server, so two takers could otherwise
   * both pass its filter, and the second would delete the lock the first had just taken. Each dead
   * lock is claimed first by inserting a document named after its token (a unique insert: one
   * winner); the claims stay, so a taker that read the dead lock late cannot claim it again.
   */
  const takeOver = async (key: string, token: string) => {
    const held = await locks.findOne({ _id: key });
    if (!held || held.until >= new Date()) return;
    try {
      await locks.insertOne({ _id: `${key}#${held.token}`, token, until: held.until });
    } catch (error) {
      if (error instanceof MongoServerError && isDuplicateKey(error)) return;
      throw error;
    }
    await locks.deleteOne({ _id: key, token: held.token });
  };
  return {
    async around(key, work) {
      const token = newId();
      for (let attempt = 0; ; attempt += 1) {
        try {
          await locks.insertOne({ _id: key, token, until: new Date(Date.now() + LOCK_LEASE_MS) });
          break;
        } catch (error) {
          if (!(error instanceof MongoServerError) || !isDuplicateKey(error)) throw error;
          // Held: by a live writer (wait a moment), or by a dead one (its lease ran out: taken over).
          await takeOver(key, token);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 + attempt, 20)));
        }
      }
      try {
        return await work();
      } finally {
        // Only the holder deletes its lock while it holds it: nobody can insert another meanwhile.
        await locks.deleteOne({ _id: key, token }).catch(() => undefined);
      }
    },
  };
}

const LOCKS = 'write_locks';

const lockedBy = <T>(locks: DocumentLocks | null, key: string, work: () => Promise<T>): Promise<T> =>
  locks ? locks.around(key, work) : work();

/**
 * Where each record keeps its top-level texts' Spanish keys (src/core/store/common.ts
 * spanishSortKey): staff lists sort by them rather than by a collation, which FerretDB, Cosmos DB
 * for MongoDB and older DocumentDB lack, so every server (and the embedded store) gives the same
 * order. Kept by every write of the adapter, never answered to its callers.
 */
const SORT_KEYS = '_orden';

function withSortKeys(doc: AnyDoc): AnyDoc {
  const keys = Object.fromEntries(
    Object.entries(doc)
      .filter(([field, value]) => field !== '_id' && typeof value === 'string')
      .map(([field, value]) => [field, spanishSortKey(value as string)]),
  );
  return { ...doc, [SORT_KEYS]: keys };
}

function withoutSortKeys<T extends AnyDoc | null>(doc: T): T {
  if (doc && SORT_KEYS in doc) delete (doc as Record<string, unknown>)[SORT_KEYS];
  return doc;
}

/** An update's modifiers with the keys of the top-level texts it sets (or removes) kept in step. */
function withSortKeyUpdates(update: Document): Document {
  const set = (update.$set ?? {}) as Record<string, unknown>;
  const unset = (update.$unset ?? {}) as Record<string, unknown>;
  const keySet: Record<string, string> = {};
  const keyUnset: Record<string, ''> = {};
  for (const [path, value] of Object.entries(set)) {
    if (path.includes('.') || path === '_id') continue;
    if (typeof value === 'string') keySet[`${SORT_KEYS}.${path}`] = spanishSortKey(value);
    else keyUnset[`${SORT_KEYS}.${path}`] = '';
  }
  for (const path of Object.keys(unset)) if (!path.includes('.')) keyUnset[`${SORT_KEYS}.${path}`] = '';
  if (Object.keys(keySet).length === 0 && Object.keys(keyUnset).length === 0) return update;
  return {
    ...update,
    $set: { ...set, ...keySet },
    ...(Object.keys(unset).length || Object.keys(keyUnset).length
      ? { $unset: { ...unset, ...keyUnset } }
      : {}),
  };
}

/** A sort by texts in Spanish order: each field's key first (absent for non-texts), then the field. */
const spanishSort = (sort: Record<string, 1 | -1>): Record<string, 1 | -1> =>
  Object.fromEntries(
    Object.entries(sort).flatMap(([field, direction]) =>
      field === '_id'
        ? [[field, direction]]
        : [
            [`${SORT_KEYS}.${field}`, direction],
            [field, direction],
          ],
    ),
  );
