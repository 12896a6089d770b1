// The wizard's cart rules (spec 01 §4, §5, §9; DESIGN.md §2.5-2.6, §6) as pure functions: the
// XState machine (machine.ts) calls them, the screens read their results, and they are tested
// without either. No I/O, no clock (the caller passes `now`), no framework.
import type { CampAnswer, CategoryAnswer, WeekAnswer } from '../domain/answers.ts';
import { cleanCardNumber, cleanExpiry } from '../domain/cards.ts';
import { couponWithMembership, type CouponTermsData } from '../domain/coupons.ts';
import { participantCategoryProblems } from '../domain/categories.ts';
import { normalizeMembershipCode } from '../domain/memberships.ts';
import {
  ADDITIONAL_FIELDS,
  ENROLMENT_MESSAGES,
  PARTICIPANT_REQUIRED,
  rncProblem,
  type AdditionalData,
  type CreateEnrolmentBody,
  type ParticipantFields,
} from '../domain/enrolment.ts';
import { formRules } from './formRulesRegistry.ts';
import { PHOTO_ALLOWED_TYPES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../domain/photos.ts';
import {
  planSchedule,
  priceCart,
  slotsOf,
  type PaymentSchedule,
  type PriceBreakdown,
  type PriceInput,
} from '../domain/pricing.ts';
import { planOf, type PlanFields } from '../domain/plans.ts';
import { childKey, familyChildCount, sameChildSlots, type ChildId } from '../domain/family.ts';
import type { HeldPlace } from '../domain/children.ts';
import type { WaitlistView } from '../domain/waitlist.ts';
import { isAnnualProgram } from '../domain/records.ts';

// ---- Constants ------------------------------------------------------------------------------

/** The Agregar checks of spec 01 §5, in the order they run. */
export const ADD_MESSAGES = {
  category: 'Por favor seleccione la categoría correspondiente para continuar.',
  membershipCode: 'Por favor escriba su código de membresía.',
  date: 'Por favor seleccione la fecha para continuar.',
} as const;

/** Under a chosen week's category after 'Agregar' was refused for it (issue 26: at the field too). */
export const ROW_CATEGORY_MESSAGE = 'Elija la categoría de esta semana.';

/** Title of the wizard's message dialog (its button reads 'Cerrar'). */
export const DIALOG_TITLE = 'Mensaje';
/** Label of a week without places left (DESIGN.md §2.5). */
export const FULL_WEEK_LABEL = 'Agotado';

export type StepIndex = 0 | 1 | 2 | 3;
/** Route of each step index (spec 01 §2). */
export const STEP_ROUTES = ['/calendario', '/participantes', '/adicional', '/pago'] as const;
export const CONFIRMATION_ROUTE = '/confirmacion';

// ---- Shapes ---------------------------------------------------------------------------------

/** What the wizard uses of GET /campamentos/findbyid. */
export type WizardCamp = Pick<
  CampAnswer,
  '_id' | 'name' | 'type' | 'membership' | 'payment_terms' | 'terms'
> &
  // Its cancellation rule (issue 26): the terms the parent reads are written from it.
  Partial<Pick<CampAnswer, 'self_cancel' | 'self_cancel_days' | 'refund_rule' | 'cancel_fee'>>;
/** What the wizard uses of GET /semanas/findbycamp; quota_f_left null = no limit. */
export type WizardWeek = Pick<WeekAnswer, '_id' | 'name' | 'date' | 'value' | 'categories' | 'quota_f_left'> &
  PlanFields;
/** What the wizard uses of GET /categorias/findbycamp. */
export type WizardCategory = Pick<CategoryAnswer, '_id' | 'name' | 'text' | 'age_min' | 'age_max'>;

export type MembershipHave = 'SI' | 'NO' | '';

/** The membership question of the calendar (spec 01 §3 "Membership"). */
export interface MembershipChoice {
  have: MembershipHave;
  id: string;
}

/** What is chosen on the calendar before Agregar. */
export interface Selection {
  /** Checked weeks (camps) or the chosen payment option (annual programs, at most one). */
  weekIds: string[];
  /** Annual programs: the category dropdown. Camps: the category applied to every row. */
  category: string;
  /** Camps: a row's own category, overriding `category`. */
  categoryByWeek: Record<string, string>;
}

/** A calendar entry (spec 01 §3): the week plus the participant slot it belongs to. */
export interface CartLine {
  _id: string;
  name: string;
  date: string;
  value: number;
  categories: string[];
  /** The chosen category id. */
  time: string;
  /** Unique within the cart, stable across deletions. */
  key: string;
  /** Participant slot, 1..slotCount. */
  cupo: number;
  membership_id: string;
  membership_have: MembershipHave;
  newprice: false;
  quantity: 1;
  /** The cart panel's checkbox (lines to delete). */
  checked: boolean;
}

/** A participant slot, created by Agregar and keyed by cupo (spec 01 §3). */
export type ParticipantSlot = ParticipantFields & {
  id: number;
  time: string;
  membership_id: string;
  membership_have: MembershipHave;
};

/** The payment form (spec 01 §3 "Payment data"); the four card fields are never persisted. */
export interface PaymentForm {
  ccName: string;
  ccNumber: string;
  ccDate: string;
  ccCVV: string;
  termsandconditions: boolean;
  comprobantefiscal: boolean;
  rnc: string;
  rnc_nombre: string;
  /** The coupon box's text; locked (= the applied code) while a coupon is applied. */
  coupon: string;
  /** Annual plans: the card is kept for the automatic charges of the later instalments (issue 20). */
  autopay: boolean;
}

/** Everything the cart rules read: a subset of the machine's context. */
export interface WizardData {
  uid: string;
  camp: WizardCamp | null;
  /** The weeks shown (annual programs: filtered by the chosen category). */
  weeks: WizardWeek[];
  /** The weeks as loaded. */
  originalWeeks: WizardWeek[];
  categories: WizardCategory[];
  selection: Selection;
  membership: MembershipChoice;
  lines: CartLine[];
  /** Number of participant slots (= distinct cupo values of the lines, numbered 1..slotCount). */
  slotCount: number;
  /** Sequence behind the line keys; never goes back, so keys stay unique after deletions. */
  lineSeq: number;
  participants: Record<number, ParticipantSlot>;
  additional: AdditionalData;
  coupon: CouponTermsData | null;
  payment: PaymentForm;
  /** Children of the family's earlier paid orders the camp's family discount counts (./api.ts). */
  earlierChildren: ChildId[];
  /** The places the family's children already hold in the camp (issue 26: no child twice). */
  heldPlaces: HeldPlace[];
  /** The family's waiting-list requests in this camp (issue 26): positions and offers. */
  waitlist: WaitlistView[];
}

export type CartState = Pick<
  WizardData,
  | 'camp'
  | 'weeks'
  | 'originalWeeks'
  | 'categories'
  | 'selection'
  | 'membership'
  | 'lines'
  | 'slotCount'
  | 'lineSeq'
  | 'participants'
>;

// ---- Empty values ---------------------------------------------------------------------------

export function emptyParticipant(
  id: number,
  extra: Partial<Pick<ParticipantSlot, 'time' | 'membership_id' | 'membership_have'>> = {},
): ParticipantSlot {
  const fields = Object.fromEntries(PARTICIPANT_REQUIRED.map((field) => [field, ''])) as ParticipantFields;
  return { ...fields, id, time: '', membership_id: '', membership_have: '', ...extra };
}

export function emptyAdditional(): AdditionalData {
  return Object.fromEntries(ADDITIONAL_FIELDS.map((field) => [field, ''])) as AdditionalData;
}

export function emptyPayment(): PaymentForm {
  return {
    ccName: '',
    ccNumber: '',
    ccDate: '',
    ccCVV: '',
    termsandconditions: false,
    comprobantefiscal: false,
    rnc: '',
    rnc_nombre: '',
    coupon: '',
    autopay: false,
  };
}

export const EMPTY_MEMBERSHIP: MembershipChoice = { have: '', id: '' };

// ---- Calendar -------------------------------------------------------------------------------

export function isAnnual(camp: WizardCamp | null): boolean {
  return camp !== null && isAnnualProgram(camp.type);
}

/** A week without places left can never be chosen; null means no limit. */
export function isFull(week: Pick<WizardWeek, 'quota_f_left'>): boolean {
  return week.quota_f_left !== null && week.quota_f_left <= 0;
}

/** What the wizard keeps of the weeks the server answered (categories and places made explicit). */
export function wizardWeeks(
  weeks: ReadonlyArray<Omit<WizardWeek, 'categories' | 'quota_f_left'> & Partial<WizardWeek>>,
): WizardWeek[] {
  return weeks.map(({ _id, name, date, value, categories, quota_f_left, ...rest }) => ({
    _id,
    name,
    date,
    value,
    categories: categories ?? [],
    quota_f_left: quota_f_left ?? null,
    // An annual option's payment plan (issue 20), when it has one.
    ...(rest.plan_frequency ? { plan_frequency: rest.plan_frequency } : {}),
    ...(rest.plan_instalments ? { plan_instalments: rest.plan_instalments } : {}),
    ...(rest.plan_first_due ? { plan_first_due: rest.plan_first_due } : {}),
    ...(rest.plan_due_day ? { plan_due_day: rest.plan_due_day } : {}),
  }));
}

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

/** The family's offers for weeks this calendar shows. */
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

/**
 * The calendar starts with nothing chosen, and starts over so after 'Agregar' (issue 26, a departure
 * from the spec's ticked start: a returning family unticked most weeks for every child).
 */
export function initialSelection(): Selection {
  return { weekIds: [], category: '', categoryByWeek: {} };
}

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
    return ENROLMENT_MESSAGES.membershipRepeated;
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

function noCategoryToBlank(category: string): string {
  return noCategory(category) ? '' : category;
}

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

/** For non-annual camps the coupon box is disabled once any line carries a membership id. */
export function couponDisabled(state: Pick<WizardData, 'camp' | 'lines'>): boolean {
  return couponWithMembership(state.camp?.type ?? '', state.lines);
}

/** The summary's figures: participants, Sub-Total, Desc. Familiar, Desc. C/Semanas, Membresía, Total. */
export function cartTotals(
  state: Pick<WizardData, 'camp' | 'lines' | 'coupon'> &
    Partial<Pick<WizardData, 'participants' | 'earlierChildren'>>,
): PriceBreakdown {
  return priceCart(cartPriceInput(state));
}

/** What the cart prices: the same input for its totals and its payment schedule. */
function cartPriceInput(
  state: Pick<WizardData, 'camp' | 'lines' | 'coupon'> &
    Partial<Pick<WizardData, 'participants' | 'earlierChildren' | 'originalWeeks'>>,
  today?: string,
): PriceInput {
  const annual = isAnnual(state.camp);
  const earlier = state.earlierChildren ?? [];
  const weekById = new Map((state.originalWeeks ?? []).map((week) => [week._id, week]));
  // The same child entered twice is priced as one child, as the checkout prices it (issue 43).
  const childSlot = sameChildSlots(Object.values(state.participants ?? {}));
  return {
    campType: state.camp?.type ?? '',
    lines: state.lines.map((line) => {
      const week = weekById.get(line._id);
      return {
        cupo: childSlot.get(line.cupo) ?? line.cupo,
        value: line.value,
        quantity: line.quantity,
        ...(annual && today && week ? { plan: planOf(week, today) } : {}),
      };
    }),
    membershipFee: state.camp?.membership ?? 0,
    // The server waives the fee only for a membership it finds valid; it refuses the rest.
    slotsWithMembership: annual ? slotsOf(state.lines.filter((line) => line.membership_have === 'SI')) : [],
    coupon: couponDisabled(state) ? null : state.coupon,
    // Slots not named yet count as earlier children while any is left (the shown price never drops at payment).
    ...(earlier.length > 0
      ? {
          familyChildren: familyChildCount(
            earlier,
            slotsOf(state.lines).map((slot) => state.participants?.[slot] ?? null),
          ),
        }
      : {}),
  };
}

/**
 * The payment schedule of an annual program's cart (issue 20), as the checkout will sell it: each
 * child's instalments from `today`, the membership once, and what is paid now.
 */
export function cartSchedule(
  state: Pick<WizardData, 'camp' | 'lines' | 'coupon' | 'originalWeeks'> &
    Partial<Pick<WizardData, 'participants' | 'earlierChildren'>>,
  today: string,
): PaymentSchedule {
  return planSchedule(cartPriceInput(state, today), today);
}

export function categoryName(categories: readonly WizardCategory[], id: string): string {
  return categories.find((category) => category._id === id)?.name ?? '';
}

/** The participant tab's read-only 'Calendario' box: one bullet line per week, "name / date". */
export function participantCalendar(lines: readonly CartLine[], cupo: number): string {
  return lines
    .filter((line) => line.cupo === cupo)
    .map((line) => `• ${line.name} / ${line.date}`)
    .join('\n');
}

// ---- Participants, additional information, payment ------------------------------------------

export function participantList(state: Pick<WizardData, 'participants'>): ParticipantSlot[] {
  return Object.values(state.participants).sort((a, b) => a.id - b.id);
}

export function updateParticipant<S extends Pick<WizardData, 'participants'>>(
  state: S,
  cupo: number,
  patch: Partial<ParticipantFields>,
): S {
  const current = state.participants[cupo];
  if (!current) return state;
  const allowed = Object.fromEntries(
    Object.entries(patch).filter(([field]) => (PARTICIPANT_REQUIRED as readonly string[]).includes(field)),
  );
  return { ...state, participants: { ...state.participants, [cupo]: { ...current, ...allowed } } };
}

/** A photo the server would refuse anyway is stopped before the upload (DESIGN.md §2.11). */
export function photoProblem(file: { size: number; type: string }): string | null {
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  if (file.type && !PHOTO_ALLOWED_TYPES.some((allowed) => allowed.mime === file.type))
    return PHOTO_MESSAGES.badType;
  return null;
}

/** Stands for the rules' lines while they load (never shown: the steps that show lines load them). */
const RULES_LOADING = 'Cargando…';

/** A child's 'Errores' lines: the form's own, then any category whose age range they do not fit. */
type SlotState = Pick<WizardData, 'lines' | 'categories' | 'heldPlaces' | 'camp'>;

/** A slot's child already holding one of its weeks (or the program): the server's refusal, before it. */
function takenTwice(state: SlotState, participant: ParticipantSlot): string[] {
  if (!participant.first_name.trim() || !participant.birth_date.trim()) return [];
  const weekIds = state.lines.filter((line) => line.cupo === participant.id).map((line) => line._id);
  return (formRules()?.placesTakenTwice ?? (() => []))(
    { ...participant, key: childKey(participant) },
    weekIds,
    state.heldPlaces,
    isAnnual(state.camp),
  );
}

export function participantProblems(
  state: SlotState,
  participant: ParticipantSlot,
  now = new Date(),
): string[] {
  return [
    ...(formRules()?.participantErrors(participant, now) ?? [RULES_LOADING]),
    ...participantCategoryProblems(participant, state.lines, state.categories),
    ...takenTwice(state, participant).map((message) => `- ${message}`),
  ];
}

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

export function participantsComplete(
  state: Pick<WizardData, 'participants' | 'lines' | 'categories' | 'heldPlaces' | 'camp'>,
  now = new Date(),
): boolean {
  const list = participantList(state);
  return (
    list.length > 0 && list.every((participant) => participantProblems(state, participant, now).length === 0)
  );
}

export function additionalComplete(state: Pick<WizardData, 'additional'>): boolean {
  const rules = formRules();
  return rules !== null && rules.additionalErrors(state.additional).length === 0;
}

/** What 'Pagar' still waits for, in the order of the form: the field's id and how to name it. */
export interface PaymentGap {
  /** A card or invoice field, 'terms', or the swap select of a full week's line (`swap-<key>`). */
  field: 'ccName' | 'ccNumber' | 'ccDate' | 'ccCVV' | 'terms' | 'rnc' | 'rnc_nombre' | `swap-${string}`;
  text: string;
  /** What the field itself says, when more than 'required' (an RNC whose check digit fails). */
  message?: string;
}

/** Every gap of the payment step: weeks that filled first (they come first on the page), then the form. */
export function payGaps(state: Pick<WizardData, 'lines' | 'originalWeeks' | 'payment'>): PaymentGap[] {
  const full: PaymentGap[] = fullLines(state).map((line) => ({
    field: `swap-${line.key}`,
    text: `cambiar ${line.name} (agotada)`,
  }));
  return [...full, ...paymentGaps(state.payment)];
}

/** 'Pagar' (spec 01 §4): card fields filled, terms accepted, and a complete RNC when invoiced. */
export function paymentGaps(payment: PaymentForm): PaymentGap[] {
  const gaps: PaymentGap[] = [];
  const blank = (value: string) => value.trim() === '';
  if (blank(payment.ccName)) gaps.push({ field: 'ccName', text: 'el nombre en la tarjeta' });
  if (blank(payment.ccNumber)) gaps.push({ field: 'ccNumber', text: 'el número de tarjeta' });
  if (blank(payment.ccDate)) gaps.push({ field: 'ccDate', text: 'el vencimiento' });
  if (blank(payment.ccCVV)) gaps.push({ field: 'ccCVV', text: 'el CVV' });
  if (!payment.termsandconditions) gaps.push({ field: 'terms', text: 'aceptar los términos y condiciones' });
  const rnc = payment.comprobantefiscal ? rncProblem(payment.rnc) : null;
  if (rnc === 'incomplete') gaps.push({ field: 'rnc', text: 'el RNC completo' });
  if (rnc === 'checkDigit')
    gaps.push({ field: 'rnc', text: 'un RNC válido', message: ENROLMENT_MESSAGES.rncCheckDigit });
  if (payment.comprobantefiscal && blank(payment.rnc_nombre))
    gaps.push({ field: 'rnc_nombre', text: 'el nombre o razón social' });
  return gaps;
}

export function paymentComplete(payment: PaymentForm): boolean {
  return paymentGaps(payment).length === 0;
}

/** 'Para pagar falta: a, b y c.' */
export function paymentGapsText(gaps: readonly PaymentGap[]): string {
  return `Para pagar falta: ${spanishList(gaps.map((gap) => gap.text))}.`;
}

/** Whether the step's forward button ('Siguiente', or 'Pagar' on step 3) is enabled. */
export function canProceed(step: StepIndex, state: WizardData, now = new Date()): boolean {
  if (state.lines.length === 0) return false;
  if (step === 0) return true;
  if (!participantsComplete(state, now)) return false;
  if (step === 1) return true;
  if (!additionalComplete(state)) return false;
  if (step === 2) return true;
  return payGaps(state).length === 0;
}

/**
 * The furthest step the data allows: the calendar without participants, and no step after one
 * whose data is incomplete (deep links and the browser's back/forward go through this).
 */
export function maxReachableStep(state: WizardData, now = new Date()): StepIndex {
  if (state.lines.length === 0 || participantList(state).length === 0) return 0;
  if (!participantsComplete(state, now)) return 1;
  if (!additionalComplete(state)) return 2;
  return 3;
}

/** The POST /inscripciones/create body (spec 01 §5, §7; DESIGN.md §6). */
export function buildEnrolmentBody(state: WizardData): CreateEnrolmentBody {
  if (!state.camp) throw new Error('The camp is not loaded.');
  const totals = cartTotals(state);
  const { payment } = state;
  const coupon = couponDisabled(state) ? null : state.coupon;
  return {
    ...(state.uid ? { uid: state.uid } : {}),
    campament: state.camp._id,
    listCalendar: state.lines.map((line) => ({
      id: line._id,
      name: line.name,
      date: line.date,
      time: line.time,
      quantity: line.quantity,
      value: line.value,
      membership_id: line.membership_id,
      cupo: line.cupo,
    })),
    listParticipants: participantList(state).map((participant) => ({ ...participant })),
    emergencyContact: { ...state.additional },
    cardHolder: payment.ccName.trim(),
    cardNumber: cleanCardNumber(payment.ccNumber),
    expDate: cleanExpiry(payment.ccDate),
    cvv: payment.ccCVV.trim(),
    termsandconditions: payment.termsandconditions,
    comprobantefiscal: payment.comprobantefiscal,
    rnc: payment.comprobantefiscal ? payment.rnc.trim() : '',
    rnc_nombre: payment.comprobantefiscal ? payment.rnc_nombre.trim() : '',
    amount: totals.total,
    discount: totals.discount,
    ...(coupon ? { coupon: coupon.code } : {}),
    ...(payment.autopay ? { autopay: true } : {}),
  };
}
