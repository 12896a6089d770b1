// WhatsApp beside e-mail (issue 56, DESIGN.md §11): the templates the school submits to Meta for
// approval, how a family's number is written for Meta, and the words a family writes to stop.
// One home for the server's adapter, its stand-in's checks, the README's list and the mocks; the
// request's and answer's schemas are in ./schemas/whatsapp.ts (this file stays free of TypeBox, so
// the parents' pages may read its texts).
/** Meta's category for every template here: messages about something the family bought. */
export const TEMPLATE_CATEGORY = 'UTILITY';
/** The language every template is approved in (Meta's code for Spanish). */
export const TEMPLATE_LANGUAGE = 'es';

/**
 * The templates, named and worded exactly as submitted in WhatsApp Manager. `{{n}}` are the body's
 * numbered parameters, sent in this order.
 */
export const WHATSAPP_TEMPLATES = {
  inscripcion_confirmada: {
    body:
      'Hola {{1}}, la inscripción {{2}} en {{3}} está confirmada. Participantes y semanas: {{4}}. ' +
      'Total pagado: {{5}}. Recibirá el detalle y el comprobante por correo.',
    parameters: ['padre o madre', 'número de orden', 'programa', 'participantes y semanas', 'total'],
  },
  cuota_aviso_cobro: {
    body:
      'Hola: el {{1}} cobraremos {{2}} a su tarjeta {{3}} por {{4}} de {{5}}. No tiene que hacer nada; ' +
      'si desea cambiar la tarjeta o pagar de otra forma, entre a Mis pagos: {{6}}',
    parameters: ['fecha del cobro', 'monto', 'tarjeta', 'cuota', 'programa y orden', 'enlace a Mis pagos'],
  },
  cuota_no_cobrada: {
    body:
      'Hola: no pudimos cobrar {{1}} a su tarjeta {{2}} por {{3}} (motivo: {{4}}). {{5}} ' +
      'Puede pagar o cambiar la tarjeta en Mis pagos: {{6}}',
    parameters: ['monto', 'tarjeta', 'programa y orden', 'motivo', 'próximo intento', 'enlace a Mis pagos'],
  },
  lista_espera_oferta: {
    body:
      'Hola: se liberó un cupo para {{1}} en {{2}}, {{3}}. Lo reservamos para usted hasta el {{4}}; ' +
      'para tomarlo, complete la inscripción y el pago antes de esa hora: {{5}}',
    parameters: ['participante', 'programa', 'semana', 'fecha y hora límite', 'enlace de inscripción'],
  },
  reembolso_realizado: {
    body:
      'Hola: solicitamos el reembolso de {{1}} a su tarjeta {{2}} por la orden {{3}} de {{4}}. ' +
      'Según su banco, puede tardar unos días en reflejarse.',
    parameters: ['monto', 'tarjeta', 'número de orden', 'programa'],
  },
  llegada_entrada: {
    body: '{{1}} llegó a {{2}} a las {{3}}.',
    parameters: ['participante', 'programa', 'hora'],
  },
  recogida_salida: {
    body: '{{1}} salió de {{2}} a las {{3}} con {{4}}. Si no reconoce a esa persona, llame a la escuela de inmediato.',
    parameters: ['participante', 'programa', 'hora', 'persona que lo recogió'],
  },
  aviso_escuela: {
    body: 'Aviso de {{1}}: {{2}} Este número solo envía avisos; para hablar con la oficina, llame a la escuela.',
    parameters: ['escuela', 'texto del aviso'],
  },
} as const;
export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** The body a family reads: the template with its parameters in place (for the office and the mocks). */
export const templateText = (name: WhatsAppTemplateName, parameters: readonly string[]): string =>
  WHATSAPP_TEMPLATES[name].body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? '');

export { whatsappNumber } from './whatsapp-number.ts';

/** What a family writes to stop the messages (any case, accents or punctuation around it). */
const OPT_OUT_WORDS = new Set(['BAJA', 'STOP', 'PARAR', 'DETENER', 'CANCELAR']);
export const isOptOut = (text: string): boolean =>
  OPT_OUT_WORDS.has(
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase(),
  );

/**
 * Meta's error codes that say the number cannot get WhatsApp messages (131026: undeliverable, not on
 * WhatsApp or an old app; 131021: the school's own number; 131045: the number is not registered):
 * the family gets e-mail only from then on.
 */
export const UNREACHABLE_CODES: readonly number[] = [131026, 131021, 131045];
/** Meta's rate limits (130429: the number's throughput; 131056: too many to one family): try later. */
export const RATE_LIMIT_CODES: readonly number[] = [130429, 131056, 80007];

export const WHATSAPP_MESSAGES = {
  consent: 'Deseo recibir mensajes de la escuela por WhatsApp en este número',
  nextTry: (day: string) => `Lo intentaremos de nuevo el ${day}.`,
  stopped: 'No volveremos a intentarlo con esta tarjeta.',
  badNumber: 'Escriba un número de celular válido para WhatsApp (por ejemplo, 809-555-0101).',
  saved: 'Recibirá los mensajes de la escuela por WhatsApp en este número.',
  stoppedByFamily: 'Ya no recibirá mensajes de la escuela por WhatsApp.',
  unreachable: 'WhatsApp no pudo entregar mensajes a este número: le escribimos solo por correo.',
  optedOut: (school: string) =>
    `Listo: ya no recibirá mensajes de ${school} por WhatsApp. Puede volver a activarlos en 'Mi familia'.`,
  autoReply: (school: string, phone: string, email: string) =>
    `Gracias por escribir a ${school}. Este número solo envía avisos. ` +
    `Para hablar con la oficina: ${[phone, email].filter(Boolean).join(' · ')}.`,
} as const;
