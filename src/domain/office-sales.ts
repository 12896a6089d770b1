// A family enrolled by the office at the counter or on the phone (issue 54): how it was paid and
// who took it. The order goes through the wizard's checkout (src/core/checkout/pipeline.ts enrol);
// this is what the order keeps of the office's part, shared by the server, the mocks and the panel.
import { formatDop } from './pricing.ts';
import { formatDueDay } from './plans.ts';
import { keysOf } from './choices.ts';

export const OFFICE_SALE_LABELS = {
  efectivo: 'Efectivo',
  transferencia: 'Transferencia',
  tarjeta: 'Tarjeta (terminal virtual)',
  pendiente: 'Pendiente de pago',
} as const;
export const OFFICE_SALE_METHODS = /*#__PURE__*/ keysOf(OFFICE_SALE_LABELS);
export type OfficeSaleMethod = (typeof OFFICE_SALE_METHODS)[number];

/** What an order taken by the office keeps (Enrolment.office). */
export interface OfficeSale {
  method: OfficeSaleMethod;
  /** The staff member who took it: e-mail (the ledger's recorded_by) and name (receipts, e-mails). */
  taken_by: string;
  taken_by_name: string;
  /** A transfer's bank and reference. */
  bank?: string;
  document?: string;
  note?: string;
  /** 'pendiente': the day (YYYY-MM-DD, Santo Domingo) until which its places are held unpaid. */
  due?: string;
}

export const OFFICE_SALE_MESSAGES = {
  email: 'Escriba un correo válido para la cuenta de la familia.',
  staffEmail: 'Ese correo es de una cuenta del personal: escriba el correo de la familia.',
  inactiveAccount: 'La cuenta de ese correo está desactivada: reactívela antes de inscribir.',
  reference: 'Escriba la referencia de la transferencia.',
  card: 'Escriba los datos de la tarjeta de la familia.',
  due: 'Indique la fecha límite de pago.',
  duePast: 'La fecha límite de pago debe ser hoy o un día futuro.',
  dueTooFar: 'La fecha límite de pago no puede pasar de 30 días.',
  unpaidReason: 'No se pagó en la fecha límite acordada con la oficina.',
  done: (order: string) => `Inscripción registrada: orden ${order}.`,
  passwordSubject: 'Su cuenta de la escuela de baloncesto',
  passwordIntro: (name: string) =>
    `Hola${name ? `, ${name}` : ''}: la oficina de la escuela inscribió a sus hijos y le creó una cuenta con este correo, donde verá sus inscripciones y pagos.`,
};

/** How many days ahead an unpaid order's places may be held. */
export const MAX_PENDING_DAYS = 30;

/** An order taken with nothing collected: its places are held until its due day. */
export const unpaidAtEnrolment = (order: { office?: OfficeSale }): boolean =>
  order.office?.method === 'pendiente';

/** The confirmation's payment sentence for an order the office took (null: the card's sentence). */
export function officePaymentSentence(order: { office?: OfficeSale; amount: number }): string | null {
  const sale = order.office;
  if (!sale || sale.method === 'tarjeta') return null;
  const by = `registrado en la oficina por ${sale.taken_by_name || sale.taken_by}`;
  if (sale.method === 'pendiente')
    return `Monto pendiente de pago: ${formatDop(order.amount)}, a pagar a más tardar el ${formatDueDay(sale.due ?? '')}; los cupos se reservan hasta ese día (${by}).`;
  const reference = sale.document ? `, referencia ${sale.document}` : '';
  return `Monto pagado: ${formatDop(order.amount)} (${OFFICE_SALE_LABELS[sale.method].toLowerCase()}${reference}, ${by}).`;
}
