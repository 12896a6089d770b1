// The ledger of each enrolment (issue 20): its instalments ('cuotas') are written from the schedule
// sold (Enrolment.schedule) once the order is paid, with the enrolment's own charge as its first
// payment ('pagos'). Everything after reads these records (src/domain/ledger.ts ledgerOf):
//   familyLedgers        the parent's 'Mis pagos'
//   payInstalment        the parent pays the instalment it names by card (idempotent, locked)
//   recordManualPayment  the office records a transfer, cash or a cheque (the line it names first)
//   updateInstalment     the office moves or cancels a future instalment
//   settleCardPayments   the pass that settles card payments a crash or timeout left 'charging'
// Writes to one enrolment's payments are serialised by a lease on the enrolment (ledger_lock_until),
// so two payments never settle the same instalment; a card payment is written before its charge.
// A payment names the line it pays (issue 53): once that line is paid or being paid, a second
// request for it (another tab, a double tap) is answered 'ya está pagada' and charges nothing.
import { ApiError } from '../errors.ts';
import { fullName } from '../../domain/family.ts';
import { nowOf, type CoreDeps, type MailMessage } from '../deps.ts';
import { DuplicateKeyError, type Store } from '../store/port.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import { isAnnualProgram } from '../../domain/records.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { formatDop, type ScheduleItem } from '../../domain/pricing.ts';
import { validDay } from '../../domain/plans.ts';
import {
  allocateFromLine,
  allocateOldestFirst,
  ledgerOf,
  namedLine,
  LEDGER_MESSAGES as M,
  PAYING_STATUSES,
  type Instalment,
  type Ledger,
  type LedgerLine,
  type LedgerPayment,
} from '../../domain/ledger.ts';
import {
  type InstalmentUpdateBody,
  type ManualPaymentBody,
  type PayInstalmentBody,
} from '../../domain/schemas/ledger.ts';
import { cardOfForm, cleanCardNumber } from '../../domain/cards.ts';
import { paymentLeaseMs } from '../checkout/idempotency.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { familyRecipients } from '../checkout/mails.ts';
import { issuePaymentReceipt, markMailed, receiptAttachment } from '../receipts/service.ts';
import type { Receipt } from '../../domain/receipts.ts';
import { balanceReminderMail, instalmentPaidMail } from './mails.ts';
import { mayStillBeApproved, withinTime, type ChargeResult } from '../checkout/gateway.ts';

export const INSTALMENTS = 'cuotas';
export const PAYMENTS = 'pagos';

const instalmentsOf = (store: Store) => store.collection<Instalment>(INSTALMENTS);
const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);
const enrolmentsOf = (store: Store) =>
  store.collection<Enrolment & { ledger_lock_until?: Date | null }>('inscripciones');

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
        due: item.due,
        amount: item.amount,
        cancelled_at: null,
        created_at: createdAt,
      })
      .catch(ignoreDuplicate);
  }
  const first = schedule.filter((item) => item.at_enrolment);
  await paymentsOf(store)
    .insertOne({
      _id: checkoutPaymentId(enrolment._id),
      enrolment_id: enrolment._id,
      user_id: enrolment.user_id,
      order_number: enrolment.order_number,
      method: 'tarjeta',
      amount: enrolment.amount,
      allocations: first.map((item) => ({ cuota: instalmentId(enrolment._id, item), amount: item.amount })),
      status: 'approved',
      reference: enrolment.order_number,
      auth_code: enrolment.auth_code,
      gateway_reference: enrolment.gateway_reference,
      ...(enrolment.gateway_rrn ? { gateway_rrn: enrolment.gateway_rrn } : {}),
      card: { brand: enrolment.card.brand, last4: enrolment.card.last4 },
      recorded_by: 'inscripción',
      created_at: createdAt,
    })
    .catch(ignoreDuplicate);
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
      parent_email: enrolment.contact.email,
      parent_name: enrolment.contact.mother_name || enrolment.contact.father_name,
      children: enrolment.participants.map((child) => fullName(child)),
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
  enrolment: Pick<Enrolment, '_id' | 'order_number' | 'amount'>,
): Promise<
  Array<{
    payment: string | null;
    reference: string;
    amount: number;
    refunded: number;
    changeRefunded: number;
  }>
> {
  const payments = await paymentsOf(store).find(
    { enrolment_id: enrolment._id, status: 'approved', method: { $in: [...CARD_METHODS] } },
    { sort: { created_at: 1, _id: 1 } },
  );
  if (!payments.some((payment) => payment._id === checkoutPaymentId(enrolment._id)))
    payments.unshift({
      _id: checkoutPaymentId(enrolment._id),
      reference: enrolment.order_number,
      amount: enrolment.amount,
    } as LedgerPayment);
  return payments.map((payment) => ({
    payment: payment._id,
    reference: payment.reference ?? enrolment.order_number,
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

/**
 * Runs `work` holding the enrolment's payment lease: one payment at a time per enrolment, on every
 * instance. A lease left by a crash expires after `leaseMs`. Refused (409) while another holds it.
 */
export async function withLedgerLock<T>(
  deps: CoreDeps,
  enrolmentId: string,
  work: (enrolment: Enrolment) => Promise<T>,
  /** What the caller's user reads while another write holds the lease (a payment's by default). */
  busyMessage: string = M.busy,
  /**
   * How long to wait for the lease before answering `busyMessage` (0: not at all). A payment that
   * names its line waits (issue 53): once the write before it is done, it knows whether that line
   * is still owed, rather than telling a double tap to try again.
   */
  waitMs = 0,
): Promise<T> {
  const enrolments = enrolmentsOf(deps.store);
  const deadline = Date.now() + waitMs;
  let until: Date;
  let locked: Enrolment | null;
  for (;;) {
    const now = new Date();
    until = new Date(now.getTime() + paymentLeaseMs(deps));
    locked = await enrolments.updateOne(
      {
        _id: enrolmentId,
        $or: [
          { ledger_lock_until: { $exists: false } },
          { ledger_lock_until: null },
          { ledger_lock_until: { $lt: now } },
        ],
      },
      { set: { ledger_lock_until: until } },
    );
    if (locked || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
  }
  if (!locked) throw new ApiError(409, busyMessage);
  try {
    return await work(locked);
  } finally {
    await enrolments
      .updateOne({ _id: enrolmentId, ledger_lock_until: until }, { set: { ledger_lock_until: null } })
      .catch(() => undefined);
  }
}

/** The enrolment of the family's own, paid and not cancelled; 404 for anyone else's. */
async function ownEnrolment(store: Store, userId: string, enrolmentId: string): Promise<Enrolment> {
  const enrolment = await enrolmentsOf(store).findById(enrolmentId);
  if (!enrolment || enrolment.user_id !== userId || enrolment.payment_status !== 'paid')
    throw new ApiError(404, M.notFound);
  if (enrolment.status === 'cancelled') throw new ApiError(400, M.cancelledEnrolment);
  return enrolment;
}

/** A payment named a line already paid or being paid: nothing charged; the payment that paid it. */
export interface AlreadyPaid {
  kind: 'already-paid';
  ledger: EnrolmentLedger;
  receipt: LedgerPayment | null;
}

export type PayOutcome = { kind: 'approved'; ledger: EnrolmentLedger } | { kind: 'unknown' } | AlreadyPaid;

/**
 * A payment that names its line takes the lease waiting for it, up to the longest another payment
 * may hold it (its charge is given half the lease), so the request ends with an answer about its
 * line rather than 'Ya hay un pago en curso…'.
 */
const withLedgerLockWaiting = <T>(
  deps: CoreDeps,
  enrolmentId: string,
  work: (enrolment: Enrolment) => Promise<T>,
) => withLedgerLock(deps, enrolmentId, work, M.busy, paymentLeaseMs(deps));

/**
 * A named line that cannot be paid: unknown (404), cancelled (409), or paid or being paid, then
 * answered with the ledger as the family reads it and the payment that paid (or is paying) it.
 */
async function refusedLine(
  store: Store,
  enrolment: Enrolment,
  today: string,
  ledger: EnrolmentLedger,
  cuota: string,
  refused: 'unknown' | 'paid' | 'cancelled',
): Promise<AlreadyPaid> {
  if (refused === 'unknown') throw new ApiError(404, M.instalmentNotFound);
  if (refused === 'cancelled') throw new ApiError(409, M.cancelledInstalment);
  const receipt =
    ledger.payments.findLast(
      (payment) =>
        [...PAYING_STATUSES, 'charging'].includes(payment.status) &&
        payment.allocations.some((allocation) => allocation.cuota === cuota),
    ) ?? null;
  return { kind: 'already-paid', ledger: await readLedger(store, enrolment, today), receipt };
}

/**
 * The parent pays the instalment it names (the line its button showed) by card, for exactly what
 * the server says that line owes (a different amount is refused with the server's figure). A line
 * paid or being paid meanwhile is charged nothing (issue 53). The payment is written 'charging'
 * before the charge, under the enrolment's lease, so a crash leaves a record the settler resolves
 * by asking the gateway: never a second charge.
 */
export async function payInstalment(
  deps: CoreDeps,
  user: Pick<UserRecord, '_id' | 'email'>,
  enrolmentId: string,
  body: PayInstalmentBody,
): Promise<PayOutcome> {
  const { store } = deps;
  await ownEnrolment(store, user._id, enrolmentId);
  await settleCardPayments(deps, { enrolment_id: enrolmentId });
  return withLedgerLockWaiting(deps, enrolmentId, async (enrolment) => {
    // Read again under the lease (issue 53): a cancellation fixes its figures under it.
    if (enrolment.status === 'cancelled') throw new ApiError(400, M.cancelledEnrolment);
    const today = santoDomingoDay(nowOf(deps));
    // A charge still under way counts as paying what it pays.
    const ledger = await readLedger(store, enrolment, today, [...PAYING_STATUSES, 'charging']);
    const named = namedLine(ledger, body.cuota);
    if ('refused' in named) return refusedLine(store, enrolment, today, ledger, body.cuota, named.refused);
    if (ledger.payments.some((payment) => payment.status === 'charging')) throw new ApiError(409, M.busy);
    const { line } = named;
    if (body.amount !== line.owed) throw new ApiError(409, M.amountChanged(formatDop(line.owed)));
    const { payment, charge } = await chargeInstalmentLine(deps, enrolment, line, {
      method: 'tarjeta',
      prefix: 'C',
      card: { brand: '', last4: cleanCardNumber(body.cardNumber).slice(-4) },
      recordedBy: user.email,
      send: (request) => deps.gateway.charge({ ...request, card: cardOfForm(body) }),
    });
    if (!charge) return { kind: 'unknown' };
    await settleCharge(deps, payment, charge);
    if (!charge.approved) throw new ApiError(402, charge.message);
    return { kind: 'approved', ledger: await readLedger(store, enrolment, today) };
  });
}

/**
 * One card charge of what a line owes: the payment is written 'charging' first (with its own
 * gateway reference, `<order>-<prefix><n>`), then the gateway is asked within half the lease. The
 * charge's answer, or null when none came in time (the settler then asks the gateway by reference).
 */
export async function chargeInstalmentLine(
  deps: CoreDeps,
  enrolment: Enrolment,
  line: Pick<LedgerLine, '_id' | 'owed'>,
  how: {
    method: LedgerPayment['method'];
    prefix: string;
    card: { brand: string; last4: string };
    recordedBy: string;
    send: (request: { amount: number; currency: 'DOP'; reference: string }) => Promise<ChargeResult>;
  },
): Promise<{ payment: LedgerPayment; charge: ChargeResult | null }> {
  const sequence = await deps.store.nextSequence('instalment-payments');
  const payment = await paymentsOf(deps.store).insertOne({
    enrolment_id: enrolment._id,
    user_id: enrolment.user_id,
    order_number: enrolment.order_number,
    method: how.method,
    amount: line.owed,
    allocations: [{ cuota: line._id, amount: line.owed }],
    status: 'charging',
    // Our reference at the gateway: one per attempt, so a lookup finds this charge and no other.
    reference: `${enrolment.order_number}-${how.prefix}${sequence}`,
    card: how.card,
    recorded_by: how.recordedBy,
    created_at: new Date(),
    lease_until: new Date(Date.now() + paymentLeaseMs(deps)),
  });
  try {
    const charge = await withinTime(
      paymentLeaseMs(deps) / 2,
      how.send({ amount: payment.amount, currency: 'DOP', reference: payment.reference! }),
    );
    return { payment, charge };
  } catch (error) {
    deps.log.error({ err: error, reference: payment.reference }, 'instalment charge: gateway did not answer');
    return { payment, charge: null };
  }
}

/** Writes a gateway's answer on a 'charging' payment (once) and sends the receipt of an approval. */
export async function settleCharge(
  deps: CoreDeps,
  payment: LedgerPayment,
  charge: ChargeResult | null,
): Promise<LedgerPayment | null> {
  const set: Partial<LedgerPayment> = !charge
    ? { status: 'failed', message: 'El cargo no llegó al banco.' }
    : charge.approved
      ? {
          status: 'approved',
          auth_code: charge.authCode,
          gateway_reference: charge.gatewayReference,
          ...(charge.rrn ? { gateway_rrn: charge.rrn } : {}),
          card: { brand: charge.brand, last4: charge.last4 },
        }
      : { status: 'declined', message: charge.message, card: { brand: charge.brand, last4: charge.last4 } };
  const settled = await paymentsOf(deps.store).updateOne(
    { _id: payment._id, status: 'charging' },
    { set, unset: ['lease_until'] },
  );
  if (settled?.status === 'approved')
    await mailPaymentReceipt(deps, settled, await paymentReceipt(deps, settled)).catch((error: unknown) => {
      deps.log.error({ err: error, reference: settled.reference }, 'instalment receipt e-mail failed');
    });
  return settled;
}

/** Queues a message of the ledger to the family of an enrolment (the account's and the wizard's e-mail). */
export async function mailFamily(
  deps: Pick<CoreDeps, 'store' | 'mailer'>,
  enrolment: Enrolment,
  message: Omit<MailMessage, 'to'>,
  key: string,
): Promise<void> {
  const user = await deps.store
    .collection<UserRecord>('usuarios')
    .findById(enrolment.user_id, { withDeleted: true });
  await deps.mailer.enqueue({
    ...message,
    to: familyRecipients(user?.email, enrolment),
    user_id: enrolment.user_id,
    key,
  });
}

/**
 * The payment's own e-CF (issue 22; none while e-CF is off); one that cannot be numbered now
 * marks the payment owed, for the receipts' pass. Never fails the payment.
 */
async function paymentReceipt(deps: CoreDeps, payment: LedgerPayment): Promise<Receipt | null> {
  let receipt: Receipt | null = null;
  try {
    receipt = await issuePaymentReceipt(deps, payment);
  } catch (error) {
    deps.log.error({ err: error, payment: payment._id }, 'the instalment e-CF could not be issued');
  }
  if (deps.ecf)
    await paymentsOf(deps.store).updateOne(
      { _id: payment._id },
      receipt ? { unset: ['receipt_pending'] } : { set: { receipt_pending: true } },
    );
  return receipt;
}

/** Payments whose e-CF waited for a range: issued and e-mailed now if they can be. */
export async function issuePendingPaymentReceipts(deps: CoreDeps): Promise<number> {
  if (!deps.ecf) return 0;
  let issued = 0;
  for (const payment of await paymentsOf(deps.store).find({ receipt_pending: true }, { limit: 100 })) {
    const receipt = await paymentReceipt(deps, payment);
    if (!receipt) continue;
    issued += 1;
    await mailPaymentReceipt(deps, payment, receipt).catch((error: unknown) =>
      deps.log.error({ err: error, payment: payment._id }, 'instalment receipt e-mail failed'),
    );
  }
  return issued;
}

async function mailPaymentReceipt(
  deps: CoreDeps,
  payment: LedgerPayment,
  receipt: Receipt | null = null,
): Promise<void> {
  const enrolment = await enrolmentsOf(deps.store).findById(payment.enrolment_id);
  if (!enrolment) return;
  const ledger = await readLedger(deps.store, enrolment, santoDomingoDay(nowOf(deps)));
  await mailFamily(
    deps,
    enrolment,
    {
      ...instalmentPaidMail(ledger, payment, deps.settings.publicUrl),
      ...(receipt ? { attachments: [await receiptAttachment(deps, receipt)] } : {}),
    },
    // A receipt issued later goes in a mail of its own.
    receipt && payment.receipt_pending
      ? `instalment-receipt-${payment._id}`
      : `instalment-paid-${payment._id}`,
  );
  if (receipt) await markMailed(deps.store, [receipt]);
}

/**
 * Settles card payments left 'charging' past their lease (a crash, a timeout): the gateway says
 * what became of each reference. Approved pays; declined or never received fails; a gateway that
 * cannot say yet leaves it for the next pass. Each payment is settled once (conditional write).
 */
export async function settleCardPayments(
  deps: CoreDeps,
  filter: Record<string, unknown> = {},
): Promise<number> {
  const now = new Date();
  const stale = await paymentsOf(deps.store).find({
    ...filter,
    status: 'charging',
    lease_until: { $lt: now },
  });
  let settled = 0;
  for (const payment of stale) {
    let charge: ChargeResult | null;
    try {
      charge = await deps.gateway.lookup(payment.reference!);
    } catch {
      continue;
    }
    // 'Never received' only once the gateway can no longer be deciding it (issue 43).
    if (!charge && mayStillBeApproved(deps.gateway, payment.created_at, now)) continue;
    if (await settleCharge(deps, payment, charge)) settled += 1;
  }
  return settled;
}

/**
 * The office records a transfer, cash or a cheque: it settles the line the form named first (the
 * oldest owed as the form showed it), then the oldest owed. A named line paid meanwhile, or whose
 * balance changed, records nothing (issue 53: a double submission). An amount above what is owed is
 * refused unless confirmed (then the excess is the family's credit); a transfer or cheque needs its
 * bank and number.
 */
export async function recordManualPayment(
  deps: CoreDeps,
  actor: Actor,
  body: ManualPaymentBody,
): Promise<{ kind: 'recorded'; ledger: EnrolmentLedger } | AlreadyPaid> {
  const { store } = deps;
  const bank = body.bank?.trim() ?? '';
  const document = body.document?.trim() ?? '';
  if (body.method !== 'efectivo' && !document) throw new ApiError(400, M.documentRequired);
  if (body.method !== 'efectivo' && !bank) throw new ApiError(400, M.bankRequired);
  const found = await enrolmentsOf(store).findById(body.enrolment);
  if (!found || found.payment_status !== 'paid') throw new ApiError(404, M.notFound);
  // A cancelled order takes no more money (issue 53): the parent's path refuses it too.
  if (found.status === 'cancelled') throw new ApiError(409, M.cancelledEnrolment);
  return withLedgerLockWaiting(deps, found._id, async (enrolment) => {
    // Read again under the lease: a cancellation fixes its figures under it too.
    if (enrolment.status === 'cancelled') throw new ApiError(409, M.cancelledEnrolment);
    const today = santoDomingoDay(nowOf(deps));
    const ledger = await readLedger(store, enrolment, today, [...PAYING_STATUSES, 'charging']);
    const owed = ledger.lines.reduce((sum, line) => sum + line.owed, 0);
    let allocated: ReturnType<typeof allocateOldestFirst>;
    if (body.cuota === undefined) {
      // Only money with nothing owed (a confirmed credit) names no line.
      if (owed > 0) throw new ApiError(400, M.instalmentRequired);
      allocated = allocateOldestFirst(ledger, body.amount);
    } else {
      const named = namedLine(ledger, body.cuota);
      if ('refused' in named) return refusedLine(store, enrolment, today, ledger, body.cuota, named.refused);
      if (body.owed !== undefined && body.owed !== named.line.owed)
        throw new ApiError(409, M.amountChanged(formatDop(named.line.owed)));
      allocated = allocateFromLine(ledger, body.cuota, body.amount);
    }
    const { allocations, excess } = allocated;
    if (excess > 0 && !body.confirm_excess) throw new ApiError(409, M.excess(formatDop(Math.max(owed, 0))));
    const payment = await paymentsOf(store).insertOne({
      enrolment_id: enrolment._id,
      user_id: enrolment.user_id,
      order_number: enrolment.order_number,
      method: body.method,
      amount: body.amount,
      allocations,
      status: 'recorded',
      ...(bank ? { bank } : {}),
      ...(document ? { document } : {}),
      ...(body.note?.trim() ? { note: body.note.trim() } : {}),
      recorded_by: actor.user.email,
      created_at: new Date(),
    });
    await recordAudit(store, actor, {
      action: 'create',
      kind: PAYMENTS,
      record_id: payment._id,
      before: { balance: ledger.balance },
      after: { ...payment, balance: ledger.balance - body.amount },
    });
    await mailPaymentReceipt(deps, payment, await paymentReceipt(deps, payment)).catch((error: unknown) => {
      deps.log.error({ err: error, payment: payment._id }, 'manual payment receipt e-mail failed');
    });
    return { kind: 'recorded' as const, ledger: await readLedger(store, enrolment, today) };
  });
}

/** The office moves a future instalment to another day, or cancels it; only one nothing was paid of. */
export async function updateInstalment(
  deps: CoreDeps,
  actor: Actor,
  body: InstalmentUpdateBody,
): Promise<EnrolmentLedger> {
  const { store } = deps;
  const instalment = await instalmentsOf(store).findById(body.id);
  if (!instalment) throw new ApiError(404, M.instalmentNotFound);
  if (body.due !== undefined && !validDay(body.due)) throw new ApiError(400, M.badDay);
  const today = santoDomingoDay(nowOf(deps));
  if (body.due !== undefined && body.due < today) throw new ApiError(400, M.pastDay);
  return withLedgerLock(deps, instalment.enrolment_id, async (enrolment) => {
    const ledger = await readLedger(store, enrolment, today, [...PAYING_STATUSES, 'charging']);
    const line = ledger.lines.find((candidate) => candidate._id === instalment._id)!;
    if (line.cancelled_at || line.paid > 0 || line.due < today) throw new ApiError(400, M.notChangeable);
    const set: Record<string, unknown> = {};
    if (body.cancel) set.cancelled_at = nowOf(deps);
    else if (body.due !== undefined) set.due = body.due;
    else return readLedger(store, enrolment, today);
    const after = await instalmentsOf(store).updateOne({ _id: instalment._id, cancelled_at: null }, { set });
    if (!after) throw new ApiError(400, M.notChangeable);
    await recordAudit(store, actor, {
      action: 'update',
      kind: INSTALMENTS,
      record_id: instalment._id,
      before: { due: instalment.due, cancelled_at: instalment.cancelled_at ?? null },
      after: { due: after.due, cancelled_at: after.cancelled_at ?? null },
    });
    return readLedger(store, enrolment, today);
  });
}

/** Cancels the instalments of a cancelled enrolment that are not due yet and have nothing paid. */
export async function cancelFutureInstalments(deps: CoreDeps, enrolmentId: string): Promise<number> {
  const { store } = deps;
  const enrolment = await enrolmentsOf(store).findById(enrolmentId);
  if (!enrolment) return 0;
  const today = santoDomingoDay(nowOf(deps));
  const ledger = await readLedger(store, enrolment, today, [...PAYING_STATUSES, 'charging']);
  let cancelled = 0;
  for (const line of ledger.lines) {
    if (line.cancelled_at || line.paid > 0 || line.due <= today) continue;
    if (
      await instalmentsOf(store).updateOne(
        { _id: line._id, cancelled_at: null },
        { set: { cancelled_at: nowOf(deps) } },
      )
    )
      cancelled += 1;
  }
  return cancelled;
}

/** E-mails the family what it owes (the office's 'Enviar recordatorio'). */
export async function sendBalanceReminder(deps: CoreDeps, actor: Actor, enrolmentId: string): Promise<void> {
  const { store } = deps;
  const enrolment = await enrolmentsOf(store).findById(enrolmentId);
  if (!enrolment || enrolment.payment_status !== 'paid') throw new ApiError(404, M.notFound);
  const ledger = await readLedger(store, enrolment, santoDomingoDay(nowOf(deps)));
  if (ledger.balance <= 0) throw new ApiError(400, M.nothingOwed);
  await mailFamily(
    deps,
    enrolment,
    balanceReminderMail(ledger, deps.settings.publicUrl),
    // Each reminder the office sends is a message of its own.
    `balance-reminder-${enrolment._id}-${nowOf(deps).getTime()}`,
  );
  await recordAudit(store, actor, {
    action: 'create',
    kind: 'recordatorios',
    record_id: enrolment._id,
    after: { balance: ledger.balance, next_due: ledger.next_due },
    note: 'Recordatorio de saldo enviado',
  });
}
