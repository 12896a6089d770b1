// Small pieces the adapters share, so that they translate the port the same way. No Node-only API:
// the mocks run this in the browser.
import { DELETED_STATUS, DuplicateKeyError, HOLD_EXPIRY_FIELD, HOLDS_FIELD } from './port.ts';
import type { Collection, Doc, Filter, HoldMove, Update } from './port.ts';

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
// ObjectId layout: 4 bytes of seconds, 5 random bytes fixed per process, a 3-byte counter.
const processPart = [...crypto.getRandomValues(new Uint8Array(5))].map((byte) => hex(byte, 2)).join('');
let counter = crypto.getRandomValues(new Uint32Array(1))[0]! & 0xffffff;

/**
 * A fresh 24-hex id shaped like a MongoDB ObjectId, so ids look alike whatever the backend and
 * sort by creation time (newest first = largest id).
 */
export function newId(): string {
  counter = (counter + 1) & 0xffffff;
  return hex(Math.floor(Date.now() / 1000), 8) + processPart + hex(counter, 6);
}

/** The filter plus "not soft-deleted", unless deleted records were asked for. */
export function visible(filter: Filter, withDeleted = false): Filter {
  if (withDeleted) return filter;
  const notDeleted = { status: { $ne: DELETED_STATUS } };
  // Stay flat when possible: NeDB only picks an index from top-level fields, so every other field
  // stays at the top and only the status conditions go into $and.
  if (!('status' in filter)) return { ...filter, ...notDeleted };
  const { status, $and, ...rest } = filter as Filter & { $and?: Filter[] };
  // A status asked by value that is not 'deleted' already leaves deleted records out.
  if (typeof status === 'string' && status !== DELETED_STATUS) return filter;
  return { ...rest, $and: [...($and ?? []), { status }, notDeleted] };
}

/** The port's update as MongoDB-style modifiers (every backend speaks them), or null when empty. */
export function toModifiers(update: Update): Record<string, Record<string, unknown>> | null {
  const modifiers: Record<string, Record<string, unknown>> = {};
  if (update.set && Object.keys(update.set).length > 0) modifiers.$set = update.set;
  if (update.unset && update.unset.length > 0) {
    modifiers.$unset = Object.fromEntries(update.unset.map((field) => [field, true]));
  }
  if (update.inc && Object.keys(update.inc).length > 0) modifiers.$inc = update.inc;
  return Object.keys(modifiers).length > 0 ? modifiers : null;
}

/** What a HoldMove asks of the stored document and writes to it: shared by both adapters. */
export interface HoldMovePlan {
  /** Conditions on the holds (besides the visible id and, for a rise, the bound). */
  conditions: Filter;
  /** The change of the counter. */
  delta: number;
  /** With a group cap, how much the move raises the group's sum (0 or less: no check). */
  groupRise: number;
  set: Record<string, unknown>;
  unset: string[];
}

export function holdMovePlan({ from, to, groupCap, counted }: HoldMove): HoldMovePlan {
  const holdAt = (hold: string) => `${HOLDS_FIELD}.${hold}`;
  const expiryAt = (hold: string) => `${HOLD_EXPIRY_FIELD}.${hold}`;
  const conditions: Filter = {};
  const set: Record<string, unknown> = {};
  const unset = new Set<string>();
  if (from) {
    conditions[holdAt(from.hold)] = from.amount;
    if (from.expiredBy) conditions[expiryAt(from.hold)] = { $lte: from.expiredBy };
    unset.add(holdAt(from.hold)).add(expiryAt(from.hold));
  }
  if (to && to.hold !== from?.hold) conditions[holdAt(to.hold)] = { $exists: false };
  if (to && (to.amount > 0 || to.mark)) {
    unset.delete(holdAt(to.hold));
    set[holdAt(to.hold)] = to.amount;
    if (to.expiresAt) {
      unset.delete(expiryAt(to.hold));
      set[expiryAt(to.hold)] = to.expiresAt;
    } else unset.add(expiryAt(to.hold));
  }
  const inGroup = (hold: { hold: string; amount: number } | undefined) =>
    hold && groupCap && hold.hold.startsWith(groupCap.prefix) ? hold.amount : 0;
  return {
    conditions,
    delta: counted ?? (to?.amount ?? 0) - (from?.amount ?? 0),
    groupRise: inGroup(to) - inGroup(from),
    set,
    unset: [...unset],
  };
}

/**
 * Whether adding `delta` to a document's counter keeps it within its bound (a bound of 0 or none is
 * no limit; a fall always does) and, with `groupCap`, the holds of that prefix within their cap:
 * the guard of incrementWithin and moveHold, in every store.
 */
export function withinBounds(
  doc: Record<string, unknown>,
  bound: {
    field: string;
    limitField: string;
    delta: number;
    groupCap?: HoldMove['groupCap'];
    groupRise?: number;
  },
): boolean {
  const limit = numberAt(doc, bound.limitField);
  const withinLimit = bound.delta <= 0 || limit === 0 || numberAt(doc, bound.field) + bound.delta <= limit;
  const { groupCap, groupRise = 0 } = bound;
  return (
    withinLimit &&
    (!groupCap || groupRise <= 0 || groupHeld(doc, groupCap.prefix) + groupRise <= groupCap.max)
  );
}

/** The sum of a document's holds whose names start with `prefix`. */
export function groupHeld(doc: Record<string, unknown>, prefix: string): number {
  const holds = (doc[HOLDS_FIELD] ?? {}) as Record<string, unknown>;
  return Object.entries(holds)
    .filter(([name, amount]) => name.startsWith(prefix) && typeof amount === 'number')
    .reduce((sum, [, amount]) => sum + (amount as number), 0);
}

const RECORD_ID = /^[0-9a-f]{24}$/;

/**
 * A text's key in Spanish order (issues 24 and 57), compared as plain code points by every store:
 * case and accents left out first ('Ángel' beside 'angel'), 'ñ' between 'n' and 'o', then the
 * accented form after the plain one. The embedded and in-memory stores compare texts by it; the
 * MongoDB adapter stores it beside each text field and sorts staff lists by it, so the order does
 * not depend on a collation, which FerretDB, Cosmos DB for MongoDB and older DocumentDB lack.
 */
export function spanishSortKey(text: string): string {
  const lower = text.toLowerCase().normalize('NFD');
  const primary = lower.replace(/n\u0303/g, 'n\u007f').replace(/\p{Diacritic}/gu, '');
  return `${primary}\u0001${lower}`;
}

/**
 * How the embedded and in-memory stores order texts in a sort: by their Spanish keys, so 'Ángel'
 * sorts beside 'Angel', not after 'Zoe', and 'Ñico' after 'Nora'. Record ids keep their plain order
 * (it is their creation order).
 */
export function compareSpanish(a: string, b: string): number {
  if (RECORD_ID.test(a) && RECORD_ID.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const left = spanishSortKey(a);
  const right = spanishSortKey(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Sets fields of the record with this id, creating it when there is none yet. Two first writes at
 * once both land: the one whose insert finds the record already there updates it instead.
 */
export async function setById<T extends Doc>(
  collection: Collection<T>,
  id: string,
  set: Record<string, unknown>,
): Promise<void> {
  if (await collection.updateOne({ _id: id }, { set })) return;
  try {
    await collection.insertOne({ _id: id, ...set } as unknown as Omit<T, '_id'> & { _id: string });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    await collection.updateOne({ _id: id }, { set });
  }
}

/**
 * Inserts a queued message once: under `key` when given, where a second insert of the same key
 * answers the first message (a retried follow-up queues nothing new). Both outboxes store so.
 */
export async function insertOnce<T extends Doc>(
  collection: Collection<T>,
  key: string | undefined,
  doc: Omit<T, '_id'>,
): Promise<T> {
  try {
    return await collection.insertOne({ ...(key ? { _id: key } : {}), ...doc });
  } catch (error) {
    const queued = key && error instanceof DuplicateKeyError ? await collection.findById(key) : null;
    if (queued) return queued;
    throw error;
  }
}

/** The value at a field or dotted path of a document, or undefined. */
export function valueAt(doc: Record<string, unknown>, field: string): unknown {
  if (field in doc) return doc[field];
  return field
    .split('.')
    .reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], doc);
}

/** A counter at a field or dotted path; 0 when it is missing or not a number. */
export const numberAt = (doc: Record<string, unknown>, field: string): number => {
  const value = valueAt(doc, field);
  return typeof value === 'number' ? value : 0;
};
