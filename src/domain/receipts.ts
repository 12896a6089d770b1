// Fiscal receipts of the Dominican Republic (issue 18): every paid enrolment gets a comprobante
// with an NCF from a sequence the school was authorised (DGII), B02 (consumo) by default, B01
// (crédito fiscal) when the parent asked for an invoice with RNC and name; cancelling an order that
// got a B01 issues a B04 (nota de crédito). Pure: numbers, amounts and texts shared by the server,
// the mocks, the profile and the admin panel; the PDF is drawn by ../core/receipts/pdf.ts.
import type { EcfRecord } from './ecf-record.ts';
import type { AutopayAgreement } from './ledger.ts';
import { formatDop } from './pricing.ts';
import { fullName } from './family.ts';

export const NCF_TYPES = {
  B01: 'Factura de crédito fiscal',
  B02: 'Factura de consumo',
  B04: 'Nota de crédito',
  // Electronic receipts (issue 22, DGII e-CF): the series a school issues once ECF_ENV is set.
  E31: 'Factura de Crédito Fiscal Electrónica',
  E32: 'Factura de Consumo Electrónica',
  E34: 'Nota de Crédito Electrónica',
} as const;
export type NcfType = keyof typeof NCF_TYPES;
export const NCF_TYPE_CODES = Object.keys(NCF_TYPES) as NcfType[];
/** The paper series (B) a school without e-CF issues, and the electronic one (E) with it. */
export const PAPER_TYPES: readonly NcfType[] = ['B01', 'B02', 'B04'];
export const ELECTRONIC_TYPES: readonly NcfType[] = ['E31', 'E32', 'E34'];
/** The types a school issues: electronic once e-CF is on (ECF_ENV), else paper. */
export const typesInUse = (ecf: boolean): readonly NcfType[] => (ecf ? ELECTRONIC_TYPES : PAPER_TYPES);
export const isElectronic = (type: NcfType): boolean => type.startsWith('E');
/**
 * The credit note of an invoice's type when an order is cancelled or changed: a B04 for a B01 (a
 * consumer B02 gets none, as before e-CF), an E34 for any e-CF (issue 22: DGII's e-CF rules).
 */
export const creditNoteType = (invoice: NcfType): NcfType | null =>
  invoice === 'B01' ? 'B04' : invoice === 'E31' || invoice === 'E32' ? 'E34' : null;
/** A credit note (B04, E34): it gives back, it does not charge. */
export const isCreditNote = (type: NcfType): boolean => type === 'B04' || type === 'E34';

/**
 * A receipt as its download link names it (issue 53): its id after the order's, `{type}` for the
 * order's invoice or a cancellation's note, `{type}-{change or payment}` for a change's credit
 * note or an instalment's e-CF and its note. The link is `/comprobantes/{order}/{ref}`.
 */
export const RECEIPT_REF_PATTERN = `^(${NCF_TYPE_CODES.join('|')})(-[0-9A-Za-z:]{1,64})?$`;

/**
 * An NCF is the series 'B', the type's two digits and an eight-digit sequential number; an e-NCF
 * is 'E', the type and ten digits (DGII's Informe Técnico e-CF §7).
 */
export const NCF_NUMBER_MAX = 99_999_999;
export const ENCF_NUMBER_MAX = 9_999_999_999;
export const ncfNumberMax = (type: NcfType): number =>
  isElectronic(type) ? ENCF_NUMBER_MAX : NCF_NUMBER_MAX;
export const ncfOf = (type: NcfType, number: number): string =>
  `${type}${String(number).padStart(isElectronic(type) ? 10 : 8, '0')}`;

/** ITBIS: educational services are exempt (Ley 11-92, art. 344), unless the school says otherwise. */
export const ITBIS_MODES = { exento: 'Exento (servicio educativo)', gravado: 'Gravado al 18 %' } as const;
export type ItbisMode = keyof typeof ITBIS_MODES;
export const ITBIS_RATE = 0.18;

/** The school's fiscal data, one record ('ajustes', id 'fiscal'), set in the admin panel. */
export interface FiscalSettings {
  _id: string;
  school_name: string;
  rnc: string;
  address: string;
  phone: string;
  /** Where families' answers to the e-mails go (Reply-To) unless MAIL_REPLY_TO says; optional. */
  email?: string;
  itbis: ItbisMode;
  /** The demo school's data, until staff save their own. */
  demo?: boolean;
}

export const FISCAL_SETTINGS_ID = 'fiscal';

/** What staff send to save the school's fiscal data. */
export type FiscalSettingsInput = Omit<FiscalSettings, '_id' | 'demo'>;

/** What staff send to add an authorised range; `expires_on` is 'YYYY-MM-DD'. */
export interface SequenceInput {
  type: NcfType;
  first: number;
  last: number;
  expires_on: string;
}

/** A sequence as the admin screen shows it: NCFs written out, what is left, its state now. */
export interface SequenceView {
  _id: string;
  type: NcfType;
  first: string;
  last: string;
  next: string;
  left: number;
  /** 'DD/MM/YYYY' */
  expires_on: string;
  status: 'active' | 'inactive' | 'expired' | 'exhausted';
}

export const SEQUENCE_STATUS_LABELS: Record<SequenceView['status'], string> = {
  active: 'Vigente',
  inactive: 'Desactivada',
  expired: 'Vencida',
  exhausted: 'Agotada',
};

/** GET /ajustes/fiscal: the school's data, its sequences, and what needs doing. */
export interface FiscalStatus {
  /** The types the school issues now (electronic once e-CF is on), offered for new ranges. */
  types: NcfType[];
  ecf: boolean;
  settings: FiscalSettingsInput | null;
  sequences: SequenceView[];
  alerts: string[];
  /** Paid orders waiting for a receipt. */
  waiting: number;
}

/** A range of NCF numbers the DGII authorised for one type, valid until a day ('secuencias_ncf'). */
export interface NcfSequence {
  _id: string;
  type: NcfType;
  /** First and last number of the authorised range, inclusive. */
  first: number;
  last: number;
  /** The lowest number not yet known to be used (a hint: the receipts' unique NCF decides). */
  next: number;
  /** Numbers may be used until the end of this day (Santo Domingo). */
  expires_on: Date;
  status: 'active' | 'inactive';
  created_at: Date;
  /** A range the demo school starts with, never authorised by the DGII. */
  demo?: boolean;
}

export interface ReceiptLine {
  description: string;
  amount: number;
}

/** A comprobante as issued ('comprobantes', id `${enrolment}-${type}`): never changed afterwards. */
export interface Receipt {
  _id: string;
  ncf: string;
  type: NcfType;
  enrolment_id: string;
  order_number: string;
  user_id: string;
  issued_at: Date;
  /** The sequence's expiry, printed as 'Válido hasta'. */
  valid_until: Date;
  school: { name: string; rnc: string; address: string; phone: string };
  /** Of a B01 (and its B04): the company the parent named. */
  buyer: { rnc: string; name: string } | null;
  lines: ReceiptLine[];
  /** Discounts, each positive, taken off the lines' sum. */
  discounts: ReceiptLine[];
  /** Sum of the lines, before discounts. */
  gross: number;
  itbis_mode: ItbisMode;
  /** total = base + itbis; total is what was charged (or, on a B04, what the cancellation gives back). */
  base: number;
  itbis: number;
  total: number;
  /** A B04's: the NCF it modifies. */
  modifies: string | null;
  /** Went out with an e-mail (the confirmation, the cancellation's, or one of its own). */
  mailed: boolean;
  /** An E31, E32 or E34 (issue 22): the signed document and DGII's word on it. */
  ecf?: EcfRecord;
  /**
   * Money staff took (issue 54): the staff member's name, printed 'Recibido por', and how it was
   * paid. Absent on a family's own payments (its card online, autopay).
   */
  received?: { by: string; method: string };
  /**
   * An order's invoice when the family authorised autopay with the payment (issue 59): the
   * agreement as written to it, printed under the totals with the program it is for.
   */
  autopay?: AutopayAgreement & { program: string };
}

/** A total split into its taxable base and ITBIS (prices include it), whole pesos, total kept exact. */
export function splitItbis(total: number, mode: ItbisMode): { base: number; itbis: number } {
  if (mode === 'exento') return { base: total, itbis: 0 };
  const itbis = Math.round((total * ITBIS_RATE) / (1 + ITBIS_RATE));
  return { base: total - itbis, itbis };
}

/** What an enrolment's receipt lists: a line per child and week, the fees, the discounts. */
export interface ReceiptSource {
  lines: ReadonlyArray<{ cupo: number; name: string; date: string; value: number; quantity: number }>;
  participants: ReadonlyArray<{ id: number; first_name: string; last_name: string }>;
  price: {
    membership: number;
    familyDiscount: number;
    familyLabel: string | null;
    multiWeekDiscount: number;
    couponDiscount: number;
  };
  coupon: string | null;
  amount: number;
}

/** The lines and discounts of a paid order's B01 or B02; their sum is the amount charged. */
export function receiptContent(source: ReceiptSource): Pick<Receipt, 'lines' | 'discounts' | 'gross'> {
  const childName = new Map(source.participants.map((child) => [child.id, fullName(child)]));
  const lines: ReceiptLine[] = source.lines.map((line) => ({
    description: `${childName.get(line.cupo) ?? `Participante ${line.cupo}`} — ${line.name}${line.date ? ` (${line.date})` : ''}`,
    amount: line.value * line.quantity,
  }));
  if (source.price.membership > 0) lines.push({ description: 'Membresías', amount: source.price.membership });
  const discounts = [
    { description: source.price.familyLabel ?? 'Descuento familiar', amount: source.price.familyDiscount },
    { description: 'Descuento por varias semanas', amount: source.price.multiWeekDiscount },
    {
      description: source.coupon ? `Cupón ${source.coupon}` : 'Cupón',
      amount: source.price.couponDiscount,
    },
  ]
    .map((discount) => ({ ...discount, amount: Math.round(discount.amount) }))
    .filter((discount) => discount.amount > 0);
  const gross = lines.reduce((sum, line) => sum + line.amount, 0);
  // The pricing module rounds once, at the end: the discounts printed add up to what was charged.
  const printed = discounts.reduce((sum, discount) => sum + discount.amount, 0);
  const gap = gross - printed - source.amount;
  if (gap !== 0 && discounts.length > 0) discounts[discounts.length - 1]!.amount += gap;
  else if (gap !== 0) discounts.push({ description: 'Redondeo', amount: gap });
  return { lines, discounts, gross };
}

/** A credit note's one line: what the cancellation gives back of the invoice it modifies. */
export const creditNoteLine = (orderNumber: string, amount: number): ReceiptLine => ({
  description: `Cancelación de la inscripción, orden ${orderNumber}`,
  amount,
});

/** Numbers left in a sequence (0 once used up). */
export const numbersLeft = (sequence: Pick<NcfSequence, 'next' | 'last'>): number =>
  Math.max(sequence.last - sequence.next + 1, 0);

/** Warn staff when a sequence has this few numbers left, or expires this soon. */
export const LOW_NUMBERS = 20;
export const EXPIRY_WARNING_DAYS = 30;

/** How the office calls a type's numbers: an e-CF's are e-NCFs (DGII's word), the others NCFs. */
const seriesOf = (type: NcfType): string => (isElectronic(type) ? 'e-NCF' : 'NCF');

export const RECEIPT_MESSAGES = {
  title: 'Comprobantes fiscales',
  download: 'Descargar comprobante',
  downloadCreditNote: 'Descargar nota de crédito',
  notFound: 'No encontramos ese comprobante.',
  pendingMail: 'Su comprobante fiscal se le enviará por correo en cuanto esté disponible.',
  pendingProfile: 'Comprobante fiscal en proceso: se lo enviaremos por correo en cuanto esté disponible.',
  settingsSaved: 'Datos fiscales guardados.',
  settingsMissing:
    'Configure los datos fiscales de la escuela (nombre, RNC y dirección) para emitir comprobantes.',
  sequenceAdded: 'Secuencia de NCF agregada.',
  sequenceDisabled: 'Secuencia de NCF desactivada.',
  sequenceNotFound: 'No encontramos esa secuencia de NCF.',
  rangeOrder: 'El número final debe ser mayor o igual que el inicial.',
  rangeTooLarge: (type: NcfType) =>
    `Los números de una secuencia ${type} tienen a lo sumo ${isElectronic(type) ? 10 : 8} dígitos.`,
  rangeOverlap: 'Ese rango se cruza con otra secuencia del mismo tipo.',
  expiryPast: 'La fecha de vencimiento ya pasó.',
  expiryInvalid: 'Escriba una fecha de vencimiento válida.',
  demoData:
    'Los datos fiscales o las secuencias de NCF son de demostración: reemplácelos por los de la escuela (y desactive las secuencias de demostración) antes de cobrar inscripciones reales.',
  schoolEmail: 'El correo de la escuela no es válido.',
  schoolRnc: 'Escriba el RNC de la escuela: 9 dígitos (u 11 de una cédula).',
  required: (field: string) => `Escriba ${field}.`,
  noSequence: (type: NcfType) =>
    `No hay una secuencia de ${seriesOf(type)} ${type} vigente con números disponibles: no se están emitiendo comprobantes ${type}. Agregue una nueva secuencia autorizada por la DGII.`,
  fewLeft: (type: NcfType, left: number) =>
    `Quedan ${left} números en la secuencia de ${seriesOf(type)} ${type}.`,
  expiresSoon: (type: NcfType, day: string) => `La secuencia de ${seriesOf(type)} ${type} vence el ${day}.`,
  waiting: (count: number) =>
    count === 1
      ? '1 inscripción pagada espera su comprobante fiscal.'
      : `${count} inscripciones pagadas esperan su comprobante fiscal.`,
  alertSubject: (type: NcfType) =>
    `Comprobantes fiscales ${type} detenidos: falta una secuencia de ${seriesOf(type)}`,
  mailSubject: (orderNumber: string) => `Comprobante fiscal — orden ${orderNumber}`,
  instalmentLine: (orderNumber: string) => `Pago de cuotas del programa — orden ${orderNumber}`,
  mailText: (orderNumber: string, ncf: string) =>
    `Adjuntamos el comprobante fiscal ${ncf} de la orden ${orderNumber}.`,
} as const;

/** The file name of a receipt's PDF. */
export const receiptFileName = (receipt: Pick<Receipt, 'ncf'>): string => `comprobante-${receipt.ncf}.pdf`;

/** '1-01-12345-1' or '101123456': an RNC (9 digits) or cédula (11) with or without dashes. */
export const SCHOOL_RNC_PATTERN = /^(\d{9}|\d{11}|\d-\d{2}-\d{5}-\d|\d{3}-\d{7}-\d)$/;

/** The amount line of a receipt as the PDF and the e-mail write it. */
export const receiptAmount = (amount: number): string => formatDop(amount);
