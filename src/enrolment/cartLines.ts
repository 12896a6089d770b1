// The lines in the cart once added (spec 01 §3, §4): the cart panel's ticks and 'Eliminar
// seleccionados', a reload's names and prices, the swap of a week that filled while the parent was
// paying, and a line's category by name (the panel and the payment step show it).
import { PARTICIPANT_REQUIRED } from '../domain/enrolment.ts';
import {
  emptyParticipant,
  isFull,
  type CartLine,
  type CartState,
  type ParticipantSlot,
  type WizardCategory,
  type WizardData,
  type WizardWeek,
} from './wizardData.ts';

// ---- Cart panel -----------------------------------------------------------------------------

export function toggleLine<S extends CartState>(state: S, key: string): S {
  return {
    ...state,
    lines: state.lines.map((line) => (line.key === key ? { ...line, checked: !line.checked } : line)),
  };
}

/**
 * Removes the checked lines and the participant slots no longer referenced; the slot count
 * becomes the number of distinct remaining slots.
 *
 * Decision: the remaining slots are renumbered 1..n (in their previous order), in the lines and
 * in the participants alike. Without it the next Agregar (slot = count + 1) would reuse a number
 * still held by a remaining child and merge two children; renumbering also keeps the tabs
 * 'Participante N' in step with the slot ids. Participant data moves with its slot.
 */
export function deleteChecked<S extends CartState>(state: S): S {
  if (!state.lines.some((line) => line.checked)) return state;
  const remaining = state.lines.filter((line) => !line.checked);
  const kept = [...new Set(remaining.map((line) => line.cupo))].sort((a, b) => a - b);
  const renumber = new Map(kept.map((old, index) => [old, index + 1]));
  const participants: Record<number, ParticipantSlot> = {};
  for (const [index, old] of kept.entries()) {
    participants[index + 1] = { ...(state.participants[old] ?? emptyParticipant(old)), id: index + 1 };
  }
  return {
    ...state,
    lines: remaining.map((line) => ({ ...line, cupo: renumber.get(line.cupo)! })),
    participants,
    slotCount: kept.length,
  };
}

/** After a reload the server's weeks are the truth for names, dates and prices. */
export function refreshLines(lines: readonly CartLine[], weeks: readonly WizardWeek[]): CartLine[] {
  const byId = new Map(weeks.map((week) => [week._id, week]));
  return lines.map((line) => {
    const week = byId.get(line._id);
    return week
      ? { ...line, name: week.name, date: week.date, value: week.value, categories: week.categories }
      : line;
  });
}

/** A participant with any data in their form (typed, or filled in from a membership). */
export function hasTypedData(participant: ParticipantSlot | undefined): boolean {
  if (!participant) return false;
  return PARTICIPANT_REQUIRED.some((field) => (participant[field] ?? '').trim() !== '');
}

/** The participants 'Eliminar seleccionados' would drop together with what was typed for them. */
export function participantsLostByDelete(
  state: Pick<WizardData, 'lines' | 'participants'>,
): ParticipantSlot[] {
  const dropped = [...new Set(state.lines.filter((line) => line.checked).map((line) => line.cupo))].filter(
    (cupo) => state.lines.every((line) => line.cupo !== cupo || line.checked),
  );
  return dropped.map((cupo) => state.participants[cupo]).filter((p): p is ParticipantSlot => hasTypedData(p));
}

// ---- A week that filled while the parent was paying ----------------------------------------

/** Lines whose week has no places left (known after the server refused the payment for it). */
export function fullLines(state: Pick<WizardData, 'lines' | 'originalWeeks'>): CartLine[] {
  const full = new Set(state.originalWeeks.filter(isFull).map((week) => week._id));
  return state.lines.filter((line) => full.has(line._id));
}

/**
 * The weeks a full line can be swapped for: with places, offered for the line's category, and not
 * already held by the same child.
 */
export function swapChoices(
  state: Pick<WizardData, 'lines' | 'originalWeeks'>,
  line: CartLine,
): WizardWeek[] {
  const held = new Set(state.lines.filter((other) => other.cupo === line.cupo).map((other) => other._id));
  return state.originalWeeks.filter(
    (week) =>
      !isFull(week) &&
      !held.has(week._id) &&
      (line.time === '' || week.categories.length === 0 || week.categories.includes(line.time)),
  );
}

/** The line takes another week in place: same child, category and membership; that week's price. */
export function swapLineWeek<S extends Pick<WizardData, 'lines' | 'originalWeeks'>>(
  state: S,
  key: string,
  weekId: string,
): S {
  const line = state.lines.find((candidate) => candidate.key === key);
  const week = line && swapChoices(state, line).find((choice) => choice._id === weekId);
  if (!line || !week) return state;
  const { _id, name, date, value, categories } = week;
  return {
    ...state,
    lines: state.lines.map((candidate) =>
      candidate.key === key ? { ...candidate, _id, name, date, value, categories } : candidate,
    ),
  };
}

// ---- How a line reads -----------------------------------------------------------------------

export function categoryName(categories: readonly WizardCategory[], id: string): string {
  return categories.find((category) => category._id === id)?.name ?? '';
}
