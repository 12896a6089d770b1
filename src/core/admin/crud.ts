// The one CRUD service behind every admin area (spec 02 §7). An area is declared, not coded: its
// collection, its noun (for the Spanish messages), its body schemas and defaults, how its input is
// normalised, which fields `q` searches, which references must exist and get a populated name,
// which fields are unique, and its business rules. areaService() turns that into the data
// operations; the area's calls (listpop, find, lookups, create, update, delete) are in
// ../api/admin.ts, shared by the server and the mocks.
import type { TObject } from 'typebox';
import { escapeRegExp } from './listing.ts';
import { ApiError } from '../errors.ts';
import {
  DELETED_STATUS,
  DuplicateKeyError,
  type AnyDoc,
  type Collection,
  type Filter,
  type SortSpec,
  type Store,
} from '../store/port.ts';
import { ADMIN_MESSAGES, recordMessages, type AdminArea, type Noun } from '../../domain/admin-areas.ts';
import { changedFields, recordAudit, type Actor } from './audit.ts';

/** A field holding another record's id. */
export interface Reference {
  field: string;
  collection: string;
  noun: Noun;
  /** When set, answers carry the referenced record's `name` under this field (e.g. 'campament_name'). */
  populateAs?: string;
}

export interface UniqueRule {
  /** One field, or several that are unique together. Compared case-insensitively. */
  fields: string[];
  message: string;
}

/**
 * How a date-only value ('YYYY-MM-DD') becomes a Date: `day` at 12:00 UTC (the same calendar day
 * in every time zone of the Americas and Europe), `endOfDay` at 23:59:59.999 Santo Domingo time
 * (UTC-4, no daylight saving): an expiry date stays valid through that whole day.
 * A date-time value is stored as sent.
 */
/** How a bare day is stored: noon UTC (a calendar day), or its first or last instant in Santo Domingo. */
export type DateKind = 'day' | 'startOfDay' | 'endOfDay';

export interface RuleContext {
  store: Store;
  /** The stored record (update) or null (create). */
  existing: AnyDoc | null;
  /** The fields this call sets, normalised. */
  changes: Record<string, unknown>;
  /** The body said `confirm: true`: the admin saw the area's warning (../errors.ts confirmationNeeded). */
  confirmed: boolean;
}

/** Extra routes that list records by one field: GET /{area}/{path}/{param}. */
export interface Lookup {
  path: string;
  field: string;
  /** 'id' checks a 24-hex id; otherwise the param is a short code under that name. */
  param: 'id' | 'model' | 'type';
}

export interface AreaConfig {
  /** URL segment, also the collection name. */
  area: AdminArea;
  noun: Noun;
  routes: {
    /** Path of the list call: 'listpop', or '' for the area root (GET /estados). */
    list?: string;
    /** The one-record call; `user` lets any signed-in user read it, parents seeing `parentFilter` only. */
    find?: { path: string; audience?: 'admin' | 'user'; parentFilter?: Filter };
    create?: boolean;
    update?: boolean;
    /** Soft delete through GET and DELETE on /{area}/delete/{id}. */
    delete?: boolean;
    lookups?: Lookup[];
  };
  createBody?: TObject;
  updateBody?: TObject;
  /** Values a create gets for fields it did not send. */
  defaults?: Record<string, unknown>;
  dates?: Record<string, DateKind>;
  /** Changes the (trimmed) fields in place, e.g. upper-cases a code. */
  normalise?: (fields: Record<string, unknown>) => void;
  /** Fields `q` searches (case-insensitive, literal text). */
  search: string[];
  sort: SortSpec;
  references?: Reference[];
  unique?: UniqueRule[];
  /** Business rules on the record as it will be stored; throw ApiError to refuse. */
  rules?: (record: Record<string, unknown>, context: RuleContext) => Promise<void>;
  /** Fills derived stored fields of a new record (after the rules passed). */
  beforeCreate?: (record: Record<string, unknown>, store: Store) => Promise<void>;
  /** Adds fields computed for answers (never stored). */
  derive?: (record: AnyDoc, now: Date) => AnyDoc;
  /** Why the record may not be deleted now (a Spanish sentence, answered 409), or null. */
  deleteGuard?: (record: AnyDoc, store: Store) => Promise<string | null>;
}

/** Data operations of one area, shared by its routes and the other admin routes. */
export interface AreaService {
  readonly config: AreaConfig;
  readonly messages: ReturnType<typeof recordMessages>;
  collection(): Collection;
  /** Populates reference names (one query per reference, whatever the number of records) and derives fields. */
  present(records: AnyDoc[]): Promise<AnyDoc[]>;
  /** Records matching the filter, in the area's order (or `sort`), ready to answer. */
  list(filter: Filter, sort?: SortSpec): Promise<AnyDoc[]>;
  /** The admin writes: each is recorded in the audit log when an actor is given (every API call gives one). */
  create(fields: Record<string, unknown>, actor?: Actor): Promise<AnyDoc>;
  update(id: string, fields: Record<string, unknown>, actor?: Actor): Promise<AnyDoc>;
  /** Soft delete; false when there was nothing (visible) to delete. */
  remove(id: string, actor?: Actor): Promise<boolean>;
}

export function areaService(
  store: Store,
  config: AreaConfig,
  clock: () => Date = () => new Date(),
): AreaService {
  const messages = recordMessages(config.noun);
  const collection = () => store.collection(config.area);
  const required = new Set(config.createBody?.required ?? []);

  const present = async (records: AnyDoc[]): Promise<AnyDoc[]> => {
    const populated = records.map((record) => ({ ...record }));
    for (const reference of config.references ?? []) {
      const as = reference.populateAs;
      if (!as) continue;
      const ids = [
        ...new Set(populated.map((record) => record[reference.field]).filter((id) => typeof id === 'string')),
      ];
      const referenced = ids.length
        ? await store.collection(reference.collection).find({ _id: { $in: ids } }, { withDeleted: true })
        : [];
      const names = new Map(referenced.map((doc) => [doc._id, doc.name]));
      for (const record of populated) {
        const name = names.get(record[reference.field] as string);
        record[as] = typeof name === 'string' ? name : null;
      }
    }
    if (!config.derive) return populated;
    const now = clock();
    return populated.map((record) => config.derive!(record, now));
  };

  /** Trims texts, checks required texts are not blank, turns date values into Dates, then the area's own normalisation. */
  const normalise = (input: Record<string, unknown>): Record<string, unknown> => {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      fields[key] = typeof value === 'string' ? value.trim() : value;
      if (required.has(key) && fields[key] === '') throw new ApiError(400, ADMIN_MESSAGES.blank(key));
    }
    for (const [field, kind] of Object.entries(config.dates ?? {})) {
      const value = fields[field];
      if (value === '') fields[field] = null;
      else if (typeof value === 'string') fields[field] = toDate(value, kind, field);
    }
    config.normalise?.(fields);
    return fields;
  };

  const checkReferences = async (changes: Record<string, unknown>) => {
    for (const reference of config.references ?? []) {
      const id = changes[reference.field];
      if (typeof id !== 'string') continue;
      const found = await store.collection(reference.collection).findById(id);
      if (!found) throw new ApiError(400, recordMessages(reference.noun).missingReference);
    }
  };

  const checkUnique = async (
    record: Record<string, unknown>,
    changes: Record<string, unknown>,
    selfId?: string,
  ) => {
    for (const rule of config.unique ?? []) {
      if (!rule.fields.some((field) => field in changes)) continue;
      const filter: Filter = {};
      for (const field of rule.fields) {
        const value = record[field];
        filter[field] =
          typeof value === 'string' ? { $regex: new RegExp(`^${escapeRegExp(value)}$`, 'i') } : value;
      }
      // Soft-deleted records keep their code (enrolment history points at them), so it stays taken.
      const clash = await collection().findOne(selfId ? { ...filter, _id: { $ne: selfId } } : filter, {
        withDeleted: true,
      });
      if (clash) throw new ApiError(409, rule.message);
    }
  };

  /** The index is the last word (two admins saving at once): its refusal is the same 409. */
  const asConflict = (error: unknown): unknown => {
    if (!(error instanceof DuplicateKeyError)) return error;
    const key = (fields: string[]) => [...fields].sort().join();
    const rule = (config.unique ?? []).find((candidate) => key(candidate.fields) === key(error.fields));
    return new ApiError(409, rule?.message ?? 'Ya existe un registro con esos datos.');
  };

  return {
    config,
    messages,
    collection,
    present,
    async list(filter, sort = config.sort) {
      return present(await collection().find(filter, { sort }));
    },
    async create(body, actor) {
      const { confirm, ...input } = body;
      const changes = normalise({ ...structuredClone(config.defaults), ...input });
      const record = { ...changes };
      await checkReferences(changes);
      await checkUnique(record, changes);
      await config.rules?.(record, { store, existing: null, changes, confirmed: confirm === true });
      await config.beforeCreate?.(record, store);
      try {
        const stored = await collection().insertOne({ ...record, created_at: new Date() });
        if (actor)
          await recordAudit(store, actor, {
            action: 'create',
            kind: config.area,
            record_id: stored._id,
            after: stored,
          });
        return (await present([stored]))[0]!;
      } catch (error) {
        throw asConflict(error);
      }
    },
    async update(id, body, actor) {
      const { confirm, ...input } = body;
      const existing = await collection().findById(id);
      if (!existing) throw new ApiError(404, messages.notFound);
      const normalised = normalise(input);
      // Only what differs is written: a form that sends back an unchanged value (e.g. quota_f)
      // never overwrites what the server changed meanwhile.
      const changes = Object.fromEntries(
        Object.entries(normalised).filter(([key, value]) => !sameValue(existing[key], value)),
      );
      const record = { ...existing, ...changes };
      await checkReferences(changes);
      await checkUnique(record, changes, id);
      await config.rules?.(record, { store, existing, changes, confirmed: confirm === true });
      if (Object.keys(changes).length === 0) return (await present([existing]))[0]!;
      try {
        const stored = await collection().updateOne(
          { _id: id },
          { set: { ...changes, updated_at: new Date() } },
        );
        if (!stored) throw new ApiError(404, messages.notFound);
        if (actor)
          await recordAudit(store, actor, {
            action: 'update',
            kind: config.area,
            record_id: id,
            ...changedFields(existing, stored),
          });
        return (await present([stored]))[0]!;
      } catch (error) {
        throw asConflict(error);
      }
    },
    async remove(id, actor) {
      const existing = await collection().findById(id);
      if (!existing) return false;
      const refusal = await config.deleteGuard?.(existing, store);
      if (refusal) throw new ApiError(409, refusal);
      if (!(await collection().softDelete(id))) return false;
      if (actor)
        await recordAudit(store, actor, {
          action: 'delete',
          kind: config.area,
          record_id: id,
          before: { status: existing.status },
          after: { status: DELETED_STATUS },
        });
      return true;
    },
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** A validated date value (see DateKind) as a Date; a day that does not exist is refused. */
export function toDate(value: string, kind: DateKind, field: string): Date {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (
    calendarDay.getUTCFullYear() !== year ||
    calendarDay.getUTCMonth() !== month - 1 ||
    calendarDay.getUTCDate() !== day
  ) {
    throw new ApiError(400, ADMIN_MESSAGES.invalidDate(field));
  }
  const date =
    value.length > 10
      ? new Date(value)
      : kind === 'day'
        ? new Date(Date.UTC(year, month - 1, day, 12))
        : kind === 'startOfDay'
          ? new Date(`${value}T00:00:00.000-04:00`)
          : new Date(`${value}T23:59:59.999-04:00`);
  if (Number.isNaN(date.getTime())) throw new ApiError(400, ADMIN_MESSAGES.invalidDate(field));
  return date;
}
