// What happens once the gateway has answered, or failed to (DESIGN.md §2.9, §2.10):
//   settleApproved      approved: the enrolment is paid whatever fails next; the parent gets the
//                       success answer; the follow-ups (./follow-ups.ts) run now and are retried until done
//   answerInTime        the gateway's answer within half the lease, or the order marked 'unknown'
//                       and a late answer settled when it comes
//   failUncharged       not charged: its places and coupon use go back, then it is marked failed
// The answers the request gets are ./answers.ts; the reconciler that settles what a request could
// not is ./reconciler.ts.
import { nowOf, withinTime, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment, Week } from '../../domain/records.ts';
import type { PaymentResult } from '../../domain/enrolment.ts';
import { refundWhereTaken, type ChargeResult, type SecureChargeResult } from './gateway.ts';
import { placesOfLines } from './steps.ts';
import { releaseCouponUse } from './coupons.ts';
import { paymentLeaseMs } from './idempotency.ts';
import { completeFollowUps } from './follow-ups.ts';
import { releaseOrderPlaces } from './order-places.ts';
import { unpaidAtEnrolment } from '../../domain/office-sales.ts';
import { notCompletedAnswer, paymentResult, rewriteAnswer, successAnswer } from './answers.ts';
import { enrolmentsOf } from '../collections.ts';

type Approved = Extract<ChargeResult, { approved: true }>;

/**
 * Approved: paid first (one write), then the follow-ups; nothing after the approval fails the
 * answer. Null when the order had failed before the approval came (issue 43: a late approval):
 * it stays failed, its places are not taken back, and the charge is refunded. `beforeFollowUps`
 * (the card kept for autopay) runs once paid and before the confirmation, so that the receipt it
 * carries prints the autopay agreement (issue 59); it must not throw.
 */
export async function settleApproved(
  deps: CoreDeps,
  enrolment: Enrolment,
  charge: Approved,
  beforeFollowUps?: () => Promise<unknown>,
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
  if (beforeFollowUps) await beforeFollowUps();
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

/**
 * An order the office took at the counter (issue 54): paid in cash or by transfer, or owed until
 * its due day, with no card charged. Marked paid (an order that holds its places and is settled
 * in the ledger, src/core/payments/ledger.ts), then the same follow-ups as a card's; its invoice
 * is owed only when money came in (an unpaid order gets a receipt with each payment).
 */
export async function settleAtCounter(deps: CoreDeps, enrolment: Enrolment): Promise<PaymentResult> {
  const { store, log, clock = () => new Date() } = deps;
  const paidAt = clock();
  await enrolmentsOf(store).updateOne(
    { _id: enrolment._id, payment_status: 'pending' },
    {
      set: {
        payment_status: 'paid',
        status: 'active',
        paid_at: paidAt,
        followups_done: false,
        receipt_pending: !unpaidAtEnrolment(enrolment),
      },
    },
  );
  try {
    await completeFollowUps(deps, enrolment._id);
  } catch (error) {
    log.error({ err: error, order: enrolment.order_number }, 'follow-ups of an office order failed; retried');
  }
  const settled = (await enrolmentsOf(store).findById(enrolment._id)) ?? enrolment;
  return paymentResult(settled, paidAt, '');
}

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
export async function retryLateRefund(deps: CoreDeps, enrolment: Enrolment): Promise<boolean> {
  try {
    const result = await refundWhereTaken(deps.gateway, enrolment, {
      reference: enrolment.order_number,
      amount: enrolment.amount,
    });
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
 * however often this runs. A paid order's places may have left the week for its records
 * (./order-places.ts), which a mark in the week then keeps from counting again.
 */
export async function releasePlaces(store: Store, enrolment: Enrolment): Promise<void> {
  await releaseCouponUse(store, enrolment);
  const weeks = store.collection<Week>('semanas');
  for (const { id, count } of placesOfLines(enrolment.lines)) {
    // An order never paid gives back its hold in the week and leaves nothing; one with no hold
    // there may have been paid once (its places in a record).
    const released =
      enrolment.payment_status !== 'paid' &&
      (await weeks.incrementWithin(id, {
        field: 'quota_f',
        by: -count,
        limitField: 'quota_q',
        hold: enrolment._id,
      }));
    if (!released) await releaseOrderPlaces(store, id, enrolment._id);
  }
}
