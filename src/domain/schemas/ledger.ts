// The ledger's requests and answers (issue 20, ../ledger.ts): TypeBox schemas the server validates
// and serialises with, and the types the browser reads. Kept apart from the rules so that the
// parents' pages that show a ledger do not load TypeBox.
import { Type, type Static } from 'typebox';
import { messageOf, Nullable, successOf } from './envelope.ts';
import { DAY_PATTERN } from '../plans.ts';
import { ID_PATTERN } from '../fields.ts';
import {
  AGING_BUCKETS,
  INSTALMENT_STATES,
  MANUAL_METHODS,
  PAYMENT_METHODS,
  RECEIVABLE_STATES,
} from '../ledger.ts';

// Requests ------------------------------------------------------------------------------------

const Money = Type.Integer({ minimum: 1, maximum: 10_000_000 });
/** An instalment line's `_id` as the ledger answers it: `${enrolment}:${cupo}:${seq}`. */
const InstalmentId = Type.String({ pattern: '^[0-9a-fA-F]{24}:\\d{1,6}:\\d{1,3}$' });

/**
 * POST /pagos/cuota/{enrolmentId}: the parent pays one owed instalment by card: `cuota`, the line
 * the button showed, for `amount`, what it owes. A line paid or being paid meanwhile is charged
 * nothing (issue 53).
 */
export const PayInstalmentBody = Type.Object({
  cuota: InstalmentId,
  amount: Money,
  /** Pay with the family's kept card (issue 59): no card fields, the CVV only where the gateway asks. */
  saved: Type.Optional(Type.Boolean()),
  cardHolder: Type.Optional(Type.String({ maxLength: 100 })),
  cardNumber: Type.Optional(Type.String({ maxLength: 40 })),
  expDate: Type.Optional(Type.String({ maxLength: 10 })),
  cvv: Type.Optional(Type.String({ maxLength: 6 })),
});
export type PayInstalmentBody = Static<typeof PayInstalmentBody>;
export const PAY_CARD_FIELDS = ['cardHolder', 'cardNumber', 'expDate', 'cvv'] as const;

/** POST /pagos/manual: the office records a transfer, cash or a cheque. */
export const ManualPaymentBody = Type.Object({
  enrolment: Type.String({ pattern: ID_PATTERN }),
  method: Type.Enum(MANUAL_METHODS),
  amount: Money,
  /**
   * The line the form showed the payment pays first, and what it owed then (issue 53): a line paid
   * meanwhile, or whose balance changed, records nothing. Required while anything is owed.
   */
  cuota: Type.Optional(InstalmentId),
  owed: Type.Optional(Money),
  bank: Type.Optional(Type.String({ maxLength: 100 })),
  document: Type.Optional(Type.String({ maxLength: 100 })),
  note: Type.Optional(Type.String({ maxLength: 500 })),
  /** The office confirmed an amount above the balance (the excess is a credit). */
  confirm_excess: Type.Optional(Type.Boolean()),
});
export type ManualPaymentBody = Static<typeof ManualPaymentBody>;

/** POST /cuotas/update: move a future instalment or cancel it. */
export const InstalmentUpdateBody = Type.Object({
  id: InstalmentId,
  due: Type.Optional(Type.String({ pattern: DAY_PATTERN })),
  cancel: Type.Optional(Type.Boolean()),
});
export type InstalmentUpdateBody = Static<typeof InstalmentUpdateBody>;

/** GET /cuentas/lista and /cuentas/export: the office's receivables. */
export const ReceivablesQuery = Type.Object({
  campament: Type.Optional(Type.String({ pattern: ID_PATTERN })),
  state: Type.Optional(Type.Enum(RECEIVABLE_STATES)),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ReceivablesQuery = Static<typeof ReceivablesQuery>;
export const ReceivablesExportQuery = Type.Object({
  ...ReceivablesQuery.properties,
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
});

// Answers ---------------------------------------------------------------------------------------

export const LedgerLineAnswer = Type.Object({
  _id: Type.String(),
  cupo: Type.Integer(),
  child: Type.String(),
  kind: Type.Union([Type.Literal('membresia'), Type.Literal('cuota')]),
  seq: Type.Integer(),
  of: Type.Integer(),
  /** A line that is not an instalment of the plan: a change's difference (issue 24). */
  label: Type.Optional(Type.String()),
  due: Type.String(),
  amount: Type.Integer(),
  paid: Type.Integer(),
  owed: Type.Integer(),
  state: Type.Enum(INSTALMENT_STATES),
  days_overdue: Type.Integer(),
  /** Autopay: the next try's day after a decline, or why it stopped trying. */
  retry: Nullable(Type.String()),
  stopped: Nullable(Type.String()),
});
export type LedgerLineAnswer = Static<typeof LedgerLineAnswer>;

export const LedgerPaymentAnswer = Type.Object({
  _id: Type.String(),
  method: Type.Enum(PAYMENT_METHODS),
  amount: Type.Integer(),
  status: Type.String(),
  created_at: Type.String(),
  auth_code: Nullable(Type.String()),
  card: Nullable(Type.Object({ brand: Type.String(), last4: Type.String() })),
  bank: Type.String(),
  document: Type.String(),
  message: Type.String(),
  recorded_by: Type.String(),
  /** The instalments it paid: their ids. */
  cuotas: Type.Array(Type.String()),
});
export type LedgerPaymentAnswer = Static<typeof LedgerPaymentAnswer>;

export const EnrolmentLedgerAnswer = Type.Object({
  enrolment: Type.Object({
    _id: Type.String(),
    order_number: Type.String(),
    campament: Type.String(),
    camp_name: Type.String(),
    camp_type: Type.String(),
    status: Type.String(),
    parent_email: Type.String(),
    parent_name: Type.String(),
    children: Type.Array(Type.String()),
  }),
  lines: Type.Array(LedgerLineAnswer),
  payments: Type.Array(LedgerPaymentAnswer),
  /** The family authorised the automatic charges of this enrolment. */
  autopay: Type.Boolean(),
  /**
   * What went back to the family (issue 53): refunded to the card (changes and the cancellation,
   * as the gateway confirmed them), and what was paid at the counter, owed back or handed back.
   */
  returned: Type.Object({
    card: Type.Integer(),
    office: Type.Integer(),
    office_owed: Type.Boolean(),
  }),
  balance: Type.Integer(),
  overdue: Type.Integer(),
  paid: Type.Integer(),
  credit: Type.Integer(),
  next_due: Nullable(Type.String()),
  next_amount: Type.Integer(),
  days_overdue: Type.Integer(),
});
export type EnrolmentLedgerAnswer = Static<typeof EnrolmentLedgerAnswer>;

export const LedgersAnswer = successOf(Type.Array(EnrolmentLedgerAnswer));
export const LedgerMessageAnswer = messageOf(EnrolmentLedgerAnswer);
export const LedgerAnswer = successOf(EnrolmentLedgerAnswer);
/**
 * A payment of a line already paid or being paid (issue 53): nothing charged or recorded; the
 * ledger and the payment that paid the line (`receipt`; null if it is not among the payments).
 */
export const AlreadyPaidAnswer = Type.Object({
  status: Type.Literal('SUCCESS'),
  message: Type.String(),
  data: EnrolmentLedgerAnswer,
  receipt: Nullable(LedgerPaymentAnswer),
});
export type AlreadyPaidAnswer = Static<typeof AlreadyPaidAnswer>;

export const ReceivableRowAnswer = Type.Object({
  enrolment_id: Type.String(),
  order_number: Type.String(),
  camp_name: Type.String(),
  parent_email: Type.String(),
  parent_name: Type.String(),
  /** The number to call about the balance (issue 54): the mother's, else the father's. */
  parent_phone: Type.String(),
  child: Type.String(),
  total: Type.Integer(),
  paid: Type.Integer(),
  balance: Type.Integer(),
  overdue: Type.Integer(),
  days_overdue: Type.Integer(),
  bucket: Type.Enum(AGING_BUCKETS.map((bucket) => bucket.key)),
  next_due: Nullable(Type.String()),
  cancelled: Type.Boolean(),
});
export type ReceivableRowAnswer = Static<typeof ReceivableRowAnswer>;

export const ReceivablesAnswer = Type.Object({
  status: Type.Literal('SUCCESS'),
  data: Type.Object({
    rows: Type.Array(ReceivableRowAnswer),
    totals: Type.Record(Type.String(), Type.Integer()),
  }),
});
export type ReceivablesAnswer = Static<typeof ReceivablesAnswer>;

/** POST /tarjetas: keep (or replace) the family's card for automatic charges. */
export const SaveCardBody = Type.Object({
  cardHolder: Type.String({ minLength: 1, maxLength: 100 }),
  cardNumber: Type.String({ minLength: 1, maxLength: 40 }),
  expDate: Type.String({ minLength: 1, maxLength: 10 }),
  cvv: Type.String({ minLength: 1, maxLength: 6 }),
});
export type SaveCardBody = Static<typeof SaveCardBody>;

export const SavedCardAnswer = Type.Object({
  brand: Type.String(),
  last4: Type.String(),
  expiry: Type.String(),
  /** The gateway asks for the CVV when this card pays (PaymentGateway.savedCardCvv). */
  cvv_required: Type.Optional(Type.Boolean()),
});
export type SavedCardAnswer = Static<typeof SavedCardAnswer>;

/** GET /tarjetas: the family's card on file, or null. */
export const CardAnswer = successOf(Nullable(SavedCardAnswer));
export const CardMessageAnswer = messageOf(Nullable(SavedCardAnswer));
