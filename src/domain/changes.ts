// Partial changes of a paid camp order (issue 24): drop one child, drop one week, move a child from
// one week to another. The new lines, what the change is called, and how its price difference is
// settled, written once for the core (which decides), the admin screen and the parent's profile.
// Pure; the price itself is src/domain/pricing.ts repriceOrder.
import { formatDop } from './pricing.ts';
import { cancelDeadline, firstDayOf, type CancelPolicy } from './cancellation.ts';
import { minChildrenMessage } from './coupons.ts';
import {
  CHANGE_ACTIONS,
  CHANGE_REFUNDS,
  type ChangeAction,
  type ChangeRefund,
  type OrderChange,
} from './records.ts';

// A change as the order keeps it is a stored shape (./records.ts); named here too for the change code.
export { CHANGE_ACTIONS, CHANGE_REFUNDS, type ChangeAction, type ChangeRefund, type OrderChange };

export const CHANGE_ACTION_LABELS: Record<ChangeAction, string> = {
  drop_child: 'Quitar participante',
  drop_week: 'Quitar semana',
  move_week: 'Cambiar de semana',
};

export const CHANGE_REFUND_LABELS: Record<ChangeRefund, string> = {
  card: 'Reembolso a la tarjeta',
  credit: 'Crédito para otra inscripción',
  none: 'Sin reembolso',
};

/** What is asked: the child (participant slot), the week of theirs, and the week to move to. */
export interface ChangeRequest {
  action: ChangeAction;
  cupo: number;
  /** drop_week and move_week: the week (line id) of the child that changes. */
  week?: string;
  /** move_week: the week the child goes to. */
  to_week?: string;
}

/** What staff send (POST /inscripciones/cambios/:id; the TypeBox schema is ./schemas/changes.ts). */
export interface StaffChangeRequest extends ChangeRequest {
  refund: ChangeRefund;
  reason: string;
  preview?: boolean;
}

/** What a change would do (the dialog's figures) or did, as answered. */
export interface ChangePreview extends ChangeSettlement {
  description: string;
  before_total: number;
  after_total: number;
  difference: number;
  sentence: string;
}

/** The money side of a change: what goes back to the card, as a credit, and what is owed now. */
export interface ChangeSettlement {
  card: number;
  credit: number;
  owed: number;
}

export function settleDifference(difference: number, refund: ChangeRefund): ChangeSettlement {
  if (difference > 0) return { card: 0, credit: 0, owed: difference };
  const back = -difference;
  if (refund === 'card') return { card: back, credit: 0, owed: 0 };
  if (refund === 'credit') return { card: 0, credit: back, owed: 0 };
  return { card: 0, credit: 0, owed: 0 };
}

/**
 * The refund a parent's own change gets: the camp's rule for cancellations, except that a change
 * keeps no cancellation fee (the camp's terms let weeks be changed; the fee is for leaving).
 */
export const parentChangeRefund = (policy: CancelPolicy): ChangeRefund =>
  policy.refund_rule === 'credit' ? 'credit' : 'card';

export const CHANGE_MESSAGES = {
  notPaid: 'Solo se puede cambiar una inscripción pagada.',
  cancelled: 'Una inscripción cancelada no se puede cambiar.',
  annual: 'Los cambios por semana son de los campamentos; en un programa anual, cancele la opción de pago.',
  noChild: 'Ese participante no está en esta inscripción.',
  noWeek: 'Ese participante no tiene esa semana en esta inscripción.',
  lastLine: 'Es lo único que queda en la inscripción: para quitarlo, cancele la inscripción.',
  sameWeek: 'Elija una semana distinta de la actual.',
  alreadyInWeek: 'Ese participante ya tiene esa semana en esta inscripción.',
  weekNotFound: 'Semana no encontrada en este campamento.',
  weekClosed: 'Esa semana ya no está a la venta.',
  categoryNotInWeek: 'Esa semana no se ofrece para la categoría del participante.',
  full: (week: string) => `No quedan cupos en ${week}.`,
  familyDiscount:
    'Los niños de esta inscripción dieron el descuento familiar a otra inscripción de la familia: no se puede quitar un participante.',
  busy: 'La inscripción se está modificando en este momento. Inténtelo de nuevo en unos segundos.',
  reason: 'Escriba el motivo del cambio.',
  notOffered: 'Esta inscripción no puede cambiarse desde su cuenta. Por favor contacte a la escuela.',
  closed: (lastDay: string) =>
    `El plazo para cambiar esa semana terminó el ${lastDay}. Por favor contacte a la escuela.`,
  /** The order's coupon would stop applying to the order as changed (issue 53): refused, not repriced. */
  couponLost: (code: string, refusal: string, leastChildren = 0) =>
    leastChildren > 0 && refusal === minChildrenMessage(leastChildren)
      ? `El cupón ${code} requiere inscribir al menos ${leastChildren} ${leastChildren === 1 ? 'participante' : 'participantes'}: sin este participante dejaría de aplicar. Para quitarlo, cancele la inscripción o contacte a la escuela.`
      : `El cupón ${code} dejaría de aplicar con este cambio: ${refusal} Para hacer el cambio, cancele la inscripción o contacte a la escuela.`,
  done: 'Inscripción modificada',
  refundPending: 'Inscripción modificada. El reembolso quedó pendiente: la pasarela no lo confirmó.',
} as const;

/** What a change carried out says: its refund may still be owed when the gateway did not confirm it. */
export const changeDoneMessage = (change: { refund_status?: string } | undefined): string =>
  change?.refund_status === 'pending' ? CHANGE_MESSAGES.refundPending : CHANGE_MESSAGES.done;

/**
 * A week a child could be moved to, as both dialogs list it (issue 53): 'available'; 'full' (no
 * place left); 'taken' (the child has it in another order: `order_number`); 'closed' (not sold to
 * this child now: not offered for the child's category, or past the parent's window).
 */
export const CHANGE_TARGET_STATES = ['available', 'full', 'taken', 'closed'] as const;
export type ChangeTargetState = (typeof CHANGE_TARGET_STATES)[number];

export interface ChangeTargetWeek {
  _id: string;
  name: string;
  date: string;
  value: number;
  state: ChangeTargetState;
  order_number?: string;
}

/** Why a week cannot be chosen, as the option shows it ('' when it can). */
export function changeTargetNote(week: Pick<ChangeTargetWeek, 'state' | 'order_number'>): string {
  if (week.state === 'full') return 'Agotada';
  if (week.state === 'taken') return `ya inscrito(a), orden ${week.order_number ?? ''}`.trim();
  if (week.state === 'closed') return 'No disponible';
  return '';
}

/** 'Semana 4 (06/07/2027 - 10/07/2027) · RD$4,700 — Agotada': one option of the dialogs' lists. */
export function changeTargetLabel(week: ChangeTargetWeek): string {
  const note = changeTargetNote(week);
  return `${week.name} (${week.date}) · ${formatDop(week.value)}${note ? ` — ${note}` : ''}`;
}

/**
 * The first instant a parent may no longer change a week of theirs, or move a child into it: the
 * camp's cancellation deadline of that week (the change itself and the dialogs' lists read it).
 */
export const weekChangeDeadline = (camp: CancelPolicy & { start_date: Date }, date: string): Date =>
  cancelDeadline(firstDayOf([{ date }], camp.start_date), camp);

/** The reason recorded when a parent changes their own order. */
export const PARENT_CHANGE_REASON = 'Cambio pedido por la familia desde su cuenta';

type Line = { id: string; cupo: number; name: string; date: string; value: number };
type Child = { id: number; first_name: string; last_name: string };

export type ChangedOrder<L extends Line, C extends Child> =
  { ok: true; lines: L[]; participants: C[]; removesChild: boolean } | { ok: false; message: string };

/**
 * The order's lines and children after the change, or why it cannot be made. A child left without
 * weeks leaves the order; an order left empty is a cancellation, not a change.
 */
export function changedOrder<L extends Line, C extends Child>(
  lines: readonly L[],
  participants: readonly C[],
  request: ChangeRequest,
  /** move_week: the week moved to, as the school sells it now. */
  target?: { id: string; name: string; date: string; value: number },
): ChangedOrder<L, C> {
  if (!participants.some((child) => child.id === request.cupo))
    return { ok: false, message: CHANGE_MESSAGES.noChild };
  const own = (line: L) => line.cupo === request.cupo;
  const changed = (line: L) => own(line) && line.id === request.week;
  if (request.action !== 'drop_child' && !lines.some(changed))
    return { ok: false, message: CHANGE_MESSAGES.noWeek };
  let next: L[];
  if (request.action === 'drop_child') next = lines.filter((line) => !own(line));
  else if (request.action === 'drop_week') next = lines.filter((line) => !changed(line));
  else {
    if (!target) return { ok: false, message: CHANGE_MESSAGES.weekNotFound };
    if (target.id === request.week) return { ok: false, message: CHANGE_MESSAGES.sameWeek };
    if (lines.some((line) => own(line) && line.id === target.id))
      return { ok: false, message: CHANGE_MESSAGES.alreadyInWeek };
    next = lines.map((line) =>
      changed(line)
        ? { ...line, id: target.id, name: target.name, date: target.date, value: target.value }
        : line,
    );
  }
  if (next.length === 0) return { ok: false, message: CHANGE_MESSAGES.lastLine };
  const kept = participants.filter((child) => next.some((line) => line.cupo === child.id));
  return { ok: true, lines: next, participants: kept, removesChild: kept.length < participants.length };
}

/** 'Se quitó la Semana 2 de Sofía Pérez', as the e-mail, the order and the audit say it. */
export function changeDescription(
  action: ChangeAction,
  child: string,
  weekName?: string,
  toWeekName?: string,
): string {
  if (action === 'drop_child') return `Se quitó a ${child} de la inscripción`;
  if (action === 'drop_week') return `Se quitó ${weekName ?? 'una semana'} de ${child}`;
  return `${child} pasó de ${weekName ?? 'una semana'} a ${toWeekName ?? 'otra semana'}`;
}

/** What the confirmation dialog and the e-mail say about the money of a change. */
export function changeMoneySentence(settlement: ChangeSettlement, difference: number): string {
  if (difference === 0) return 'El total de la inscripción no cambia.';
  if (settlement.owed > 0)
    return `La diferencia de ${formatDop(settlement.owed)} queda pendiente de pago en «Mis pagos».`;
  if (settlement.card > 0) return `Se reembolsarán ${formatDop(settlement.card)} a su tarjeta.`;
  if (settlement.credit > 0)
    return `Recibirá un crédito de ${formatDop(settlement.credit)} para una próxima inscripción, por correo electrónico.`;
  return `No se reembolsa la diferencia de ${formatDop(-difference)}.`;
}

/** What happened to the money of a change that was made, as the e-mail and the profile say it. */
export function changeOutcomeSentence(
  change: Pick<
    OrderChange,
    'card_amount' | 'credit_amount' | 'owed_amount' | 'difference' | 'refund_status' | 'credit_code'
  >,
): string {
  if (change.card_amount > 0 && change.refund_status === 'pending')
    return `El reembolso de ${formatDop(change.card_amount)} a su tarjeta está en trámite; le escribiremos cuando el banco lo confirme.`;
  if (change.credit_amount > 0 && change.credit_code)
    return `Le otorgamos un crédito de ${formatDop(change.credit_amount)} para una próxima inscripción: escriba el cupón ${change.credit_code} al pagar. Es personal y vale por un año.`;
  return changeMoneySentence(
    { card: change.card_amount, credit: change.credit_amount, owed: change.owed_amount },
    change.difference,
  );
}
