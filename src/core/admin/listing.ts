// listpop answers (spec 02 §7 plus DESIGN's paging): the plain call lists everything; with page
// or limit the answer adds total, page and limit. `q` searches the given fields, any case; `status`
// and `campament` filter; `sort` orders (the shared rules of src/domain/listing.ts).
import type { Collection, Doc, Filter, SortSpec } from '../store/port.ts';
import {
  DEFAULT_PAGE_SIZE,
  LIST_MESSAGES,
  listCampFilter,
  listSort,
  type ListArea,
} from '../../domain/listing.ts';
import type { ListQuery } from '../../domain/schemas/listing.ts';
import { ApiError } from '../errors.ts';
import { invalidFieldMessage } from '../../domain/validation.ts';

/** The status query filter also matches the older Spanish spellings. */
export const STATUS_ALIASES = { active: ['active', 'activo'], inactive: ['inactive', 'inactivo'] } as const;

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The letters a Spanish name may carry an accent on, and their accented forms. */
const ACCENTED: Record<string, string> = {
  a: 'aáàäâã',
  e: 'eéèëê',
  i: 'iíìïî',
  o: 'oóòöôõ',
  u: 'uúùüû',
  n: 'nñ',
  c: 'cç',
};

/**
 * What staff type as a pattern that ignores case, accents and spacing (issue 24): 'sofia' finds
 * 'Sofía', 'maria  jose' finds 'María José', 'ANGEL' finds 'Ángel'. Every search uses it.
 */
export function searchPattern(text: string): RegExp {
  const plain = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
  const source = [...plain]
    .map((char) => (ACCENTED[char] ? `[${ACCENTED[char]}]` : /\s/.test(char) ? '\\s+' : escapeRegExp(char)))
    .join('')
    .replace(/(\\s\+)+/g, '\\s+');
  return new RegExp(source, 'iu');
}

export interface ListSpec<T extends Doc> {
  /** Which list this is: it decides the fields `sort` may name and whether `campament` applies. */
  area: ListArea;
  collection: Collection<T>;
  /** The order without `sort`. */
  sort: SortSpec;
  /** Fields `q` searches. */
  search: string[];
  /** Turns stored records into answered ones (populate names, derive fields, hide secrets). */
  present: (records: T[]) => Promise<unknown[]> | unknown[];
  /** The plain call's listing, when it differs from a plain find (e.g. populated lists). */
  listAll?: (filter: Filter, sort: SortSpec) => Promise<unknown[]>;
}

const refuse = (message: string): never => {
  throw new ApiError(400, message);
};

export async function listAnswer<T extends Doc>(query: ListQuery, spec: ListSpec<T>) {
  const sort = listSort(spec.area, query.sort, spec.sort) ?? refuse(LIST_MESSAGES.sortNotAllowed);
  const filter: Filter = {
    ...(listCampFilter(spec.area, query.campament) ?? refuse(LIST_MESSAGES.campamentNotAllowed)),
  };
  if (query.status) filter.status = { $in: [...STATUS_ALIASES[query.status]] };
  const q = query.q?.trim();
  if (q && spec.search.length > 0) {
    const pattern = searchPattern(q);
    filter.$or = spec.search.map((field) => ({ [field]: { $regex: pattern } }));
  }
  if (query.page === undefined && query.limit === undefined) {
    const data = spec.listAll
      ? await spec.listAll(filter, sort)
      : await spec.present(await spec.collection.find(filter, { sort, spanish: true }));
    return { status: 'SUCCESS' as const, data };
  }
  const { records, total, page, limit } = await findPage(spec.collection, filter, sort, query);
  return { status: 'SUCCESS' as const, data: await spec.present(records), total, page, limit };
}

/**
 * One page of a list (`page` from 1, `limit` DEFAULT_PAGE_SIZE unless given) and the count of the
 * whole list: every paged call of the API reads its pages through here.
 */
export async function findPage<T extends Doc>(
  collection: Collection<T>,
  filter: Filter,
  sort: SortSpec,
  query: { page?: number; limit?: number },
) {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  // '1e309' reaches here as Infinity (the query's number coercion lets it through): refused alike.
  for (const [field, value] of [
    ['page', page],
    ['limit', limit],
  ] as const)
    if (!Number.isSafeInteger(value)) refuse(invalidFieldMessage('maximum', field));
  const [total, records] = await Promise.all([
    collection.count(filter),
    collection.find(filter, { sort, skip: (page - 1) * limit, limit, spanish: true }),
  ]);
  return { records, total, page, limit };
}
