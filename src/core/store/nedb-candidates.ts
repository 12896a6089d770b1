// Which documents a NeDB query walks. NeDB's own choice takes one usable index by the order of the
// query's keys, not by what it holds: `{user_id, campament}` went to the camp's index, which holds
// every order of the camp, and it never looks inside `$and` or `$or`, so a checkout's cost grew
// with the school's orders. Here every usable index is asked and the fewest candidates win; only a
// query no index narrows walks the whole collection, and that is reported (`FullScan`), so tests
// can show a path never does. Candidates are only a superset: NeDB still matches each one against
// the whole query, so the answers are the same whichever index is chosen.
import type { AnyDoc, Filter } from './port.ts';

/** A query no index narrowed: it walked every document of the collection. */
export interface FullScan {
  collection: string;
  query: Filter;
  /** How many documents it walked. */
  documents: number;
}

export type FullScanListener = (scan: FullScan) => void;

/** The part of a NeDB index the choice uses (NeDB's own lookups, so the same answers). */
interface NedbIndex {
  getMatching(value: unknown): AnyDoc[];
  getBetweenBounds(query: Record<string, unknown>): AnyDoc[];
  getAll(): AnyDoc[];
  /** A sparse index holds exactly the documents that have the field. */
  sparse: boolean;
}

/** NeDB's internals this module replaces or reads. */
interface NedbInternals {
  indexes: Record<string, NedbIndex>;
  getAllData(): AnyDoc[];
  _getRawCandidates(query: Filter): AnyDoc[];
}

const planned = new WeakSet<object>();

/**
 * Makes `db` (a NeDB datastore) pick its narrowest index for every query (find, count, update,
 * remove). Idempotent.
 */
export function pickNarrowestIndex(db: object, collection: string, onFullScan?: FullScanListener): void {
  if (planned.has(db)) return;
  planned.add(db);
  const internals = db as unknown as NedbInternals;
  internals._getRawCandidates = (query: Filter) => {
    const narrowed = candidates(internals.indexes, query);
    if (narrowed) return narrowed;
    const all = internals.getAllData();
    onFullScan?.({ collection, query, documents: all.length });
    return all;
  };
}

/** The smallest candidate set any index gives for `query`, or null when no index narrows it. */
function candidates(indexes: Record<string, NedbIndex>, query: Filter): AnyDoc[] | null {
  const conditions = conjunction(query);
  const equalities = new Map(conditions.filter(([, value]) => isPlainValue(value)));
  const options = conditions.map(([field, value]) =>
    field === '$or' ? union(indexes, value) : indexes[field] ? byCondition(indexes[field], value) : null,
  );
  // A compound index (NeDB names it by its sorted fields, comma-joined) serves equalities on all of them.
  for (const [name, index] of Object.entries(indexes)) {
    const fields = name.split(',');
    if (fields.length > 1 && fields.every((field) => equalities.has(field)))
      options.push(
        index.getMatching(Object.fromEntries(fields.map((field) => [field, equalities.get(field)]))),
      );
  }
  return options.reduce<AnyDoc[] | null>(
    (best, docs) => (docs && (!best || docs.length < best.length) ? docs : best),
    null,
  );
}

/** The conditions every match meets: the top-level fields and those of `$and`'s members. */
function conjunction(query: Filter): Array<[string, unknown]> {
  return Object.entries(query).flatMap(([key, value]): Array<[string, unknown]> =>
    key === '$and' && Array.isArray(value)
      ? value.flatMap((member) => conjunction(member as Filter))
      : [[key, value]],
  );
}

/** An `$or` narrows only if each of its branches does: then its candidates are theirs together. */
function union(indexes: Record<string, NedbIndex>, branches: unknown): AnyDoc[] | null {
  if (!Array.isArray(branches)) return null;
  const byId = new Map<string, AnyDoc>();
  for (const branch of branches) {
    const docs = candidates(indexes, branch as Filter);
    if (!docs) return null;
    for (const doc of docs) byId.set(doc._id, doc);
  }
  return [...byId.values()];
}

/**
 * The lookups NeDB itself makes on one field's index: a value, `$in`, or bounds; and `$exists: true`
 * on a sparse index, which holds exactly the documents that have the field (null included, as
 * NeDB's own `$exists` counts it; never on a date, which NeDB's sparse indexes leave out).
 */
function byCondition(index: NedbIndex, value: unknown): AnyDoc[] | null {
  if (isPlainValue(value)) return index.getMatching(value);
  if (value === null || typeof value !== 'object') return null;
  const operators = value as Record<string, unknown>;
  if (Array.isArray(operators.$in)) return index.getMatching(operators.$in);
  if (['$lt', '$lte', '$gt', '$gte'].some((bound) => bound in operators))
    return index.getBetweenBounds(operators);
  if (operators.$exists === true && index.sparse && Object.keys(operators).length === 1)
    return index.getAll();
  return null;
}

/** What NeDB's indexes look up as a key (its own test, lib/utils.js filterIndexNames). */
function isPlainValue(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null ||
    value instanceof Date
  );
}
