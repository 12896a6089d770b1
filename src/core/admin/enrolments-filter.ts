// The enrolment list's filters as a store filter: one function for the list, the rosters and the
// export, so a download holds exactly what the screen shows.
import type { Filter } from '../store/port.ts';
import { ApiError } from '../errors.ts';
import { ENROLMENT_STATE_FILTERS, STAFF_MESSAGES, type EnrolmentFilters } from '../../domain/staff.ts';
import { searchPattern } from './listing.ts';

/** Fields `q` searches: order number, the parents' e-mail and names, the children's names. */
export const ENROLMENT_SEARCH = [
  'order_number',
  'contact.email',
  'contact.mother_name',
  'contact.father_name',
  'participants.first_name',
  'participants.last_name',
  'rnc_nombre',
];

/** From the start of `from` to the end of `to`, Santo Domingo days (UTC-4 all year). */
export function dayRange(from?: string, to?: string): Filter | null {
  if (!from && !to) return null;
  const range: Filter = {};
  if (from) range.$gte = new Date(`${from}T00:00:00.000-04:00`);
  if (to) range.$lte = new Date(`${to}T23:59:59.999-04:00`);
  for (const bound of Object.values(range) as Date[])
    if (Number.isNaN(bound.getTime())) throw new ApiError(400, STAFF_MESSAGES.invalidRange);
  if (from && to && from > to) throw new ApiError(400, STAFF_MESSAGES.invalidRange);
  return range;
}

export function enrolmentFilter(query: EnrolmentFilters): Filter {
  const parts: Filter[] = [];
  if (query.campament) parts.push({ campament: query.campament });
  if (query.week) parts.push({ 'lines.id': query.week });
  if (query.category) parts.push({ 'lines.time': query.category });
  if (query.state) parts.push(ENROLMENT_STATE_FILTERS[query.state]);
  const created = dayRange(query.from, query.to);
  if (created) parts.push({ created_at: created });
  const q = query.q?.trim();
  if (q) {
    const pattern = searchPattern(q);
    parts.push({ $or: ENROLMENT_SEARCH.map((field) => ({ [field]: { $regex: pattern } })) });
  }
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
}
