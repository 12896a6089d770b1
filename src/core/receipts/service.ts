// Issuing fiscal receipts (issue 18; the rules are src/domain/receipts.ts): what a paid or cancelled
// order is owed (its invoice, its credit notes), an instalment's own e-CF, a partial change's credit
// note, and the alerts staff get when one cannot be numbered. What may number them is ./numbering.ts.
//
// A number is taken by inserting the receipt under it: the unique index on `ncf` decides between
// two payments at once, and the receipt's id (order and type) makes a retry find its own receipt.
// So no number is ever given twice, none is burned by a crash (no gaps to report to the DGII), and
// a sequence can never pass its authorised range: `next` is only where the search starts.
import { OFFICE_SALE_LABELS, unpaidAtEnrolment } from '../../domain/office-sales.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import { DuplicateKeyError, type Store } from '../store/port.ts';
import { alertAdminsOnceADay } from '../admin/alerts.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import { formatDay } from '../../domain/cancellation.ts';
import { ecfSource, signEcf } from './ecf.ts';
import { ECF_MESSAGES, type FormaPago } from '../../domain/ecf.ts';
import { PAYMENT_METHOD_LABELS, type LedgerPayment } from '../../domain/ledger.ts';
import {
  creditNoteLine,
  creditNoteType,
  isCreditNote,
  isElectronic,
  NCF_TYPE_CODES,
  ncfOf,
  RECEIPT_MESSAGES as R,
  receiptContent,
  splitItbis,
  type NcfSequence,
  type NcfType,
  type Receipt,
} from '../../domain/receipts.ts';
import { fiscalSettings, SEQUENCES, signsElectronic, usableSequences } from './numbering.ts';
import { enrolmentsOf } from '../collections.ts';

export const RECEIPTS = 'comprobantes';

const receiptsOf = (store: Store) => store.collection<Receipt>(RECEIPTS);
const sequencesOf = (store: Store) => store.collection<NcfSequence>(SEQUENCES);

export const receiptId = (enrolmentId: string, type: NcfType): string => `${enrolmentId}-${type}`;

/** An order's receipt of a type, if issued. */
export const receiptOf = (store: Store, enrolmentId: string, type: NcfType): Promise<Receipt | null> =>
  receiptsOf(store).findById(receiptId(enrolmentId, type));

const INVOICE_TYPES: readonly NcfType[] = ['E31', 'E32', 'B01', 'B02'];

/** The order's invoice, in whichever series it was issued (an e-CF, or a B one in a contingency). */
export async function orderInvoice(store: Store, enrolmentId: string): Promise<Receipt | null> {
  const [invoice] = await receiptsOf(store).find(
    { _id: { $in: INVOICE_TYPES.map((type) => receiptId(enrolmentId, type)) } },
    { limit: 1 },
  );
  return invoice ?? null;
}

/** The credit note of an invoice of this type: an e-CF's is an E34, or a B04 in a contingency. */
const noteTypeOf = (deps: CoreDeps, invoice: NcfType): NcfType | null => {
  const type = creditNoteType(invoice);
  return type === 'E34' && !signsElectronic(deps) ? 'B04' : type;
};

/** What a receipt says beyond its number: what it is for and, for a B04, the invoice it modifies. */
type ReceiptBody = Pick<
  Receipt,
  'lines' | 'discounts' | 'gross' | 'total' | 'modifies' | 'buyer' | 'received' | 'autopay'
>;

/** Who took an office order's money (issue 54), printed on its invoice; none for the family's own card. */
const receivedAtCounter = (order: Enrolment): Pick<Receipt, 'received'> =>
  order.office && order.office.method !== 'pendiente'
    ? { received: { by: order.office.taken_by_name, method: OFFICE_SALE_LABELS[order.office.method] } }
    : {};

/** Who recorded a payment staff took by hand (cash, transfer, cheque), by name; none for a card online. */
async function receivedByStaff(store: Store, payment: LedgerPayment): Promise<Pick<Receipt, 'received'>> {
  if (payment.status !== 'recorded') return {};
  const staff = await store.collection<UserRecord>('usuarios').findOne({ email: payment.recorded_by });
  return {
    received: {
      by: staff?.name.trim() || payment.recorded_by,
      method: PAYMENT_METHOD_LABELS[payment.method],
    },
  };
}

/**
 * Issues the receipt of this type for the order, once: the existing one when it was issued before,
 * null when no sequence can number it (none configured, used up or expired) or the school's
 * fiscal data are missing. A credit note copies the school and the ITBIS of the invoice it
 * modifies, so the two always match.
 */
async function issueReceipt(
  deps: CoreDeps,
  enrolment: Enrolment,
  type: NcfType,
  body: ReceiptBody,
  modified?: Receipt,
  /** A partial change's credit note has its own id (issue 24); others one per order and type. */
  _id = receiptId(enrolment._id, type),
  /** How it was paid (an e-CF says it): the checkout's card unless an instalment says otherwise. */
  payment?: FormaPago,
): Promise<Receipt | null> {
  const { store } = deps;
  const receipts = receiptsOf(store);
  const existing = await receipts.findById(_id);
  if (existing) return existing;
  const settings = await fiscalSettings(store);
  if (!settings) return null;
  const school = modified?.school ?? {
    name: settings.school_name,
    rnc: settings.rnc,
    address: settings.address,
    phone: settings.phone,
  };
  const itbisMode = modified?.itbis_mode ?? settings.itbis;
  const now = nowOf(deps);
  for (const sequence of await usableSequences(store, type, now)) {
    for (let number = sequence.next; number <= sequence.last; number += 1) {
      const base: Receipt = {
        _id,
        ncf: ncfOf(type, number),
        type,
        enrolment_id: enrolment._id,
        order_number: enrolment.order_number,
        user_id: enrolment.user_id,
        issued_at: now,
        valid_until: sequence.expires_on,
        school,
        itbis_mode: itbisMode,
        ...splitItbis(body.total, itbisMode),
        ...body,
        mailed: false,
      };
      // An e-CF is signed before its number is recorded (issue 22): kept exactly as DGII gets it.
      const receipt: Receipt =
        isElectronic(type) && deps.ecf
          ? {
              ...base,
              ecf: signEcf(
                deps.ecf,
                ecfSource(base, enrolment, {
                  rangeExpiry: sequence.expires_on,
                  signedAt: now,
                  modified,
                  ...(payment ? { payment } : {}),
                }),
              ),
            }
          : base;
      try {
        const inserted = await receipts.insertOne(receipt);
        await sequencesOf(store).updateOne(
          { _id: sequence._id, next: { $lte: number } },
          { set: { next: number + 1 } },
        );
        if (deps.settings.ecf && !isElectronic(type)) await alertContingency(deps);
        return inserted;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        // Another run issued this order's receipt at the same moment: that one is the answer.
        const mine = await receipts.findById(_id);
        if (mine) return mine;
        // Else the number went to another order: the next one.
      }
    }
  }
  return null;
}

/**
 * The type of an order's invoice: crédito fiscal (B01, or E31 with e-CF on) when the parent asked
 * for one with RNC and name, else consumo (B02, or E32).
 */
export const invoiceType = (
  enrolment: Pick<Enrolment, 'comprobantefiscal' | 'rnc' | 'rnc_nombre'>,
  ecf = false,
): NcfType => {
  const credit = enrolment.comprobantefiscal && enrolment.rnc?.trim() && enrolment.rnc_nombre?.trim();
  if (ecf) return credit ? 'E31' : 'E32';
  return credit ? 'B01' : 'B02';
};

/** What a cancellation gives back (card and credit), on which a B04 is issued. */
const creditNoteAmount = (enrolment: Enrolment): number =>
  (enrolment.refund_amount ?? enrolment.amount) + (enrolment.credit_amount ?? 0);

/**
 * The documents a cancellation credits, in the order issued: the order's invoice, then each
 * instalment's own invoice (`{order}-E32-{payment}`), each with the id of its cancellation note
 * (`{order}-E34` for the invoice's, `{order}-E34-{payment}` for an instalment's), so a repeat
 * finds the notes it already issued.
 */
async function cancellationPlan(
  store: Store,
  enrolmentId: string,
): Promise<Array<{ document: Receipt; noteId: (type: NcfType) => string }>> {
  const documents = await receiptsOf(store).find(
    { enrolment_id: enrolmentId, type: { $in: [...INVOICE_TYPES] } },
    { sort: { issued_at: 1, _id: 1 } },
  );
  const invoice = documents.find((document) => document._id === receiptId(enrolmentId, document.type));
  return [...(invoice ? [invoice] : []), ...documents.filter((document) => document !== invoice)].map(
    (document) => {
      const suffix = document._id.slice(receiptId(enrolmentId, document.type).length);
      return { document, noteId: (type: NcfType) => `${receiptId(enrolmentId, type)}${suffix}` };
    },
  );
}

/** What a document can still be credited: its total less the notes other steps issued on it. */
async function creditable(
  store: Store,
  document: Receipt,
  noteId: (type: NcfType) => string,
): Promise<number> {
  const notes = await receiptsOf(store).find({ enrolment_id: document.enrolment_id, modifies: document.ncf });
  const own = new Set(NCF_TYPE_CODES.map(noteId));
  return Math.max(
    document.total - notes.filter((note) => !own.has(note._id)).reduce((sum, note) => sum + note.total, 0),
    0,
  );
}

/** The credit notes a cancellation issued on the order's documents (to attach to its e-mail). */
export async function cancellationNotes(store: Store, enrolmentId: string): Promise<Receipt[]> {
  const ids = (await cancellationPlan(store, enrolmentId)).flatMap(({ noteId }) =>
    NCF_TYPE_CODES.filter(isCreditNote).map(noteId),
  );
  return receiptsOf(store).find({ _id: { $in: ids } }, { sort: { issued_at: 1, _id: 1 } });
}

/** A credit note of `amount` on the order's invoice, to the invoice's buyer. */
const creditNoteBody = (enrolment: Enrolment, amount: number, invoice: Receipt): ReceiptBody => ({
  lines: [creditNoteLine(enrolment.order_number, amount)],
  discounts: [],
  gross: amount,
  total: amount,
  modifies: invoice.ncf,
  buyer: invoice.buyer,
});

/**
 * The credit note (B04) of what a partial change gave back (issue 24: to the card or as a credit),
 * when the order's invoice is a B01 (as for cancellations): once per change, null when none is
 * owed or it cannot be numbered now.
 */
export async function issueChangeCreditNote(
  deps: CoreDeps,
  enrolment: Enrolment,
  changeId: string,
  amount: number,
): Promise<Receipt | null> {
  const invoice = await orderInvoice(deps.store, enrolment._id);
  const noteType = invoice ? noteTypeOf(deps, invoice.type) : null;
  if (amount <= 0 || !invoice || !noteType) return null;
  return issueReceipt(
    deps,
    enrolment,
    noteType,
    creditNoteBody(enrolment, amount, invoice),
    invoice,
    `${receiptId(enrolment._id, noteType)}-${changeId}`,
  );
}

/** How DGII's FormaPago names each way the app records a payment (a cheque goes with transfers). */
const FORMA_PAGO_OF: Record<LedgerPayment['method'], FormaPago> = {
  tarjeta: 'tarjeta',
  tarjeta_guardada: 'tarjeta',
  transferencia: 'transferencia',
  cheque: 'transferencia',
  efectivo: 'efectivo',
};

/**
 * Its own receipt for a payment after the checkout (issue 22), by card or recorded by the office:
 * the type of the order's invoice (E31 or E32; B01 or B02 while e-CF is off: issue 54, each
 * payment gets its receipt), for what this payment paid, as it was paid. Null when no range can
 * number it now (the caller marks the payment owed; the pass tries again).
 */
export async function issuePaymentReceipt(deps: CoreDeps, payment: LedgerPayment): Promise<Receipt | null> {
  const enrolment = await enrolmentsOf(deps.store).findById(payment.enrolment_id);
  if (!enrolment) return null;
  // In a contingency (certificate expired) the payment's receipt is a B one of the same kind.
  const type = invoiceType(enrolment, signsElectronic(deps));
  const receipt = await issueReceipt(
    deps,
    enrolment,
    type,
    {
      lines: [{ description: R.instalmentLine(enrolment.order_number), amount: payment.amount }],
      discounts: [],
      gross: payment.amount,
      total: payment.amount,
      modifies: null,
      buyer:
        type === 'E31' || type === 'B01'
          ? { rnc: enrolment.rnc.trim(), name: enrolment.rnc_nombre.trim() }
          : null,
      ...(await receivedByStaff(deps.store, payment)),
    },
    undefined,
    `${receiptId(enrolment._id, type)}-${payment._id}`,
    FORMA_PAGO_OF[payment.method],
  );
  if (!receipt) await alertStaff(deps, type);
  return receipt;
}

/** Marks an order as owed receipts (a step failed): the pass issues and e-mails them. */
async function markReceiptsOwed(store: Store, enrolmentId: string): Promise<void> {
  await enrolmentsOf(store)
    .updateOne({ _id: enrolmentId }, { set: { receipt_pending: true }, unset: ['receipt_blocked'] })
    .catch(() => undefined);
}

/**
 * The receipts an e-mail about an order carries: what the order is owed is issued now, and `pick`
 * chooses among them (the confirmation's invoice, the cancellation's credit notes). A receipt never
 * holds that e-mail back: when issuing fails, it is logged, the order is marked owed for the pass
 * to issue and e-mail later, and the e-mail goes with `fallback`. The one home of that rule for the
 * checkout's confirmation and the cancellation (issue 23).
 */
export async function receiptsForMail<T>(
  deps: CoreDeps,
  order: { _id: string; order_number: string },
  pick: (issued: Receipt[]) => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await pick(await issueOwedReceipts(deps, order._id));
  } catch (error) {
    deps.log.error({ err: error, order: order.order_number }, 'the fiscal receipt could not be issued');
    await markReceiptsOwed(deps.store, order._id);
    return fallback;
  }
}

/**
 * Issues every receipt the order is owed and does not have yet: its invoice once paid (marked
 * owed when it was paid, so a cancellation before the follow-ups still gets it; an order paid
 * before receipts existed is owed none), and the credit note of a cancelled B01. Then records
 * whether some are still owed and which types blocked them (`receipt_pending`, `receipt_blocked`:
 * the pass tries again once such a type can be numbered). The order is read afresh, and the
 * record is only written if it did not change meanwhile (a cancellation at the same moment): then
 * it runs again with what changed. Answers the receipts issued now.
 */
export async function issueOwedReceipts(deps: CoreDeps, enrolmentId: string): Promise<Receipt[]> {
  const issued: Receipt[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const enrolment = await enrolmentsOf(deps.store).findById(enrolmentId);
    if (!enrolment || enrolment.payment_status !== 'paid') return issued;
    const blocked: NcfType[] = [];
    // An invoice issued before a contingency began (or ended) keeps its series; its note follows.
    const already = await orderInvoice(deps.store, enrolment._id);
    const type = already?.type ?? invoiceType(enrolment, signsElectronic(deps));
    const noteType = noteTypeOf(deps, type);
    const buyer =
      type === 'B01' || type === 'E31'
        ? { rnc: enrolment.rnc.trim(), name: enrolment.rnc_nombre.trim() }
        : null;
    // An order the office took unpaid (issue 54) has no invoice: each payment brings its own receipt.
    const invoiceOwed =
      !unpaidAtEnrolment(enrolment) &&
      (enrolment.status !== 'cancelled' || enrolment.receipt_pending === true);
    const invoice =
      already ??
      (invoiceOwed
        ? await issueReceipt(deps, enrolment, type, {
            ...receiptContent(enrolment),
            total: enrolment.amount,
            modifies: null,
            buyer,
            ...receivedAtCounter(enrolment),
            ...(enrolment.autopay?.agreement
              ? { autopay: { ...enrolment.autopay.agreement, program: enrolment.camp_name } }
              : {}),
          })
        : null);
    if (!invoice && invoiceOwed) blocked.push(type);
    else if (invoice && !already) issued.push(invoice);

    if (invoice && enrolment.status === 'cancelled' && noteType && creditNoteAmount(enrolment) > 0) {
      // One credit note per document the order issued (its invoice, then each instalment's own
      // e-CF), each for at most what that document still carries: a note never exceeds its invoice.
      let left = creditNoteAmount(enrolment);
      for (const { document, noteId } of await cancellationPlan(deps.store, enrolment._id)) {
        const type = noteTypeOf(deps, document.type);
        const amount = Math.min(left, await creditable(deps.store, document, noteId));
        if (!type || amount <= 0) continue;
        left -= amount;
        const noted = await receiptsOf(deps.store).findById(noteId(type));
        const note =
          noted ??
          (await issueReceipt(
            deps,
            enrolment,
            type,
            creditNoteBody(enrolment, amount, document),
            document,
            noteId(type),
          ));
        if (!note) blocked.push(type);
        else if (!noted) issued.push(note);
        if (left <= 0) break;
      }
    }
    const pending = blocked.length > 0;
    if (!pending && !enrolment.receipt_pending) return issued;
    const recorded = await enrolmentsOf(deps.store).updateOne(
      {
        _id: enrolment._id,
        status: enrolment.status,
        receipt_pending: enrolment.receipt_pending ?? { $exists: false },
      },
      pending
        ? { set: { receipt_pending: true, receipt_blocked: blocked } }
        : { set: { receipt_pending: false }, unset: ['receipt_blocked'] },
    );
    if (!recorded) continue;
    for (const blockedType of blocked) await alertStaff(deps, blockedType);
    return issued;
  }
  return issued;
}

/**
 * A B receipt issued while e-CF is on: the certificate cannot sign, and the admins hear it the
 * first time (then once a day) with what to do.
 */
async function alertContingency(deps: CoreDeps): Promise<void> {
  const lastDay = deps.ecf ? formatDay(deps.ecf.certificateValidUntil) : '';
  await alertAdminsOnceADay(deps, {
    kind: 'ecf-alert',
    topic: 'contingency',
    subject: ECF_MESSAGES.contingencySubject,
    text: ECF_MESSAGES.certificateExpired(lastDay),
    path: '/admin/comprobantes',
  }).catch((error: unknown) => deps.log.error({ err: error }, 'the contingency alert could not be queued'));
}

/** Once a day per type, the admins hear that receipts of that type are not being issued. */
async function alertStaff(deps: CoreDeps, type: NcfType): Promise<void> {
  const settings = await fiscalSettings(deps.store);
  await alertAdminsOnceADay(deps, {
    kind: 'ncf-alert',
    topic: type,
    subject: R.alertSubject(type),
    text: settings ? R.noSequence(type) : R.settingsMissing,
    path: '/admin/comprobantes',
  });
}
