// The confirmation e-mail of a paid enrolment (DESIGN.md §2.10): camp, weeks and dates,
// participants, order number, authorization number and amount, in Spanish, text and HTML.
import { officePaymentSentence } from '../../domain/office-sales.ts';
import { escapeHtml, type MailMessage } from '../deps.ts';
import { fullName } from '../../domain/family.ts';
import type { Camp, Week } from '../../domain/records.ts';
import { formatDop } from '../../domain/pricing.ts';
import type { Enrolment } from '../../domain/records.ts';
import { WAITLIST_MESSAGES } from '../../domain/waitlist.ts';
import { NCF_TYPES, RECEIPT_MESSAGES, type Receipt } from '../../domain/receipts.ts';
import { changeOutcomeSentence, type OrderChange } from '../../domain/changes.ts';

/** The sentence about the fiscal receipt: attached, or sent once a sequence can number it. */
const receiptSentence = (receipt: Pick<Receipt, 'type' | 'ncf'> | null): string =>
  receipt
    ? `Adjuntamos su comprobante fiscal (${NCF_TYPES[receipt.type]}, NCF ${receipt.ncf}).`
    : RECEIPT_MESSAGES.pendingMail;

/**
 * The line that invites a family to answer. It is only true when answers reach someone: the outbox
 * drops it (withoutReplyInvitation) from a message sent with no Reply-To (issue 54).
 */
export const REPLY_INVITATION = 'Si tiene alguna pregunta, responda a este correo.';

/** The message without the invitation to answer, in its text and its HTML. */
export function withoutReplyInvitation<M extends { text: string; html?: string }>(message: M): M {
  return {
    ...message,
    text: message.text
      .split('\n')
      .filter((line) => line !== REPLY_INVITATION)
      .join('\n'),
    ...(message.html !== undefined
      ? {
          html: message.html
            .replace(`\n<p>${REPLY_INVITATION}</p>`, '')
            .replace(`<p>${REPLY_INVITATION}</p>`, ''),
        }
      : {}),
  };
}

export function confirmationMail(
  enrolment: Enrolment,
  weekById: Map<string, Week>,
  website: string,
  receipt: Pick<Receipt, 'type' | 'ncf'> | null = null,
): Omit<MailMessage, 'to'> {
  const children = enrolment.participants.map((participant) => {
    const weeks = enrolment.lines
      .filter((line) => line.cupo === participant.id)
      .map((line) => {
        const week = weekById.get(line.id);
        return `${week?.name ?? line.name} (${week?.date ?? line.date})`;
      });
    return {
      name: fullName(participant),
      membership: participant.membership_code,
      weeks,
    };
  });
  const amount = formatDop(enrolment.amount);
  // Taken by the office (issue 54): paid at the counter (or owed), and who took it.
  const counter = officePaymentSentence(enrolment);
  const takenBy = enrolment.office ? `, registrado en la oficina por ${enrolment.office.taken_by_name}` : '';
  const cardPaid = `(tarjeta ${enrolment.card.brand} terminada en ${enrolment.card.last4}${takenBy})`;
  const text = [
    '¡Gracias por su inscripción!',
    '',
    `${enrolment.camp_name}`,
    `Número de orden: ${enrolment.order_number}`,
    ...(counter
      ? [counter]
      : [`Número de autorización: ${enrolment.auth_code}`, `Monto pagado: ${amount} ${cardPaid}`]),
    '',
    'Participantes:',
    ...children.flatMap((child) => [
      `- ${child.name}${child.membership ? ` (membresía ${child.membership})` : ''}`,
      ...child.weeks.map((week) => `    · ${week}`),
    ]),
    '',
    receiptSentence(receipt),
    '',
    `Más información: ${website}`,
  ].join('\n');
  const html = `<h2>¡Gracias por su inscripción!</h2>
<p><strong>${escapeHtml(enrolment.camp_name)}</strong></p>
<table cellpadding="4">
<tr><td>Número de orden</td><td><strong>${escapeHtml(enrolment.order_number)}</strong></td></tr>
${
  counter
    ? `<tr><td colspan="2">${escapeHtml(counter)}</td></tr>`
    : `<tr><td>Número de autorización</td><td><strong>${escapeHtml(enrolment.auth_code ?? '')}</strong></td></tr>
<tr><td>Monto pagado</td><td><strong>${escapeHtml(amount)}</strong> ${escapeHtml(cardPaid)}</td></tr>`
}
</table>
<h3>Participantes</h3>
<ul>
${children
  .map(
    (child) =>
      `<li>${escapeHtml(child.name)}${child.membership ? ` (membresía ${escapeHtml(child.membership)})` : ''}<ul>${child.weeks
        .map((week) => `<li>${escapeHtml(week)}</li>`)
        .join('')}</ul></li>`,
  )
  .join('\n')}
</ul>
<p>${escapeHtml(receiptSentence(receipt))}</p>
<p><a href="${escapeHtml(website)}">${escapeHtml(website)}</a></p>`;
  return {
    subject: `Confirmación de inscripción — orden ${enrolment.order_number}`,
    text,
    html,
    kind: 'enrolment',
  };
}

/** The answer to an unknown outcome that turned out not charged: the parent may pay again. */
export function paymentNotCompletedMail(enrolment: Enrolment): Omit<MailMessage, 'to'> {
  const text = [
    'Hola:',
    '',
    `Verificamos el pago de la orden ${enrolment.order_number} (${enrolment.camp_name}) con el banco: no se realizó ningún cargo a su tarjeta y la inscripción no quedó registrada.`,
    'Los cupos que tenía reservados quedaron libres; puede inscribirse de nuevo cuando lo desee.',
  ].join('\n');
  const html = `<p>Hola:</p>
<p>Verificamos el pago de la orden <strong>${escapeHtml(enrolment.order_number)}</strong> (${escapeHtml(enrolment.camp_name)}) con el banco: no se realizó ningún cargo a su tarjeta y la inscripción no quedó registrada.</p>
<p>Los cupos que tenía reservados quedaron libres; puede inscribirse de nuevo cuando lo desee.</p>`;
  return {
    subject: `Pago no realizado — orden ${enrolment.order_number}`,
    text,
    html,
    kind: 'payment-not-completed',
  };
}

/** A card refund as WhatsApp's 'reembolso_realizado' parameters (issue 56), in the template's order. */
export const refundParameters = (
  enrolment: Pick<Enrolment, 'card' | 'order_number' | 'camp_name'>,
  amount: number,
): string[] => [
  formatDop(amount),
  `${enrolment.card.brand} terminada en ${enrolment.card.last4}`,
  enrolment.order_number,
  enrolment.camp_name,
];

/** A paid enrolment was cancelled (by staff or by the family): what happens to the places and the money. */
export function cancellationMail(
  enrolment: Enrolment,
  creditNote: Pick<Receipt, 'ncf'> | null = null,
): Omit<MailMessage, 'to'> {
  const toCard = enrolment.refund_amount ?? enrolment.amount;
  const amount = formatDop(toCard);
  const fee = enrolment.cancel_fee_kept ?? 0;
  const office = enrolment.office_refund?.amount ?? 0;
  const refund =
    enrolment.refund_status === 'none'
      ? null
      : enrolment.refund_status === 'refunded'
        ? `Solicitamos el reembolso de ${amount} a su tarjeta ${enrolment.card.brand} terminada en ${enrolment.card.last4}; según su banco, puede tardar unos días en reflejarse.`
        : `El reembolso de ${amount} está en trámite; le escribiremos cuando el banco lo confirme.`;
  const money = [
    ...(refund ? [refund] : []),
    // Paid at the counter (issue 53): the card cannot take it back, the school hands it back.
    ...(office > 0
      ? [
          `Lo que pagó en efectivo o por transferencia (${formatDop(office)}) se lo devuelve la escuela; le contactaremos para entregárselo.`,
        ]
      : []),
    ...(fee > 0
      ? [`Según las condiciones del campamento, se retuvo un cargo por cancelación de ${formatDop(fee)}.`]
      : []),
    ...(enrolment.credit_code && enrolment.credit_amount
      ? [
          `Le otorgamos un crédito de ${formatDop(enrolment.credit_amount)} para una próxima inscripción: escriba el cupón ${enrolment.credit_code} al pagar. Es personal y vale por un año.`,
        ]
      : []),
  ];
  const lines = [
    'Hola:',
    '',
    `La inscripción de la orden ${enrolment.order_number} (${enrolment.camp_name}) fue cancelada.`,
    ...(enrolment.cancel_reason ? [`Motivo: ${enrolment.cancel_reason}`] : []),
    ...money,
    ...(creditNote
      ? [`Adjuntamos la nota de crédito (NCF ${creditNote.ncf}) de su comprobante fiscal.`]
      : []),
    REPLY_INVITATION,
  ];
  return {
    subject: `Inscripción cancelada — orden ${enrolment.order_number}`,
    text: lines.join('\n'),
    html: lines
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n'),
    kind: 'enrolment-cancelled',
  };
}

/**
 * A paid order was changed (issue 24): what changed, the order as it is now (each child's weeks and
 * the new total) and what happens to the difference; the credit note goes with it when there is one.
 */
export function orderChangedMail(
  enrolment: Enrolment,
  change: OrderChange,
  website: string,
  creditNote: Pick<Receipt, 'ncf'> | null = null,
): Omit<MailMessage, 'to'> {
  const money = changeOutcomeSentence(change);
  const children = enrolment.participants.map((participant) => ({
    name: fullName(participant),
    weeks: enrolment.lines
      .filter((line) => line.cupo === participant.id)
      .map((line) => `${line.name} (${line.date})`),
  }));
  const lines = [
    'Hola:',
    '',
    `Modificamos la inscripción de la orden ${enrolment.order_number} (${enrolment.camp_name}).`,
    `${change.description}.`,
    '',
    'Así queda la inscripción:',
    ...children.flatMap((child) => [`- ${child.name}`, ...child.weeks.map((week) => `    · ${week}`)]),
    '',
    `Total anterior: ${formatDop(change.before_total)}`,
    `Nuevo total: ${formatDop(change.after_total)}`,
    money,
    ...(creditNote
      ? [`Adjuntamos la nota de crédito (NCF ${creditNote.ncf}) de su comprobante fiscal.`]
      : []),
    '',
    `Puede ver su inscripción en ${website.replace(/\/+$/, '')}/profile`,
    REPLY_INVITATION,
  ];
  const html = `<p>Hola:</p>
<p>Modificamos la inscripción de la orden <strong>${escapeHtml(enrolment.order_number)}</strong> (${escapeHtml(enrolment.camp_name)}).</p>
<p>${escapeHtml(change.description)}.</p>
<h3>Así queda la inscripción</h3>
<ul>
${children
  .map(
    (child) =>
      `<li>${escapeHtml(child.name)}<ul>${child.weeks.map((week) => `<li>${escapeHtml(week)}</li>`).join('')}</ul></li>`,
  )
  .join('\n')}
</ul>
<table cellpadding="4">
<tr><td>Total anterior</td><td>${escapeHtml(formatDop(change.before_total))}</td></tr>
<tr><td>Nuevo total</td><td><strong>${escapeHtml(formatDop(change.after_total))}</strong></td></tr>
</table>
<p>${escapeHtml(money)}</p>
${creditNote ? `<p>Adjuntamos la nota de crédito (NCF ${escapeHtml(creditNote.ncf)}) de su comprobante fiscal.</p>\n` : ''}<p>${REPLY_INVITATION}</p>`;
  return {
    subject: `Inscripción modificada — orden ${enrolment.order_number}`,
    text: lines.join('\n'),
    html,
    kind: 'enrolment-changed',
  };
}

/** A day after a cart was left unpaid (./carts.ts): what was in it, how to go on, how to stop these. */
export function cartReminderMail(reminder: {
  camp: Pick<Camp, 'name'>;
  weeks: ReadonlyArray<Pick<Week, 'name' | 'date'>>;
  continueLink: string;
  optOutLink: string;
}): Omit<MailMessage, 'to'> {
  const weeks = reminder.weeks.map((week) => (week.date ? `${week.name} (${week.date})` : week.name));
  const intro = [
    'Hola:',
    '',
    `Empezó a inscribir en ${reminder.camp.name} y el pago quedó sin completar.`,
    ...(weeks.length > 0 ? [`En su carrito: ${weeks.join(', ')}.`] : []),
    'Los cupos se asignan al pagar, así que le recomendamos completar la inscripción pronto.',
  ];
  const text = [
    ...intro,
    `Continuar la inscripción: ${reminder.continueLink}`,
    '',
    `Si no desea recibir más recordatorios como este: ${reminder.optOutLink}`,
  ].join('\n');
  const html = [
    ...intro.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(reminder.continueLink)}">Continuar la inscripción</a></p>`,
    `<p style="font-size:small">Si no desea recibir más recordatorios como este, <a href="${escapeHtml(reminder.optOutLink)}">haga clic aquí</a>.</p>`,
  ].join('\n');
  return { subject: `Complete su inscripción en ${reminder.camp.name}`, text, html, kind: 'cart-reminder' };
}

/** The waiting list's offer (issue 18): the week's place is held for the family until `until`. */
export function waitlistOfferMail(offer: {
  camp: Pick<Camp, 'name'>;
  week: Pick<Week, 'name' | 'date'>;
  child: string;
  until: string;
  link: string;
}): Omit<MailMessage, 'to'> {
  const week = offer.week.date ? `${offer.week.name} (${offer.week.date})` : offer.week.name;
  const lines = [
    'Hola:',
    '',
    `Se liberó un cupo en ${week} de ${offer.camp.name}, la semana en cuya lista de espera está${offer.child ? ` ${offer.child}` : ''}.`,
    `Lo reservamos para usted hasta el ${offer.until}; para tomarlo, complete la inscripción y el pago antes de esa hora.`,
    'Si no lo hace, el cupo pasará a la siguiente familia de la lista.',
  ];
  const text = [...lines, '', `Completar la inscripción: ${offer.link}`].join('\n');
  const html = [
    ...lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(offer.link)}">Completar la inscripción</a></p>`,
  ].join('\n');
  return { subject: WAITLIST_MESSAGES.offerSubject(offer.camp.name), text, html, kind: 'waitlist-offer' };
}

/** The same offer as WhatsApp's 'lista_espera_oferta' parameters (issue 56), in the template's order. */
export const waitlistOfferParameters = (offer: Parameters<typeof waitlistOfferMail>[0]): string[] => [
  offer.child || 'su hijo o hija',
  offer.camp.name,
  offer.week.date ? `${offer.week.name} (${offer.week.date})` : offer.week.name,
  offer.until,
  offer.link,
];

/** The school no longer offers a week a family was waiting for (issue 24: the week or camp was deleted). */
export function waitlistWithdrawnMail(entry: {
  camp: Pick<Camp, 'name'>;
  week: Pick<Week, 'name'>;
  child: string;
}): Omit<MailMessage, 'to'> {
  const lines = [
    'Hola:',
    '',
    `La escuela ya no ofrece ${entry.week.name} de ${entry.camp.name}, la semana en cuya lista de espera estaba${entry.child ? ` ${entry.child}` : ''}.`,
    'Su solicitud en la lista de espera quedó retirada; no se le cobró nada.',
    REPLY_INVITATION,
  ];
  return {
    subject: WAITLIST_MESSAGES.withdrawnSubject(entry.camp.name),
    text: lines.join('\n'),
    html: lines
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n'),
    kind: 'waitlist-withdrawn',
  };
}

/** Who hears about an order: the account's e-mail and the one given in the wizard, once each. */
export const familyRecipients = (accountEmail: string | undefined, enrolment: Pick<Enrolment, 'contact'>) =>
  [
    ...new Set([accountEmail, enrolment.contact.email.trim().toLowerCase()].filter((email) => !!email)),
  ] as string[];
