// The TypeBox query of every admin list call (spec 02 §7 plus DESIGN's paging); what its `sort`
// and `campament` mean, and which fields each list sorts by, are in ../listing.ts.
import { Type, type Static } from 'typebox';
import { EditableStatus, Id } from './fields.ts';

/**
 * Optional query of every list call. Without page/limit the whole list comes back (as the spec's
 * screens expect); with either, one page plus `total`, `page`, `limit`.
 */
export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Case-insensitive text search on the area's names and codes. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(EditableStatus),
  /**
   * The order: one of the area's SORTABLE_FIELDS, with a leading '-' for descending
   * ('-start_date'); ties are broken by `_id` in the same direction. Absent or '' = the area's own
   * order. Any other value is refused with LIST_MESSAGES.sortNotAllowed (listSort, listing.ts).
   */
  sort: Type.Optional(Type.String()),
  /** Only the records of this camp, on the areas of CAMP_FILTERED_AREAS (refused elsewhere). */
  campament: Type.Optional(Id),
});
export type ListQuery = Static<typeof ListQuery>;
