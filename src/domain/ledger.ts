// The ledger of an enrolment (issue 20): its instalments ('cuotas') and its payments ('pagos'). What
// is paid, due and overdue, the balance and the next due day are always read from these records
// (ledgerOf), never kept in a counter that could drift. A camp order paid in full is a ledger with
// one paid line. Pure: shared by the server, the mocks and the browser.
import { daysBetween } from './plans.ts';
import type { ScheduleItem } from './pricing.ts';
import type { ChargeAuthentication } from './authentication.ts';
import { keysOf } from './choices.ts';

export const INSTALMENT_STATE_LABELS = {
  pendiente: 'Pendiente',
  pagada: 'Pagada',
  vencida: 'Vencida',
  anulada: 'Anulada',
} as const;
export const INSTALMENT_STATES = /*#__PURE__*/ keysOf(INSTALMENT_STATE_LABELS);
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

/** How a payment came in. 'tarjeta' includes the first payment at the enrolment. */
export const PAYMENT_METHOD_LABELS = {
  tarjeta: 'Tarjeta',
  tarjeta_guardada: 'Tarjeta guardada',
  transferencia: 'Transferencia',
  efectivo: 'Efectivo',
  cheque: 'Cheque',
} as const;
export const PAYMENT_METHODS = /*#__PURE__*/ keysOf(PAYMENT_METHOD_LABELS);
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the office records by hand. */
export const MANUAL_METHODS = ['transferencia', 'efectivo', 'cheque'] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];

/** One instalment (or the membership fee) of an enrolment, as stored in 'cuotas'. */
export interface Instalment {
  /** `${enrolment_id}:${cupo}:${seq}`: one per line of the schedule, so writing it twice adds nothing. */
  _id: string;
  enrolment_id: string;
  user_id: string;
  order_number: string;
  campament: string;
  camp_name: string;
  /** The child's slot and name (0 and '' for a camp order's single payment). */
  cupo: number;
  child: string;
  kind: 'membresia' | 'cuota';
  seq: number;
  of: number;
  /** What the line is when not an instalment of the plan (issue 24: a change's difference). */
  label?: string;
  /** 'YYYY-MM-DD' */
  due: string;
  /** Whole DOP. */
  amount: number;
  /** Set when cancelled (a cancelled enrolment's future instalments, or staff). */
  cancelled_at?: Date | null;
  created_at: Date;
  // Autopay (../core/payments/autopay.ts): tries so far, the first declined day, the next try's
  // day, why it stopped (a hard decline or the last try), and the pass's claim on it.
  autopay_attempts?: number;
  autopay_first_failure?: string;
  autopay_next?: string;
  autopay_stopped?: string;
  /** Its notice was sent (the outbox's key makes it once; this spares later passes the reads). */
  autopay_noticed?: boolean;
  /** A hint that it is paid, so later passes leave it out (the ledger is the truth). */
  autopay_settled?: boolean;
  autopay_lease_until?: Date | null;
}

/** A family's card kept at the gateway for automatic charges ('tarjetas'): never its number. */
export interface SavedCard {
  _id: string;
  user_id: string;
  /** The gateway's token for the card (its vault's reference). */
  token: string;
  brand: string;
  last4: string;
  /** 'MMYYYY' */
  expiry: string;
  status: 'active' | 'removed';
  created_at: Date;
  removed_at?: Date;
}

/** The school's autopay schedule (settings AUTOPAY_RETRY_DAYS, AUTOPAY_NOTICE_DAYS). */
export const AUTOPAY_DEFAULTS = {
  /** Days after the first declined try on which the next tries are made. */
  retryDays: [1, 3, 7] as readonly number[],
  /** Days before a due day that the notice e-mail goes out. */
  noticeDays: 3,
};

/** 'Visa ****4242 (vence 12/2030)' */
export const cardLabel = (card: Pick<SavedCard, 'brand' | 'last4' | 'expiry'>): string =>
  `${card.brand} ****${card.last4} (vence ${card.expiry.slice(0, 2)}/${card.expiry.slice(2)})`;

/**
 * The authorisation a parent gives at payment to keep the card for the automatic charges: it names
 * the schedule, dates and amounts (those after today's payment). Stored with the enrolment as given.
 */
export function autopayConsentText(
  later: ReadonlyArray<{ due: string; amount: number }>,
  format: { money: (pesos: number) => string; day: (day: string) => string },
): string {
  const total = later.reduce((sum, item) => sum + item.amount, 0);
  const dates = later.map((item) => `${format.day(item.due)} ${format.money(item.amount)}`).join('; ');
  return `Autorizo a la escuela a guardar esta tarjeta (solo el banco conserva sus datos) y a cobrar en ella automáticamente las ${later.length} cuotas restantes de mi plan de pagos en sus fechas: ${dates} (total ${format.money(total)}). Puedo cambiar o eliminar la tarjeta en "Mis pagos" cuando quiera.`;
}

/** How a family stops autopay, in the agreement's e-mail and on the thank-you page. */
export const AUTOPAY_STOP =
  'Para detener los cobros automáticos, elimine la tarjeta en "Mis pagos": las cuotas se pagan entonces desde allí o en la oficina.';

/** The autopay agreement as the family reads it (the thank-you page, its e-mail and the PDF, issue 59). */
export interface AutopayAgreement {
  /** 'Visa terminada en 4242'. */
  card: string;
  charges: Array<{ day: string; amount: string; label: string }>;
  total: string;
}

/**
 * The agreement's texts, written once for the e-mail, the receipt's PDF and the thank-you page
 * (issue 59): the card and the program, each charge on its day, the total, how to stop it.
 */
export const AUTOPAY_AGREEMENT_TEXTS = {
  title: 'Cobro automático autorizado',
  authorised: (agreement: AutopayAgreement, program: string, order: string) =>
    `Autorizó a la escuela a cobrar automáticamente en su tarjeta ${agreement.card} las ${agreement.charges.length} cuotas restantes de ${program} (orden ${order}), cada una en su fecha:`,
  charge: (charge: AutopayAgreement['charges'][number]) => `${charge.day}: ${charge.amount}, ${charge.label}`,
  total: (agreement: AutopayAgreement) =>
    `Total: ${agreement.total}. Le avisaremos por correo unos días antes de cada cobro.`,
  stop: AUTOPAY_STOP,
};

/** The agreement of `later` (the schedule's items after the enrolment) on `card`. */
export function autopayAgreementOf(
  later: ReadonlyArray<Pick<ScheduleItem, 'cupo' | 'kind' | 'seq' | 'of' | 'due' | 'amount'>>,
  card: { brand: string; last4: string },
  childOf: (cupo: number) => string,
  format: { money: (pesos: number) => string; day: (day: string) => string },
): AutopayAgreement {
  return {
    card: `${card.brand} terminada en ${card.last4}`,
    charges: later.map((item) => {
      const child = childOf(item.cupo);
      return {
        day: format.day(item.due),
        amount: format.money(item.amount),
        label: `${instalmentLabel(item)}${child ? ` de ${child}` : ''}`,
      };
    }),
    total: format.money(later.reduce((sum, item) => sum + item.amount, 0)),
  };
}

/**
 * A payment, as stored in 'pagos'. Card payments are written before the charge ('charging') and
 * settled after it; a manual one is 'recorded' at once. Only 'approved' and 'recorded' pay.
 */
export interface LedgerPayment {
  _id: string;
  enrolment_id: string;
  user_id: string;
  order_number: string;
  method: PaymentMethod;
  amount: number;
  /** What it pays, oldest due first; what is left over (a confirmed excess) is a credit. */
  allocations: Array<{ cuota: string; amount: number }>;
  status: 'charging' | 'approved' | 'declined' | 'failed' | 'recorded';
  /** Card payments: our reference at the gateway, its answer, and the card's brand and last 4. */
  reference?: string;
  auth_code?: string | null;
  gateway_reference?: string | null;
  /** The acquirer's retrieval reference number (AZUL's RRN), when it gave one. */
  gateway_rrn?: string;
  /** Card payments: the merchant the charge was sent to (PaymentGateway.merchant). */
  merchant?: string;
  card?: { brand: string; last4: string };
  /** A decline's Spanish message. */
  message?: string;
  /** Manual payments: the bank and the transfer's or cheque's number. */
  bank?: string;
  document?: string;
  note?: string;
  /** e-CF on (issue 22): its own receipt could not be numbered yet; the receipts' pass tries again. */
  receipt_pending?: boolean;
  /** Who recorded it: the parent (card) or the staff member's e-mail. */
  recorded_by: string;
  /** A cancellation gave this much of it back to the card, with the gateway's refund reference. */
  refunded_amount?: number;
  refund_reference?: string;
  /** Given back by partial changes of the order (issue 24), added up; apart from the cancellation's. */
  change_refunded_amount?: number;
  created_at: Date;
  /** Until when the request charging it may still answer; after it, the settler asks the gateway. */
  lease_until?: Date;
  /** A card payment waiting for the cardholder's bank (3-D Secure), as an order's does (issue 59). */
  authentication?: ChargeAuthentication;
  /** The parent's request's Idempotency-Key: its stored answer is rewritten once the bank's step ends. */
  idempotency_key?: string;
}

export const PAYING_STATUSES: ReadonlyArray<LedgerPayment['status']> = ['approved', 'recorded'];

export interface LedgerLine extends Instalment {
  paid: number;
  /** amount - paid, 0 when cancelled. */
  owed: number;
  state: InstalmentState;
  /** Days past its due day while owed (0 otherwise). */
  days_overdue: number;
}

export interface Ledger {
  lines: LedgerLine[];
  /** What is still owed (instalments due or not), minus a credit. */
  balance: number;
  /** What is owed of instalments past their due day. */
  overdue: number;
  paid: number;
  /** The first owed instalment's due day, or null. */
  next_due: string | null;
  /** The first owed instalment's amount still owed. */
  next_amount: number;
  /** Paid beyond every instalment (a confirmed excess). */
  credit: number;
  /** The oldest owed instalment's days past due (0 when none is). */
  days_overdue: number;
}

/**
 * What each instalment has been paid, its state on `today` and the totals. `counting` are the
 * statuses whose allocations count: paying ones for what the family reads; also 'charging' when
 * deciding what a new payment settles (a charge under way must not be paid twice).
 */
export function ledgerOf(
  instalments: readonly Instalment[],
  payments: readonly LedgerPayment[],
  today: string,
  counting: ReadonlyArray<LedgerPayment['status']> = PAYING_STATUSES,
): Ledger {
  const paidOf = new Map<string, number>();
  let unallocated = 0;
  for (const payment of payments) {
    if (!counting.includes(payment.status)) continue;
    let allocated = 0;
    for (const { cuota, amount } of payment.allocations) {
      paidOf.set(cuota, (paidOf.get(cuota) ?? 0) + amount);
      allocated += amount;
    }
    unallocated += payment.amount - allocated;
  }
  const lines = sortLines(instalments).map((instalment): LedgerLine => {
    const paid = paidOf.get(instalment._id) ?? 0;
    const cancelled = Boolean(instalment.cancelled_at);
    const owed = cancelled ? 0 : Math.max(instalment.amount - paid, 0);
    const late = owed > 0 ? Math.max(daysBetween(instalment.due, today), 0) : 0;
    const state: InstalmentState =
      cancelled && paid < instalment.amount
        ? 'anulada'
        : owed === 0
          ? 'pagada'
          : late > 0
            ? 'vencida'
            : 'pendiente';
    return { ...instalment, paid, owed, state, days_overdue: late };
  });
  const owing = lines.filter((line) => line.owed > 0);
  const owed = owing.reduce((sum, line) => sum + line.owed, 0);
  return {
    lines,
    balance: owed - unallocated,
    overdue: owing.filter((line) => line.state === 'vencida').reduce((sum, line) => sum + line.owed, 0),
    paid: lines.reduce((sum, line) => sum + line.paid, 0) + unallocated,
    next_due: owing[0]?.due ?? null,
    next_amount: owing[0]?.owed ?? 0,
    credit: unallocated,
    days_overdue: owing[0]?.days_overdue ?? 0,
  };
}

/** Oldest due first; on one day the membership before the instalments, then by child. */
export function sortLines<T extends Pick<Instalment, 'due' | 'kind' | 'cupo' | 'seq'>>(
  lines: readonly T[],
): T[] {
  return [...lines].sort(
    (a, b) =>
      a.due.localeCompare(b.due) ||
      (a.kind === b.kind ? 0 : a.kind === 'membresia' ? -1 : 1) ||
      a.cupo - b.cupo ||
      a.seq - b.seq,
  );
}

/**
 * What a payment of `amount` settles: the oldest owed instalments first, each in full before the
 * next, the last one partly if the money ends there; `excess` is what is left over.
 */
export function allocateOldestFirst(
  ledger: Pick<Ledger, 'lines'>,
  amount: number,
): { allocations: Array<{ cuota: string; amount: number }>; excess: number } {
  let left = amount;
  const allocations: Array<{ cuota: string; amount: number }> = [];
  for (const line of ledger.lines) {
    if (left <= 0) break;
    if (line.owed <= 0) continue;
    const take = Math.min(line.owed, left);
    allocations.push({ cuota: line._id, amount: take });
    left -= take;
  }
  return { allocations, excess: left };
}

/**
 * Whether a payment naming `cuota` (the line the parent or the office saw and chose) may pay it:
 * the line while it is owed, else why not. Read with 'charging' counted, a line being charged owes
 * nothing: a second payment of it is refused however it arrives (issue 53).
 */
export function namedLine<L extends Pick<LedgerLine, '_id' | 'owed' | 'paid' | 'amount' | 'cancelled_at'>>(
  ledger: { lines: readonly L[] },
  cuota: string,
): { line: L } | { refused: 'unknown' | 'paid' | 'cancelled' } {
  const line = ledger.lines.find((candidate) => candidate._id === cuota);
  if (!line) return { refused: 'unknown' };
  if (line.owed > 0) return { line };
  return { refused: line.cancelled_at && line.paid < line.amount ? 'cancelled' : 'paid' };
}

/**
 * What a payment of `amount` settles when it names a line: that line first, then the oldest owed
 * ones, as `allocateOldestFirst` (the office's money may cover more than the line it named).
 */
export function allocateFromLine(
  ledger: Pick<Ledger, 'lines'>,
  cuota: string,
  amount: number,
): { allocations: Array<{ cuota: string; amount: number }>; excess: number } {
  const named = ledger.lines.filter((line) => line._id === cuota);
  return allocateOldestFirst(
    { lines: [...named, ...ledger.lines.filter((line) => line._id !== cuota)] },
    amount,
  );
}

/** The aging buckets of the office's report, by the oldest owed instalment's days past due. */
export const AGING_BUCKETS = [
  { key: 'al_dia', label: 'Al día', max: 0 },
  { key: 'd1_30', label: '1-30 días', max: 30 },
  { key: 'd31_60', label: '31-60 días', max: 60 },
  { key: 'd61_90', label: '61-90 días', max: 90 },
  { key: 'd90_mas', label: 'Más de 90 días', max: Number.POSITIVE_INFINITY },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]['key'];

export const agingBucket = (daysOverdue: number): AgingBucket =>
  AGING_BUCKETS.find((bucket) => daysOverdue <= bucket.max)!.key;

/** How a receivable's age reads: its bucket's label, or 'Saldada' when nothing is owed. */
export const agingLabel = (row: { balance: number; bucket: AgingBucket }): string =>
  row.balance > 0 ? AGING_BUCKETS.find((bucket) => bucket.key === row.bucket)!.label : 'Saldada';

/** The label of an instalment line: 'Membresía' or 'Cuota 2 de 10'. */
export const instalmentLabel = (line: Pick<Instalment, 'kind' | 'seq' | 'of' | 'label'>): string =>
  line.label ??
  (line.kind === 'membresia' ? 'Membresía' : line.of > 1 ? `Cuota ${line.seq} de ${line.of}` : 'Pago único');

export const LEDGER_MESSAGES = {
  notFound: 'No encontramos esa inscripción en su cuenta.',
  nothingOwed: 'Esta inscripción no tiene cuotas pendientes.',
  amountChanged: (amount: string) =>
    `El monto a pagar cambió: la cuota pendiente es de ${amount}. Revise el monto e intente de nuevo.`,
  paid: 'Pago realizado con éxito.',
  verifying: 'Su pago está en verificación. Le avisaremos por correo en cuanto se confirme.',
  busy: 'Ya hay un pago en curso para esta inscripción. Espere un momento e intente de nuevo.',
  recorded: 'Pago registrado.',
  excess: (balance: string) =>
    `El monto excede el saldo pendiente (${balance}). Confirme para registrar el excedente como saldo a favor.`,
  badAmount: 'El monto debe ser un número entero de pesos mayor que cero.',
  documentRequired: 'Escriba el número de referencia de la transferencia o del cheque.',
  bankRequired: 'Indique el banco de la transferencia o del cheque.',
  instalmentNotFound: 'Cuota no encontrada.',
  notChangeable: 'Solo se pueden mover o anular cuotas futuras sin pagos.',
  badDay: 'La fecha de vencimiento no es válida.',
  pastDay: 'La nueva fecha de vencimiento no puede ser anterior a hoy.',
  instalmentMoved: 'Cuota actualizada.',
  instalmentCancelled: 'Cuota anulada.',
  reminderSent: 'Recordatorio enviado.',
  cancelledEnrolment: 'Esta inscripción está cancelada: no tiene cuotas por pagar.',
  cardSaved: 'Tarjeta guardada para los cobros automáticos.',
  cardRemoved: 'Tarjeta eliminada. Las próximas cuotas se pagan desde "Mis pagos" o en la oficina.',
  /** A card payment with neither the card's fields nor the kept card. */
  cardRequired: 'Escriba los datos de la tarjeta o pague con la tarjeta guardada.',
  /** A payment naming a line already paid (issue 53): nothing is charged (one being charged: `busy`). */
  alreadyPaid: 'Esa cuota ya está pagada.',
  /** A payment naming a cancelled line: nothing is charged. */
  cancelledInstalment: 'Esa cuota está anulada: no hay nada que pagar.',
  /** The office recorded an amount without naming the instalment it pays while something is owed. */
  instalmentRequired: 'Indique la cuota que se paga.',
} as const;

/** The receivables list's state filter: settled, current, overdue, or one overdue bucket. */
export const RECEIVABLE_STATE_LABELS = {
  al_dia: 'Al día',
  vencida: 'Con atraso',
  saldada: 'Saldada',
  d1_30: 'Atraso de 1-30 días',
  d31_60: 'Atraso de 31-60 días',
  d61_90: 'Atraso de 61-90 días',
  d90_mas: 'Atraso de más de 90 días',
} as const;
export const RECEIVABLE_STATES = /*#__PURE__*/ keysOf(RECEIVABLE_STATE_LABELS);
export type ReceivableState = (typeof RECEIVABLE_STATES)[number];
