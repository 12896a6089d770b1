// The enrolment list's filters as a store filter: one function for the list, the rosters and the
// export, so a download holds exactly what the screen shows.
import type { Filter, Store } from '../store/port.ts';
import { ApiError } from '../errors.ts';
import {
  ENROLMENT_STATE_FILTERS,
  STAFF_MESSAGES,
  phoneSearchDigits,
  type EnrolmentFilters,
} from '../../domain/staff.ts';
import { PHONE_FIELDS } from '../../domain/enrolment.ts';
import { membershipCodeIn } from '../../domain/memberships.ts';
import type { Membership } from '../../domain/records.ts';
import { escapeRegExp, searchPattern } from './listing.ts';

/** Fields `q` searches as text: order number, the parents' e-mail and names, the children's names. */
export const ENROLMENT_SEARCH = [
  'order_number',
  'contact.email',
  'contact.mother_name',
  'contact.father_name',
  'participants.first_name',
  'participants.last_name',
  'rnc_nombre',
];

/** The parents' and the emergency contact's phones, kept as the family typed them. */
const PHONE_SEARCH = PHONE_FIELDS.map((field) => `contact.${field}`);

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

/**
 * The orders a membership code leads to: those naming it, and those of the family and child it
 * was issued to (an order paid before the code, or one where the parent did not type it). One
 * read of the unique code index, only when `q` reads as a code.
 */
async function membershipClauses(store: Store, code: string): Promise<Filter[]> {
  const clauses: Filter[] = [{ 'participants.membership_code': code }];
  const membership = await store
    .collection<Membership>('membresias')
    .findOne({ code }, { withDeleted: true });
  if (membership)
    clauses.push(
      { order_number: membership.order_number },
      {
        user_id: membership.user_id,
        'participants.first_name': membership.first_name,
        'participants.birth_date': membership.birth_date,
      },
    );
  return clauses;
}

/** What `q` matches: the texts, and a phone, an authorisation code or a membership code. */
async function searchClauses(store: Store, q: string): Promise<Filter[]> {
  const pattern = searchPattern(q);
  const clauses: Filter[] = ENROLMENT_SEARCH.map((field) => ({ [field]: { $regex: pattern } }));
  // Whole and any case, as the bank's statement gives it: a fragment would find every order
  // whose six digits contain it.
  clauses.push({ auth_code: { $regex: new RegExp(`^${escapeRegExp(q)}$`, 'i') } });
  // Phones are stored as typed: the digits in order, whatever stands between them, so
  // '8095550301' finds '809-555-0301' and '(809) 555 0301' with no second copy of the phone kept.
  const digits = phoneSearchDigits(q);
  if (digits) {
    const phone = new RegExp([...digits].join('\\D{0,3}'));
    clauses.push(...PHONE_SEARCH.map((field) => ({ [field]: { $regex: phone } })));
  }
  const code = membershipCodeIn(q);
  if (code) clauses.push(...(await membershipClauses(store, code)));
  return clauses;
}

export async function enrolmentFilter(store: Store, query: EnrolmentFilters): Promise<Filter> {
  const parts: Filter[] = [];
  if (query.campament) parts.push({ campament: query.campament });
  if (query.week) parts.push({ 'lines.id': query.week });
  if (query.category) parts.push({ 'lines.time': query.category });
  if (query.state) parts.push(ENROLMENT_STATE_FILTERS[query.state]);
  const created = dayRange(query.from, query.to);
  if (created) parts.push({ created_at: created });
  const q = query.q?.trim();
  if (q) parts.push({ $or: await searchClauses(store, q) });
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
}
