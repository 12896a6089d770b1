// Staff operations on enrolments (the staff issue): the states staff filter by, the list and audit
// queries, the cancel body, and their Spanish texts. Shared by the core (server and mocks) and the
// admin screens.
import type { CollectedByMethod, GivenBack, OfficeRefund } from './give-back.ts';
import type { NcfType } from './receipts.ts';
import type { PaymentMethod } from './ledger.ts';
import { Type, type Static } from 'typebox';
import { Id } from './schemas/fields.ts';
import type { Enrolment } from './records.ts';
import { keysOf } from './choices.ts';

/** What staff see of an order: its payment and whether it was cancelled, in one word. */
export const ENROLMENT_STATE_LABELS = {
  pending: 'Pendiente',
  paid: 'Pagada',
  cancelled: 'Cancelada',
  failed: 'Fallida',
} as const;
export const ENROLMENT_STATES = /*#__PURE__*/ keysOf(ENROLMENT_STATE_LABELS);
export type EnrolmentState = (typeof ENROLMENT_STATES)[number];

/** An attempt refused because its weeks were full: not a declined card (issue 54). */
export const NO_PLACES_LABEL = 'Sin cupo';

/** The state's word, 'Sin cupo' for an attempt refused for lack of places. */
export function enrolmentStateLabel(
  enrolment: Pick<Enrolment, 'status' | 'payment_status'> & { failure?: string | null },
): string {
  const state = enrolmentState(enrolment);
  return state === 'failed' && enrolment.failure === 'no_places'
    ? NO_PLACES_LABEL
    : ENROLMENT_STATE_LABELS[state];
}

export function enrolmentState(enrolment: Pick<Enrolment, 'status' | 'payment_status'>): EnrolmentState {
  if (enrolment.status === 'cancelled') return 'cancelled';
  if (enrolment.payment_status === 'paid') return 'paid';
  if (enrolment.payment_status === 'pending' || enrolment.payment_status === 'unknown') return 'pending';
  return 'failed';
}

/** The store filter of each state (the inverse of enrolmentState). */
export const ENROLMENT_STATE_FILTERS: Record<EnrolmentState, Record<string, unknown>> = {
  pending: { payment_status: { $in: ['pending', 'unknown'] }, status: { $ne: 'cancelled' } },
  paid: { payment_status: 'paid', status: { $ne: 'cancelled' } },
  cancelled: { status: 'cancelled' },
  failed: { payment_status: { $in: ['declined', 'error'] }, status: { $ne: 'cancelled' } },
};

/** Whether an order's line is one the week and category filters choose (a roster's export). */
export const lineChosen =
  (filters: Pick<EnrolmentFilters, 'week' | 'category'>) =>
  (line: { id: string; time: string }): boolean =>
    (!filters.week || line.id === filters.week) && (!filters.category || line.time === filters.category);

/** Fewer digits than this never search the phones: '555' would find half the families. */
export const PHONE_SEARCH_MIN_DIGITS = 7;

/**
 * The digits of a phone typed into the staff search ('809-555-0301', '(809) 555 0301',
 * '+1 809 555 0301' all give '8095550301'), or null when the text is not a phone or is too short.
 * The country code 1 goes: phones are kept as the families typed them, mostly without it.
 */
export function phoneSearchDigits(text: string): string | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return local.length >= PHONE_SEARCH_MIN_DIGITS ? local : null;
}

/** A refund the gateway has not confirmed yet (a cancelled order stays cancelled meanwhile). */
export const REFUND_PENDING_LABEL = 'Reembolso pendiente';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** The filters of the enrolment list and of its export: the same ones, so a download is what is shown. */
export const EnrolmentFilters = Type.Object({
  /**
   * Order number, parent's e-mail or name, a child's first or last name, a phone of the order
   * (any format), its authorisation code or a membership code of the family.
   */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  campament: Type.Optional(Id),
  /** Orders with a line in this week. */
  week: Type.Optional(Id),
  /** Orders with a line in this category (with `week`, a line of that week in it). */
  category: Type.Optional(Id),
  state: Type.Optional(
    Type.Union([
      Type.Literal('pending'),
      Type.Literal('paid'),
      Type.Literal('cancelled'),
      Type.Literal('failed'),
    ]),
  ),
  /** Order date from / to (inclusive), Santo Domingo days. */
  from: Type.Optional(Day),
  to: Type.Optional(Day),
});
export type EnrolmentFilters = Static<typeof EnrolmentFilters>;

export const EnrolmentListQuery = Type.Object({
  ...EnrolmentFilters.properties,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type EnrolmentListQuery = Static<typeof EnrolmentListQuery>;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const EnrolmentExportQuery = Type.Object({
  ...EnrolmentFilters.properties,
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
  /** A CSV holds one sheet: 'participantes' (one row per child and week, the default) or 'pedidos'. */
  hoja: Type.Optional(Type.Union([Type.Literal('pedidos'), Type.Literal('participantes')])),
});
export type EnrolmentExportQuery = Static<typeof EnrolmentExportQuery>;

export const CANCEL_REASON_MAX = 500;
export const CancelBody = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: CANCEL_REASON_MAX }),
});
export type CancelBody = Static<typeof CancelBody>;

/** What an admin did, as the audit log records it. */
export const AUDIT_ACTION_LABELS = {
  create: 'Creación',
  update: 'Modificación',
  delete: 'Eliminación',
  cancel: 'Cancelación',
  verify: 'Verificación de pago',
  export: 'Exportación',
} as const;
export const AUDIT_ACTIONS = /*#__PURE__*/ keysOf(AUDIT_ACTION_LABELS);
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditQuery = Type.Object({
  /** The kind of record: an admin area ('semanas', 'inscripciones', …). */
  kind: Type.Optional(Type.String({ pattern: '^[a-z_]{1,40}$' })),
  action: Type.Optional(
    Type.Union([
      Type.Literal('create'),
      Type.Literal('update'),
      Type.Literal('delete'),
      Type.Literal('cancel'),
      Type.Literal('verify'),
      Type.Literal('export'),
    ]),
  ),
  /** Part of the admin's e-mail. */
  user: Type.Optional(Type.String({ maxLength: 100 })),
  record: Type.Optional(Id),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export interface AuditEntry {
  _id: string;
  at: Date;
  user_id: string;
  user_email: string;
  ip: string;
  action: AuditAction;
  kind: string;
  record_id: string | null;
  /** The fields the action changed, as they were and as they became (no secrets, no card data). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** A few words: a cancel's reason, an export's filters and row count. */
  note: string;
}

export const STAFF_MESSAGES = {
  cancelled: 'Inscripción cancelada',
  alreadyCancelled: 'La inscripción ya estaba cancelada.',
  cancelNotPaid: 'Solo se puede cancelar una inscripción pagada.',
  cancelVerifyFirst: 'El pago de esta inscripción está en verificación: verifíquelo antes de cancelarla.',
  refundPending: 'Inscripción cancelada. El reembolso quedó pendiente: la pasarela no lo confirmó.',
  cancelledStatus: 'Una inscripción cancelada no se puede reactivar.',
  verifiedPaid: 'Pago verificado: la inscripción quedó pagada.',
  verifiedFailed: 'El pago no se realizó: la inscripción quedó fallida y sus cupos se liberaron.',
  verifyLater: 'La pasarela todavía no puede confirmar este pago. Inténtelo de nuevo en unos minutos.',
  notPending: 'Esta inscripción no tiene un pago pendiente.',
  enrolmentNotFound: 'Inscripción no encontrada.',
  invalidRange: 'La fecha "desde" debe ser anterior o igual a la fecha "hasta".',
} as const;

export const RosterQuery = Type.Object({
  campament: Id,
  /** One week; all the camp's weeks when absent. */
  week: Type.Optional(Id),
  category: Type.Optional(Id),
});
export type RosterQuery = Static<typeof RosterQuery>;

/** One child on a roster: what the coach on the court needs, and who may take the child home. */
export interface RosterChild {
  /** The child in its order: '{enrolment id}:{slot}' (the camp day marks it, issue 25). */
  key: string;
  order_number: string;
  name: string;
  age: string;
  /** Years on the week's first day, from the birth date (issue 25); null when either is unreadable. */
  age_at_week: number | null;
  birth_date: string;
  gender: string;
  size: string;
  photo: string;
  allergies: string;
  foods: string;
  drugs: string;
  restrictions: string;
  parents: Array<{ name: string; phone: string }>;
  emergency: { name: string; phones: string[] };
  pickup: Array<{ name: string; id: string }>;
}

export interface RosterWeek {
  week_id: string;
  week_name: string;
  date: string;
  /** T-shirt sizes of the week's children: size → count, sizes in their usual order. */
  sizes: Array<{ size: string; count: number }>;
  categories: Array<{ category_id: string; category_name: string; children: RosterChild[] }>;
}

/** A child's age in whole years on a day, both 'DD/MM/YYYY' (a week's dates start with its first day). */
export function ageOn(birthDate: string, day: string): number | null {
  const birth = /(\d{2})\/(\d{2})\/(\d{4})/.exec(birthDate);
  const on = /(\d{2})\/(\d{2})\/(\d{4})/.exec(day);
  if (!birth || !on) return null;
  const [, bd, bm, by] = birth.map(Number) as [number, number, number, number];
  const [, d, m, y] = on.map(Number) as [number, number, number, number];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age >= 0 && age < 120 ? age : null;
}

/** Medical entries that say there is nothing to note ('Ninguna', 'N/A', '-', …). */
const NOTHING = /^(ningun[oa]?s?|no|n\/?a|nada|-+|\.+)?$/i;
export const hasMedicalNote = (text: string): boolean => !NOTHING.test(text.trim());

export const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** One line of the staff list as answered (dates as JSON strings). */
export interface EnrolmentSummary {
  _id: string;
  order_number: string;
  created_at: string;
  paid_at: string | null;
  camp_name: string;
  parent_email: string;
  parent_name: string;
  children: string[];
  amount: number;
  state: EnrolmentState;
  payment_status: Enrolment['payment_status'];
  refund_status: 'refunded' | 'pending' | 'none' | null;
  /** 'no_places': the attempt was refused for lack of places ('Sin cupo'). */
  failure?: 'no_places' | null;
}

/** One order whole, as answered by inscripciones/detalle (dates as JSON strings). */
/** An order's money as the cancel dialog shows it (src/domain/give-back.ts). */
export interface GiveBackFigures {
  collected: CollectedByMethod;
  given: GivenBack;
  /** A staff cancellation now: to the card, and owed back by the office. */
  card: number;
  office: number;
}

export type EnrolmentDetail = Omit<
  Enrolment,
  'created_at' | 'paid_at' | 'cancelled_at' | 'lines' | 'office_refund'
> & {
  created_at: string;
  office_refund?: Omit<OfficeRefund, 'returned_at'> & { returned_at?: string };
  paid_at: string | null;
  cancelled_at?: string;
  state: EnrolmentState;
  parent_email: string;
  lines: Array<Enrolment['lines'][number] & { week_name: string; category_name: string }>;
  mails: Array<{ kind: string; subject: string; to: string[]; status: string; created_at: string }>;
  /** Its fiscal receipts (type and NCF), each downloadable as PDF. */
  /** Each downloads at /comprobantes/staff/{order}/{ref} (../domain/receipts.ts RECEIPT_REF_PATTERN). */
  receipts: Array<{ type: NcfType; ncf: string; ref: string }>;
  /** What it collected by method and what a cancellation by staff would give back now (issue 53). */
  give_back: GiveBackFigures;
  /**
   * The active membership codes this order issued: a cancellation voids these only; a membership
   * it reused from an earlier order stays valid (issue 54).
   */
  voided_by_cancel: string[];
  /**
   * A paid order's ledger (issue 54): what it collected in all (a plan's instalments too), what it
   * still owes, and each payment with its note and who recorded it. Null until paid.
   */
  ledger: {
    paid: number;
    balance: number;
    payments: Array<{
      _id: string;
      method: PaymentMethod;
      amount: number;
      created_at: string;
      bank: string;
      document: string;
      note: string;
      recorded_by: string;
    }>;
  } | null;
};

/** What 'Cancelar inscripción' says of the memberships (issue 54): which are voided, which stay. */
export function cancelMembershipLine(voided: readonly string[], used: readonly string[]): string {
  const kept = [...new Set(used.filter((code) => code && !voided.includes(code)))];
  const parts = [
    voided.length
      ? `${voided.length === 1 ? 'Se anulará la membresía' : 'Se anularán las membresías'} que emitió esta orden: ${voided.join(', ')}.`
      : 'Esta orden no emitió membresías: no se anula ninguna.',
  ];
  if (kept.length)
    parts.push(
      `${kept.length === 1 ? 'La membresía' : 'Las membresías'} de inscripciones anteriores (${kept.join(', ')}) ${kept.length === 1 ? 'sigue válida' : 'siguen válidas'}.`,
    );
  return parts.join(' ');
}

/** An audit entry as answered (dates as JSON strings). */
export type AuditRow = Omit<AuditEntry, 'at'> & {
  at: string;
  /** The record by its name ('Orden 1005', 'cupón HERMANOS2027'); '' when it cannot be named. */
  record_label?: string;
  /** The names of the records its values point to, by id. */
  names?: Record<string, string>;
};
