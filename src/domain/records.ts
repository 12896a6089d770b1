// The stored record shapes of spec 02 §3, shared by the server, the mocks and the browser.
// Pure types and constants: no I/O, no framework.
import type { CreateEnrolmentBody } from './schemas/enrolment.ts';
import type { PriceBreakdown, ScheduleItem } from './pricing.ts';
import type { CancelPolicy, RefundRule } from './cancellation.ts';
import type { OfficeRefund } from './give-back.ts';
import type { OfficeSale } from './office-sales.ts';
import type { NcfType } from './receipts.ts';
import type { PlanFields } from './plans.ts';
import type { StaffFields } from './roles.ts';
import type { ChargeAuthentication } from './authentication.ts';
import type { AutopayAgreement } from './ledger.ts';

// The camp types live in ./camp-types.ts (pricing and coupons read them without the records);
// named here too, beside the camp they describe.
export {
  ANNUAL_TYPE_ALIASES,
  CAMP_TYPES,
  campTypeLabel,
  isAnnualProgram,
  type CampType,
} from './camp-types.ts';

export const RECORD_STATUSES = ['active', 'inactive', 'borrado'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** A camp's enrolment link (DESIGN.md §2.2): the sign-in page with the camp id, on the parents' address. */
export function enrolmentLink(publicUrl: string, campId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/login?camp=${encodeURIComponent(campId)}`;
}

export interface Camp {
  _id: string;
  code: string;
  name: string;
  description: string;
  /** Membership fee per participant, whole DOP. */
  membership: number;
  start_date: Date;
  end_date: Date;
  type: string;
  payment_terms: string;
  /** Terms and conditions the parent accepts at payment; empty: the school's general text. */
  terms?: string;
  status: RecordStatus;
  // Cancellation by parents (issue 18; ../domain/cancellation.ts), defaults when absent.
  self_cancel?: boolean;
  /** Until how many days before the first week. */
  self_cancel_days?: number;
  refund_rule?: RefundRule;
  /** Kept of the amount under the 'fee' rule, whole DOP. */
  cancel_fee?: number;
  /** The family discount counts the children of the family's earlier paid orders (./family.ts). */
  family_across_orders?: boolean;
  /** The camp day (issue 25): e-mail the family when their child leaves, and with whom. */
  pickup_notice?: boolean;
  arrival_notice?: boolean;
  /** Minutes a cart holds its places (./holds.ts); 0 = no holds, absent = the default. */
  hold_minutes?: number;
  /** Places one family's cart may hold of a week (issue 43); absent = the default. */
  hold_family_max?: number;
  /** Percent of a week's places unpaid carts may hold together (issue 43); absent = the default. */
  hold_share_percent?: number;
  /** Hours a waiting list's offer holds its places (./waitlist.ts); absent = the default. */
  waitlist_offer_hours?: number;
}

export interface Category {
  _id: string;
  campament: string;
  name: string;
  value: string;
  text: string;
  amount: number;
  order: number;
  /** Optional age range of the children it takes (whole years); null or absent: any age. */
  age_min?: number | null;
  age_max?: number | null;
  status: RecordStatus;
}

/** A camp's week, or an annual program's payment option (with its plan, ./plans.ts). */
export interface Week extends PlanFields {
  _id: string;
  campament: string;
  name: string;
  /** 'DD/MM/YYYY - DD/MM/YYYY' */
  date: string;
  notes: string;
  quantity: number;
  amount: number;
  /** Price, whole DOP. */
  value: number;
  /** Capacity (places offered); 0 = no limit. */
  quota_q: number;
  /** Places taken, kept by the server: paid or being paid, and held by carts (./holds.ts). */
  quota_f: number;
  /** Who holds the places counted in quota_f: an order's id or a cart's name, with how many. */
  holds?: Record<string, number>;
  /** When a cart's hold stops counting; an order's hold has none. */
  hold_expiry?: Record<string, Date>;
  order: number;
  /** 0 = none, 1-12 = month. */
  month_of_year: number;
  categories: string[];
  isChecked: boolean;
  status: Exclude<RecordStatus, 'borrado'> | 'borrado';
}

/** Places still available (DESIGN.md §2.5); Infinity stands for "no limit" and is never sent. */
export function placesLeft(week: Pick<Week, 'quota_q' | 'quota_f'>): number {
  return week.quota_q > 0 ? Math.max(week.quota_q - week.quota_f, 0) : Number.POSITIVE_INFINITY;
}

export const COUPON_TYPES = ['percent', 'amount'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export interface Coupon {
  _id: string;
  /** Always upper case. */
  code: string;
  label: string;
  type: CouponType;
  percent: number;
  amount: number;
  /** Expiry (end of that day); null = never expires. */
  date: Date | null;
  status: Exclude<RecordStatus, 'borrado'> | 'borrado';
  // Limits (issue 18). Absent on coupons stored before them: absent or 0 means "no limit".
  /** First valid day (from its start); null = valid at once. */
  valid_from?: Date | null;
  /** Paid (or being paid) enrolments it may discount in all. */
  max_uses?: number;
  /** The same, per family account. */
  max_per_family?: number;
  /** Camps it applies to; empty = every camp. */
  camps?: string[];
  /** Children the order must enrol at least. */
  min_children?: number;
  /** Enrolments holding a use now (taken at payment, given back on decline or cancellation). */
  uses?: number;
  /** A personal coupon (a cancellation's credit): only this account may use it. */
  owner?: string;
  /** The cancelled enrolment a credit coupon was issued for. */
  credit_for?: string;
}

/** One family's uses of one coupon ('cupones_familias'), counted like the coupon's own. */
export interface CouponFamilyUse {
  /** `${coupon_id}-${user_id}`: one counter per family and coupon. */
  _id: string;
  coupon_id: string;
  user_id: string;
  uses: number;
  /** The coupon's max_per_family when last taken (0 = no limit). */
  max_uses: number;
}

/** An account; its staff fields (tipo, the admin flags, role, a coach's scope) are ./roles.ts StaffFields. */
export interface UserRecord extends StaffFields {
  _id: string;
  /** Stored lower case; unique. */
  email: string;
  password_hash: string;
  /** Created by the office for a family (issue 54): its link to choose a password is still owed. */
  password_link_owed?: boolean;
  name: string;
  picture: string | null;
  phone?: string;
  address?: string;
  /** The start-up administrator's generated password: changed before anything else (issue 25). */
  must_change_password?: boolean;
  status: RecordStatus;
  created_at: Date;
  /**
   * Bumped when the password changes or is reset: tokens carry the version they were issued
   * with, and one of an older version is refused (every other session ends at once).
   */
  session_version?: number;
  /** Why session_version last moved: the refusal says so ('role': a demotion, issue 54). */
  session_end?: 'password' | 'role';
  /** Asked for no reminders of unfinished enrolments (the link in one). */
  reminders_opt_out?: boolean;
  /** sha256 of the token in the last reminder's opt-out link. */
  reminder_token_hash?: string;
}

/** A membership code issued at a paid enrolment (DESIGN.md §2.6), bound to the family and child. */
export interface Membership {
  _id: string;
  code: string;
  user_id: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  campament: string;
  order_number: string;
  issued_at: Date;
  status: 'active' | 'inactive';
}

/** An enrolment as stored: recorded pending before the charge, paid (or declined) after it. */
export interface Enrolment {
  _id: string;
  order_number: string;
  user_id: string;
  campament: string;
  camp_name: string;
  camp_type: string;
  lines: CreateEnrolmentBody['listCalendar'];
  participants: Array<CreateEnrolmentBody['listParticipants'][number] & { membership_code: string }>;
  contact: CreateEnrolmentBody['emergencyContact'];
  price: PriceBreakdown;
  /**
   * The payment schedule sold (issue 20, ../pricing.ts planSchedule): the ledger's instalments
   * are written from it once paid. Absent on orders from before plans: one payment, the amount.
   */
  schedule?: ScheduleItem[];
  amount: number;
  discount: number;
  coupon: string | null;
  /** The coupon whose use this order holds; absent on orders from before coupon limits. */
  coupon_id?: string | null;
  /** Earlier orders of the family whose children gave this one its family discount (issue 18). */
  family_orders?: string[];
  /**
   * A parent's own cancellation is under way since then (issue 43): written before it checks that
   * no later order relies on this one, so a checkout relying on it at the same moment sees it.
   */
  cancel_requested_at?: Date;
  card: { holder: string; brand: string; last4: string };
  comprobantefiscal: boolean;
  rnc: string;
  rnc_nombre: string;
  /**
   * Autopay (issue 20): the family authorised the automatic charges of its later instalments to
   * its card on file, with this text, at this moment. Absent or null: paid by hand. `agreement`
   * (issue 59): the charges as written to the family, printed again on the order's receipt.
   */
  autopay?: { authorised_at: Date; text: string; agreement?: AutopayAgreement } | null;
  /** 'unknown': the gateway's answer never came (a timeout): kept with its places until settled. */
  payment_status: 'pending' | 'paid' | 'declined' | 'error' | 'unknown';
  /** Why an attempt was never charged, when staff should read it apart: the weeks were full (issue 54). */
  failure?: 'no_places';
  /** When the checkout stopped waiting for the gateway (payment_status 'unknown'; issue 43). */
  unknown_at?: Date;
  /**
   * 3-D Secure 2 (issue 21): the charge waits for the parent's browser to do the bank's step
   * (src/core/checkout/authentication.ts). `session` keys the bank's posts back; `until` ends the
   * wait (the reconciler then gives the places back).
   */
  authentication?: ChargeAuthentication;
  /**
   * A charge the gateway approved after the order had failed (issue 43): refunded at once, or
   * retried by the reconciler while `refund_status` is 'pending'. Never the card, only references.
   */
  late_charge?: {
    auth_code: string;
    gateway_reference: string;
    refund_status: 'refunded' | 'pending';
    at: Date;
  };
  /**
   * Memberships, admin records and e-mail of a paid enrolment: false while owed (retried until
   * done), true once done; absent on orders paid before the follow-ups were retried.
   */
  followups_done?: boolean;
  /** True while a fiscal receipt it is owed could not be numbered (no sequence): the pass retries. */
  receipt_pending?: boolean;
  /** The receipt types that could not be numbered when last tried. */
  receipt_blocked?: NcfType[];
  auth_code: string | null;
  gateway_reference: string | null;
  /** The acquirer's retrieval reference number (AZUL's RRN), when it gave one (issue 21). */
  gateway_rrn?: string;
  /** The merchant its charge was sent to (PaymentGateway.merchant): asked and refunded only there. */
  merchant?: string;
  idempotency_key: string;
  /** 'cancelled' by staff (POST /inscripciones/cancel): places given back, refund asked. */
  status: 'active' | 'inactive' | 'cancelled';
  cancelled_at?: Date;
  cancel_reason?: string;
  cancelled_by?: string;
  /**
   * Of a cancelled paid order: 'refunded', 'pending' while the gateway has not confirmed it, or
   * 'none' when nothing goes back to the card (a credit, or a fee as large as the amount).
   */
  refund_status?: 'refunded' | 'pending' | 'none';
  refund_reference?: string;
  /** What goes back to the card (absent: the whole amount, as staff cancellations did before). */
  refund_amount?: number;
  /** A parent's own cancellation under a credit rule: the personal coupon issued for the amount. */
  credit_code?: string;
  credit_amount?: number;
  /**
   * What was paid at the counter (cash, transfer, cheque) and goes back from it (issue 53): owed
   * until staff record it as handed back.
   */
  office_refund?: OfficeRefund;
  /** Taken by the office at the counter or on the phone (issue 54): how it was paid, by whom. */
  office?: OfficeSale;
  /** The cancellation fee kept (a parent's own cancellation under a fee rule). */
  cancel_fee_kept?: number;
  /** The refund rule a parent's own cancellation was decided under, kept so a repeat agrees. */
  cancel_policy?: Pick<CancelPolicy, 'refund_rule' | 'cancel_fee'>;
  /** False while a cancellation's steps (places, memberships, refund, e-mail) are owed. */
  cancel_done?: boolean;
  /** Partial changes made since it was paid (issue 24, ../changes.ts), oldest first. */
  changes?: OrderChange[];
  /** What those changes gave back to the card in all (asked; see each change's refund_status). */
  change_refunded?: number;
  created_at: Date;
  paid_at: Date | null;
}

// A partial change of a paid order (issue 24, ./changes.ts decides them), as Enrolment.changes keeps it.
export const CHANGE_ACTIONS = ['drop_child', 'drop_week', 'move_week'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** How money given back is returned: to the card (through the payment port), as a credit, or not. */
export const CHANGE_REFUNDS = ['card', 'credit', 'none'] as const;
export type ChangeRefund = (typeof CHANGE_REFUNDS)[number];

/** One change as the order keeps it (Enrolment.changes), oldest first. */
export interface OrderChange {
  /** 'c1', 'c2'… in the order's own sequence: names its refund, credit, receipt and e-mail. */
  id: string;
  action: ChangeAction;
  cupo: number;
  child: string;
  week?: string;
  week_name?: string;
  to_week?: string;
  to_week_name?: string;
  /** 'Se quitó la Semana 2 de Sofía Pérez' */
  description: string;
  before_total: number;
  after_total: number;
  /** after - before: negative is given back, positive is owed by the family. */
  difference: number;
  refund: ChangeRefund;
  /** What goes back to the card, as a credit, and what the family owes now. Whole pesos. */
  card_amount: number;
  credit_amount: number;
  owed_amount: number;
  /** The card refund: asked and confirmed, or not confirmed yet (retried by staff with the order). */
  refund_status?: 'refunded' | 'pending';
  credit_code?: string;
  reason: string;
  by: string;
  at: Date;
}
