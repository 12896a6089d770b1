// What an order may still give back (issue 53). Whatever it already gave back (card refunds and
// credits of partial changes, cash returned) counts against what a later change or its
// cancellation gives: refunds + credits + cash returned never exceed what the order collected.
// One home for the bound and for how a cancellation splits what is left between the card (through
// the gateway) and the office (cash or transfer the school hands back), read by the core (which
// decides), the profile's and the office's cancel dialogs. Pure.
import { refundPlan, type CancelPolicy, type RefundPlan } from './cancellation.ts';
import { formatDop } from './pricing.ts';

/** What an order collected, by how it was paid. Whole pesos. */
export interface CollectedByMethod {
  /** By card: the checkout's charge and every instalment paid by card. */
  card: number;
  /** In cash, by transfer or by cheque, as the office recorded it. */
  office: number;
}

/** What an order has already given back, before the step being decided. Whole pesos. */
export interface GivenBack {
  /** To the card, by partial changes. */
  card: number;
  /** Credits of partial changes the family keeps (spent, or being spent: not voided). */
  credit: number;
}

/** What is left to give back: what was collected less what went back already, never below 0. */
export const leftToGiveBack = (collected: CollectedByMethod, given: GivenBack): number =>
  Math.max(0, collected.card + collected.office - given.card - given.credit);

/** What can still go back to the card: what the card paid less what changes refunded to it. */
export const cardRefundable = (collected: CollectedByMethod, given: GivenBack): number =>
  Math.max(0, collected.card - given.card);

/**
 * The camp's rule (a parent's own cancellation) or the whole of it (staff, no policy) applied to
 * what is left: the card gets back at most what it paid less its refunds; the rest of a refund was
 * paid at the counter and goes back from it.
 */
export const cancellationPlan = (
  collected: CollectedByMethod,
  given: GivenBack,
  policy: CancelPolicy = {},
): RefundPlan => refundPlan(leftToGiveBack(collected, given), policy, cardRefundable(collected, given));

/**
 * A partial change's money bounded by what is left (issue 53): what it would give back (to the card
 * or as a credit) is cut to what the order may still give back, the card part to what the card
 * paid less its refunds.
 */
export function boundChangeBack(
  wanted: { card: number; credit: number },
  collected: CollectedByMethod,
  given: GivenBack,
): { card: number; credit: number } {
  const left = leftToGiveBack(collected, given);
  const card = Math.min(wanted.card, left, cardRefundable(collected, given));
  return { card, credit: Math.min(wanted.credit, left - card) };
}

/** The office's line of a cancellation: paid at the counter, owed back until staff hand it back. */
export interface OfficeRefund {
  amount: number;
  status: 'owed' | 'returned';
  /** How staff gave it back, who and when (POST /inscripciones/devolucion/:id). */
  method?: 'efectivo' | 'transferencia';
  note?: string;
  returned_by?: string;
  returned_at?: Date;
}

export const OFFICE_REFUND_METHOD_LABELS: Record<NonNullable<OfficeRefund['method']>, string> = {
  efectivo: 'Devuelto en efectivo',
  transferencia: 'Devuelto por transferencia',
};

export const GIVE_BACK_MESSAGES = {
  officeReturned: 'Devolución registrada',
  nothingOwed: 'Esta inscripción no tiene una devolución pendiente.',
  alreadyReturned: 'Esa devolución ya estaba registrada.',
  documentRequired: 'Escriba el número de la transferencia.',
} as const;

const methods = (collected: CollectedByMethod): string => {
  const parts = [
    ...(collected.card > 0 ? [`${formatDop(collected.card)} con tarjeta`] : []),
    ...(collected.office > 0 ? [`${formatDop(collected.office)} en efectivo, transferencia o cheque`] : []),
  ];
  return parts.length > 0 ? parts.join(' y ') : formatDop(0);
};

/**
 * What the office's cancel dialog says before 'Confirmar cancelación' (issue 53): everything the
 * family paid, by method, what went back already, and what this cancellation gives back how.
 */
export function cancelMoneyLines(figures: {
  collected: CollectedByMethod;
  given: GivenBack;
  card: number;
  office: number;
}): string[] {
  const { collected, given, card, office } = figures;
  const before = [
    ...(given.card > 0 ? [`${formatDop(given.card)} reembolsados a la tarjeta por cambios`] : []),
    ...(given.credit > 0 ? [`${formatDop(given.credit)} en créditos ya usados`] : []),
  ];
  const back = [
    ...(card > 0 ? [`se reembolsarán ${formatDop(card)} a la tarjeta`] : []),
    ...(office > 0 ? [`quedarán ${formatDop(office)} por devolver en efectivo o transferencia`] : []),
  ];
  return [
    `La familia pagó ${methods(collected)}.`,
    ...(before.length > 0 ? [`Ya se le devolvieron ${before.join(' y ')}.`] : []),
    back.length > 0 ? `Al cancelar, ${back.join(' y ')}.` : 'Al cancelar, no queda monto por devolver.',
  ];
}
