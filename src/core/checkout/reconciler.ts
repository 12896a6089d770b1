// The reconciler (DESIGN.md §2.10): asks the gateway about each order whose outcome is unknown or that
// a crash left pending, pays it or gives its places back, rewrites its stored answer and e-mails the
// parent; finishes paid orders' follow-ups; settles dead attempts. Staff's 'Verificar' runs it for one.
import { AUTHENTICATION_MESSAGES } from '../../domain/authentication.ts';
import type { CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import {
  ChargeAwaitingAuthentication,
  mayStillBeApproved,
  takenElsewhere,
  type ChargeResult,
} from './gateway.ts';
import { ATTEMPTS, keyOfAttempt, paymentLeaseMs, type Attempt } from './idempotency.ts';
import { paymentNotCompletedMail } from './mails.ts';
import { failUncharged, retryLateRefund, settleApproved } from './settle.ts';
import { completeFollowUps } from './follow-ups.ts';
import { notCompletedAnswer, recoverAnswer, rewriteAnswer, successAnswer } from './answers.ts';
import { enrolmentsOf } from '../collections.ts';

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
  // Sent to the school's previous merchant (issue 55): the current one would say 'never received'
  // of a charge that may be paid. Its places stay held until the office settles it by hand.
  if (takenElsewhere(gateway, claim)) {
    log.error({ order: claim.order_number, merchant: claim.merchant }, 'charge sent to a previous merchant');
    return later();
  }
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
