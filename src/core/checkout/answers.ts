// The answers a checkout request gets about its payment (paid, being verified, not completed), the
// stored idempotent answer rewritten once the outcome is known, and the one recovered for a request
// that died after it recorded its order.
import type { Store } from '../store/port.ts';
import { errorEnvelope } from '../errors.ts';
import type { Enrolment } from '../../domain/records.ts';
import { fullName } from '../../domain/family.ts';
import { ENROLMENT_MESSAGES as M, formatPaymentDate, type PaymentResult } from '../../domain/enrolment.ts';
import { formatDop } from '../../domain/pricing.ts';
import { CARD_MESSAGES } from '../../domain/cards.ts';
import { ATTEMPTS, attemptId, type Attempt } from './idempotency.ts';
import { enrolmentsOf } from '../collections.ts';

export const successAnswer = (result: PaymentResult) => ({
  statusCode: 201,
  body: { success: true, message: M.success, result },
});

export const verifyingAnswer = () => ({ statusCode: 202, body: errorEnvelope(M.verifying) });

/** What the thank-you page shows of a paid order. */
export const paymentResult = (enrolment: Enrolment, paidAt: Date, authCode: string): PaymentResult => ({
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
  // The autopay agreement made with the payment (issue 59), kept with the order.
  ...(enrolment.autopay?.agreement ? { autopay: enrolment.autopay.agreement } : {}),
});

/** The answer of an order whose payment did not go through (nothing kept of it). */
export const notCompletedAnswer = (message: string = CARD_MESSAGES.gatewayError) => ({
  statusCode: 402,
  body: errorEnvelope(message),
});

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
