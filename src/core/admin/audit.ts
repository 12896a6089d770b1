// The audit log of admin writes (the staff issue): who did what to which record, when, from which
// address, and the fields before and after. Secrets and card data never enter it.
import type { AnyDoc, Filter, Store } from '../store/port.ts';
import type { UserRecord } from '../../domain/records.ts';
import type { AuditAction, AuditEntry, AuditQuery } from '../../domain/staff.ts';
import { findPage, searchPattern } from './listing.ts';
import { dayRange } from './enrolments-filter.ts';
import { exportFilterWords } from '../../domain/audit.ts';

export const AUDIT = 'auditoria';

/** Who acts: the signed-in admin and the address the call came from. */
export interface Actor {
  user: Pick<UserRecord, '_id' | 'email'>;
  ip: string;
}

/** Fields never logged: secrets, and the card beyond its brand and last four digits. */
const SECRET = /password|token|secret|hash|cvv|card_?number|cardnumber|expdate/i;
/** Bookkeeping the store changes on every write: noise in a trail. */
const NOISE = new Set(['updated_at', 'holds', 'hold_expiry', 'reconciling_until']);

/** A copy without secrets, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET.test(key) && !NOISE.has(key))
      .map(([key, inner]) => [key, redact(inner)]),
  );
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a instanceof Date ? a.toISOString() : a) ===
  JSON.stringify(b instanceof Date ? b.toISOString() : b);

/** The fields that differ between two versions of a record, each side with its own values. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => key !== '_id' && !NOISE.has(key) && !same(before[key], after[key]),
  );
  const pick = (record: Record<string, unknown>) =>
    redact(
      Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]])),
    ) as Record<string, unknown>;
  return { before: pick(before), after: pick(after) };
}

export async function recordAudit(
  store: Store,
  actor: Actor,
  entry: {
    action: AuditAction;
    kind: string;
    record_id: string | null;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    note?: string;
  },
): Promise<void> {
  await store.collection<AuditEntry>(AUDIT).insertOne({
    at: new Date(),
    user_id: actor.user._id,
    user_email: actor.user.email,
    ip: actor.ip,
    action: entry.action,
    kind: entry.kind,
    record_id: entry.record_id,
    before: entry.before ? (redact(entry.before) as Record<string, unknown>) : null,
    after: entry.after ? (redact(entry.after) as Record<string, unknown>) : null,
    note: entry.note ?? '',
  });
}

const RECORD_ID = /^[0-9a-f]{24}$/;

/** Every record id a value holds, at any depth. */
function idsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string' && RECORD_ID.test(value)) into.add(value);
  else if (Array.isArray(value)) for (const item of value) idsIn(item, into);
  else if (value && typeof value === 'object' && !(value instanceof Date))
    for (const inner of Object.values(value)) idsIn(inner, into);
  return into;
}

/**
 * Names of records by id, as staff call them (issue 24): 'Orden 1005', 'cupón HERMANOS2027',
 * 'Semana 2 · Campamento de Verano 2027'. Deleted records keep their names.
 */
export async function recordNames(store: Store, ids: readonly string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const find = (name: string) =>
    store.collection<AnyDoc>(name).find({ _id: { $in: [...ids] } }, { withDeleted: true });
  const [camps, weeks, categories, coupons, orders, memberships] = await Promise.all(
    ['campamentos', 'semanas', 'categorias', 'cupones', 'inscripciones', 'membresias'].map(find),
  );
  const campIds = [...new Set([...weeks!, ...categories!].map((record) => String(record.campament)))];
  const parents = campIds.length
    ? await store.collection<AnyDoc>('campamentos').find({ _id: { $in: campIds } }, { withDeleted: true })
    : [];
  const campName = new Map([...camps!, ...parents].map((camp) => [camp._id, String(camp.name)]));
  const names: Record<string, string> = {};
  for (const camp of camps!) names[camp._id] = String(camp.name);
  for (const record of [...weeks!, ...categories!]) {
    const camp = campName.get(String(record.campament));
    names[record._id] = camp ? `${String(record.name)} · ${camp}` : String(record.name);
  }
  for (const coupon of coupons!) names[coupon._id] = `cupón ${String(coupon.code)}`;
  for (const order of orders!) names[order._id] = `Orden ${String(order.order_number)}`;
  for (const membership of memberships!) names[membership._id] = `membresía ${String(membership.code)}`;
  return names;
}

/** A download in the log (issue 24): who took which list, the note saying with what filters. */
export async function recordExport(store: Store, actor: Actor, kind: string, note: string): Promise<void> {
  await recordAudit(store, actor, { action: 'export', kind, record_id: null, note });
}

/** A download's filters in words, its camp, week and category by name: 'Excel · Campamento: …'. */
export async function exportNote(
  store: Store,
  format: 'xlsx' | 'csv',
  filters: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const ids = [filters.campament, filters.week, filters.category].filter((id) => id !== undefined);
  return exportFilterWords(format, filters, await recordNames(store, ids));
}

/** The audit list, newest first, one page at a time, each row with the names of the records it names. */
export async function listAudit(store: Store, query: AuditQuery) {
  const filter: Filter = {};
  if (query.kind) filter.kind = query.kind;
  if (query.action) filter.action = query.action;
  if (query.record) filter.record_id = query.record;
  const user = query.user?.trim();
  if (user) filter.user_email = { $regex: searchPattern(user) };
  const at = dayRange(query.from, query.to);
  if (at) filter.at = at;
  const { records, total, page, limit } = await findPage(
    store.collection<AuditEntry>(AUDIT),
    filter,
    { at: -1, _id: -1 },
    query,
  );
  const ids = new Set<string>();
  for (const entry of records) {
    if (entry.record_id) ids.add(entry.record_id);
    idsIn(entry.before, ids);
    idsIn(entry.after, ids);
  }
  const names = await recordNames(store, [...ids]);
  const data = records.map((entry) => {
    const own = [...idsIn([entry.before, entry.after], new Set(entry.record_id ? [entry.record_id] : []))];
    return {
      ...entry,
      record_label: entry.record_id ? (names[entry.record_id] ?? '') : '',
      names: Object.fromEntries(own.filter((id) => names[id]).map((id) => [id, names[id]!])),
    };
  });
  return { status: 'SUCCESS' as const, data, total, page, limit };
}
