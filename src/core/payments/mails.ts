// The e-mails of the ledger (issue 20): the receipt of an instalment paid (card or office) and the
// office's reminder of what is owed. Spanish, text and HTML, with the family's schedule.
import { escapeHtml, type MailMessage } from '../deps.ts';
import { formatDop } from '../../domain/pricing.ts';
import type { Enrolment } from '../../domain/records.ts';
import { formatDueDay } from '../../domain/plans.ts';
import { expiresBefore } from '../../domain/cards.ts';
import {
  instalmentLabel,
  INSTALMENT_STATE_LABELS,
  PAYMENT_METHOD_LABELS,
  AUTOPAY_AGREEMENT_TEXTS as T,
  type AutopayAgreement,
  type Ledger,
  type LedgerPayment,
} from '../../domain/ledger.ts';

/** What the e-mails read of an enrolment's ledger. */
type EnrolmentLedger = Ledger & { enrolment: { camp_name: string; order_number: string } };

/** The link to 'Mis pagos' in the profile. */
export const myPaymentsLink = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/profile?tab=pagos`;

const lineText = (line: Ledger['lines'][number]) =>
  `${formatDueDay(line.due)} · ${line.child ? `${line.child} · ` : ''}${instalmentLabel(line)} · ${formatDop(line.amount)} · ${INSTALMENT_STATE_LABELS[line.state]}`;

/** The schedule's lines still owed, as text lines. */
const owedLines = (ledger: Ledger) => ledger.lines.filter((line) => line.owed > 0).map(lineText);

/** A message of lines ending with one link to 'Mis pagos', as text and as HTML. */
function linkedMail(
  subject: string,
  kind: string,
  lines: string[],
  link: { href: string; text: string },
): Omit<MailMessage, 'to'> {
  return {
    subject,
    text: [...lines, '', `${link.text}: ${link.href}`].join('\n'),
    html: [
      ...lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
    ].join('\n'),
    kind,
  };
}

export function instalmentPaidMail(
  ledger: EnrolmentLedger,
  payment: LedgerPayment,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const how =
    payment.method === 'tarjeta' || payment.method === 'tarjeta_guardada'
      ? `tarjeta ${payment.card?.brand ?? ''} terminada en ${payment.card?.last4 ?? ''}, autorización ${payment.auth_code ?? ''}`
      : // Taken at the counter (issue 54): the receipt names who recorded it.
        `${PAYMENT_METHOD_LABELS[payment.method]}${payment.document ? ` ${payment.document}` : ''}, registrado en la oficina por ${payment.recorded_by}`;
  const lines = [
    'Hola:',
    '',
    `Recibimos su pago de ${formatDop(payment.amount)} (${how}) para ${ledger.enrolment.camp_name}, orden ${ledger.enrolment.order_number}.`,
    ledger.balance > 0
      ? `Saldo pendiente: ${formatDop(ledger.balance)}${ledger.next_due ? `; próxima cuota el ${formatDueDay(ledger.next_due)} por ${formatDop(ledger.next_amount)}` : ''}.`
      : 'Su plan de pagos está al día: no tiene saldo pendiente.',
    ...(ledger.credit > 0 ? [`Saldo a favor: ${formatDop(ledger.credit)}.`] : []),
  ];
  return linkedMail(`Recibo de pago: ${ledger.enrolment.camp_name}`, 'instalment-paid', lines, {
    href: myPaymentsLink(publicUrl),
    text: 'Ver mis pagos',
  });
}

export function balanceReminderMail(
  ledger: EnrolmentLedger,
  publicUrl: string,
  /** The family's kept card when it pays by autopay: its coming instalments are charged to it. */
  autopayCard: { brand: string; last4: string } | null = null,
): Omit<MailMessage, 'to'> {
  if (autopayCard) return autopayBalanceMail(ledger, publicUrl, autopayCard);
  const lines = [
    'Hola:',
    '',
    `Le recordamos el saldo de ${ledger.enrolment.camp_name} (orden ${ledger.enrolment.order_number}): ${formatDop(ledger.balance)}${ledger.overdue > 0 ? `, de los cuales ${formatDop(ledger.overdue)} están vencidos` : ''}.`,
    'Cuotas pendientes:',
    ...owedLines(ledger).map((line) => `- ${line}`),
    'Puede pagar con tarjeta desde "Mis pagos" en su perfil, o por transferencia o en efectivo en la oficina.',
  ];
  return linkedMail(`Recordatorio de pago: ${ledger.enrolment.camp_name}`, 'balance-reminder', lines, {
    href: myPaymentsLink(publicUrl),
    text: 'Pagar ahora',
  });
}

/**
 * The balance of a family on autopay (issue 54): what is overdue is asked of it; the coming
 * instalments are said to be charged to its card on their day, not asked for.
 */
function autopayBalanceMail(
  ledger: EnrolmentLedger,
  publicUrl: string,
  card: { brand: string; last4: string },
): Omit<MailMessage, 'to'> {
  const owed = ledger.lines.filter((line) => line.owed > 0);
  const overdue = owed.filter((line) => line.state === 'vencida');
  const coming = owed.filter((line) => line.state !== 'vencida');
  const lines = [
    'Hola:',
    '',
    `Saldo de ${ledger.enrolment.camp_name} (orden ${ledger.enrolment.order_number}): ${formatDop(ledger.balance)}.`,
    ...(overdue.length
      ? [
          `Cuotas vencidas (${formatDop(ledger.overdue)}):`,
          ...overdue.map((line) => `- ${lineText(line)}`),
          'Puede pagarlas con tarjeta desde "Mis pagos" en su perfil, o por transferencia o en efectivo en la oficina.',
        ]
      : []),
    ...(coming.length
      ? [
          `Las próximas cuotas se cobrarán automáticamente a su tarjeta ${card.brand} terminada en ${card.last4} en su fecha; no tiene que hacer nada:`,
          ...coming.map((line) => `- ${lineText(line)}`),
        ]
      : []),
  ];
  const subject = overdue.length
    ? `Recordatorio de pago: ${ledger.enrolment.camp_name}`
    : `Estado de su plan de pagos: ${ledger.enrolment.camp_name}`;
  return linkedMail(subject, 'balance-reminder', lines, {
    href: myPaymentsLink(publicUrl),
    text: 'Ver mis pagos',
  });
}

/** Three days before an automatic charge: what, when, which card. */
/**
 * The autopay agreement in writing (issue 59): the charges the family authorised on its kept card,
 * each with its day and amount, the total, and how to stop them.
 */
export function autopayAgreementMail(
  enrolment: Pick<Enrolment, 'order_number' | 'camp_name'>,
  agreement: AutopayAgreement,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const lines = [
    'Hola:',
    '',
    T.authorised(agreement, enrolment.camp_name, enrolment.order_number),
    ...agreement.charges.map((charge) => `- ${T.charge(charge)}`),
    T.total(agreement),
    T.stop,
  ];
  return linkedMail(`${T.title}: ${enrolment.camp_name}`, 'autopay-agreement', lines, {
    href: myPaymentsLink(publicUrl),
    text: 'Ver mis pagos',
  });
}

export function autopayNoticeMail(
  ledger: EnrolmentLedger,
  line: Ledger['lines'][number],
  card: { brand: string; last4: string; expiry?: string },
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  // A card that expires before the charge: the family is asked to register a new one first.
  if (card.expiry && expiresBefore(card.expiry, line.due)) {
    const expired = [
      'Hola:',
      '',
      `El ${formatDueDay(line.due)} vence ${instalmentLabel(line)}${line.child ? ` de ${line.child}` : ''}, ${ledger.enrolment.camp_name} (orden ${ledger.enrolment.order_number}): ${formatDop(line.owed)}.`,
      `Su tarjeta ${card.brand} terminada en ${card.last4} vence en ${card.expiry.slice(0, 2)}/${card.expiry.slice(2)}, antes de ese cobro, y no podremos usarla.`,
      'Por favor registre su tarjeta nueva (o pague de otra forma) en "Mis pagos" antes de esa fecha.',
    ];
    return linkedMail(`Su tarjeta guardada vence antes del próximo cobro`, 'autopay-card-expiring', expired, {
      href: myPaymentsLink(publicUrl),
      text: 'Actualizar mi tarjeta',
    });
  }
  const lines = [
    'Hola:',
    '',
    `El ${formatDueDay(line.due)} cobraremos ${formatDop(line.owed)} a su tarjeta ${card.brand} terminada en ${card.last4}: ${instalmentLabel(line)}${line.child ? ` de ${line.child}` : ''}, ${ledger.enrolment.camp_name} (orden ${ledger.enrolment.order_number}).`,
    'No tiene que hacer nada. Si desea cambiar la tarjeta o pagar de otra forma, hágalo antes de esa fecha en "Mis pagos".',
  ];
  return linkedMail(`Aviso de cobro: ${ledger.enrolment.camp_name}`, 'autopay-notice', lines, {
    href: myPaymentsLink(publicUrl),
    text: 'Ver mis pagos',
  });
}

/** An automatic charge was declined: why, what happens next, how to pay or change the card. */
export function autopayDeclinedMail(
  ledger: EnrolmentLedger,
  payment: LedgerPayment,
  reason: string,
  nextTry: string | null,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const lines = [
    'Hola:',
    '',
    `No pudimos cobrar ${formatDop(payment.amount)} a su tarjeta ${payment.card?.brand ?? ''} terminada en ${payment.card?.last4 ?? ''} para ${ledger.enrolment.camp_name} (orden ${ledger.enrolment.order_number}).`,
    `Motivo: ${reason}`,
    nextTry
      ? `Lo intentaremos de nuevo el ${formatDueDay(nextTry)}. Puede pagar ahora o cambiar la tarjeta en "Mis pagos".`
      : 'No volveremos a intentar el cobro con esta tarjeta. Por favor pague la cuota o registre otra tarjeta en "Mis pagos", o comuníquese con la oficina.',
  ];
  return linkedMail(`No pudimos cobrar su cuota: ${ledger.enrolment.camp_name}`, 'autopay-declined', lines, {
    href: myPaymentsLink(publicUrl),
    text: 'Pagar o cambiar la tarjeta',
  });
}
