// What a child's tab on the participants' step shows besides the form: each invalid field's sentence
// and the read-only 'Calendario' box. Only that step reads them, so they travel in its chunk.
import { participantCategoryProblems } from '../domain/categories.ts';
import type { ParticipantFields } from '../domain/enrolment.ts';
import { formRules } from './formRulesRegistry.ts';
import { takenTwice, type SlotState } from './stepRules.ts';
import type { CartLine, ParticipantSlot } from './wizardData.ts';

/** A child's invalid fields with their sentences; a category's age range is the age field's. */
export function participantFieldProblems(
  state: SlotState,
  participant: ParticipantSlot,
  now = new Date(),
): Partial<Record<keyof ParticipantFields, string>> {
  const fields = formRules()?.participantFieldErrors(participant, now) ?? {};
  const [category] = participantCategoryProblems(participant, state.lines, state.categories);
  if (!fields.age && category) fields.age = `${category.replace(/^- /, '')}.`;
  const [twice] = takenTwice(state, participant);
  if (!fields.first_name && twice) fields.first_name = twice;
  return fields;
}

/** The participant tab's read-only 'Calendario' box: one bullet line per week, "name / date". */
export function participantCalendar(lines: readonly CartLine[], cupo: number): string {
  return lines
    .filter((line) => line.cupo === cupo)
    .map((line) => `• ${line.name} / ${line.date}`)
    .join('\n');
}
