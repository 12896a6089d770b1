// The office's 'Cuentas por cobrar' (issue 20): what each family owes per child of an annual
// program, read from the ledgers (./ledger.ts), in aging buckets by the oldest owed instalment's
// days past due, with totals and an export. Nothing here is stored: every figure is a read.
import type { Store } from '../store/port.ts';
import type { Enrolment } from '../../domain/records.ts';
import { ANNUAL_TYPE_ALIASES } from '../../domain/records.ts';
import {
  AGING_BUCKETS,
  agingBucket,
  agingLabel,
  ledgerOf,
  type AgingBucket,
  type Instalment,
  type LedgerPayment,
} from '../../domain/ledger.ts';
import { type ReceivablesQuery } from '../../domain/schemas/ledger.ts';
import { searchPattern } from '../admin/listing.ts';
import type { ExportColumn } from '../admin/export.ts';
import { ensureLedger, INSTALMENTS, PAYMENTS } from './ledger.ts';

export interface ReceivableRow {
  enrolment_id: string;
  order_number: string;
  camp_name: string;
  parent_email: string;
  parent_name: string;
  parent_phone: string;
  child: string;
  total: number;
  paid: number;
  balance: number;
  overdue: number;
  days_overdue: number;
  bucket: AgingBucket;
  next_due: string | null;
  cancelled: boolean;
}

export interface Receivables {
  rows: ReceivableRow[];
  /** What is owed in each bucket, and in all. */
  totals: Record<AgingBucket, number> & { balance: number; overdue: number; paid: number };
}

/** Each child's line of each paid annual enrolment (the filters of the query), as of `today`. */
export async function receivables(
  store: Store,
  query: ReceivablesQuery,
  today: string,
): Promise<Receivables> {
  const filter: Record<string, unknown> = {
    payment_status: 'paid',
    // Annual programs, and any order the office took unpaid until a due day (issue 54).
    $and: [{ $or: [{ camp_type: { $in: [...ANNUAL_TYPE_ALIASES] } }, { 'office.method': 'pendiente' }] }],
  };
  if (query.campament) filter.campament = query.campament;
  const q = query.q?.trim();
  if (q) {
    const pattern = searchPattern(q);
    filter.$or = [
      { order_number: { $regex: pattern } },
      { 'contact.email': { $regex: pattern } },
      { 'contact.mother_name': { $regex: pattern } },
      { 'contact.father_name': { $regex: pattern } },
      { 'participants.first_name': { $regex: pattern } },
      { 'participants.last_name': { $regex: pattern } },
    ];
  }
  const enrolments = await store
    .collection<Enrolment>('inscripciones')
    .find(filter, { sort: { created_at: -1, _id: -1 } });
  const ids = enrolments.map((enrolment) => enrolment._id);
  let instalments = await store.collection<Instalment>(INSTALMENTS).find({ enrolment_id: { $in: ids } });
  const written = new Set(instalments.map((instalment) => instalment.enrolment_id));
  const unwritten = enrolments.filter((enrolment) => !written.has(enrolment._id));
  if (unwritten.length > 0) {
    // Orders paid before ledgers existed get theirs now.
    for (const enrolment of unwritten) await ensureLedger(store, enrolment);
    instalments = await store.collection<Instalment>(INSTALMENTS).find({ enrolment_id: { $in: ids } });
  }
  const payments = await store.collection<LedgerPayment>(PAYMENTS).find({ enrolment_id: { $in: ids } });
  const group = <T extends { enrolment_id: string }>(items: T[]) => {
    const by = new Map<string, T[]>();
    for (const item of items) by.set(item.enrolment_id, [...(by.get(item.enrolment_id) ?? []), item]);
    return by;
  };
  const instalmentsBy = group(instalments);
  const paymentsBy = group(payments);
  const rows: ReceivableRow[] = [];
  for (const enrolment of enrolments) {
    const ledger = ledgerOf(
      instalmentsBy.get(enrolment._id) ?? [],
      paymentsBy.get(enrolment._id) ?? [],
      today,
    );
    const cupos = [...new Set(ledger.lines.map((line) => line.cupo))];
    cupos.forEach((cupo, index) => {
      const lines = ledger.lines.filter((line) => line.cupo === cupo);
      const owing = lines.filter((line) => line.owed > 0);
      const balance = owing.reduce((sum, line) => sum + line.owed, 0) - (index === 0 ? ledger.credit : 0);
      const daysOverdue = owing[0]?.days_overdue ?? 0;
      rows.push({
        enrolment_id: enrolment._id,
        order_number: enrolment.order_number,
        camp_name: enrolment.camp_name,
        parent_email: enrolment.contact.email,
        parent_name: enrolment.contact.mother_name || enrolment.contact.father_name,
        parent_phone: enrolment.contact.mother_phone || enrolment.contact.father_phone || '',
        child: lines[0]?.child ?? '',
        total: lines.filter((line) => !line.cancelled_at).reduce((sum, line) => sum + line.amount, 0),
        paid: lines.reduce((sum, line) => sum + line.paid, 0) + (index === 0 ? ledger.credit : 0),
        balance,
        overdue: owing.filter((line) => line.state === 'vencida').reduce((sum, line) => sum + line.owed, 0),
        days_overdue: daysOverdue,
        bucket: agingBucket(daysOverdue),
        next_due: owing[0]?.due ?? null,
        cancelled: enrolment.status === 'cancelled',
      });
    });
  }
  const kept = rows.filter((row) => matchesState(row, query.state));
  const totals = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket.key, 0])) as Receivables['totals'];
  totals.balance = 0;
  totals.overdue = 0;
  totals.paid = 0;
  for (const row of kept) {
    totals[row.bucket] += Math.max(row.balance, 0);
    totals.balance += row.balance;
    totals.overdue += row.overdue;
    totals.paid += row.paid;
  }
  return { rows: kept, totals };
}

function matchesState(row: ReceivableRow, state: ReceivablesQuery['state']): boolean {
  if (!state) return true;
  if (state === 'saldada') return row.balance <= 0;
  if (state === 'al_dia') return row.balance > 0 && row.overdue === 0;
  if (state === 'vencida') return row.overdue > 0;
  return row.balance > 0 && row.bucket === state;
}

/** The export's row: the list's, with the bucket and the due day as people read them. */
export type ReceivableExportRow = Omit<
  ReceivableRow,
  'enrolment_id' | 'days_overdue' | 'bucket' | 'next_due' | 'cancelled'
> & { bucket: string; next_due: Date | null };

export const RECEIVABLE_COLUMNS: ExportColumn<ReceivableExportRow>[] = [
  { key: 'order_number', header: 'Orden', type: 'text', width: 10 },
  { key: 'camp_name', header: 'Programa', type: 'text', width: 26 },
  { key: 'parent_name', header: 'Padre o madre', type: 'text', width: 24 },
  { key: 'parent_email', header: 'Correo', type: 'text', width: 28 },
  { key: 'parent_phone', header: 'Teléfono', type: 'text', width: 15 },
  { key: 'child', header: 'Participante', type: 'text', width: 24 },
  { key: 'total', header: 'Total del plan (DOP)', type: 'money', width: 14 },
  { key: 'paid', header: 'Pagado (DOP)', type: 'money', width: 13 },
  { key: 'balance', header: 'Saldo (DOP)', type: 'money', width: 13 },
  { key: 'overdue', header: 'Vencido (DOP)', type: 'money', width: 13 },
  { key: 'bucket', header: 'Antigüedad', type: 'text', width: 15 },
  { key: 'next_due', header: 'Próximo vencimiento', type: 'date', width: 14 },
];

export async function* receivableExportRows(
  store: Store,
  query: ReceivablesQuery,
  today: string,
): AsyncGenerator<ReceivableExportRow> {
  const { rows } = await receivables(store, query, today);
  // The list's row as it is, but for the bucket and the day (the columns pick what the file shows).
  for (const row of rows)
    yield {
      ...row,
      bucket: agingLabel(row),
      // Noon UTC: the same calendar day in Santo Domingo (the export writes dates in its time).
      next_due: row.next_due ? new Date(`${row.next_due}T16:00:00Z`) : null,
    };
}
