// What the list calls' `sort` and `campament` queries mean (ListQuery in ./schemas/listing.ts): the
// fields each list sorts by, the areas a camp filters, and the rules written once for the server
// (src/core/admin/listing.ts), used by the server and the mocks alike. Pure.
import type { AdminArea } from './admin-areas.ts';
import { invalidFieldMessage } from './validation.ts';

/** The page size of a list call that asks for a page without a `limit`. */
export const DEFAULT_PAGE_SIZE = 20;

/** Every call that answers a list with ListQuery: the admin areas and the users' list. */
export type ListArea = AdminArea | 'usuarios';

/**
 * The fields each list may be sorted by (`sort`). Stored fields only: populated names
 * (campament_name) and derived ones (quota_f_left) are not sortable.
 */
export const SORTABLE_FIELDS = {
  campamentos: ['name', 'code', 'start_date', 'end_date', 'membership', 'type', 'status'],
  categorias: ['name', 'order', 'status'],
  semanas: ['name', 'order', 'value', 'quota_q', 'quota_f', 'status'],
  cupones: ['code', 'label', 'type', 'percent', 'amount', 'date', 'status'],
  estados: ['_id', 'code', 'name'],
  tipos: ['_id', 'model', 'code', 'name', 'status'],
  inscripciones: [
    '_id',
    'order_number',
    'camp_name',
    'amount',
    'payment_status',
    'status',
    'created_at',
    'paid_at',
  ],
  clientes: ['_id', 'name', 'email', 'cliEstado', 'status', 'created_at'],
  participantes: ['_id', 'first_name', 'last_name', 'age', 'school', 'status', 'created_at'],
  contactos: ['_id', 'type', 'first_name', 'last_name', 'email', 'status', 'created_at'],
  calendarios: ['_id', 'name', 'date', 'order', 'status', 'created_at'],
  membresias: ['_id', 'code', 'first_name', 'last_name', 'status', 'issued_at'],
  usuarios: ['_id', 'email', 'name', 'tipo', 'status', 'created_at'],
} as const satisfies Record<ListArea, readonly string[]>;

/** The areas whose records carry a camp id in `campament`: their lists accept `campament`. */
export const CAMP_FILTERED_AREAS = [
  'categorias',
  'semanas',
  'calendarios',
  'inscripciones',
] as const satisfies readonly ListArea[];

export const LIST_MESSAGES = {
  /** The same words as any other value a field does not allow. */
  sortNotAllowed: invalidFieldMessage('enum', 'sort'),
  campamentNotAllowed: 'Este listado no se puede filtrar por campamento.',
} as const;

/** Field → 1 (ascending) or -1 (descending), applied in key order (the stores' sort). */
export type SortSpec = Record<string, 1 | -1>;

/**
 * The sort spec of a list call: `sort` is one of the area's SORTABLE_FIELDS, with a leading '-'
 * for descending; without it (absent or '') the area's `defaultSort`. Ties are broken by `_id` in
 * the same direction as the sort's first field, so pages never overlap or skip a record and
 * `-field` lists exactly the reverse of `field`. Null when the area does not allow that field
 * (the caller answers 400 with LIST_MESSAGES.sortNotAllowed).
 */
export function listSort(area: ListArea, sort: string | undefined, defaultSort: SortSpec): SortSpec | null {
  if (sort === undefined || sort === '') return withIdTieBreak(defaultSort);
  const direction = sort.startsWith('-') ? -1 : 1;
  const field = direction === -1 ? sort.slice(1) : sort;
  if (!(SORTABLE_FIELDS[area] as readonly string[]).includes(field)) return null;
  return withIdTieBreak({ [field]: direction });
}

function withIdTieBreak(spec: SortSpec): SortSpec {
  if ('_id' in spec) return spec;
  const first = Object.values(spec)[0] ?? 1;
  return { ...spec, _id: first };
}

/**
 * The filter a list call's `campament` (an already validated record id) adds: `{ campament }` on
 * the areas whose records carry a camp (CAMP_FILTERED_AREAS), `{}` without it. Null when the area
 * has no camp field: the call is refused (400, LIST_MESSAGES.campamentNotAllowed) rather than
 * ignored, so a screen that filters the wrong list sees an error instead of every record.
 */
export function listCampFilter(area: ListArea, campament: string | undefined): { campament?: string } | null {
  if (campament === undefined) return {};
  return (CAMP_FILTERED_AREAS as readonly string[]).includes(area) ? { campament } : null;
}
