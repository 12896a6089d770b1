// A category's optional age range (issue: a 15-year-old was paid into 'Mini (6 a 9 años)'): the
// admin sets it, the wizard says so at the participant step, and the checkout refuses it too.
import { validAge } from './enrolment.ts';

export interface AgeRange {
  name: string;
  age_min?: number | null;
  age_max?: number | null;
}

export const CATEGORY_MESSAGES = {
  ageOrder: 'La edad mínima no puede ser mayor que la edad máxima.',
} as const;

const bound = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** '6 a 9 años', 'desde 14 años', 'hasta 9 años', or '' when the category has no range. */
export function ageRangeText(category: AgeRange): string {
  const min = bound(category.age_min);
  const max = bound(category.age_max);
  if (min !== null && max !== null) return `${min} a ${max} años`;
  if (min !== null) return `desde ${min} años`;
  if (max !== null) return `hasta ${max} años`;
  return '';
}

/** Whether a valid age falls outside the category's range (a category without one takes any age). */
export function outsideAgeRange(category: AgeRange, age: number): boolean {
  const min = bound(category.age_min);
  const max = bound(category.age_max);
  return (min !== null && age < min) || (max !== null && age > max);
}

/** A summary line ('- …', like the spec's), for one category the child's age does not fit. */
export function categoryAgeMessage(category: AgeRange, age: string): string {
  const range = ageRangeText(category);
  // Names often carry the range already ('Mini (6 a 9 años)'): it is not said twice.
  const named = category.name.includes(range) ? category.name : `${category.name} (${range})`;
  return `- La edad (${age} años) no corresponde a la categoría ${named}`;
}

/**
 * The categories of a child's lines that their age does not fit, as summary lines; none while the
 * age itself is invalid (that has its own message).
 */
export function participantCategoryProblems(
  participant: { id: number; age?: string },
  lines: ReadonlyArray<{ cupo: number; time: string }>,
  categories: ReadonlyArray<AgeRange & { _id: string }>,
): string[] {
  const age = participant.age?.trim() ?? '';
  if (!validAge(age)) return [];
  const ids = new Set(lines.filter((line) => line.cupo === participant.id).map((line) => line.time));
  return categories
    .filter((category) => ids.has(category._id) && outsideAgeRange(category, Number(age)))
    .map((category) => categoryAgeMessage(category, age));
}
