// What happens once the gateway has answered, or failed to (DESIGN.md §2.9, §2.10):
//   settleApproved      approved: the enrolment is paid whatever fails next; the parent gets the
//                       success answer; the follow-ups run now and are retried until done
//   completeFollowUps   memberships, admin records, confirmation e-mail; safe to run again
//   reconcilePayments   the retry loop: asks the gateway about every enrolment whose outcome is
//                       unknown (a timeout) or that a crash left pending, then pays it or gives
//                       its places back; finishes the follow-ups of paid ones; rewrites the
//                       stored idempotent answer to the final one and e-mails the parent.
import { rememberOrder } from '../family/saved.ts';
import { childKey } from '../../domain/family.ts';
import { AUTHENTICATION_MESSAGES } from '../../domain/authentication.ts';
import { closeWaitlistFor } from './waitlist.ts';
import { fullName } from '../../domain/family.ts';
import { ensureLedger } from '../payments/ledger.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import { errorEnvelope } from '../errors.ts';
import type { Category, Enrolment, Membership, UserRecord, Week } from '../../domain/records.ts';
import { ENROLMENT_MESSAGES as M, formatPaymentDate, type PaymentResult } from '../../domain/enrolment.ts';
import { formatDop } from '../../domain/pricing.ts';
import { CARD_MESSAGES } from '../../domain/cards.ts';
import {
  ChargeAwaitingAuthentication,
  mayStillBeApproved,
  withinTime,
  type ChargeResult,
  type SecureChargeResult,
} from './gateway.ts';
import { placesOfLines } from './steps.ts';
import { releaseCouponUse } from './coupons.ts';
import {
  ATTEMPTS,
  attemptId,
  keyOfAttempt,
  PAYMENT_LEASE_MS,
  paymentLeaseMs,
  type Attempt,
} from './idempotency.ts';
import {
  calendarRecords,
  clientRecord,
  contactRecords,
  membershipRecord,
  insertWithNewCode,
  newMembershipCode,
  participantRecords,
  recordBase,
} from './records.ts';
import { confirmationMail, familyRecipients, paymentNotCompletedMail } from './mails.ts';
import {
  invoiceType,
  markMailed,
  receiptsForMail,
  receiptAttachment,
  receiptOf,
} from '../receipts/service.ts';
import type { Receipt } from '../../domain/receipts.ts';

type Approved = Extract<ChargeResult, { approved: true }>;

export { PAYMENT_LEASE_MS };

export { paymentLeaseMs };

const enrolmentsOf = (store: Store) => store.collection<Enrolment>('inscripciones');

export const successAnswer = (result: PaymentResult) => ({
  statusCode: 201,
  body: { success: true, message: M.success, result },
});

export const verifyingAnswer = () => ({ statusCode: 202, body: errorEnvelope(M.verifying) });

/**
 * Approved: paid first (one write), then the follow-ups; nothing after the approval fails the
 * answer. Null when the order had failed before the approval came (issue 43: a late approval):
 * it stays failed, its places are not taken back, and the charge is refunded.
 */
export async function settleApproved(
  deps: CoreDeps,
  enrolment: Enrolment,
  charge: Approved,
): Promise<PaymentResult | null> {
  const { store, log, clock = () => new Date() } = deps;
  const paidAt = clock();
  try {
    const marked = await markPaid(store, enrolment._id, charge, paidAt);
    const current = marked ? null : await enrolmentsOf(store).findById(enrolment._id);
    if (current && current.payment_status !== 'paid') {
      await refundLateCharge(deps, current, charge);
      return null;
    }
  } catch (error) {
    // The reconciler finds the order by its reference at the gateway and marks it paid.
    log.error({ err: error, order: enrolment.order_number }, 'a paid enrolment could not be marked paid');
  }
  try {
    await completeFollowUps(deps, enrolment._id);
  } catch (error) {
    log.error(
      { err: error, order: enrolment.order_number },
      'follow-ups of a paid enrolment failed; retried',
    );
  }
  // Read again for the membership codes the follow-ups issued (none if they are still pending).
  const settled =
    (await enrolmentsOf(store)
      .findById(enrolment._id)
      .catch(() => null)) ?? enrolment;
  return paymentResult(settled, paidAt, charge.authCode);
}

/** What the thank-you page shows of a paid order. */
const paymentResult = (enrolment: Enrolment, paidAt: Date, authCode: string): PaymentResult => ({
  date_createdBO: formatPaymentDate(paidAt),
  orderId: enrolment.order_number,
  authCode,
  amountFormat: formatDop(enrolment.amount),
  memberships: enrolment.participants
    .filter((participant) => participant.membership_code)
    .map((participant) => ({
      participant: fullName(participant),
      code: participant.membership_code,
    })),
});

/** The answer of an order whose payment did not go through (nothing kept of it). */
export const notCompletedAnswer = (message: string = CARD_MESSAGES.gatewayError) => ({
  statusCode: 402,
  body: errorEnvelope(message),
});

/**
 * A charge approved after its order had failed (its places given back, the parent told nothing was
 * charged): refunded at once, and kept on the order for the office; the reconciler tries again
 * while the gateway cannot be reached.
 */
async function refundLateCharge(deps: CoreDeps, enrolment: Enrolment, charge: Approved): Promise<void> {
  const { store, log } = deps;
  const enrolments = enrolmentsOf(store);
  log.warn(
    { order: enrolment.order_number },
    'a charge was approved after its order had failed; refunding it',
  );
  if (!enrolment.late_charge)
    await enrolments.updateOne(
      { _id: enrolment._id, late_charge: { $exists: false } },
      {
        set: {
          late_charge: {
            auth_code: charge.authCode,
            gateway_reference: charge.gatewayReference,
            refund_status: 'pending',
            at: nowOf(deps),
          },
        },
      },
    );
  await retryLateRefund(deps, enrolment);
}

/** Refunds an order's late charge once (the gateway refunds a reference once). */
async function retryLateRefund(deps: CoreDeps, enrolment: Enrolment): Promise<boolean> {
  try {
    const result = await deps.gateway.refund({ reference: enrolment.order_number, amount: enrolment.amount });
    if (!result.refunded) return false;
    await enrolmentsOf(deps.store).updateOne(
      { _id: enrolment._id },
      { set: { 'late_charge.refund_status': 'refunded' } },
    );
    return true;
  } catch (error) {
    deps.log.error({ err: error, order: enrolment.order_number }, 'a late charge could not be refunded yet');
    return false;
  }
}

/**
 * The gateway's answer that came after the checkout stopped waiting (issue 43): an approval pays
 * the order if it is still open, or is refunded if the order failed meanwhile; the request's stored
 * answer becomes the final one. A decline is left to the reconciler, which asks the gateway.
 */
export async function settleLateAnswer(
  deps: CoreDeps,
  enrolment: Enrolment,
  charge: ChargeResult,
): Promise<void> {
  if (!charge.approved) return;
  const result = await settleApproved(deps, enrolment, charge);
  await rewriteAnswer(deps.store, enrolment, result ? successAnswer(result) : notCompletedAnswer());
}

/**
 * The gateway's answer to a charge (or to a 3-D Secure step) within half the payment lease, so the
 * request settles its order long before the reconciler may take it for one whose request died.
 * Null when it did not come (a timeout, a lost connection): the order is then 'unknown' until the
 * reconciler asks the gateway, and an answer that still comes is used at once (issue 43): an
 * approval pays the order, or is refunded if the order has failed meanwhile.
 */
export async function answerInTime<T extends SecureChargeResult>(
  deps: CoreDeps,
  enrolment: Enrolment,
  sent: Promise<T>,
): Promise<T | null> {
  const { log } = deps;
  try {
    return await withinTime(paymentLeaseMs(deps) / 2, sent);
  } catch (error) {
    log.error({ err: error, order: enrolment.order_number }, 'payment gateway did not answer');
    await enrolmentsOf(deps.store).updateOne(
      { _id: enrolment._id },
      { set: { payment_status: 'unknown', unknown_at: nowOf(deps) } },
    );
    sent
      .then((late) => (late.approved === null ? undefined : settleLateAnswer(deps, enrolment, late)))
      .catch((lateError: unknown) =>
        log.error(
          { err: lateError, order: enrolment.order_number },
          'a late gateway answer could not be settled',
        ),
      );
    return null;
  }
}

async function markPaid(store: Store, id: string, charge: Approved, paidAt: Date): Promise<Enrolment | null> {
  return enrolmentsOf(store).updateOne(
    // Only an order still waiting for its charge: a failed one has given its places back.
    { _id: id, payment_status: { $in: ['pending', 'unknown'] } },
    {
      set: {
        payment_status: 'paid',
        status: 'active',
        auth_code: charge.authCode,
        gateway_reference: charge.gatewayReference,
        // The acquirer's retrieval reference (AZUL's RRN), for disputes and its portal (issue 21).
        ...(charge.rrn ? { gateway_rrn: charge.rrn } : {}),
        'card.brand': charge.brand,
        paid_at: paidAt,
        // Marks the follow-ups as owed: the reconciler only retries orders paid since this existed
        // (an order paid before has had its e-mail and must not get it again).
        followups_done: false,
        // And its fiscal receipt, until issued (src/core/receipts/service.ts).
        receipt_pending: true,
      },
    },
  );
}

/**
 * Fails an order that was not charged ('declined' or 'error'): its places and coupon use go back
 * first, then the status is written, only over 'pending' or 'unknown'. In this order a crash
 * between the two leaves the order pending, and the reconciler settles it again (each hold gives
 * back once); the other way round, a failed order would keep its places for good (issue 57's
 * crash suite on MongoDB showed it). The caller holds the order (the request's payment lease or
 * the reconciler's claim), so nothing pays it meanwhile. False: it was already settled.
 */
export async function failUncharged(
  store: Store,
  enrolment: Enrolment,
  status: 'declined' | 'error',
  set: Record<string, unknown> = {},
): Promise<boolean> {
  const current = await enrolmentsOf(store).findById(enrolment._id);
  if (!current || (current.payment_status !== 'pending' && current.payment_status !== 'unknown'))
    return false;
  await releasePlaces(store, enrolment);
  const failed = await enrolmentsOf(store).updateOne(
    { _id: enrolment._id, payment_status: { $in: ['pending', 'unknown'] } },
    { set: { ...set, payment_status: status } },
  );
  return failed !== null;
}

/**
 * Gives back the places and the coupon use of an enrolment that will never be paid (or was
 * cancelled): only those its holds name (none if it crashed before taking them), and once,
 * however often this runs.
 */
export async function releasePlaces(store: Store, enrolment: Enrolment): Promise<void> {
  await releaseCouponUse(store, enrolment);
  const weeks = store.collection<Week>('semanas');
  for (const { id, count } of placesOfLines(enrolment.lines)) {
    await weeks.incrementWithin(id, {
      field: 'quota_f',
      by: -count,
      limitField: 'quota_q',
      hold: enrolment._id,
    });
  }
}

/**
 * Memberships for the children without one, the admin records, the confirmation e-mail; then
 * `followups_done`. Each part checks what a previous run already did, so a retry never doubles it.
 */
export async function completeFollowUps(deps: CoreDeps, enrolmentId: string): Promise<void> {
  const { store, mailer, settings } = deps;
  const enrolments = enrolmentsOf(store);
  const enrolment = await enrolments.findById(enrolmentId);
  if (!enrolment || enrolment.payment_status !== 'paid' || enrolment.followups_done) return;
  const user = await store
    .collection<UserRecord>('usuarios')
    .findById(enrolment.user_id, { withDeleted: true });
  if (!user) return;
  const issuedAt = enrolment.paid_at ?? new Date();

  const memberships = store.collection<Membership>('membresias');
  const participants: Enrolment['participants'] = [];
  for (const participant of enrolment.participants) {
    if (participant.membership_code) {
      participants.push(participant);
      continue;
    }
    const earlier = await memberships.findOne({
      order_number: enrolment.order_number,
      first_name: participant.first_name,
      birth_date: participant.birth_date,
    });
    // A child the family already has a code for keeps it (issue 26): one code per child, never two.
    const known =
      earlier ??
      (
        await memberships.find(
          { user_id: user._id, status: 'active', birth_date: participant.birth_date },
          { sort: { issued_at: 1 } },
        )
      ).find((membership) => childKey(membership) === childKey(participant));
    const membership =
      known ??
      (await insertWithNewCode(memberships, newMembershipCode, (code) =>
        membershipRecord(code, user._id, participant, enrolment, issuedAt),
      ));
    participants.push({ ...participant, membership_code: membership.code });
  }
  const paid = (await enrolments.updateOne({ _id: enrolment._id }, { set: { participants } })) ?? enrolment;
  // The family's saved children and contacts (issue 26): a convenience, never a reason to stop.
  await rememberOrder(deps, paid).catch((error: unknown) =>
    deps.log.error({ err: error, order: paid.order_number }, 'the family data could not be saved'),
  );

  const weekIds = [...new Set(paid.lines.map((line) => line.id))];
  const [weeks, categories] = await Promise.all([
    store.collection<Week>('semanas').find({ _id: { $in: weekIds } }, { withDeleted: true }),
    store.collection<Category>('categorias').find({ campament: paid.campament }, { withDeleted: true }),
  ]);
  const weekById = new Map(weeks.map((week) => [week._id, week]));
  if ((await store.collection('participantes').count({ inscription: paid._id })) === 0)
    await writeAdminRecords(store, user, paid, weekById, categories);

  const recipients = familyRecipients(user.email, paid);
  // The fiscal receipt goes with the confirmation; one that cannot be numbered yet (no sequence)
  // is owed and e-mailed by the pass once it can, and never holds the confirmation back.
  const receipt = await invoiceOf(deps, paid);
  await mailer.enqueue({
    ...confirmationMail(paid, weekById, settings.schoolWebsite, receipt),
    ...(receipt ? { attachments: [await receiptAttachment(deps, receipt)] } : {}),
    to: recipients,
    user_id: user._id,
    key: `confirmation-${paid._id}`,
  });
  if (receipt) await markMailed(store, [receipt]);
  // Its ledger (issue 20): the instalments of its plan, the first of them paid by this charge.
  await ensureLedger(store, paid);
  // The family's waiting-list requests for the weeks it now has end (an offer taken).
  await closeWaitlistFor(store, paid.user_id, [...new Set(paid.lines.map((line) => line.id))]);
  await enrolments.updateOne({ _id: paid._id }, { set: { followups_done: true } });
}

/** The order's invoice (B01 or B02), issued now if it was not; null while it cannot be. */
const invoiceOf = (deps: CoreDeps, enrolment: Enrolment): Promise<Receipt | null> =>
  receiptsForMail(
    deps,
    enrolment,
    () => receiptOf(deps.store, enrolment._id, invoiceType(enrolment, deps.settings.ecf)),
    null,
  );

/** The participantes, contactos, calendarios and clientes records the admin area lists. */
async function writeAdminRecords(
  store: Store,
  user: UserRecord,
  enrolment: Enrolment,
  weekById: Map<string, Week>,
  categories: Category[],
): Promise<void> {
  const base = recordBase(enrolment, user._id);
  const participants = await store
    .collection('participantes')
    .insertMany(participantRecords(base, enrolment));
  const participantByCupo = new Map(participants.map((record) => [record.cupo as number, record._id]));
  await store
    .collection('calendarios')
    .insertMany(calendarRecords(base, enrolment, weekById, categories, participantByCupo));
  await store.collection('contactos').insertMany(contactRecords(base, enrolment.contact));
  const clients = store.collection('clientes');
  const client = clientRecord(user, enrolment);
  if (!(await clients.updateOne({ user_id: user._id }, { set: { ...client, updated_at: new Date() } }))) {
    await clients.insertOne({ ...client, created_at: new Date() });
  }
}

/** The stored answer of the request that made this enrolment, now that its outcome is known. */
export async function rewriteAnswer(
  store: Store,
  enrolment: Enrolment,
  answer: { statusCode: number; body: unknown },
) {
  await store
    .collection<Attempt>(ATTEMPTS)
    .updateOne(
      { _id: attemptId(enrolment.user_id, enrolment.idempotency_key) },
      { set: { status: 'done', answer } },
    );
}

/**
 * True while the order's 3-D Secure step (./authentication.ts) may still be taken on by the
 * parent's browser: the reconciler leaves it alone, as a charge in flight.
 */
export const authenticationOpen = (enrolment: Enrolment, now: Date): boolean =>
  Boolean(
    enrolment.authentication &&
    ['method', 'challenge', 'resuming'].includes(enrolment.authentication.state) &&
    new Date(enrolment.authentication.until).getTime() > now.getTime(),
  );

/** An enrolment no reconciler pass or 'Verificar' is working on now (its claim absent or over). */
const unclaimed = (now: Date) => ({
  $or: [{ reconciling_until: { $exists: false } }, { reconciling_until: { $lt: now } }],
});

export interface ReconcileReport {
  paid: number;
  released: number;
  completed: number;
  /** Still unknown: the gateway could not be asked; tried again next time. */
  unresolved: number;
  /** Attempts whose request died: given their order's answer, or cleared when it never made one. */
  attempts: number;
}

export interface ReconcileOptions {
  now?: Date;
  /** Defaults to the deployment's (paymentLeaseMs). */
  leaseMs?: number;
  /**
   * Nothing else works on this store: a single-process store (the embedded one) before it listens
   * again after a stop or a crash. Every pending payment, claim and attempt was then left by a dead
   * process and is settled now instead of after its lease.
   */
  afterRestart?: boolean;
}

/** One batch: a pass settles at most this many enrolments and this many attempts. */
const BATCH = 100;

/**
 * One pass of the reconciler. Each enrolment is claimed for a while before it is worked on, so
 * two server instances never settle the same one.
 */
export async function reconcilePayments(
  deps: CoreDeps,
  { now = new Date(), leaseMs = paymentLeaseMs(deps), afterRestart = false }: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const { store, log } = deps;
  const enrolments = enrolmentsOf(store);
  const report: ReconcileReport = { paid: 0, released: 0, completed: 0, unresolved: 0, attempts: 0 };
  const stale = afterRestart ? now : new Date(now.getTime() - leaseMs);
  const open = await enrolments.find(
    {
      $or: [
        { payment_status: 'unknown' },
        { payment_status: 'pending', created_at: { $lte: stale } },
        { payment_status: 'paid', followups_done: false },
      ],
    },
    { limit: BATCH },
  );
  for (const late of await enrolments.find({ 'late_charge.refund_status': 'pending' }, { limit: BATCH }))
    await retryLateRefund(deps, late);
  for (const candidate of open) {
    // A parent still at the bank's step: not in flight yet (a restart does not end it either).
    if (candidate.payment_status === 'pending' && authenticationOpen(candidate, now)) continue;
    const claim = await enrolments.updateOne(
      afterRestart
        ? { _id: candidate._id }
        : {
            _id: candidate._id,
            ...unclaimed(now),
          },
      { set: { reconciling_until: new Date(now.getTime() + leaseMs) } },
    );
    if (!claim) continue;
    try {
      report[await settleClaimed(deps, claim, now)] += 1;
    } catch (error) {
      log.error({ err: error, order: claim.order_number }, 'reconciling an enrolment failed; retried');
      report.unresolved += 1;
    }
  }
  report.attempts = await settleDeadAttempts(store, afterRestart ? null : now);
  return report;
}

/**
 * Settles one claimed enrolment: finishes a paid one's follow-ups, or asks the gateway about a
 * pending or unknown one and pays it or gives its places back. 'unresolved': the gateway cannot
 * tell yet (the claim is freed for the next pass).
 */
async function settleClaimed(
  deps: CoreDeps,
  claim: Enrolment,
  now: Date,
): Promise<'completed' | 'paid' | 'released' | 'unresolved'> {
  const { store, gateway, log, mailer } = deps;
  const enrolments = enrolmentsOf(store);
  if (claim.payment_status === 'paid') {
    await completeFollowUps(deps, claim._id);
    return 'completed';
  }
  const later = async () => {
    // Free for the next pass (of any instance) to ask again.
    await enrolments.updateOne({ _id: claim._id }, { unset: ['reconciling_until'] });
    return 'unresolved' as const;
  };
  let outcome: ChargeResult | null;
  let abandoned = false;
  try {
    outcome = await gateway.lookup(claim.order_number);
  } catch (error) {
    // Held for the bank's step that nobody took on within the window: only the app could have
    // gone on with it, so it can no longer be approved (issue 21).
    abandoned =
      error instanceof ChargeAwaitingAuthentication &&
      Boolean(claim.authentication) &&
      !authenticationOpen(claim, now) &&
      !mayStillBeApproved(gateway, claim.unknown_at ?? claim.created_at, now);
    if (!abandoned) {
      log.warn({ err: error, order: claim.order_number }, 'payment gateway could not tell yet');
      return later();
    }
    outcome = null;
  }
  // 'Never received' is only believed once the gateway could no longer be deciding the charge
  // (issue 43): until then it may still approve it.
  if (!outcome && !abandoned && mayStillBeApproved(gateway, claim.unknown_at ?? claim.created_at, now))
    return later();
  if (outcome?.approved) {
    const result = await settleApproved(deps, claim, outcome);
    await rewriteAnswer(store, claim, result ? successAnswer(result) : notCompletedAnswer());
    return result ? 'paid' : 'released';
  }
  // Declined, or the gateway never received it: nothing was charged.
  await failUncharged(store, claim, outcome ? 'declined' : 'error');
  await rewriteAnswer(
    store,
    claim,
    notCompletedAnswer(
      outcome && !outcome.approved
        ? outcome.message
        : claim.authentication
          ? AUTHENTICATION_MESSAGES.expired
          : undefined,
    ),
  );
  const user = await store.collection<UserRecord>('usuarios').findById(claim.user_id, { withDeleted: true });
  if (claim.payment_status === 'unknown' && user)
    await mailer.enqueue({
      ...paymentNotCompletedMail(claim),
      to: [user.email],
      user_id: user._id,
      key: `not-completed-${claim._id}`,
    });
  return 'released';
}

export interface VerifyOutcome {
  outcome: 'paid' | 'failed' | 'later';
  /** True for the one call that settled it (the others found it settled). */
  settledNow: boolean;
}

/**
 * Staff's 'Verificar' on a pending payment: the reconciler's work for one enrolment, now. Two
 * clicks (or a click during a reconciler pass) settle it once: the second waits for the first.
 * An order already settled answers its outcome again. Null: no such enrolment.
 */
export async function verifyPayment(
  deps: CoreDeps,
  id: string,
  { waitMs = 10_000, pollMs = 100 }: { waitMs?: number; pollMs?: number } = {},
): Promise<VerifyOutcome | null> {
  const enrolments = enrolmentsOf(deps.store);
  const settled = (enrolment: Enrolment): VerifyOutcome['outcome'] | undefined =>
    enrolment.payment_status === 'paid'
      ? 'paid'
      : enrolment.payment_status === 'declined' || enrolment.payment_status === 'error'
        ? 'failed'
        : undefined;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const current = await enrolments.findById(id);
    if (!current) return null;
    const outcome = settled(current);
    if (outcome) return { outcome, settledNow: false };
    const now = new Date();
    const claim = await enrolments.updateOne(
      {
        _id: id,
        payment_status: { $in: ['pending', 'unknown'] },
        ...unclaimed(now),
      },
      { set: { reconciling_until: new Date(now.getTime() + paymentLeaseMs(deps)) } },
    );
    if (claim) {
      const result = await settleClaimed(deps, claim, now);
      return result === 'paid'
        ? { outcome: 'paid', settledNow: true }
        : result === 'released'
          ? { outcome: 'failed', settledNow: true }
          : { outcome: 'later', settledNow: false };
    }
    if (Date.now() > deadline) return { outcome: 'later', settledNow: false };
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Attempts still 'processing' after their lease (all of them after a restart: `expiredBefore`
 * null): the request working on each died. One that recorded an order gets that order's answer
 * (the pass above has settled it, or will, and rewrites it then); one that never did charged
 * nothing and is removed, so a retry with its key simply runs. Each change is conditional on the
 * lease it saw, so a retry that took the attempt over in between keeps it.
 */
async function settleDeadAttempts(store: Store, expiredBefore: Date | null): Promise<number> {
  const attempts = store.collection<Attempt>(ATTEMPTS);
  const dead = await attempts.find(
    expiredBefore
      ? {
          status: 'processing',
          // Attempts from before leases existed have none: long dead.
          $or: [{ lease_until: { $lt: expiredBefore } }, { lease_until: { $exists: false } }],
        }
      : { status: 'processing' },
    { limit: BATCH },
  );
  let settled = 0;
  for (const attempt of dead) {
    const seen = {
      _id: attempt._id,
      status: 'processing',
      lease_until: attempt.lease_until ?? { $exists: false },
    };
    const answer = await recoverAnswer(store, attempt.user_id, keyOfAttempt(attempt));
    const changed = answer
      ? Boolean(await attempts.updateOne(seen, { set: { status: 'done', answer } }))
      : (await attempts.deleteMany(seen)) > 0;
    if (changed) settled += 1;
  }
  return settled;
}

/**
 * The answer of a request that died (its server crashed) after it recorded its order: the final
 * one if the order is settled, else 'being verified' (the reconciler settles it and rewrites the
 * stored answer). Null when it never recorded an order: nothing was charged.
 */
export async function recoverAnswer(
  store: Store,
  userId: string,
  key: string,
): Promise<{ statusCode: number; body: unknown } | null> {
  const enrolment = await enrolmentsOf(store).findOne({ user_id: userId, idempotency_key: key });
  if (!enrolment) return null;
  if (enrolment.payment_status === 'paid')
    return successAnswer(
      paymentResult(enrolment, enrolment.paid_at ?? enrolment.created_at, enrolment.auth_code ?? ''),
    );
  if (enrolment.payment_status === 'declined')
    return { statusCode: 402, body: errorEnvelope(CARD_MESSAGES.declined) };
  if (enrolment.payment_status === 'error')
    return { statusCode: 402, body: errorEnvelope(CARD_MESSAGES.gatewayError) };
  return verifyingAnswer();
}
