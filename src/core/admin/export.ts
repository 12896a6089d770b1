// The enrolment export (the staff issue): one row per child and week of the orders the list's
// filters select, read page by page so that no export holds every order at once. The columns are
// declared once; the server writes them as .xlsx (exceljs, streamed) or CSV, the mocks alike.
import { PARTICIPANT_LABELS } from '../../domain/labels.ts';
import type { Store } from '../store/port.ts';
import { fullName } from '../../domain/family.ts';
import type { Camp, Category, Enrolment } from '../../domain/records.ts';
import { enrolmentStateLabel, lineChosen, type EnrolmentFilters } from '../../domain/staff.ts';
import { santoDomingoDay } from '../../domain/dashboard.ts';
import { formatDueDay } from '../../domain/plans.ts';
import { enrolmentFilter } from './enrolments-filter.ts';
import { orderPagesWithMoney, ordersWithMoney } from './money.ts';
import { allocateNet } from '../../domain/money.ts';
import { RECEIPTS } from '../receipts/service.ts';
import { isCreditNote, type NcfType } from '../../domain/receipts.ts';

export type ColumnType = 'text' | 'money' | 'date' | 'number';

export interface ExportColumn<Row = ExportRow> {
  key: keyof Row & string;
  header: string;
  type: ColumnType;
  /** Width in characters (xlsx). */
  width: number;
}

export interface ExportRow {
  order: string;
  state: string;
  paid_at: Date | null;
  camp: string;
  email: string;
  mother_phone: string;
  father_phone: string;
  child: string;
  birth_date: Date | null;
  age: number | null;
  size: string;
  school: string;
  allergies: string;
  prohibited_drugs: string;
  restrictions: string;
  week: string;
  category: string;
  price: number;
  /** The order's net (what the school keeps) allocated to this line: the lines add up to it. */
  net: number;
  coupon: string;
  emergency: string;
  pickup: string;
}

/** One row per order of the 'Pedidos' sheet (issue 24): money that adds up to the dashboard's. */
export interface OrderExportRow {
  order: string;
  state: string;
  paid_at: Date | null;
  camp: string;
  family: string;
  email: string;
  mother_phone: string;
  father_phone: string;
  children: number;
  gross: number;
  family_discount: number;
  multiweek_discount: number;
  coupon: string;
  coupon_discount: number;
  total: number;
  collected: number;
  refunded: number;
  net: number;
  owed: number;
  receipt: string;
}

export const ORDER_COLUMNS: ExportColumn<OrderExportRow>[] = [
  { key: 'order', header: 'Orden', type: 'text', width: 10 },
  { key: 'state', header: 'Estado', type: 'text', width: 11 },
  { key: 'paid_at', header: 'Fecha de pago', type: 'date', width: 13 },
  { key: 'camp', header: 'Campamento', type: 'text', width: 26 },
  { key: 'family', header: 'Familia', type: 'text', width: 24 },
  { key: 'email', header: 'Correo', type: 'text', width: 28 },
  { key: 'mother_phone', header: 'Teléfono de la madre', type: 'text', width: 15 },
  { key: 'father_phone', header: 'Teléfono del padre', type: 'text', width: 15 },
  { key: 'children', header: 'Participantes', type: 'number', width: 8 },
  { key: 'gross', header: 'Bruto (DOP)', type: 'money', width: 12 },
  { key: 'family_discount', header: 'Descuento familiar (DOP)', type: 'money', width: 12 },
  { key: 'multiweek_discount', header: 'Descuento por semanas (DOP)', type: 'money', width: 12 },
  { key: 'coupon', header: 'Cupón', type: 'text', width: 12 },
  { key: 'coupon_discount', header: 'Descuento del cupón (DOP)', type: 'money', width: 12 },
  { key: 'total', header: 'Total vendido (DOP)', type: 'money', width: 13 },
  { key: 'collected', header: 'Cobrado (DOP)', type: 'money', width: 13 },
  { key: 'refunded', header: 'Reembolsado (DOP)', type: 'money', width: 13 },
  { key: 'net', header: 'Neto (DOP)', type: 'money', width: 13 },
  { key: 'owed', header: 'Por cobrar (DOP)', type: 'money', width: 13 },
  { key: 'receipt', header: 'Comprobante (NCF)', type: 'text', width: 15 },
];

export const EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'order', header: 'Orden', type: 'text', width: 14 },
  { key: 'state', header: 'Estado', type: 'text', width: 11 },
  { key: 'paid_at', header: 'Fecha de pago', type: 'date', width: 13 },
  { key: 'camp', header: 'Campamento', type: 'text', width: 26 },
  { key: 'email', header: 'Correo del padre o madre', type: 'text', width: 28 },
  { key: 'mother_phone', header: 'Teléfono de la madre', type: 'text', width: 15 },
  { key: 'father_phone', header: 'Teléfono del padre', type: 'text', width: 15 },
  { key: 'child', header: 'Participante', type: 'text', width: 24 },
  { key: 'birth_date', header: 'Fecha de nacimiento', type: 'date', width: 13 },
  { key: 'age', header: 'Edad', type: 'number', width: 6 },
  { key: 'size', header: 'Talla', type: 'text', width: 7 },
  // The school and the medicines a child must not be given (issue 54), named as the wizard asks them.
  { key: 'school', header: PARTICIPANT_LABELS.school, type: 'text', width: 22 },
  { key: 'allergies', header: 'Alergias', type: 'text', width: 20 },
  { key: 'prohibited_drugs', header: PARTICIPANT_LABELS.prohibited_drugs, type: 'text', width: 22 },
  { key: 'restrictions', header: 'Restricciones', type: 'text', width: 20 },
  { key: 'week', header: 'Semana', type: 'text', width: 22 },
  { key: 'category', header: 'Categoría', type: 'text', width: 20 },
  { key: 'price', header: 'Precio (DOP)', type: 'money', width: 13 },
  { key: 'net', header: 'Neto de la línea (DOP)', type: 'money', width: 13 },
  { key: 'coupon', header: 'Cupón', type: 'text', width: 12 },
  { key: 'emergency', header: 'Contacto de emergencia', type: 'text', width: 30 },
  { key: 'pickup', header: 'Autorizados a recoger', type: 'text', width: 36 },
];

/** 'dd/mm/yyyy' (the wizard's format) as a Date at noon UTC, or null. */
function birthDate(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[3]), Number(match[2]) - 1, Number(match[1]), 12));
  return Number.isNaN(date.getTime()) ? null : date;
}

const ageOf = (text: string): number | null => (/^\d{1,2}$/.test(text.trim()) ? Number(text) : null);

/** 'Name (id) · Name (id)': who may pick the children up. */
const pickupOf = (contact: Enrolment['contact']): string =>
  [
    [contact.authorized_name_1, contact.authorized_id_1],
    [contact.authorized_name_2, contact.authorized_id_2],
  ]
    .filter(([name]) => name?.trim())
    .map(([name, id]) => (id?.trim() ? `${name} (${id})` : name))
    .join(' · ');

/** 'Name · mobile': who to call first. */
const emergencyOf = (contact: Enrolment['contact']): string =>
  [fullName(contact), contact.phone_mobile || contact.phone_home].filter((part) => part?.trim()).join(' · ');

/**
 * One row per child and week of an order. `net` is the order's net split over its lines in
 * proportion to their prices (./money.ts allocateNet), so the lines of an order add up exactly to
 * its row in 'Pedidos'; the rest of the order (membership fees, discounts) is in that split.
 */
export function rowsOf(
  enrolment: Enrolment,
  categoryName: Map<string, string>,
  net = 0,
  camp = enrolment.camp_name ?? '',
): ExportRow[] {
  const state = enrolmentStateLabel(enrolment);
  const nets = allocateNet(
    net,
    enrolment.lines.map((line) => line.value),
  );
  return enrolment.lines.map((line, index) => {
    const child = enrolment.participants.find((participant) => participant.id === line.cupo);
    return {
      order: enrolment.order_number,
      state,
      paid_at: enrolment.paid_at ?? null,
      camp,
      email: enrolment.contact.email,
      mother_phone: enrolment.contact.mother_phone,
      father_phone: enrolment.contact.father_phone,
      child: child ? fullName(child) : '',
      birth_date: child ? birthDate(child.birth_date) : null,
      age: child ? ageOf(child.age) : null,
      size: child?.size ?? '',
      school: child?.school ?? '',
      allergies: child?.alergies ?? '',
      prohibited_drugs: child?.prohibited_drugs ?? '',
      restrictions: child?.activities_restrictions ?? '',
      week: line.name,
      category: categoryName.get(line.time) ?? '',
      price: line.value,
      net: nets[index] ?? 0,
      coupon: enrolment.coupon ?? '',
      emergency: emergencyOf(enrolment.contact),
      pickup: pickupOf(enrolment.contact),
    };
  });
}

/** The names the rows need: categories and camps (deleted ones too), read once per export. */
async function namesOf(store: Store) {
  const [categories, camps] = await Promise.all([
    store.collection<Category>('categorias').find({}, { withDeleted: true }),
    store.collection<Camp>('campamentos').find({}, { withDeleted: true }),
  ]);
  return {
    category: new Map(categories.map((category) => [category._id, category.name])),
    camp: new Map(camps.map((camp) => [camp._id, camp.name])),
  };
}

/**
 * Every child-and-week row of the filtered orders, newest order first, read a page at a time. A
 * week filter keeps that week's rows only (a roster of Semana 2 holds no Semana 1 lines).
 */
export async function* exportRows(store: Store, filters: EnrolmentFilters): AsyncGenerator<ExportRow> {
  const names = await namesOf(store);
  for await (const { order, money } of ordersWithMoney(store, await enrolmentFilter(store, filters))) {
    const rows = rowsOf(order, names.category, money.net, names.camp.get(order.campament) ?? order.camp_name);
    // A week or category keeps only the lines it names (a roster of Semana 2 holds no Semana 1 lines).
    const chosen = lineChosen(filters);
    yield* rows.filter((_, index) => chosen(order.lines[index]!));
  }
}

/** The 'Pedidos' rows: one per filtered order, with its money and its receipt's number. */
export async function* orderExportRows(
  store: Store,
  filters: EnrolmentFilters,
): AsyncGenerator<OrderExportRow> {
  const names = await namesOf(store);
  const chosen = lineChosen(filters);
  for await (const all of orderPagesWithMoney(store, await enrolmentFilter(store, filters))) {
    // The store filter finds the week and the category each on some line; both on one line here.
    const page = all.filter(({ order }) => order.lines.some(chosen));
    const invoices = await invoiceNumbersOf(
      store,
      page.filter(({ order }) => order.payment_status === 'paid').map(({ order }) => order._id),
    );
    yield* page.map(({ order, money }) => ({
      order: order.order_number,
      state: enrolmentStateLabel(order),
      paid_at: order.paid_at ?? null,
      camp: names.camp.get(order.campament) ?? order.camp_name ?? '',
      family: order.contact.mother_name || order.contact.father_name,
      email: order.contact.email,
      mother_phone: order.contact.mother_phone,
      father_phone: order.contact.father_phone,
      children: order.participants.length,
      gross: money.gross,
      family_discount: order.price?.familyDiscount ?? 0,
      multiweek_discount: order.price?.multiWeekDiscount ?? 0,
      coupon: order.coupon ?? '',
      coupon_discount: order.price?.couponDiscount ?? 0,
      total: money.total,
      collected: money.collected,
      refunded: money.refunded,
      net: money.net,
      owed: money.owed,
      receipt: invoices.get(order._id) ?? '',
    }));
  }
}

/** The number of each order's invoice (not a credit note), by order; one read for all of them. */
async function invoiceNumbersOf(store: Store, enrolmentIds: string[]): Promise<Map<string, string>> {
  const receipts = await store
    .collection<{ _id: string; ncf: string; type: string; enrolment_id: string }>(RECEIPTS)
    .find({ enrolment_id: { $in: enrolmentIds } });
  const invoices = new Map<string, string>();
  for (const receipt of receipts)
    if (!isCreditNote(receipt.type as NcfType) && !invoices.has(receipt.enrolment_id))
      invoices.set(receipt.enrolment_id, receipt.ncf);
  return invoices;
}

/** `<what>-<camp code>-<yyyy-mm-dd>.<format>`; 'todas' when no camp is chosen. */
export function exportFileName(
  campCode: string | null,
  format: 'xlsx' | 'csv',
  now = new Date(),
  what = 'inscripciones',
): string {
  const code = (campCode ?? 'todas').replace(/[^A-Za-z0-9_-]/g, '');
  return `${what}-${code || 'todas'}-${santoDomingoDay(now)}.${format}`;
}

/** The code of the camp an export is filtered by (deleted camps too), or null for all camps. */
export async function exportCampCode(store: Store, campId: string | undefined): Promise<string | null> {
  if (!campId) return null;
  const camp = await store.collection<Camp>('campamentos').findById(campId, { withDeleted: true });
  return camp?.code ?? null;
}

// CSV for Excel in Spanish: ';' between fields (its list separator), a BOM so it reads UTF-8, CRLF.
export const CSV_BOM = '\uFEFF';
const CSV_DELIMITER = ';';

/** One cell's value in any export. */
type CellValue = string | number | Date | null | undefined;

/** A cell as CSV text: quoted when needed; a text that Excel would run as a formula is defused. */
function csvCell(value: CellValue, type: ColumnType): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date)
    text = formatDueDay(santoDomingoDay(value)); // dd/mm/yyyy
  else text = String(value);
  // Full-width '＝＋－＠' too: Excel reads them as the ASCII signs (issue 43).
  if (type === 'text' && /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: CellValue[], types: ColumnType[]): string {
  return `${values.map((value, index) => csvCell(value, types[index] ?? 'text')).join(CSV_DELIMITER)}\r\n`;
}

/** The whole CSV, header first, as text chunks (one per row). */
export async function* csvChunks(
  rows: AsyncIterable<object>,
  columns: readonly ExportColumn<never>[] = EXPORT_COLUMNS,
): AsyncGenerator<string> {
  const types = columns.map((column) => column.type);
  yield (
    CSV_BOM +
    csvLine(
      columns.map((column) => column.header),
      types.map(() => 'text'),
    )
  );
  for await (const row of rows)
    yield csvLine(
      columns.map((column) => (row as Record<string, CellValue>)[column.key]),
      types,
    );
}

/** The peso format of money cells in .xlsx: whole pesos with thousands separators. */
export const XLSX_MONEY_FORMAT = '"RD$"#,##0';
export const XLSX_DATE_FORMAT = 'dd/mm/yyyy';

/** The .xlsx columns (exceljs' column shape): typed, with their number formats. */
export const xlsxColumns = (columns: readonly ExportColumn<never>[] = EXPORT_COLUMNS) =>
  columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
    style:
      column.type === 'money'
        ? { numFmt: XLSX_MONEY_FORMAT }
        : column.type === 'date'
          ? { numFmt: XLSX_DATE_FORMAT }
          : {},
  }));

/** Santo Domingo is UTC-4 all year: a date cell shows the school's calendar day, not UTC's. */
const SANTO_DOMINGO_OFFSET_MS = -4 * 60 * 60 * 1000;

/** One row's cells for .xlsx (exceljs writes a Date as its UTC day and time). */
export const xlsxCells = (
  row: object,
  columns: readonly ExportColumn<never>[] = EXPORT_COLUMNS,
): Record<string, unknown> =>
  Object.fromEntries(
    columns.map(({ key }) => {
      const value = (row as Record<string, CellValue>)[key];
      return [key, value instanceof Date ? new Date(value.getTime() + SANTO_DOMINGO_OFFSET_MS) : value];
    }),
  );
