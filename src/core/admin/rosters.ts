// Rosters (the staff issue, 'Listas'): per week and category, the paid children of a camp with
// what staff need on the court (age, size, medical notes, emergency phone) and who may pick them up.
import type { Store } from '../store/port.ts';
import { ApiError } from '../errors.ts';
import { inScope, ROLE_MESSAGES, type CoachScope } from '../../domain/roles.ts';
import { fullName } from '../../domain/family.ts';
import type { Category, Enrolment, Week } from '../../domain/records.ts';
import {
  ageOn,
  ENROLMENT_STATE_FILTERS,
  SIZE_ORDER,
  type RosterChild,
  type RosterQuery,
  type RosterWeek,
} from '../../domain/staff.ts';

const byName = (a: RosterChild, b: RosterChild) => a.name.localeCompare(b.name, 'es');

function childOf(enrolment: Enrolment, cupo: number, weekDate = ''): RosterChild | null {
  const child = enrolment.participants.find((participant) => participant.id === cupo);
  if (!child) return null;
  const contact = enrolment.contact;
  const pickup = [
    { name: contact.authorized_name_1, id: contact.authorized_id_1 },
    { name: contact.authorized_name_2, id: contact.authorized_id_2 },
  ].filter((person) => person.name?.trim());
  return {
    key: `${enrolment._id}:${cupo}`,
    order_number: enrolment.order_number,
    name: fullName(child),
    age: child.age,
    age_at_week: ageOn(child.birth_date, weekDate),
    birth_date: child.birth_date,
    gender: child.gender,
    size: child.size,
    photo: child.image,
    allergies: child.alergies,
    foods: child.prohibited_foods,
    drugs: child.prohibited_drugs,
    restrictions: child.activities_restrictions,
    parents: [
      { name: contact.mother_name, phone: contact.mother_phone },
      { name: contact.father_name, phone: contact.father_phone },
    ].filter((parent) => parent.name?.trim()),
    emergency: {
      name: fullName(contact),
      phones: [contact.phone_mobile, contact.phone_home, contact.phone_office].filter((phone) =>
        phone?.trim(),
      ),
    },
    pickup,
  };
}

/**
 * The rosters of a camp (one week or all, one category or all). A coach's scope narrows them to
 * the weeks and categories assigned to them; asking for another is refused (issue 25).
 */
export async function rosters(
  store: Store,
  query: RosterQuery,
  scope: CoachScope | null = null,
): Promise<RosterWeek[]> {
  if (scope && scope.weeks.length === 0) throw new ApiError(403, ROLE_MESSAGES.nothingAssigned);
  if (query.week && !inScope(scope, query.week, query.category))
    throw new ApiError(403, ROLE_MESSAGES.notAssigned);
  if (query.category && scope && scope.categories.length > 0 && !scope.categories.includes(query.category))
    throw new ApiError(403, ROLE_MESSAGES.notAssigned);
  const seen = (week: string, category: string) => inScope(scope, week, category);
  const [allWeeks, categories, enrolments] = await Promise.all([
    store
      .collection<Week>('semanas')
      .find(query.week ? { _id: query.week } : { campament: query.campament }, { sort: { order: 1 } }),
    store.collection<Category>('categorias').find({ campament: query.campament }, { sort: { order: 1 } }),
    store
      .collection<Enrolment>('inscripciones')
      .find({ campament: query.campament, ...ENROLMENT_STATE_FILTERS.paid }),
  ]);
  const weeks = allWeeks.filter((week) => !scope || scope.weeks.includes(week._id));
  return weeks.map((week) => {
    const lines = enrolments.flatMap((enrolment) =>
      enrolment.lines
        .filter(
          (line) =>
            line.id === week._id &&
            (!query.category || line.time === query.category) &&
            seen(week._id, line.time),
        )
        .map((line) => ({ category: line.time, child: childOf(enrolment, line.cupo, week.date) })),
    );
    const counts = new Map<string, number>();
    for (const { child } of lines) if (child) counts.set(child.size, (counts.get(child.size) ?? 0) + 1);
    const rank = (size: string) => (SIZE_ORDER.includes(size) ? SIZE_ORDER.indexOf(size) : SIZE_ORDER.length);
    return {
      week_id: week._id,
      week_name: week.name,
      date: week.date,
      sizes: [...counts]
        .map(([size, count]) => ({ size, count }))
        .sort((a, b) => rank(a.size) - rank(b.size) || a.size.localeCompare(b.size)),
      categories: categories
        .filter((category) => !query.category || category._id === query.category)
        .filter((category) => seen(week._id, category._id))
        .map((category) => ({
          category_id: category._id,
          category_name: category.name,
          children: lines
            .filter((line) => line.category === category._id && line.child)
            .map((line) => line.child!)
            .sort(byName),
        })),
    };
  });
}
