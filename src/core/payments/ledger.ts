// The ledger of each enrolment (issue 20): its instalments ('cuotas') are written from the schedule
// sold (Enrolment.schedule) once the order is paid, with the enrolment's own charge as its first
// payment ('pagos'). Everything after reads these records (src/domain/ledger.ts ledgerOf); this file
// writes them and reads them back: readLedger, familyLedgers (the parent's 'Mis pagos'), an order's
// card charges and their refunds. What changes a ledger lives beside it:
//   ./card-payment.ts        the parent pays the instalment it names by card (idempotent, locked)
//   ./manual-payment.ts      the office records a transfer, cash or a cheque (the line it names first)
//   ./instalment-updates.ts  the office moves or cancels a future instalment
//   ./card-settler.ts        the pass that settles card payments a crash or timeout left 'charging'
// Writes to one enrolment's payments are serialised by a lease on the enrolment (./ledger-lock.ts),
// so two payments never settle the same instalment; a card payment is written before its charge.
// A payment names the line it pays (issue 53): once that line is paid or being paid, a second
// request for it (another tab, a double tap) is answered 'ya está pagada' and charges nothing
// (./already-paid.ts).
import { fullName, orderFamily } from '../../domain/family.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import { DuplicateKeyError, type Store } from '../store/port.ts';
import type { Enrolment } from '../../domain/records.ts';
import { isAnnualProgram } from '../../domain/records.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import type { ScheduleItem } from '../../domain/pricing.ts';
import { unpaidAtEnrolment } from '../../domain/office-sales.ts';
import { ledgerOf, type Instalment, type Ledger, type LedgerPayment } from '../../domain/ledger.ts';
import { enrolmentsOf } from '../collections.ts';

export const INSTALMENTS = 'cuotas';
export const PAYMENTS = 'pagos';

const instalmentsOf = (store: Store) => store.collection<Instalment>(INSTALMENTS);
const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);

export const instalmentId = (enrolmentId: string, item: Pick<ScheduleItem, 'cupo' | 'seq'>): string =>
  `${enrolmentId}:${item.cupo}:${item.seq}`;
/** The first payment, the enrolment's own charge: one per enrolment. */
/** The id of the ledger's record of an order's own charge at the checkout. */
export const checkoutPaymentId = (enrolmentId: string) => `${enrolmentId}:checkout`;

/** The schedule an order was sold with; one payment of its amount for orders from before plans. */
const scheduleOf = (enrolment: Enrolment): ScheduleItem[] =>
  enrolment.schedule ?? [
    {
      cupo: 0,
      kind: 'cuota',
      seq: 1,
      of: 1,
      due: santoDomingoDay(enrolment.paid_at ?? enrolment.created_at),
      amount: enrolment.amount,
      at_enrolment: true,
    },
  ];

const childName = (enrolment: Enrolment, cupo: number): string => {
  const child = enrolment.participants.find((participant) => participant.id === cupo);
  return child ? fullName(child) : '';
};

/**
 * Writes the ledger of a paid order: its instalments and its first payment (the enrolment's charge).
 * Safe to run again (a retried follow-up, a read of an order paid before ledgers): each record has
 * a fixed id, and what exists is left as it is.
 */
export async function ensureLedger(store: Store, enrolment: Enrolment): Promise<void> {
  if (enrolment.payment_status !== 'paid') return;
  const instalments = instalmentsOf(store);
  const schedule = scheduleOf(enrolment);
  const existing = new Set(
    (await instalments.find({ enrolment_id: enrolment._id })).map((instalment) => instalment._id),
  );
  const createdAt = enrolment.paid_at ?? enrolment.created_at;
  // An order the office took unpaid (issue 54) owes what the card would have paid, on its due day.
  const unpaid = unpaidAtEnrolment(enrolment);
  for (const item of schedule) {
    const id = instalmentId(enrolment._id, item);
    if (existing.has(id)) continue;
    await instalments
      .insertOne({
        _id: id,
        enrolment_id: enrolment._id,
        user_id: enrolment.user_id,
        order_number: enrolment.order_number,
        campament: enrolment.campament,
        camp_name: enrolment.camp_name,
        cupo: item.cupo,
        child: childName(enrolment, item.cupo),
        kind: item.kind,
        seq: item.seq,
        of: item.of,
        due: unpaid && item.at_enrolment ? (enrolment.office?.due ?? item.due) : item.due,
        amount: item.amount,
        cancelled_at: null,
        created_at: createdAt,
      })
      .catch(ignoreDuplicate);
  }
  if (unpaid) return;
  const first = schedule.filter((item) => item.at_enrolment);
  const common = {
    _id: checkoutPaymentId(enrolment._id),
    enrolment_id: enrolment._id,
    user_id: enrolment.user_id,
    order_number: enrolment.order_number,
    amount: enrolment.amount,
    allocations: first.map((item) => ({ cuota: instalmentId(enrolment._id, item), amount: item.amount })),
    created_at: createdAt,
  };
  await paymentsOf(store)
    .insertOne(
      counterPayment(enrolment) ?? {
        ...common,
        method: 'tarjeta',
        status: 'approved',
        reference: enrolment.order_number,
        auth_code: enrolment.auth_code,
        gateway_reference: enrolment.gateway_reference,
        ...(enrolment.gateway_rrn ? { gateway_rrn: enrolment.gateway_rrn } : {}),
        ...(enrolment.merchant ? { merchant: enrolment.merchant } : {}),
        card: { brand: enrolment.card.brand, last4: enrolment.card.last4 },
        // A card typed by the office names who took it (issue 54); the parent's says 'inscripción'.
        recorded_by: enrolment.office?.taken_by ?? 'inscripción',
      },
    )
    .then(() => undefined)
    .catch(ignoreDuplicate);

  /** Cash or a transfer taken with the order (issue 54): recorded as the office's payments are. */
  function counterPayment(order: Enrolment): LedgerPayment | null {
    const sale = order.office;
    if (!sale || (sale.method !== 'efectivo' && sale.method !== 'transferencia')) return null;
    return {
      ...common,
      method: sale.method,
      status: 'recorded',
      ...(sale.bank ? { bank: sale.bank } : {}),
      ...(sale.document ? { document: sale.document } : {}),
      ...(sale.note ? { note: sale.note } : {}),
      recorded_by: sale.taken_by,
    };
  }
}

const ignoreDuplicate = (error: unknown) => {
  if (!(error instanceof DuplicateKeyError)) throw error;
};

export interface EnrolmentLedger extends Ledger {
  enrolment: Pick<
    Enrolment,
    '_id' | 'order_number' | 'campament' | 'camp_name' | 'camp_type' | 'status' | 'user_id' | 'card'
  > & { parent_email: string; parent_name: string; children: string[] };
  payments: LedgerPayment[];
  autopay: boolean;
  /** What went back to the family: to the card, and at the counter (owed back or handed back). */
  returned: { card: number; office: number; office_owed: boolean };
}

/** One enrolment's ledger as of `today`, its ledger written first if it is owed. */
export async function readLedger(
  store: Store,
  enrolment: Enrolment,
  today: string,
  counting?: ReadonlyArray<LedgerPayment['status']>,
): Promise<EnrolmentLedger> {
  let instalments = await instalmentsOf(store).find({ enrolment_id: enrolment._id });
  if (instalments.length === 0 && enrolment.payment_status === 'paid') {
    await ensureLedger(store, enrolment);
    instalments = await instalmentsOf(store).find({ enrolment_id: enrolment._id });
  }
  const payments = await paymentsOf(store).find(
    { enrolment_id: enrolment._id },
    { sort: { created_at: 1, _id: 1 } },
  );
  return {
    ...ledgerOf(instalments, payments, today, counting),
    enrolment: {
      _id: enrolment._id,
      order_number: enrolment.order_number,
      campament: enrolment.campament,
      camp_name: enrolment.camp_name,
      camp_type: enrolment.camp_type,
      status: enrolment.status,
      user_id: enrolment.user_id,
      card: enrolment.card,
      ...orderFamily(enrolment),
    },
    payments,
    autopay: Boolean(enrolment.autopay) && enrolment.status !== 'cancelled',
    returned: {
      card: payments.reduce(
        (sum, payment) => sum + (payment.refunded_amount ?? 0) + (payment.change_refunded_amount ?? 0),
        0,
      ),
      office: enrolment.office_refund?.amount ?? 0,
      office_owed: enrolment.office_refund?.status === 'owed',
    },
  };
}

export const CARD_METHODS: ReadonlyArray<LedgerPayment['method']> = ['tarjeta', 'tarjeta_guardada'];

/**
 * What an order has collected by card, charge by charge (the gateway's references, oldest first):
 * its own charge, then the instalments paid by card. An order from before ledgers has only its own.
 * A cancellation gives back from these (../admin/enrolments.ts); cash and transfers are the office's.
 */
export async function cardCharges(
  store: Store,
  enrolment: Pick<Enrolment, '_id' | 'order_number' | 'amount' | 'merchant' | 'office'>,
): Promise<
  Array<{
    payment: string | null;
    reference: string;
    merchant?: string;
    amount: number;
    refunded: number;
    changeRefunded: number;
  }>
> {
  const payments = await paymentsOf(store).find(
    { enrolment_id: enrolment._id, status: 'approved', method: { $in: [...CARD_METHODS] } },
    { sort: { created_at: 1, _id: 1 } },
  );
  // An order from before ledgers was paid by card at its checkout; one the office took in cash, by
  // transfer or unpaid (issue 54) never was: nothing of it goes back to a card.
  const counter = enrolment.office && enrolment.office.method !== 'tarjeta';
  if (!counter && !payments.some((payment) => payment._id === checkoutPaymentId(enrolment._id)))
    payments.unshift({
      _id: checkoutPaymentId(enrolment._id),
      reference: enrolment.order_number,
      amount: enrolment.amount,
      ...(enrolment.merchant ? { merchant: enrolment.merchant } : {}),
    } as LedgerPayment);
  return payments.map((payment) => ({
    payment: payment._id,
    reference: payment.reference ?? enrolment.order_number,
    ...(payment.merchant ? { merchant: payment.merchant } : {}),
    amount: payment.amount,
    refunded: payment.refunded_amount ?? 0,
    changeRefunded: payment.change_refunded_amount ?? 0,
  }));
}

/**
 * What an order has collected by card in all (its own charge and its instalments by card), less
 * what partial changes gave back to the card already (issue 24): what a cancellation can refund.
 */
export const cardPaidTotal = async (
  store: Store,
  enrolment: Pick<Enrolment, '_id' | 'order_number' | 'amount'>,
): Promise<number> =>
  (await cardCharges(store, enrolment)).reduce(
    (sum, charge) => sum + charge.amount - charge.changeRefunded,
    0,
  );

/** Records a refund of a card payment (the cancellation's), by the payment's id. */
export async function markPaymentRefunded(
  store: Store,
  paymentId: string,
  amount: number,
  reference: string,
) {
  await paymentsOf(store).updateOne(
    { _id: paymentId },
    { set: { refunded_amount: amount, refund_reference: reference } },
  );
}

/** Adds a partial change's refund to a card payment's (issue 24). */
export async function addChangeRefund(store: Store, paymentId: string, amount: number): Promise<void> {
  await paymentsOf(store).updateOne({ _id: paymentId }, { inc: { change_refunded_amount: amount } });
}

/** The family's ledgers: every paid order, annual programs first, newest first. */
export async function familyLedgers(deps: CoreDeps, userId: string): Promise<EnrolmentLedger[]> {
  const { store } = deps;
  const today = santoDomingoDay(nowOf(deps));
  const enrolments = await enrolmentsOf(store).find(
    { user_id: userId, payment_status: 'paid' },
    { sort: { created_at: -1, _id: -1 } },
  );
  const ledgers = await Promise.all(enrolments.map((enrolment) => readLedger(store, enrolment, today)));
  return ledgers.sort(
    (a, b) => Number(isAnnualProgram(b.enrolment.camp_type)) - Number(isAnnualProgram(a.enrolment.camp_type)),
  );
}
