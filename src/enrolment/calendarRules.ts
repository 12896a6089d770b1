// The calendar step's rules (spec 01 §4, §5; DESIGN.md §2.5-2.6): choosing weeks, a category and the
// membership; 'Agregar', which puts the choice in the cart as one more child; and a waiting list's
// offer, which opens the calendar with its week chosen or added. Pure: no I/O, no clock.
import { WIZARD_ENROLMENT_MESSAGES, type ParticipantFields } from '../domain/enrolment.ts';
import { normalizeMembershipCode } from '../domain/memberships.ts';
import {
  EMPTY_MEMBERSHIP,
  emptyParticipant,
  initialSelection,
  isAnnual,
  isFull,
  type CartLine,
  type CartState,
  type MembershipChoice,
  type MembershipHave,
  type Selection,
  type WizardData,
  type WizardWeek,
} from './wizardData.ts';

/** The Agregar checks of spec 01 §5, in the order they run. */
export const ADD_MESSAGES = {
  category: 'Por favor seleccione la categoría correspondiente para continuar.',
  membershipCode: 'Por favor escriba su código de membresía.',
  date: 'Por favor seleccione la fecha para continuar.',
} as const;

/** Under a chosen week's category after 'Agregar' was refused for it (issue 26: at the field too). */
export const ROW_CATEGORY_MESSAGE = 'Elija la categoría de esta semana.';

export const noCategory = (category: string | undefined) =>
  !category || category.trim() === '' || category === '0';

/** The category a camp row will be added with. */
export function rowCategory(selection: Selection, weekId: string): string {
  return selection.categoryByWeek[weekId] ?? selection.category;
}

/** The select-all checkbox: checked while every available shown week is. */
export function allChecked(state: Pick<CartState, 'weeks' | 'selection'>): boolean {
  const available = state.weeks.filter((week) => !isFull(week));
  return available.length > 0 && available.every((week) => state.selection.weekIds.includes(week._id));
}

/** Checks or unchecks a camp week; chooses an annual program's payment option (single choice). */
export function toggleWeek<S extends CartState>(state: S, weekId: string): S {
  const week = state.weeks.find((candidate) => candidate._id === weekId);
  if (!week || isFull(week)) return state;
  const { weekIds } = state.selection;
  const next = isAnnual(state.camp)
    ? [weekId]
    : weekIds.includes(weekId)
      ? weekIds.filter((id) => id !== weekId)
      : [...weekIds, weekId];
  return { ...state, selection: { ...state.selection, weekIds: next } };
}

/** Camps: the select-all checkbox checks every available week, or unchecks them all. */
export function toggleAll<S extends CartState>(state: S): S {
  if (isAnnual(state.camp)) return state;
  const weekIds = allChecked(state)
    ? []
    : state.weeks.filter((week) => !isFull(week)).map((week) => week._id);
  return { ...state, selection: { ...state.selection, weekIds } };
}

/**
 * Annual programs: the category filters the options to those that include it and clears the
 * choice. Camps: with a week id it sets that row's category; without, every row's.
 */
export function selectCategory<S extends CartState>(state: S, category: string, weekId?: string): S {
  if (isAnnual(state.camp)) {
    const weeks = noCategory(category)
      ? state.originalWeeks
      : state.originalWeeks.filter((week) => week.categories.includes(category));
    return { ...state, weeks, selection: { ...state.selection, category, weekIds: [] } };
  }
  if (weekId !== undefined) {
    const categoryByWeek = { ...state.selection.categoryByWeek, [weekId]: category };
    return { ...state, selection: { ...state.selection, categoryByWeek } };
  }
  return { ...state, selection: { ...state.selection, category, categoryByWeek: {} } };
}

export function setMembership<S extends CartState>(state: S, patch: Partial<MembershipChoice>): S {
  return { ...state, membership: { ...state.membership, ...patch } };
}

/** The chosen weeks, in the order shown; full weeks never count. */
export function chosenWeeks(state: Pick<CartState, 'weeks' | 'selection'>): WizardWeek[] {
  return state.weeks.filter((week) => state.selection.weekIds.includes(week._id) && !isFull(week));
}

/** A camp's chosen weeks still without their category (none when the camp has no categories). */
function weeksWithoutCategory(state: CartState): WizardWeek[] {
  if (state.categories.length === 0 || isAnnual(state.camp)) return [];
  return chosenWeeks(state).filter((week) => noCategory(rowCategory(state.selection, week._id)));
}

/** 'a', 'a y b', 'a, b y c'. */
export function spanishList(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} y ${items.at(-1)}` : (items[0] ?? '');
}

/**
 * The Agregar checks of spec 01 §5 in order; null when the selection can be added.
 * Decisions: the category is required only when the camp has categories (the server accepts a
 * line without one then); a camp needs a category on every checked row, and the spec's sentence
 * is followed by the weeks that lack it (issue 26: on a phone the rows may be out of sight); and
 * the date check also applies to camps, because a participant without weeks could never be paid for.
 */
export function addError(state: CartState): string | null {
  const chosen = chosenWeeks(state);
  if (state.categories.length > 0 && isAnnual(state.camp) && noCategory(state.selection.category))
    return ADD_MESSAGES.category;
  const lacking = weeksWithoutCategory(state);
  if (lacking.length > 0)
    return `${ADD_MESSAGES.category} (${spanishList(lacking.map((week) => week.name))})`;
  if (state.membership.have === 'SI' && state.membership.id.trim() === '') return ADD_MESSAGES.membershipCode;
  if (chosen.length === 0) return ADD_MESSAGES.date;
  if (declaredCode(state) && state.lines.some((line) => sameCode(line.membership_id, declaredCode(state))))
    return WIZARD_ENROLMENT_MESSAGES.membershipRepeated;
  return null;
}

/** What 'Agregar' was refused for, field by field: the weeks without category, the code, no week. */
export function addProblems(state: CartState): {
  weeks: string[];
  category: boolean;
  code: boolean;
  date: boolean;
} {
  const annual = isAnnual(state.camp);
  const chosen = chosenWeeks(state);
  const categories = state.categories.length > 0;
  return {
    weeks: weeksWithoutCategory(state).map((week) => week._id),
    category: categories && annual && noCategory(state.selection.category),
    code: state.membership.have === 'SI' && state.membership.id.trim() === '',
    date: chosen.length === 0,
  };
}

/** The membership code typed on the calendar, as the server stores it; '' when none is declared. */
export function declaredCode(state: Pick<CartState, 'membership'>): string {
  return state.membership.have === 'SI' ? normalizeMembershipCode(state.membership.id.trim()) : '';
}

const sameCode = (a: string, b: string) => a !== '' && normalizeMembershipCode(a) === b;

/** The slot's provisional membership id: the last 5 digits of the timestamp (DESIGN.md §2.6). */
export function provisionalMembershipId(now: number): string {
  return String(Math.trunc(now)).slice(-5).padStart(5, '0');
}

export type AddResult<S> = { ok: true; state: S } | { ok: false; message: string };

/**
 * Agregar (spec 01 §4): one more participant slot holding the chosen weeks, then the selection,
 * the weeks shown and the membership question start over.
 */
export function addToCart<S extends CartState>(
  state: S,
  now: number,
  /** The child the declared code was issued to (the lookup's answer): their name and birth date. */
  holder?: Pick<ParticipantFields, 'first_name' | 'last_name' | 'birth_date'> & { code: string },
): AddResult<S> {
  const message = addError(state);
  if (message) return { ok: false, message };
  const annual = isAnnual(state.camp);
  const cupo = state.slotCount + 1;
  const declared = declaredCode(state) !== '';
  const membership_have: MembershipHave = declared ? 'SI' : annual ? 'NO' : state.membership.have;
  const membership_id = declared
    ? (holder?.code ?? declaredCode(state))
    : annual
      ? provisionalMembershipId(now)
      : '';
  const lines: CartLine[] = chosenWeeks(state).map((week, index) => ({
    _id: week._id,
    name: week.name,
    date: week.date,
    value: week.value,
    categories: week.categories,
    time: annual ? state.selection.category : noCategoryToBlank(rowCategory(state.selection, week._id)),
    key: `L${state.lineSeq + index + 1}`,
    cupo,
    membership_id,
    membership_have,
    newprice: false,
    quantity: 1,
    checked: false,
  }));
  const time = [...new Set(lines.map((line) => line.time).filter((value) => value !== ''))].join(', ');
  return {
    ok: true,
    state: {
      ...state,
      lines: [...state.lines, ...lines],
      lineSeq: state.lineSeq + lines.length,
      slotCount: cupo,
      participants: {
        ...state.participants,
        [cupo]: {
          ...emptyParticipant(cupo, { time, membership_id, membership_have }),
          ...(holder
            ? { first_name: holder.first_name, last_name: holder.last_name, birth_date: holder.birth_date }
            : {}),
        },
      },
      weeks: state.originalWeeks,
      selection: initialSelection(),
      membership: EMPTY_MEMBERSHIP,
    },
  };
}

/** 'Participante 2 agregado: 3 semanas.' (a program: its payment option), after 'Agregar'. */
export function addedSummary(state: Pick<WizardData, 'camp' | 'lines'>, cupo: number): string {
  const lines = state.lines.filter((line) => line.cupo === cupo);
  if (lines.length === 0) return '';
  const what = isAnnual(state.camp)
    ? lines.map((line) => line.name).join(', ')
    : lines.length === 1
      ? '1 semana'
      : `${lines.length} semanas`;
  return `Participante ${cupo} agregado: ${what}.`;
}

function noCategoryToBlank(category: string): string {
  return noCategory(category) ? '' : category;
}

// ---- A waiting list's offer (issue 26) ------------------------------------------------------

/**
 * A waiting list's offer opens the wizard with its week in the cart (issue 26): a camp's cart still
 * empty gets the offered weeks chosen (their category too when a week runs only one) and, when
 * nothing is missing, added as the offer's child; else they stay chosen for the parent to finish.
 */
export function withOffers<S extends WizardData>(state: S, now: number): S {
  const offers = offersShown(state);
  if (offers.length === 0 || state.lines.length > 0 || isAnnual(state.camp)) return state;
  const weekIds = [...new Set(offers.map((entry) => entry.week))];
  const categoryByWeek: Record<string, string> = {};
  for (const id of weekIds) {
    const runs = state.weeks.find((week) => week._id === id)?.categories ?? [];
    // The category the parent chose on the row, else the week's only one.
    const chosen = state.selection.categoryByWeek[id];
    if (chosen && !noCategory(chosen)) categoryByWeek[id] = chosen;
    else if (runs.length === 1) categoryByWeek[id] = runs[0]!;
  }
  const chosen = { ...state, selection: { weekIds, category: '', categoryByWeek } };
  const added = addToCart(chosen, now);
  if (!added.ok) return chosen;
  const [first_name = '', ...rest] = offers[0]!.child.trim().split(/\s+/);
  const slot = added.state.participants[added.state.slotCount]!;
  return {
    ...added.state,
    participants: {
      ...added.state.participants,
      [slot.id]: { ...slot, first_name, last_name: rest.join(' ') },
    },
  };
}

/** The family's waiting-list offers for weeks this calendar shows. */
export function offersShown(state: Pick<WizardData, 'waitlist' | 'weeks'>) {
  return state.waitlist.filter(
    (entry) => entry.status === 'offered' && state.weeks.some((week) => week._id === entry.week),
  );
}

/**
 * An offered week that runs several categories waits for the parent's choice on its row; once
 * every offered week has one, the offer goes to the cart for its child, as withOffers puts a
 * one-category week (issue 26). Only while the choice is still the offer's own (the parent did not
 * tick or untick other weeks meanwhile: then 'Agregar' adds what they chose).
 */
export function withOfferCategory<S extends WizardData>(state: S, now: number): S {
  const offered = new Set(offersShown(state).map((entry) => entry.week));
  const { weekIds } = state.selection;
  return weekIds.length === offered.size && weekIds.every((id) => offered.has(id))
    ? withOffers(state, now)
    : state;
}
