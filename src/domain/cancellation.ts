// Self-service cancellation (issue 18): a parent may cancel a paid enrolment from the profile until
// N days before its first week (per camp, 7 by default), with the camp's refund rule: the whole
// amount back to the card, the amount minus a fee, or a credit for a next enrolment. One home for
// the window and the figures, read by the server (which decides), the mocks and the profile page.
import { formatDop } from './pricing.ts';

export const REFUND_RULES = ['full', 'fee', 'credit'] as const;
export type RefundRule = (typeof REFUND_RULES)[number];

export const SELF_CANCEL_DEFAULTS = {
  self_cancel: true,
  self_cancel_days: 7,
  refund_rule: 'full' as RefundRule,
  cancel_fee: 0,
};

/** What a camp says about cancellations by parents (absent fields: the defaults above). */
export interface CancelPolicy {
  self_cancel?: boolean;
  self_cancel_days?: number;
  refund_rule?: RefundRule;
  cancel_fee?: number;
}

/** Santo Domingo keeps UTC-4 all year (no daylight saving time). */
const SANTO_DOMINGO_OFFSET_MS = 4 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** 00:00 Santo Domingo of the first 'DD/MM/YYYY' in a line's dates ('14/06/2027 - 18/06/2027'). */
function firstDayOfLine(dates: string): number | null {
  const match = /(\d{2})\/(\d{2})\/(\d{4})/.exec(dates);
  if (!match) return null;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  return Date.UTC(year, month - 1, day) + SANTO_DOMINGO_OFFSET_MS;
}

/** The start of the enrolment's first week (or payment option), or the camp's start without dates. */
export function firstDayOf(lines: ReadonlyArray<{ date: string }>, campStart: Date): Date {
  const days = lines.map((line) => firstDayOfLine(line.date)).filter((day) => day !== null);
  return new Date(days.length > 0 ? Math.min(...days) : campStart.getTime());
}

/**
 * The first instant a parent can no longer cancel: the start of the day N - 1 days before the
 * first day. So with N = 7 and a first week from Monday 14 June, the last day to cancel is
 * Monday 7 June, through 23:59.
 */
export function cancelDeadline(firstDay: Date, policy: CancelPolicy): Date {
  const days = policy.self_cancel_days ?? SELF_CANCEL_DEFAULTS.self_cancel_days;
  const dayStart = Math.floor((firstDay.getTime() - SANTO_DOMINGO_OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(dayStart + SANTO_DOMINGO_OFFSET_MS - (days - 1) * DAY_MS);
}

/**
 * What a cancellation gives back, whole pesos: to the card (through the gateway), by the office
 * (what was paid in cash or by transfer, handed back by staff, issue 53), as a credit, and the fee
 * kept. card + office + credit + fee = the amount the rule was applied to.
 */
export interface RefundPlan {
  rule: RefundRule;
  card: number;
  office: number;
  credit: number;
  fee: number;
}

/**
 * The rule applied to `amount` (what the order may still give back, ./give-back.ts): a credit of it
 * all, or a refund less the fee, to the card up to `toCardAtMost` and the rest from the office.
 */
export function refundPlan(amount: number, policy: CancelPolicy, toCardAtMost = amount): RefundPlan {
  const rule = policy.refund_rule ?? SELF_CANCEL_DEFAULTS.refund_rule;
  if (rule === 'credit') return { rule, card: 0, office: 0, credit: amount, fee: 0 };
  const fee = rule === 'fee' ? Math.min(Math.max(policy.cancel_fee ?? 0, 0), amount) : 0;
  const card = Math.min(amount - fee, Math.max(toCardAtMost, 0));
  return { rule, card, office: amount - fee - card, credit: 0, fee };
}

/** The reason recorded when the parent gives none. */
export const SELF_CANCEL_REASON = 'Cancelada por la familia desde su cuenta';
export const CANCEL_REASON_LIMIT = 500;

export const CANCEL_MESSAGES = {
  notOffered: 'Esta inscripción no puede cancelarse desde su cuenta. Por favor contacte a la escuela.',
  notPaid: 'Solo una inscripción pagada puede cancelarse.',
  notFound: 'Inscripción no encontrada.',
  cancelled: 'Inscripción cancelada',
  alreadyCancelled: 'La inscripción ya estaba cancelada.',
  familyDiscount:
    'Los niños de esta inscripción dieron el descuento familiar a otra inscripción suya. Por favor contacte a la escuela para cancelarla.',
  closed: (lastDay: string) =>
    `El plazo para cancelar esta inscripción terminó el ${lastDay}. Por favor contacte a la escuela.`,
} as const;

const DAY = new Intl.DateTimeFormat('es-DO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Santo_Domingo',
});

/** A day as Dominican staff and parents write it, in Santo Domingo time ('07/06/2027'). */
export const formatDay = (date: Date): string => DAY.format(date);

/** The last day a parent may cancel, as the page and the messages write it ('07/06/2027'). */
export const lastCancelDay = (deadline: Date): string => DAY.format(new Date(deadline.getTime() - 1));

/**
 * A cancelled order's refund to the card in the family's profile, by the order's refund state
 * (issue 26): 'refunded' once the gateway accepted it, 'pending' while it is retried.
 */
export function refundStatusLine(status: 'refunded' | 'pending', amount: string): string {
  return status === 'refunded'
    ? `Reembolsado a su tarjeta: ${amount}. Según su banco, puede tardar unos días en reflejarse.`
    : `Reembolso pendiente: ${amount}. Le escribiremos cuando el banco lo confirme.`;
}

/** What the confirmation dialog says the family gets back. */
export function refundSentence(plan: RefundPlan): string {
  if (plan.rule === 'credit')
    return `Recibirá un crédito de ${formatDop(plan.credit)} para una próxima inscripción, por correo electrónico.`;
  // Paid at the counter (issue 53): the school hands it back, the card cannot take it.
  const office =
    plan.office > 0
      ? ` La escuela le devolverá ${formatDop(plan.office)} pagados en efectivo o por transferencia.`
      : '';
  const fee = plan.fee > 0 ? ` (el cargo por cancelación es de ${formatDop(plan.fee)})` : '';
  if (plan.card === 0 && plan.office === 0)
    return plan.fee > 0
      ? `No se reembolsa ningún monto: el cargo por cancelación (${formatDop(plan.fee)}) es igual al monto pagado.`
      : 'No hay monto que reembolsar.';
  if (plan.card === 0) return `${office.trim().replace(/\.$/, '')}${fee}.`;
  return `Se reembolsarán ${formatDop(plan.card)} a su tarjeta${fee}.${office}`;
}

/**
 * The camp's cancellation terms as a parent reads them before paying (issue 26), written from the
 * rule the app applies (window and refund rule), so the two can never say different things.
 */
export function cancellationTerms(policy: CancelPolicy): string {
  if (policy.self_cancel === false)
    return 'Las inscripciones pagadas no se cancelan desde la cuenta: para cancelar, contacte a la escuela.';
  const days = policy.self_cancel_days ?? SELF_CANCEL_DEFAULTS.self_cancel_days;
  const rule = policy.refund_rule ?? SELF_CANCEL_DEFAULTS.refund_rule;
  const fee = Math.max(policy.cancel_fee ?? 0, 0);
  const when =
    days === 0
      ? 'Puede cancelar una inscripción pagada desde su perfil hasta el día antes de que empiece su primera semana.'
      : `Puede cancelar una inscripción pagada desde su perfil hasta ${days === 1 ? '1 día' : `${days} días`} antes de que empiece su primera semana.`;
  const what =
    rule === 'credit'
      ? 'No se reembolsa a la tarjeta: recibe un crédito por el monto pagado para una próxima inscripción.'
      : rule === 'fee' && fee > 0
        ? `Se reembolsa a su tarjeta el monto pagado menos un cargo por cancelación de ${formatDop(fee)}.`
        : 'Se reembolsa el monto pagado completo a su tarjeta.';
  return `${when} ${what} Después de ese plazo, contacte a la escuela.`;
}

/** When the parent may cancel now: until when and what they get back; null when they may not. */
export interface SelfCancelTerms {
  /** The first instant it is too late (ISO). */
  until: string;
  lastDay: string;
  plan: RefundPlan;
}

/** The terms of a paid, not cancelled enrolment now, or the reason it cannot be cancelled by the parent. */
export function selfCancelTerms(
  enrolment: {
    payment_status: string;
    status: string;
    /** What the order may still give back (./give-back.ts leftToGiveBack). */
    amount: number;
    /** Of it, what can go back to the card (the rest was paid at the counter); all when absent. */
    card_refundable?: number;
    lines: ReadonlyArray<{ date: string }>;
  },
  camp: CancelPolicy & { start_date: Date },
  now: Date,
): { ok: true; terms: SelfCancelTerms } | { ok: false; status: number; message: string } {
  if (enrolment.status === 'cancelled')
    return { ok: false, status: 409, message: CANCEL_MESSAGES.alreadyCancelled };
  if (enrolment.payment_status !== 'paid')
    return { ok: false, status: 409, message: CANCEL_MESSAGES.notPaid };
  if (camp.self_cancel === false) return { ok: false, status: 409, message: CANCEL_MESSAGES.notOffered };
  const deadline = cancelDeadline(firstDayOf(enrolment.lines, camp.start_date), camp);
  const lastDay = lastCancelDay(deadline);
  if (now.getTime() >= deadline.getTime())
    return { ok: false, status: 409, message: CANCEL_MESSAGES.closed(lastDay) };
  return {
    ok: true,
    terms: {
      until: deadline.toISOString(),
      lastDay,
      plan: refundPlan(enrolment.amount, camp, enrolment.card_refundable ?? enrolment.amount),
    },
  };
}
