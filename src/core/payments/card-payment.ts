// The parent pays an instalment by card (issue 20): payInstalment, for the line its button showed,
// and chargeInstalmentLine, the one card charge of a line that autopay (./autopay.ts) shares.
import { ApiError } from '../errors.ts';
import { nowOf, withinTime, type CoreDeps } from '../deps.ts';
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
import { CARD_MESSAGES, cardBrand, cardOfForm } from '../../domain/cards.ts';
import { paymentLeaseMs } from '../checkout/idempotency.ts';
import { type CardDetails, type KeptCardCharge, type SecureChargeResult } from '../checkout/gateway.ts';
import {
  authenticationUrls,
  newAuthenticationSession,
  startPaymentAuthentication,
} from '../checkout/authentication.ts';
import { activeCard } from './cards.ts';
import { PAYMENTS, readLedger, type EnrolmentLedger } from './ledger.ts';
import { withLedgerLockWaiting } from './ledger-lock.ts';
import { refusedLine, type AlreadyPaid } from './already-paid.ts';
import { settleCardPayments, settleCharge } from './card-settler.ts';
import { enrolmentsOf } from '../collections.ts';

const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);

/** The enrolment of the family's own, paid and not cancelled; 404 for anyone else's. */
async function ownEnrolment(store: Store, userId: string, enrolmentId: string): Promise<Enrolment> {
  const enrolment = await enrolmentsOf(store).findById(enrolmentId);
  if (!enrolment || enrolment.user_id !== userId || enrolment.payment_status !== 'paid')
    throw new ApiError(404, M.notFound);
  if (enrolment.status === 'cancelled') throw new ApiError(400, M.cancelledEnrolment);
  return enrolment;
}

export type PayOutcome =
  | { kind: 'approved'; ledger: EnrolmentLedger }
  | { kind: 'unknown' }
  | { kind: 'authenticate'; session: string; step: 'method' | 'challenge' }
  | AlreadyPaid;

/** The card a payment names: the one typed, or the family's kept card (its token, never its number). */
async function cardOfPayment(
  deps: CoreDeps,
  userId: string,
  body: PayInstalmentBody,
): Promise<CardDetails | KeptCardCharge> {
  if (body.saved) {
    const kept = await activeCard(deps.store, userId);
    if (!kept) throw new ApiError(404, CARD_MESSAGES.noSavedCard);
    const cvv = body.cvv?.trim() ?? '';
    if (deps.gateway.savedCardCvv && !/^\d{3,4}$/.test(cvv))
      throw new ApiError(400, CARD_MESSAGES.invalidCvv);
    return { token: kept.token, brand: kept.brand, last4: kept.last4, ...(cvv ? { cvv } : {}) };
  }
  const { cardHolder = '', cardNumber = '', expDate = '', cvv = '' } = body;
  if (!cardHolder.trim() || !cardNumber.trim() || !expDate.trim() || !cvv.trim())
    throw new ApiError(400, M.cardRequired);
  return cardOfForm({ cardHolder, cardNumber, expDate, cvv });
}

/**
 * The parent pays the instalment it names (the line its button showed) by card, typed or kept, for
 * exactly what the server says that line owes (a different amount is refused with the server's
 * figure). A line paid or being paid meanwhile is charged nothing (issue 53). The payment is
 * written 'charging' before the charge, under the enrolment's lease, so a crash leaves a record the
 * settler resolves by asking the gateway: never a second charge. Where the card's bank asks
 * (3-D Secure, issue 59), the payment waits for the parent's browser as the wizard's order does
 * (../checkout/authentication.ts), `key` naming the request whose answer it then rewrites.
 */
export async function payInstalment(
  deps: CoreDeps,
  user: Pick<UserRecord, '_id' | 'email'>,
  enrolmentId: string,
  body: PayInstalmentBody,
  key: string,
): Promise<PayOutcome> {
  const { store, gateway } = deps;
  await ownEnrolment(store, user._id, enrolmentId);
  await settleCardPayments(deps, { enrolment_id: enrolmentId });
  const card = await cardOfPayment(deps, user._id, body);
  return withLedgerLockWaiting(deps, enrolmentId, async (enrolment) => {
    // Read again under the lease (issue 53): a cancellation fixes its figures under it.
    if (enrolment.status === 'cancelled') throw new ApiError(400, M.cancelledEnrolment);
    const today = santoDomingoDay(nowOf(deps));
    // A charge still under way counts as paying what it pays.
    const ledger = await readLedger(store, enrolment, today, [...PAYING_STATUSES, 'charging']);
    const named = namedLine(ledger, body.cuota);
    const charging = ledger.payments.filter((payment) => payment.status === 'charging');
    // A line whose charge is still under way (the bank's step open in another tab) is not paid yet:
    // the family is told to wait, not that it is paid; nothing is charged either way.
    const beingCharged = charging.some((payment) =>
      payment.allocations.some((allocation) => allocation.cuota === body.cuota),
    );
    if (charging.length > 0 && (beingCharged || !('refused' in named))) throw new ApiError(409, M.busy);
    if ('refused' in named) return refusedLine(store, enrolment, today, ledger, body.cuota, named.refused);
    const { line } = named;
    if (body.amount !== line.owed) throw new ApiError(409, M.amountChanged(formatDop(line.owed)));
    const kept = 'token' in card;
    const session = newAuthenticationSession();
    const { payment, charge } = await chargeInstalmentLine(deps, enrolment, line, {
      method: 'tarjeta',
      prefix: 'C',
      card: kept
        ? { brand: card.brand, last4: card.last4 }
        : { brand: cardBrand(card.number), last4: card.number.slice(-4) },
      recordedBy: user.email,
      // The family's browser is here: a gateway that runs 3-D Secure asks the card's bank.
      send: (request): Promise<SecureChargeResult> =>
        gateway.secure
          ? gateway.secure.charge({
              ...request,
              card,
              returnTo: authenticationUrls(deps.settings.publicUrl, session),
              // A kept card's holder is not kept: AZUL takes the cardholder's fields as optional.
              cardholder: { name: kept ? '' : card.holder, email: user.email },
            })
          : kept
            ? gateway.chargeSaved({ ...request, token: card.token, ...(card.cvv ? { cvv: card.cvv } : {}) })
            : gateway.charge({ ...request, card }),
    });
    if (!charge) return { kind: 'unknown' };
    if (charge.approved === null) {
      await startPaymentAuthentication(deps, payment, session, charge, key);
      return { kind: 'authenticate', session, step: charge.step.kind };
    }
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
export async function chargeInstalmentLine<R extends SecureChargeResult>(
  deps: CoreDeps,
  enrolment: Enrolment,
  line: Pick<LedgerLine, '_id' | 'owed'>,
  how: {
    method: LedgerPayment['method'];
    prefix: string;
    card: { brand: string; last4: string };
    recordedBy: string;
    send: (request: { amount: number; currency: 'DOP'; reference: string }) => Promise<R>;
  },
): Promise<{ payment: LedgerPayment; charge: R | null }> {
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
