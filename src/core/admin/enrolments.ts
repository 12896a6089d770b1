// Staff operations on one enrolment (the staff issue): its whole detail, and cancelling it.
import { cardCharges, markPaymentRefunded, readLedger } from '../payments/ledger.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { cancelFutureInstalments } from '../payments/instalment-updates.ts';
import { withLedgerLock } from '../payments/ledger-lock.ts';
import { offerFreedPlaces } from '../checkout/waitlist.ts';
import { refundWhereTaken } from '../checkout/gateway.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Category, Coupon, Enrolment, Membership, UserRecord, Week } from '../../domain/records.ts';
import { LEDGER_MESSAGES, PAYING_STATUSES } from '../../domain/ledger.ts';
import type { CancelPolicy } from '../../domain/cancellation.ts';
import { cancellationPlan, GIVE_BACK_MESSAGES, OFFICE_REFUND_METHOD_LABELS } from '../../domain/give-back.ts';
import type { OfficeRefundBody } from '../../domain/schemas/cancellation.ts';
import { formatDop } from '../../domain/pricing.ts';
import { giveBackState, voidUnspentChangeCredits } from '../payments/give-back.ts';
import type { Store } from '../store/port.ts';
import { insertWithNewCode } from '../checkout/records.ts';
import { randomInt } from '../crypto.ts';
import { enrolmentState, STAFF_MESSAGES } from '../../domain/staff.ts';
import { releasePlaces } from '../checkout/settle.ts';
import { cancellationMail, familyRecipients, refundParameters } from '../checkout/mails.ts';
import { sendTemplate } from '../messaging/whatsapp.ts';
import { isCreditNote, NCF_TYPE_CODES, type Receipt } from '../../domain/receipts.ts';
import { cancellationNotes, receiptsForMail, receiptId } from '../receipts/service.ts';
import { markMailed, receiptAttachment, receiptsOfOrders } from '../receipts/delivery.ts';
import { recordAudit, type Actor } from './audit.ts';

const enrolmentsOf = (deps: Pick<CoreDeps, 'store'>) => deps.store.collection<Enrolment>('inscripciones');

/** The keys under which the e-mails of an enrolment are queued (MailMessage.key). */
export const mailKeysOf = (id: string, changes: ReadonlyArray<{ id: string }> = []) => [
  `confirmation-${id}`,
  ...changes.map((change) => `changed-${id}-${change.id}`),
  `not-completed-${id}`,
  `cancelled-${id}`,
  // Receipts e-mailed on their own, after waiting for an NCF sequence.
  ...NCF_TYPE_CODES.map((type) => `receipt-${receiptId(id, type)}`),
];

/**
 * Everything staff need about one order: the record itself plus its state, its weeks' and
 * categories' names, the parent's account and the e-mails queued for it. The card appears only as
 * stored (brand, last four digits).
 */
export async function enrolmentDetail(deps: Pick<CoreDeps, 'store' | 'clock'>, id: string) {
  const { store } = deps;
  const enrolment = await enrolmentsOf(deps).findById(id);
  if (!enrolment) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  const weekIds = [...new Set(enrolment.lines.map((line) => line.id))];
  const [weeks, categories, parent, mails, receipts, issued] = await Promise.all([
    store.collection<Week>('semanas').find({ _id: { $in: weekIds } }, { withDeleted: true }),
    store.collection<Category>('categorias').find({ campament: enrolment.campament }, { withDeleted: true }),
    store.collection<UserRecord>('usuarios').findById(enrolment.user_id, { withDeleted: true }),
    store
      .collection<{
        _id: string;
        kind: string;
        subject: string;
        to: string[];
        status: string;
        created_at: Date;
      }>('outbox')
      .find({ _id: { $in: mailKeysOf(id, enrolment.changes) } }, { sort: { created_at: 1 } }),
    receiptsOfOrders(store, [id]),
    store
      .collection<Membership>('membresias')
      .find({ order_number: enrolment.order_number, status: 'active' }),
  ]);
  const { collected, given } = await giveBackState(store, enrolment);
  const plan = cancellationPlan(collected, given);
  const weekName = new Map(weeks.map((week) => [week._id, week.name]));
  // What its ledger collected and still owes, and each payment with its note and who recorded it
  // (issue 54): a plan's order collects far more than its checkout's amount.
  const ledger =
    enrolment.payment_status === 'paid'
      ? await readLedger(store, enrolment, santoDomingoDay(nowOf(deps)))
      : null;
  const categoryName = new Map(categories.map((category) => [category._id, category.name]));
  return {
    ...enrolment,
    state: enrolmentState(enrolment),
    parent_email: parent?.email ?? '',
    lines: enrolment.lines.map((line) => ({
      ...line,
      week_name: weekName.get(line.id) ?? line.name,
      category_name: categoryName.get(line.time) ?? '',
    })),
    receipts: receipts.get(id) ?? [],
    give_back: { collected, given, card: plan.card, office: plan.office },
    voided_by_cancel: issued.map((membership) => membership.code),
    ledger: ledger && {
      paid: ledger.paid,
      balance: ledger.balance,
      payments: ledger.payments
        .filter((payment) => PAYING_STATUSES.includes(payment.status))
        .map(({ _id, method, amount, created_at, bank, document, note, recorded_by }) => ({
          _id,
          method,
          amount,
          created_at,
          bank: bank ?? '',
          document: document ?? '',
          note: note ?? '',
          recorded_by,
        })),
    },
    mails: mails.map(({ kind, subject, to, status, created_at }) => ({
      kind,
      subject,
      to,
      status,
      created_at,
    })),
  };
}

export interface CancelOutcome {
  enrolment: Enrolment;
  /** False when it was cancelled before (a second click): nothing was done again. */
  cancelledNow: boolean;
}

/**
 * Cancels a paid enrolment: marked cancelled first (one conditional write, so two clicks cancel
 * once), then its places back (exactly its holds), its memberships voided, the refund asked of the
 * gateway, the family e-mailed. Each step checks what an earlier run did, so a repeat after a
 * crash finishes the job (`cancel_done`). A refund the gateway does not confirm leaves the
 * enrolment cancelled with `refund_status: 'pending'`.
 */
export async function cancelEnrolment(
  deps: CoreDeps,
  id: string,
  reason: string,
  actor: Actor,
  /** A parent's own cancellation: the camp's refund rule. Staff give back everything left. */
  policy?: CancelPolicy,
): Promise<CancelOutcome> {
  const { store, gateway, log, mailer } = deps;
  const enrolments = enrolmentsOf(deps);
  const existing = await enrolments.findById(id);
  if (!existing) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  if (existing.status === 'cancelled' && existing.cancel_done !== false)
    return { enrolment: existing, cancelledNow: false };
  if (existing.status !== 'cancelled') {
    if (existing.payment_status === 'pending' || existing.payment_status === 'unknown')
      throw new ApiError(409, STAFF_MESSAGES.cancelVerifyFirst);
    if (existing.payment_status !== 'paid') throw new ApiError(409, STAFF_MESSAGES.cancelNotPaid);
  }
  const marked =
    existing.status === 'cancelled'
      ? existing
      : await enrolments.updateOne(
          { _id: id, payment_status: 'paid', status: { $ne: 'cancelled' } },
          {
            set: {
              status: 'cancelled',
              cancelled_at: nowOf(deps),
              cancel_reason: reason.trim(),
              cancelled_by: actor.user.email,
              cancel_done: false,
              ...(policy
                ? { cancel_policy: { refund_rule: policy.refund_rule, cancel_fee: policy.cancel_fee } }
                : {}),
            },
          },
        );
  if (!marked) {
    // Another click got there first.
    const now = await enrolments.findById(id);
    return { enrolment: now ?? existing, cancelledNow: false };
  }
  if (existing.status !== 'cancelled')
    await recordAudit(store, actor, {
      action: 'cancel',
      kind: 'inscripciones',
      record_id: id,
      before: { status: existing.status },
      after: { status: 'cancelled' },
      note: reason.trim(),
    });
  const claimed = await fixGiveBack(deps, marked);

  await releasePlaces(store, claimed);
  // An annual program's instalments not due yet are not owed any more (issue 20).
  await cancelFutureInstalments(deps, id);
  // The freed places go to the first families waiting for those weeks (issue 18); the server's
  // pass every minute would find them too, this only does it now.
  await offerFreedPlaces(deps, [...new Set(claimed.lines.map((line) => line.id))]).catch((error: unknown) =>
    log.error({ err: error, order: claimed.order_number }, 'waiting list offers failed'),
  );
  // updateOne changes one document: one write per membership the order issued.
  for (;;) {
    const voided = await store
      .collection<Membership>('membresias')
      .updateOne({ order_number: claimed.order_number, status: 'active' }, { set: { status: 'inactive' } });
    if (!voided) break;
  }

  // What goes back to the card, from each card charge of the order in turn (its own, then the
  // instalments paid by card, issue 20), each refunded once by its reference.
  let refund: Partial<Enrolment> = {};
  const toCard = claimed.refund_amount ?? 0;
  if (toCard === 0) refund = { refund_status: 'none' };
  else if (claimed.refund_status !== 'refunded') {
    let left = toCard;
    let pending = false;
    let firstReference: string | undefined;
    for (const charge of await cardCharges(store, claimed)) {
      if (left <= 0) break;
      // What partial changes gave back already is not refunded again (issue 24).
      const amount = Math.min(charge.amount - charge.changeRefunded, left);
      left -= amount;
      if (charge.refunded >= amount) continue;
      try {
        const result = await refundWhereTaken(gateway, charge, { reference: charge.reference, amount });
        if (result.refunded) {
          firstReference ??= result.refundReference;
          if (charge.payment)
            await markPaymentRefunded(store, charge.payment, amount, result.refundReference);
        } else {
          pending = true;
          log.warn(
            { order: claimed.order_number, reference: charge.reference, message: result.message },
            'refund refused',
          );
        }
      } catch (error) {
        log.error(
          { err: error, order: claimed.order_number, reference: charge.reference },
          'refund could not be asked',
        );
        pending = true;
      }
    }
    refund = pending
      ? { refund_status: 'pending' }
      : { refund_status: 'refunded', ...(firstReference ? { refund_reference: firstReference } : {}) };
  }
  if (claimed.credit_amount && !claimed.credit_code)
    refund.credit_code = (await issueCredit(store, claimed, claimed.credit_amount, nowOf(deps))).code;
  const done = (await enrolments.updateOne({ _id: id }, { set: { ...refund } })) ?? claimed;

  // A cancelled B01 (or any e-CF) gets its credit note (B04, E34), sent with the cancellation with any receipt the
  // order was still owed; one that cannot be numbered yet is issued and e-mailed by the pass.
  const receipts = await receiptsForMail(
    deps,
    done,
    async (issued) => {
      // Its E34s, or B04s (a B01's, or an e-CF's in a contingency), issued now or by an earlier try.
      const notes = await cancellationNotes(store, id);
      return [...issued, ...notes.filter((note) => !issued.some((receipt) => receipt._id === note._id))];
    },
    [] as Receipt[],
  );
  const creditNote = receipts.find((receipt) => isCreditNote(receipt.type)) ?? null;
  const parent = await store.collection<UserRecord>('usuarios').findById(done.user_id, { withDeleted: true });
  const recipients = familyRecipients(parent?.email, done);
  if (recipients.length > 0) {
    await mailer.enqueue({
      ...cancellationMail(done, creditNote),
      ...(receipts.length > 0
        ? { attachments: await Promise.all(receipts.map((receipt) => receiptAttachment(deps, receipt))) }
        : {}),
      to: recipients,
      user_id: done.user_id,
      key: `cancelled-${id}`,
    });
    await markMailed(store, receipts);
  }
  // Beside the e-mail (issue 56): a refund confirmed to the card, where the family opted in.
  const refunded = done.refund_amount ?? done.amount;
  if (done.refund_status === 'refunded' && refunded > 0)
    await sendTemplate(deps, done.user_id, 'reembolso_realizado', refundParameters(done, refunded), {
      kind: 'refund',
      key: `refund-${id}`,
    });
  const finished = (await enrolments.updateOne({ _id: id }, { set: { cancel_done: true } })) ?? done;
  return { enrolment: finished, cancelledNow: existing.status !== 'cancelled' };
}

/**
 * Fixes once what a cancellation gives back (issue 53), after the order is marked cancelled: the
 * change credits not spent yet are voided first, then what is left of what the order collected
 * (less its changes' card refunds and the credits kept) goes back by the rule: to the card up to
 * what the card paid, the rest owed back by the office. Written only where no figures are yet, so
 * a repeat after a crash, or two runs at once, keep the first figures.
 */
async function fixGiveBack(deps: CoreDeps, order: Enrolment): Promise<Enrolment> {
  if (order.refund_amount !== undefined) return order;
  // A payment of the order already under way (it took the ledger's lease before the order was
  // marked) finishes first, so what it collects is counted; later ones see the order cancelled.
  return withLedgerLock(
    deps,
    order._id,
    (locked) => fixFigures(deps, locked),
    LEDGER_MESSAGES.busy,
    LEDGER_WAIT_LIMIT_MS,
  );
}

/** How long a cancellation waits for a payment under way before answering it is busy. */
const LEDGER_WAIT_LIMIT_MS = 15_000;

async function fixFigures(deps: CoreDeps, order: Enrolment): Promise<Enrolment> {
  const { store } = deps;
  await voidUnspentChangeCredits(store, order._id);
  const { collected, given } = await giveBackState(store, order);
  const plan = cancellationPlan(collected, given, order.cancel_policy ?? {});
  const fixed = await enrolmentsOf(deps).updateOne(
    { _id: order._id, refund_amount: { $exists: false } },
    {
      set: {
        refund_amount: plan.card,
        ...(plan.credit > 0 ? { credit_amount: plan.credit } : {}),
        ...(plan.office > 0 ? { office_refund: { amount: plan.office, status: 'owed' as const } } : {}),
        ...(plan.fee > 0 ? { cancel_fee_kept: plan.fee } : {}),
      },
    },
  );
  return fixed ?? (await enrolmentsOf(deps).findById(order._id)) ?? order;
}

/**
 * A cancellation's credit: a personal coupon of the amount, for one use by this family, for any
 * camp, valid a year. Found again by its enrolment when a repeat runs after a crash.
 */
export async function issueCredit(
  store: Store,
  enrolment: Enrolment,
  amount: number,
  now: Date,
  /** A partial change's credit (issue 24): one per change, named by it. */
  change?: string,
): Promise<Coupon> {
  const coupons = store.collection<Coupon>('cupones');
  // One id per order (or change): two runs at once (a repeat while the first still works) insert one coupon.
  const _id = change ? `credit-${enrolment._id}-${change}` : `credit-${enrolment._id}`;
  return insertWithNewCode(
    coupons,
    creditCode,
    (code) => ({
      _id,
      code,
      label: change
        ? `Crédito por el cambio de la orden ${enrolment.order_number}`
        : `Crédito por la orden ${enrolment.order_number}`,
      type: 'amount',
      percent: 0,
      amount,
      date: new Date(now.getTime() + CREDIT_VALID_MS),
      status: 'active',
      valid_from: null,
      max_uses: 1,
      max_per_family: 1,
      camps: [],
      min_children: 0,
      uses: 0,
      owner: enrolment.user_id,
      credit_for: enrolment._id,
    }),
    () => coupons.findById(_id, { withDeleted: true }),
  );
}

/** A credit is valid for a year: long enough for next summer's camp. */
const CREDIT_VALID_MS = 365 * 24 * 3600_000;

/** 'CR-' and 8 letters and digits without look-alikes (0/O, 1/I/L). */
function creditCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return `CR-${Array.from({ length: 8 }, () => alphabet[randomInt(0, alphabet.length)]).join('')}`;
}

/**
 * Staff record that what a cancelled order had collected at the counter went back to the family
 * (issue 53): 'Devuelto en efectivo/transferencia', with who and when. Once: a second record is
 * refused, so two clicks never say it was handed back twice.
 */
export async function recordOfficeRefund(
  deps: CoreDeps,
  id: string,
  body: OfficeRefundBody,
  actor: Actor,
): Promise<Enrolment> {
  const order = await enrolmentsOf(deps).findById(id);
  if (!order) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  if (!order.office_refund) throw new ApiError(409, GIVE_BACK_MESSAGES.nothingOwed);
  const note = body.note?.trim() ?? '';
  const returned = await enrolmentsOf(deps).updateOne(
    { _id: id, 'office_refund.status': 'owed' },
    {
      set: {
        office_refund: {
          amount: order.office_refund.amount,
          status: 'returned',
          method: body.method,
          ...(note ? { note } : {}),
          returned_by: actor.user.email,
          returned_at: nowOf(deps),
        },
      },
    },
  );
  if (!returned) throw new ApiError(409, GIVE_BACK_MESSAGES.alreadyReturned);
  await recordAudit(deps.store, actor, {
    action: 'update',
    kind: 'inscripciones',
    record_id: id,
    before: { office_refund: 'owed', amount: order.office_refund.amount },
    after: { office_refund: 'returned', method: body.method },
    note: `${OFFICE_REFUND_METHOD_LABELS[body.method]}: ${formatDop(order.office_refund.amount)}${note ? `. ${note}` : ''}`,
  });
  return returned;
}
