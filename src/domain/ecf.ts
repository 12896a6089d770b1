// Electronic fiscal receipts (issue 22, DGII e-CF; Ley 32-23): which document a payment or a refund
// gets, the e-NCF numbers, and the e-CF XML as DGII's format v1.0 and its XSDs define it, element by
// element in their order (docs/ecf-reading-notes.md §3). Pure: signing, sending and the stand-in
// live on the server. With ECF_ENV unset the app keeps the B-series receipts (./receipts.ts).
import { allocatePesos } from './pricing.ts';
import { ITBIS_RATE, ncfOf, splitItbis, type ItbisMode, type NcfType } from './receipts.ts';
import { FORMA_PAGO, type EcfAttempt, type EcfRecord, type FormaPago } from './ecf-record.ts';

// The stored shapes, named here too for the e-CF code that reads them.
export { FORMA_PAGO, type EcfAttempt, type EcfRecord, type FormaPago };

/** The electronic types (their names are NCF_TYPES'): E31, E32, E34. */
export type EcfType = Extract<NcfType, 'E31' | 'E32' | 'E34'>;

/** An e-NCF: 'E', the type's two digits and a ten-digit sequential number ('E320000000001'). */
export const encfOf = (type: EcfType, number: number): string => ncfOf(type, number);

/** An E32 from this total is sent whole to DGII; below it, only its summary (RFCE). */
export const RFCE_LIMIT = 250_000;

/**
 * A family's payment gets an E32 (consumo); with the parent's RNC and company name, an E31 (crédito
 * fiscal). A refund or cancellation gets an E34 referring to the document it corrects.
 */
export const ecfInvoiceType = (buyer: { rnc: string; name: string } | null): EcfType =>
  buyer && buyer.rnc.trim() && buyer.name.trim() ? 'E31' : 'E32';

/**
 * The last day an authorised range may be used: 31 December of the year after its authorisation
 * (DGII's Informe Técnico §7), as 'YYYY-MM-DD'.
 */
export const ecfRangeExpiry = (authorisedOn: string): string =>
  `${Number(authorisedOn.slice(0, 4)) + 1}-12-31`;

/** DGII's result of an e-CF: 0 not found, 1 accepted, 2 rejected, 3 in process, 4 accepted on conditions. */
export interface EcfStatus {
  codigo: 0 | 1 | 2 | 3 | 4;
  estado: string;
  /** False on a rejection that leaves the e-NCF unused. */
  secuenciaUtilizada: boolean;
  mensajes: Array<{ codigo?: number | string; valor: string }>;
}

/**
 * The security code of a signed e-CF: the first six characters of its SignatureValue (DGII: 'los
 * primeros seis dígitos del hash generado en el SignatureValue'; dgii-ecf reads it the same way).
 */
export function ecfSecurityCode(signedXml: string): string {
  const value = /<(?:\w+:)?SignatureValue>([^<]+)<\/(?:\w+:)?SignatureValue>/.exec(signedXml)?.[1] ?? '';
  return value.replace(/\s/g, '').slice(0, 6);
}

/** What an e-CF says, from the app's records. Whole pesos; dates as instants. */
export interface EcfSource {
  type: EcfType;
  encf: string;
  /** E31: the range's last day ('YYYY-MM-DD'). */
  rangeExpiry?: string;
  issuedAt: Date;
  school: { rnc: string; name: string; address: string };
  /**
   * E31 (and an E34 of one): the company and its RNC. E32: the parent who paid, by name only (XSD 32
   * requires the Comprador group and DGII rejects empty elements; the RNC is optional below
   * RD$250,000).
   */
  buyer: { rnc: string; name: string } | null;
  /**
   * The lines before discounts (what each child's week or fee cost). What they add up to beyond
   * the total is the discount (family, multi-week, coupon), spread over them to the peso. An E34
   * for part of an order has one line: what was given back.
   */
  lines: ReadonlyArray<{ description: string; amount: number }>;
  /** What was charged (or, on an E34, given back). */
  total: number;
  itbis: ItbisMode;
  payment?: FormaPago;
  /** E34: the document it corrects, and whether it cancels it whole or corrects the amount. */
  modifies?: { encf: string; issuedAt: Date; whole: boolean; reason?: string };
  /** When it was signed (FechaHoraFirma). */
  signedAt: Date;
}

const SANTO_DOMINGO_MS = 4 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');
const local = (date: Date) => new Date(date.getTime() - SANTO_DOMINGO_MS);

/** 'dd-MM-yyyy' in Santo Domingo time (DGII's FechaValidationType). */
export function ecfDate(date: Date): string {
  const d = local(date);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** 'dd-MM-yyyy HH:mm:ss' in Santo Domingo time, 24-hour (FechaHoraFirma). */
export function ecfDateTime(date: Date): string {
  const d = local(date);
  return `${ecfDate(date)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** An amount as DGII writes it: a point and two decimals ('4700.00'). */
export const ecfAmount = (pesos: number): string => pesos.toFixed(2);

const escapeXml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/** One element, or nothing when it has no value (DGII rejects empty elements). */
function element(name: string, value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

const group = (name: string, ...children: string[]): string => {
  const inner = children.join('');
  return inner ? `<${name}>${inner}</${name}>` : '';
};

/** At most `max` characters (DGII's field lengths). */
const cut = (text: string, max: number) => text.trim().slice(0, max);

/** Totales: exempt (MontoExento) or ITBIS1 18 % included in the prices; `rate` writes ITBIS1 = 18. */
function totalsOf(source: Pick<EcfSource, 'total' | 'itbis'>, rate: boolean): string {
  if (source.itbis === 'exento')
    return group(
      'Totales',
      element('MontoExento', ecfAmount(source.total)),
      element('MontoTotal', ecfAmount(source.total)),
    );
  const { base, itbis } = splitItbis(source.total, source.itbis);
  return group(
    'Totales',
    element('MontoGravadoTotal', ecfAmount(base)),
    element('MontoGravadoI1', ecfAmount(base)),
    rate ? element('ITBIS1', Math.round(ITBIS_RATE * 100)) : '',
    element('TotalITBIS', ecfAmount(itbis)),
    element('TotalITBIS1', ecfAmount(itbis)),
    element('MontoTotal', ecfAmount(source.total)),
  );
}

/** How it was paid: one FormaDePago for the whole amount. */
const paymentTable = (source: Pick<EcfSource, 'payment' | 'total'>): string =>
  group(
    'TablaFormasPago',
    group(
      'FormaDePago',
      element('FormaPago', FORMA_PAGO[source.payment ?? 'tarjeta']),
      element('MontoPago', ecfAmount(source.total)),
    ),
  );

const compradorOf = (source: Pick<EcfSource, 'buyer'>): string =>
  group(
    'Comprador',
    element('RNCComprador', source.buyer?.rnc.replace(/\D/g, '')),
    element('RazonSocialComprador', source.buyer ? cut(source.buyer.name, 150) : ''),
  );

/**
 * The summary (RFCE) of an E32 under RD$250,000: what DGII receives instead of the e-CF, which the
 * school keeps signed. `securityCode` is the signed E32's (its SignatureValue's first six
 * characters); the summary is signed in turn. Elements in XSD RFCE 32's order.
 */
export function rfceXml(source: EcfSource, securityCode: string): string {
  if (source.type !== 'E32') throw new Error('Only an E32 has a summary');
  return `<?xml version="1.0" encoding="utf-8"?><RFCE>${group(
    'Encabezado',
    element('Version', '1.0'),
    group(
      'IdDoc',
      element('TipoeCF', '32'),
      element('eNCF', source.encf),
      element('TipoIngresos', '01'),
      element('TipoPago', 1),
      paymentTable(source),
    ),
    group(
      'Emisor',
      element('RNCEmisor', source.school.rnc.replace(/\D/g, '')),
      element('RazonSocialEmisor', cut(source.school.name, 150)),
      element('FechaEmision', ecfDate(source.issuedAt)),
    ),
    compradorOf(source),
    totalsOf(source, false),
    element('CodigoSeguridadeCF', securityCode),
  )}</RFCE>`;
}

/**
 * The e-CF XML before its signature, elements in the XSDs' order. Amounts:
 * - the discount is spread over the lines in proportion to their amounts, to the peso
 *   (`DescuentoMonto`), so the lines add up exactly to the total;
 * - exempt lines are IndicadorFacturacion 4 and MontoExento; taxed lines are ITBIS1 (18 %) with
 *   prices that include it (IndicadorMontoGravado 1), split as the B-series receipts split it.
 */
export function ecfXml(source: EcfSource): string {
  const { lines } = source;
  const lineGross = lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = lineGross - source.total;
  if (lines.length === 0 || discount < 0) throw new Error('An e-CF needs lines that cover its total');
  const discounts =
    discount > 0
      ? allocatePesos(
          lines.map((line) => (discount * line.amount) / (lineGross || 1)),
          discount,
        )
      : lines.map(() => 0);
  const exempt = source.itbis === 'exento';
  const totals = totalsOf(source, true);
  const creditNote = source.type === 'E34';
  const ageDays = source.modifies
    ? (source.issuedAt.getTime() - source.modifies.issuedAt.getTime()) / (24 * 3600_000)
    : 0;
  const idDoc = group(
    'IdDoc',
    element('TipoeCF', source.type.slice(1)),
    element('eNCF', source.encf),
    source.type === 'E31' && source.rangeExpiry
      ? element('FechaVencimientoSecuencia', ecfDate(new Date(`${source.rangeExpiry}T12:00:00Z`)))
      : '',
    // 0: the corrected document is at most 30 days old; 1: older.
    creditNote ? element('IndicadorNotaCredito', ageDays > 30 ? 1 : 0) : '',
    exempt ? '' : element('IndicadorMontoGravado', 1),
    element('TipoIngresos', '01'),
    element('TipoPago', 1),
    creditNote ? '' : paymentTable(source),
  );
  const emisor = group(
    'Emisor',
    element('RNCEmisor', source.school.rnc.replace(/\D/g, '')),
    element('RazonSocialEmisor', cut(source.school.name, 150)),
    element('DireccionEmisor', cut(source.school.address, 100)),
    element('FechaEmision', ecfDate(source.issuedAt)),
  );
  const comprador = compradorOf(source);
  const items = group(
    'DetallesItems',
    ...lines.map((line, index) =>
      group(
        'Item',
        element('NumeroLinea', index + 1),
        element('IndicadorFacturacion', exempt ? 4 : 1),
        element('NombreItem', cut(line.description, 80)),
        element('IndicadorBienoServicio', 2),
        element('CantidadItem', '1.00'),
        element('PrecioUnitarioItem', ecfAmount(line.amount)),
        discounts[index] ? element('DescuentoMonto', ecfAmount(discounts[index])) : '',
        element('MontoItem', ecfAmount(line.amount - (discounts[index] ?? 0))),
      ),
    ),
  );
  const reference = source.modifies
    ? group(
        'InformacionReferencia',
        element('NCFModificado', source.modifies.encf),
        element('FechaNCFModificado', ecfDate(source.modifies.issuedAt)),
        // 1: cancels the document; 3: corrects its amounts.
        element('CodigoModificacion', source.modifies.whole ? 1 : 3),
        element('RazonModificacion', source.modifies.reason ? cut(source.modifies.reason, 90) : ''),
      )
    : '';
  return `<?xml version="1.0" encoding="utf-8"?><ECF>${group(
    'Encabezado',
    element('Version', '1.0'),
    idDoc,
    emisor,
    comprador,
    totals,
  )}${items}${reference}${element('FechaHoraFirma', ecfDateTime(source.signedAt))}</ECF>`;
}

/** DGII's environments (ECF_ENV) as its addresses write them. */
export type EcfEnv = 'TesteCF' | 'CerteCF' | 'eCF';
const ENV_PATH: Record<EcfEnv, string> = { TesteCF: 'testecf', CerteCF: 'certecf', eCF: 'ecf' };

/**
 * The address the printed e-CF's QR code holds: DGII's 'consulta timbre' of the document, where
 * anyone can check it (Descripción Técnica: lower-case parameters, the values percent-encoded).
 * An E32 under RD$250,000 is checked on the FC host with four values; every other e-CF with its
 * buyer's RNC, dates and the signing time.
 */
export function ecfQrUrl(source: EcfSource, securityCode: string, env: EcfEnv): string {
  const query = (values: Array<[string, string]>) =>
    values.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  const rnc = (text: string) => text.replace(/\D/g, '');
  if (source.type === 'E32' && source.total < RFCE_LIMIT)
    return `https://fc.dgii.gov.do/${ENV_PATH[env]}/consultatimbrefc?${query([
      ['rncemisor', rnc(source.school.rnc)],
      ['encf', source.encf],
      ['montototal', ecfAmount(source.total)],
      ['codigoseguridad', securityCode],
    ])}`;
  return `https://ecf.dgii.gov.do/${ENV_PATH[env]}/consultatimbre?${query([
    ['rncemisor', rnc(source.school.rnc)],
    ...(source.buyer?.rnc ? ([['rnccomprador', rnc(source.buyer.rnc)]] as Array<[string, string]>) : []),
    ['encf', source.encf],
    ['fechaemision', ecfDate(source.issuedAt)],
    ['montototal', ecfAmount(source.total)],
    ['fechafirma', ecfDateTime(source.signedAt)],
    ['codigoseguridad', securityCode],
  ])}`;
}

/** The states of an e-CF as the office reads them. */
export const ECF_STATE_LABELS: Record<EcfRecord['state'], string> = {
  queued: 'En cola para DGII',
  sent: 'Enviado, esperando a DGII',
  accepted: 'Aceptado',
  conditional: 'Aceptado condicional',
  rejected: 'Rechazado',
};
export const ECF_STATES = Object.keys(ECF_STATE_LABELS) as Array<EcfRecord['state']>;

/** One e-CF in the office's list. */
export interface EcfView {
  _id: string;
  type: string;
  encf: string;
  order_number: string;
  enrolment_id: string;
  total: number;
  /** 'dd/mm/aaaa h:mm a. m.' in Santo Domingo. */
  issued_at: string;
  state: EcfRecord['state'];
  track_id: string;
  messages: string[];
  /** The buyer an E31 names (a rejected one's RNC and company are corrected from here). */
  buyer_rnc: string;
  buyer_name: string;
  /** The rejected e-NCFs this one replaces (a corrected e-CF). */
  replaces: string[];
}

/**
 * DGII's legend for the printed form of an e-CF it has not received yet (its 'Representación
 * Impresa' model 4.1, no connection): what the family holds is checked at DGII only later.
 */
export const ECF_PENDING_LEGEND =
  'e-CF emitido en modalidad de Contingencia, el cual podrá ser consultado para su validez fiscal, a partir de las setenta y dos (72) horas.';

/** Not yet accepted by DGII: waiting to be sent, or sent and waiting for its result. */
export const ecfAwaitsDgii = (state: EcfRecord['state']): boolean => state === 'queued' || state === 'sent';

export const ECF_MESSAGES = {
  rejected: (count: number) =>
    count === 1
      ? 'DGII rechazó 1 comprobante electrónico: revise sus motivos abajo.'
      : `DGII rechazó ${count} comprobantes electrónicos: revise sus motivos abajo.`,
  late: (count: number) =>
    count === 1
      ? '1 comprobante electrónico espera a DGII desde hace más de una hora.'
      : `${count} comprobantes electrónicos esperan a DGII desde hace más de una hora.`,
  notFound: 'Comprobante electrónico no encontrado.',
  certificateExpiring: (day: string) =>
    `El certificado digital que firma los comprobantes electrónicos vence el ${day}: pida uno nuevo y cámbielo (ECF_P12_FILE) antes de esa fecha.`,
  certificateExpired: (day: string) =>
    `El certificado digital que firma los comprobantes electrónicos venció el ${day}: los pagos reciben comprobantes de la serie B (contingencia) mientras tanto. Cámbielo (ECF_P12_FILE) y reinicie el servidor.`,
  contingencySubject: 'Comprobantes en contingencia: el certificado digital venció',
  notRejected: 'Solo se corrige un comprobante que DGII rechazó. Actualice la lista.',
  notWaiting: 'Solo se reenvía un comprobante que espera a DGII. Actualice la lista.',
  resent: (encf: string, state: string, unreachable: boolean) =>
    unreachable
      ? `DGII no responde: el comprobante ${encf} sigue en cola y se enviará cuando responda.`
      : `Comprobante ${encf}: ${state}.`,
  cannotSign:
    'El certificado digital venció: no se puede firmar el comprobante corregido. Cámbielo (ECF_P12_FILE) y reinicie el servidor.',
  noNumber: (type: string) =>
    `DGII dio por usado el e-NCF rechazado y no queda ningún número ${type} autorizado para el corregido: agregue un rango.`,
  buyerRequired:
    'Escriba el RNC completo (por ejemplo 1-01-67291-9) y el nombre o razón social del comprador.',
  corrected: (encf: string, sameNumber: boolean) =>
    sameNumber
      ? `Comprobante ${encf} firmado de nuevo con los datos corregidos: se enviará a DGII.`
      : `DGII dio por usado el número rechazado: el comprobante corregido es el ${encf} y se enviará a DGII.`,
  sent: (sent: number, accepted: number, unreachable: boolean) =>
    unreachable
      ? 'DGII no responde: los comprobantes siguen en cola y se enviarán cuando responda.'
      : `Enviados a DGII: ${sent}. Aceptados ahora: ${accepted}.`,
} as const;
