// Settling an instalment's card payment (issue 20): the gateway's answer written once on a payment
// left 'charging', and the pass that asks the gateway about those a crash or a timeout left so.
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import { errorEnvelope } from '../errors.ts';
import { LEDGER_MESSAGES as M, type LedgerPayment } from '../../domain/ledger.ts';
import type { Enrolment } from '../../domain/records.ts';
import { AUTHENTICATION_MESSAGES } from '../../domain/authentication.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import {
  ChargeAwaitingAuthentication,
  mayStillBeApproved,
  takenElsewhere,
  type ChargeResult,
} from '../checkout/gateway.ts';
import { ATTEMPTS, attemptId, type Attempt } from '../checkout/idempotency.ts';
import { PAYMENTS, readLedger } from './ledger.ts';
import { ledgerAnswer } from './ledger-answer.ts';
import { mailPaymentReceipt, paymentReceipt } from './payment-receipts.ts';

const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);

/**
 * Writes a gateway's answer on a 'charging' payment (once) and sends the receipt of an approval. A
 * payment that waited for the bank's step (3-D Secure) also gets its request's stored answer
 * rewritten, which the parent's page reads. `failure` says why nothing was charged (default: the
 * charge never reached the bank).
 */
export async function settleCharge(
  deps: CoreDeps,
  payment: LedgerPayment,
  charge: ChargeResult | null,
  failure = 'El cargo no llegó al banco.',
): Promise<LedgerPayment | null> {
  // A kept card's charge may come back unnamed (AZUL's token sale, a declined token): the payment
  // keeps the card it was sent with.
  const card = charge?.last4 ? { brand: charge.brand, last4: charge.last4 } : payment.card;
  const set: Partial<LedgerPayment> = !charge
    ? { status: 'failed', message: failure }
    : charge.approved
      ? {
          status: 'approved',
          auth_code: charge.authCode,
          gateway_reference: charge.gatewayReference,
          ...(charge.rrn ? { gateway_rrn: charge.rrn } : {}),
          ...(card ? { card } : {}),
        }
      : { status: 'declined', message: charge.message, ...(card ? { card } : {}) };
  const settled = await paymentsOf(deps.store).updateOne(
    { _id: payment._id, status: 'charging' },
    { set, unset: ['lease_until'] },
  );
  if (settled?.idempotency_key) await rewritePaymentAnswer(deps, settled);
  if (settled?.status === 'approved')
    await mailPaymentReceipt(deps, settled, await paymentReceipt(deps, settled)).catch((error: unknown) => {
      deps.log.error({ err: error, reference: settled.reference }, 'instalment receipt e-mail failed');
    });
  return settled;
}

/** The answer the parent's request gives now that its payment is settled: the ledger, or why not. */
async function rewritePaymentAnswer(deps: CoreDeps, payment: LedgerPayment): Promise<void> {
  let answer: { statusCode: number; body: unknown };
  if (payment.status === 'approved') {
    const enrolment = await deps.store.collection<Enrolment>('inscripciones').findById(payment.enrolment_id);
    if (!enrolment) return;
    const ledger = await readLedger(deps.store, enrolment, santoDomingoDay(nowOf(deps)));
    answer = { statusCode: 201, body: { status: 'SUCCESS', message: M.paid, data: ledgerAnswer(ledger) } };
  } else answer = { statusCode: 402, body: errorEnvelope(payment.message ?? M.verifying) };
  await deps.store
    .collection<Attempt>(ATTEMPTS)
    .updateOne(
      { _id: attemptId(payment.user_id, payment.idempotency_key!) },
      { set: { status: 'done', answer } },
    );
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
    // Sent to the school's previous merchant (issue 55): the current one cannot tell; left charging.
    if (takenElsewhere(deps.gateway, payment)) continue;
    let charge: ChargeResult | null;
    try {
      charge = await deps.gateway.lookup(payment.reference!);
    } catch (error) {
      // Held for the bank's step past its window (the lease was set to it): only the app could go
      // on with it, so it can no longer be approved. Claimed first, so a late post of the bank's
      // answer and this pass never both act.
      if (error instanceof ChargeAwaitingAuthentication && payment.authentication) {
        const claimed = await paymentsOf(deps.store).updateOne(
          { _id: payment._id, status: 'charging', 'authentication.state': { $in: ['method', 'challenge'] } },
          { set: { 'authentication.state': 'abandoned' } },
        );
        if (claimed && (await settleCharge(deps, claimed, null, AUTHENTICATION_MESSAGES.expired)))
          settled += 1;
      }
      continue;
    }
    // 'Never received' only once the gateway can no longer be deciding it (issue 43).
    if (!charge && mayStillBeApproved(deps.gateway, payment.created_at, now)) continue;
    if (await settleCharge(deps, payment, charge)) settled += 1;
  }
  return settled;
}
