// The parent pays an instalment by card (issue 20): payInstalment, for the line its button showed,
// and chargeInstalmentLine, the one card charge of a line that autopay (./autopay.ts) shares.
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { formatDop } from '../../domain/pricing.ts';
import {
  namedLine,
  LEDGER_MESSAGES as M,
  PAYING_STATUSES,
  type LedgerLine,
  type LedgerPayment,
} from '../../domain/ledger.ts';
import type { PayInstalmentBody } from '../../domain/schemas/ledger.ts';
import { cardOfForm, cleanCardNumber } from '../../domain/cards.ts';
import { paymentLeaseMs } from '../checkout/idempotency.ts';
import { withinTime, type ChargeResult } from '../checkout/gateway.ts';
import { PAYMENTS, readLedger, type EnrolmentLedger } from './ledger.ts';
import { withLedgerLockWaiting } from './ledger-lock.ts';
import { refusedLine, type AlreadyPaid } from './already-paid.ts';
import { settleCardPayments, settleCharge } from './card-settler.ts';

const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);
const enrolmentsOf = (store: Store) => store.collection<Enrolment>('inscripciones');

/** The enrolment of the family's own, paid and not cancelled; 404 for anyone else's. */
async function ownEnrolment(store: Store, userId: string, enrolmentId: string): Promise<Enrolment> {
  const enrolment = await enrolmentsOf(store).findById(enrolmentId);
  if (!enrolment || enrolment.user_id !== userId || enrolment.payment_status !== 'paid')
    throw new ApiError(404, M.notFound);
  if (enrolment.status === 'cancelled') throw new ApiError(400, M.cancelledEnrolment);
  return enrolment;
}

export type PayOutcome = { kind: 'approved'; ledger: EnrolmentLedger } | { kind: 'unknown' } | AlreadyPaid;

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
    ...(deps.gateway.merchant ? { merchant: deps.gateway.merchant } : {}),
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
