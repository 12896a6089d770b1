// The wizard's data (spec 01 §3): the shapes the machine, the rules and the screens share, their
// empty values, what they tell at once (an annual program, a full week), and the texts and routes
// more than one step uses. It imports nothing else of the wizard, so every file can import it.
import type { CampAnswer, CategoryAnswer, WeekAnswer } from '../domain/answers.ts';
import type { CouponTermsData } from '../domain/coupons.ts';
import {
  ADDITIONAL_FIELDS,
  PARTICIPANT_REQUIRED,
  type AdditionalData,
  type ParticipantFields,
} from '../domain/enrolment.ts';
import type { PlanFields } from '../domain/plans.ts';
import type { ChildId } from '../domain/family.ts';
import type { HeldPlace } from '../domain/children.ts';
import type { WaitlistView } from '../domain/waitlist.ts';
import { isAnnualProgram } from '../domain/records.ts';

// ---- Constants ------------------------------------------------------------------------------

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
  // Its cancellation rule (issue 26): the terms the parent reads are written from it; whether it
  // holds places (a cart that held none says so only where the camp holds).
  Partial<
    Pick<CampAnswer, 'self_cancel' | 'self_cancel_days' | 'refund_rule' | 'cancel_fee' | 'hold_minutes'>
  >;
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
  /**
   * WhatsApp messages (issue 56): '' where the school sends none or the box was not shown; 'yes'
   * when the parent ticked it (consent, sent with the number), 'no' when unticked (none, or stop).
   */
  whatsapp: '' | 'yes' | 'no';
  whatsappPhone: string;
  /**
   * The typed number as Meta takes it ('18095550101'), '' when WhatsApp cannot take it: set with
   * each keystroke by the payment step, so the first page's code does not carry the rule.
   */
  whatsappTo: string;
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
    whatsapp: '',
    whatsappPhone: '',
    whatsappTo: '',
  };
}

export const EMPTY_MEMBERSHIP: MembershipChoice = { have: '', id: '' };

/**
 * The calendar starts with nothing chosen, and starts over so after 'Agregar' (issue 26, a departure
 * from the spec's ticked start: a returning family unticked most weeks for every child).
 */
export function initialSelection(): Selection {
  return { weekIds: [], category: '', categoryByWeek: {} };
}

// ---- Reading the shapes ---------------------------------------------------------------------

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
