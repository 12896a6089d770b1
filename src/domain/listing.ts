// What the list calls' `sort` and `campament` queries mean (ListQuery in admin-contract.ts),
// written once for the server (src/core/admin/listing.ts), used by the server and the mocks alike. Pure.
import { CAMP_FILTERED_AREAS, SORTABLE_FIELDS, type ListArea } from './admin-contract.ts';

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
