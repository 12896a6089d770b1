// The storage port: the only way services reach data. Three adapters implement it (embedded file
// store and MongoDB on the server, the in-memory store of ./memory.ts for tests and the mocks); all
// pass the shared contract suite (server/store/contract.ts).

/** Every stored record has a string id (24 hex characters, ObjectId-like, sortable by creation). */
export interface Doc {
  _id: string;
}

/** A document of unknown shape (collections used without a record type). */
export interface AnyDoc extends Doc {
  [key: string]: unknown;
}

/**
 * A filter in the MongoDB query subset both adapters support: equality on fields (dotted paths
 * allowed), `$eq`, `$ne`, `$in`, `$nin`, `$lt`, `$lte`, `$gt`, `$gte`, `$exists`, `$regex` (a RegExp
 * value), and top-level `$and` / `$or`. Values come from validated input only (schemas strip
 * operator objects before they get here).
 */
export type Filter = Record<string, unknown>;

export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  /** Soft-deleted records (status 'borrado') are hidden unless this is true. */
  withDeleted?: boolean;
  /**
   * Staff lists sorted by a name: strings in Spanish order ('Ángel' beside 'Angel', 'Ñico' after
   * 'Nora'), by ./common.ts spanishSortKey. The embedded and in-memory stores always sort so; the
   * MongoDB adapter sorts by the keys it stores beside each text, which its plain string indexes do
   * not serve, so only the lists ask.
   */
  spanish?: boolean;
}

export interface Update {
  /** Fields to set (dotted paths allowed). */
  set?: Record<string, unknown>;
  /** Fields to remove. */
  unset?: string[];
  /** Numeric fields to add to (negative to subtract). */
  inc?: Record<string, number>;
}

export interface IndexSpec {
  /** One field, or several for a compound index. */
  fields: string[];
  unique?: boolean;
  /** Unique only among documents that have the field(s) (sparse index). */
  sparse?: boolean;
}

/** A bounded increment: an increase happens only if, after it, `field` stays within its limit. */
export interface GuardedIncrement {
  /** The counter to change, e.g. 'quota_f' (places taken). */
  field: string;
  /** How much to add; negative releases. */
  by: number;
  /**
   * The field holding the upper bound, e.g. 'quota_q' (capacity). A bound of 0 (or a missing
   * field) means "no limit". The counter never goes below 0 on a release.
   */
  limitField: string;
  /**
   * Names who holds the places (an enrolment id): an increase records `holds.<hold>` = by in the
   * same update and is refused when that hold exists; a release applies only while the hold exists
   * and removes it. So giving places back is exact and happens once, whatever crashed in between.
   */
  hold?: string;
}

/** The field under which incrementWithin and moveHold record their holds. */
export const HOLDS_FIELD = 'holds';
/** Beside it, the moment a hold stops counting (cart holds only; an order's hold never expires). */
export const HOLD_EXPIRY_FIELD = 'hold_expiry';

/**
 * Hands places from one hold to another in one single-document update (issue 18: a cart's hold
 * becomes the order's at payment, a hold grows or shrinks, an expired one is given back). Only
 * when `from` holds exactly `amount` now (optimistic: a caller that read an older amount gets null
 * and reads again) and, with `expiredBy`, had expired by then; `to` must not exist yet unless it is
 * the same hold. The counter changes by the difference, bounded like incrementWithin for a rise.
 */
export interface HoldMove {
  field: string;
  limitField: string;
  from?: { hold: string; amount: number; expiredBy?: Date };
  /**
   * amount 0 removes the hold, unless `mark` keeps it at 0 (a paid order's places given back: its
   * record, src/core/checkout/order-places.ts, must not count them again); expiresAt absent means
   * it never expires.
   */
  to?: { hold: string; amount: number; expiresAt?: Date; mark?: boolean };
  /**
   * What the move adds to the counter when it is not `to` less `from`: 0 when a paid order's hold
   * leaves the week for its own record, or comes back from it, while its places stay taken.
   */
  counted?: number;
  /**
   * A bound on the holds whose names start with `prefix`, together (issue 43: what unpaid carts may
   * hold of a week): a move that raises their sum fails when the sum after it would pass `max`.
   */
  groupCap?: { prefix: string; max: number };
}

export class DuplicateKeyError extends Error {
  readonly code = 'DUPLICATE_KEY';
  readonly collection: string;
  readonly fields: string[];
  constructor(collection: string, fields: string[]) {
    super(`Duplicate key in ${collection} on ${fields.join(', ')}`);
    this.name = 'DuplicateKeyError';
    this.collection = collection;
    this.fields = fields;
  }
}

export interface Collection<T extends Doc = AnyDoc> {
  readonly name: string;
  /** Creates the index when missing (idempotent; changing an existing index's options is not supported). */
  ensureIndex(spec: IndexSpec): Promise<void>;
  /** Inserts and returns the stored document; `_id` is generated when absent. Throws DuplicateKeyError. */
  insertOne(doc: Omit<T, '_id'> & { _id?: string }): Promise<T>;
  /**
   * Inserts all and returns them as stored. Throws DuplicateKeyError: all or nothing on the embedded
   * store, while on MongoDB the documents before the duplicate stay inserted.
   */
  insertMany(docs: Array<Omit<T, '_id'> & { _id?: string }>): Promise<T[]>;
  findById(id: string, options?: Pick<FindOptions, 'withDeleted'>): Promise<T | null>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'withDeleted' | 'sort'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter, options?: Pick<FindOptions, 'withDeleted'>): Promise<number>;
  /** Updates the first match and returns it as stored after the update, or null when none matched. */
  updateOne(filter: Filter, update: Update, options?: Pick<FindOptions, 'withDeleted'>): Promise<T | null>;
  /** Sets status 'borrado' and deleted_at; returns false when there was nothing (visible) to delete. */
  softDelete(id: string): Promise<boolean>;
  /** Removes documents for good (used for tokens and outbox items, never for business records). */
  deleteMany(filter: Filter): Promise<number>;
  /**
   * Atomically applies a bounded increment to the (not soft-deleted) document with this id. Returns the
   * document after the change, or null when the id is unknown or the bound would be exceeded (nothing
   * changed). The bound applies to increases only: a release always succeeds, clamped at 0.
   */
  incrementWithin(id: string, increment: GuardedIncrement): Promise<T | null>;
  /** Applies a HoldMove atomically; the document after it, or null when a condition failed. */
  moveHold(id: string, move: HoldMove): Promise<T | null>;
}

export interface Store {
  readonly kind: 'embedded' | 'mongodb' | 'memory';
  collection<T extends Doc = AnyDoc>(name: string): Collection<T>;
  /** Atomic, persistent sequence: 1, 2, 3… per name (order numbers, membership codes), kept in 'counters'. */
  nextSequence(name: string): Promise<number>;
  /** Answers when the store is reachable; throws otherwise. */
  ping(): Promise<void>;
  /**
   * How many writes to this collection this process has finished (./revisions.ts). A read is
   * current while the number it saw before it began stays the same. Writes of other processes on
   * the same database are not counted: a cache bounds how late it sees them with a time limit.
   */
  revision(collection: string): number;
  /**
   * Every collection as one instant saw it, each as its datafile's lines (the embedded store only:
   * a backup, issue 27). Taken in one synchronous pass over the collections held in memory, so no
   * write is half in it; MongoDB is backed up with its own tools.
   */
  snapshot?(): Promise<Array<{ name: string; lines: string[] }>>;
  close(): Promise<void>;
}

export const DELETED_STATUS = 'borrado';
