// 3-D Secure 2 (issue 21) of every card payment a family makes: the wizard's order (a waiting-list
// offer is paid there too) and an instalment paid from 'Mis pagos' (issue 59), with a typed card or
// the kept one. A gateway that asks the card's bank (AZUL) may answer a charge with a step for the
// parent's browser instead of a decision:
//   method     the bank's hidden method form; its notice comes back to the app's MethodNotificationUrl
//              (or does not within 10 s: the app goes on with EXPECTED_BUT_NOT_RECEIVED)
//   challenge  the bank's page in a frame; its answer is posted back to the app's TermUrl
// The record the charge pays keeps `authentication` meanwhile: an order stays 'pending' with its
// places (the reconciler leaves it alone until its window is over), an instalment's payment stays
// 'charging' with its lease running to the window's end (no second charge of the line; the settler
// gives it up after). Each step is claimed with one conditional update, so the bank's notice, the
// parent's 'Cancelar' and the passes never both act on it; the final answer settles the record
// exactly as a direct approval or decline would (./settle.ts, ../payments/card-settler.ts), and
// rewrites the request's stored answer. The two kinds differ only in their `BankStepHolder`.
import { AUTHENTICATION_MESSAGES, type ChargeAuthentication } from '../../domain/authentication.ts';
import { randomHex } from '../crypto.ts';
import { nowOf, withinTime, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import type { AutopayAgreement, LedgerPayment } from '../../domain/ledger.ts';
import { authoriseAutopay, keepFamilyCard } from '../payments/cards.ts';
import { PAYMENTS } from '../payments/ledger.ts';
import { settleCharge } from '../payments/card-settler.ts';
import {
  type AuthenticationInput,
  type AuthenticationNeeded,
  type ChargeResult,
  type KeptCard,
  type SecureChargeResult,
} from './gateway.ts';
import { forgetCart } from './carts.ts';
import { offerFreedPlaces } from './waitlist.ts';
import { ATTEMPTS, attemptId, paymentLeaseMs, type Attempt } from './idempotency.ts';
import { failUncharged, settleApproved, answerInTime } from './settle.ts';
import { notCompletedAnswer, rewriteAnswer, successAnswer } from './answers.ts';
import { enrolmentsOf } from '../collections.ts';

/** How long a parent has for the bank's steps before the order gives its places back. */
export const AUTHENTICATION_WINDOW_MS = 10 * 60_000;
/** AZUL: wait at least 10 s for the method form's notice before going on without it. */
export const METHOD_NOTICE_WAIT_MS = 10_000;

export const authenticationWindowMs = (deps: Pick<CoreDeps, 'settings'>): number =>
  deps.settings.authenticationWindowMs ?? AUTHENTICATION_WINDOW_MS;

/** The app's pages the bank sends the browser back to, for one session. */
export function authenticationUrls(publicUrl: string, session: string) {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/autenticacion-3ds/${session}`;
  return { termUrl: `${base}/fin`, methodNotificationUrl: `${base}/metodo` };
}

/** A new session id: the only key of the bank's posts, which carry no cookie. */
export const newAuthenticationSession = (): string => randomHex(24);

/** What the parent's request answers while the bank's step runs (202: not paid yet). */
export const authenticationAnswer = (session: string, kind: 'method' | 'challenge') => ({
  statusCode: 202,
  body: {
    success: false,
    message: AUTHENTICATION_MESSAGES.authenticating,
    authentication: { session, kind },
  },
});

/** What a record keeps of the bank's step it waits for. */
function authenticationOf(
  deps: CoreDeps,
  session: string,
  held: AuthenticationNeeded,
  keepCard: boolean,
): ChargeAuthentication {
  const now = nowOf(deps);
  return {
    session,
    state: held.step.kind,
    step: held.step,
    gateway_reference: held.gatewayReference,
    started_at: now,
    until: new Date(now.getTime() + authenticationWindowMs(deps)),
    keep_card: keepCard,
  };
}

/** Records the step on the order: its places stay held, the reconciler waits for the window. */
export async function startAuthentication(
  deps: CoreDeps,
  enrolment: Enrolment,
  session: string,
  held: AuthenticationNeeded,
  keepCard: boolean,
): Promise<void> {
  await enrolmentsOf(deps.store).updateOne(
    { _id: enrolment._id },
    { set: { authentication: authenticationOf(deps, session, held, keepCard), 'card.brand': held.brand } },
  );
}

/**
 * Records the step on an instalment's 'charging' payment (issue 59): its lease runs to the end of
 * the window, so the line is not charged again and the settler leaves it to the bank's step until
 * then; the request's key, so that its stored answer is rewritten with the outcome.
 */
export async function startPaymentAuthentication(
  deps: CoreDeps,
  payment: LedgerPayment,
  session: string,
  held: AuthenticationNeeded,
  key: string,
): Promise<void> {
  const authentication = authenticationOf(deps, session, held, false);
  await paymentsOf(deps.store).updateOne(
    { _id: payment._id, status: 'charging' },
    { set: { authentication, idempotency_key: key, lease_until: authentication.until } },
  );
}

const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);

/** A record whose charge may wait for the bank: an order, or an instalment's payment. */
interface Held {
  _id: string;
  user_id: string;
  idempotency_key?: string;
  authentication?: ChargeAuthentication;
}

/** How the bank's step goes on for one kind of record: where it is kept and how its outcome settles it. */
interface BankStepHolder<T extends Held> {
  collection: string;
  /** The filter of a record whose charge still waits for an outcome. */
  waiting: Record<string, unknown>;
  isWaiting(record: T): boolean;
  /** Our reference at the gateway and the amount of the held charge. */
  charge(record: T): { reference: string; amount: number };
  /** The gateway's answer within the payment's time, or null (the record is left to its pass). */
  inTime(
    deps: CoreDeps,
    record: T,
    sent: Promise<SecureChargeResult & { keptCard?: KeptCard }>,
  ): Promise<(SecureChargeResult & { keptCard?: KeptCard }) | null>;
  /** The gateway decided: settles the record and rewrites the request's stored answer. */
  settle(deps: CoreDeps, record: T, result: ChargeResult & { keptCard?: KeptCard }): Promise<void>;
  /** Nothing was or will be charged: the record fails with `message`. */
  fail(deps: CoreDeps, record: T, message: string): Promise<void>;
  /** Settled, and what its request answers when no answer was stored (null: not known yet). */
  settledAnswer(record: T): { statusCode: number; body: unknown } | null;
}

const ORDERS: BankStepHolder<Enrolment> = {
  collection: 'inscripciones',
  waiting: { payment_status: 'pending' },
  isWaiting: (order) => order.payment_status === 'pending',
  charge: (order) => ({ reference: order.order_number, amount: order.amount }),
  inTime: (deps, order, sent) => answerInTime(deps, order, sent),
  settle: (deps, order, result) => settleOrder(deps, order, result),
  fail: (deps, order, message) => failOrder(deps, order, 'error', message),
  settledAnswer: (order) =>
    order.payment_status === 'unknown' ? null : order.payment_status === 'paid' ? null : notCompletedAnswer(),
};

const INSTALMENTS: BankStepHolder<LedgerPayment> = {
  collection: PAYMENTS,
  waiting: { status: 'charging' },
  isWaiting: (payment) => payment.status === 'charging',
  charge: (payment) => ({ reference: payment.reference!, amount: payment.amount }),
  async inTime(deps, payment, sent) {
    try {
      return await withinTime(paymentLeaseMs(deps) / 2, sent);
    } catch (error) {
      // A lost answer: the settler asks the gateway by reference once the lease is over.
      deps.log.error({ err: error, reference: payment.reference }, 'payment gateway did not answer');
      await paymentsOf(deps.store).updateOne(
        { _id: payment._id, status: 'charging' },
        { set: { lease_until: new Date(Date.now() + paymentLeaseMs(deps)) } },
      );
      return null;
    }
  },
  settle: async (deps, payment, result) => {
    await settleCharge(deps, payment, result);
  },
  fail: async (deps, payment, message) => {
    await settleCharge(deps, payment, null, message);
  },
  settledAnswer: (payment) =>
    payment.status === 'approved' ? null : notCompletedAnswer(payment.message ?? undefined),
};

/** The record of a session, with how it goes on; null when no record has it. */
async function heldBySession(
  store: Store,
  session: string,
): Promise<{ holder: BankStepHolder<Held>; record: Held } | null> {
  if (!/^[0-9A-Fa-f]{48}$/.test(session)) return null;
  for (const holder of [ORDERS, INSTALMENTS] as unknown as Array<BankStepHolder<Held>>) {
    const record = await store
      .collection<Held>(holder.collection)
      .findOne({ 'authentication.session': session });
    if (record) return { holder, record };
  }
  return null;
}

export const findBySession = (store: Store, session: string): Promise<Enrolment | null> =>
  /^[0-9A-Fa-f]{48}$/.test(session)
    ? enrolmentsOf(store).findOne({ 'authentication.session': session })
    : Promise.resolve(null);

/** The family's own record of this session; another family's reads as none (404). */
async function ownSession(deps: CoreDeps, user: Pick<UserRecord, '_id'>, session: string) {
  const found = await heldBySession(deps.store, session);
  if (!found?.record.authentication || found.record.user_id !== user._id)
    throw new ApiError(404, AUTHENTICATION_MESSAGES.notFound);
  return found as { holder: BankStepHolder<Held>; record: Held & { authentication: ChargeAuthentication } };
}

/** What the parent's page shows: the step, or the final answer once the order is settled. */
export interface AuthenticationStatus {
  state: 'method' | 'challenge' | 'resuming' | 'done';
  answer?: { statusCode: number; body: unknown };
}

/**
 * Goes on from the step `from`: claims it (once), asks the gateway, and records what comes: the
 * next step, or the settled record. A lost answer leaves it to its pass (the reconciler, the settler).
 */
export async function continueAuthentication(
  deps: CoreDeps,
  session: string,
  from: 'method' | 'challenge',
  input: AuthenticationInput,
): Promise<void> {
  const { store, gateway } = deps;
  const found = await heldBySession(store, session);
  if (!found || !gateway.secure) return;
  const { holder } = found;
  const records = store.collection<Held>(holder.collection);
  const claimed = await records.updateOne(
    { 'authentication.session': session, 'authentication.state': from, ...holder.waiting },
    { set: { 'authentication.state': 'resuming' } },
  );
  if (!claimed?.authentication) return;
  const { authentication } = claimed;
  const { reference, amount } = holder.charge(claimed);
  const sent = gateway.secure.resume({
    reference,
    gatewayReference: authentication.gateway_reference,
    amount,
    returnTo: authenticationUrls(deps.settings.publicUrl, session),
    input,
  });
  const result = await holder.inTime(deps, claimed, sent);
  if (!result) return;
  if (result.approved === null) {
    await records.updateOne(
      { _id: claimed._id, 'authentication.state': 'resuming' },
      {
        set: {
          'authentication.state': result.step.kind,
          'authentication.step': result.step,
          'authentication.started_at': nowOf(deps),
        },
      },
    );
    return;
  }
  await records.updateOne({ _id: claimed._id }, { set: { 'authentication.state': 'done' } });
  await holder.settle(deps, claimed, result);
}

/** The order's charge was decided after the bank's step: paid (its card kept for autopay) or failed. */
async function settleOrder(
  deps: CoreDeps,
  claimed: Enrolment,
  result: ChargeResult & { keptCard?: KeptCard },
): Promise<void> {
  const { store } = deps;
  if (!result.approved) {
    await failOrder(deps, claimed, 'declined', result.message);
    return;
  }
  const kept = claimed.authentication?.keep_card ? result.keptCard : undefined;
  // Kept before the follow-ups, so that the receipt and the answer the page reads carry the
  // autopay agreement (issue 59).
  const paid = await settleApproved(
    deps,
    claimed,
    result,
    kept ? () => keepCardForAutopay(deps, claimed.user_id, claimed, kept) : undefined,
  );
  if (!paid) {
    await rewriteAnswer(store, claimed, notCompletedAnswer());
    return;
  }
  await rewriteAnswer(store, claimed, successAnswer(paid));
  await afterPaid(deps, claimed);
}

/** What a paid order does next whichever way it was paid: the cart and the waiting lists. */
export async function afterPaid(deps: CoreDeps, enrolment: Enrolment): Promise<void> {
  await forgetCart(deps.store, enrolment.user_id, enrolment.campament, nowOf(deps)).catch(() => undefined);
  await offerFreedPlaces(deps, { camp: enrolment.campament }).catch((error: unknown) =>
    deps.log.error({ err: error, order: enrolment.order_number }, 'waiting list offers failed'),
  );
}

/** The card kept with the approval becomes the family's card on file, with autopay on. */
async function keepCardForAutopay(
  deps: CoreDeps,
  userId: string,
  enrolment: Enrolment,
  kept: KeptCard,
): Promise<AutopayAgreement | undefined> {
  try {
    await keepFamilyCard(deps, userId, kept);
    return await authoriseAutopay(deps, enrolment, kept, nowOf(deps));
  } catch (error) {
    deps.log.warn({ err: error, order: enrolment.order_number }, 'the card could not be kept for autopay');
    return undefined;
  }
}

/** Not charged: the order fails, its places go back, and the request's answer says why. */
async function failOrder(
  deps: CoreDeps,
  enrolment: Enrolment,
  status: 'declined' | 'error',
  message: string,
): Promise<void> {
  if (!(await failUncharged(deps.store, enrolment, status))) return;
  await rewriteAnswer(deps.store, enrolment, notCompletedAnswer(message));
}

/**
 * The parent's page asks how the step goes. A method step whose notice has not come within 10 s
 * goes on without it (AZUL's EXPECTED_BUT_NOT_RECEIVED), from here: no timer to lose on a restart.
 */
export async function authenticationStatus(
  deps: CoreDeps,
  user: Pick<UserRecord, '_id'>,
  session: string,
): Promise<AuthenticationStatus> {
  const { holder, record } = await ownSession(deps, user, session);
  const { state, started_at } = record.authentication;
  if (
    holder.isWaiting(record) &&
    state === 'method' &&
    nowOf(deps).getTime() - new Date(started_at).getTime() >= METHOD_NOTICE_WAIT_MS
  )
    await continueAuthentication(deps, session, 'method', { method: 'EXPECTED_BUT_NOT_RECEIVED' });
  return statusOf(deps, holder, record._id);
}

async function statusOf(
  deps: CoreDeps,
  holder: BankStepHolder<Held>,
  id: string,
): Promise<AuthenticationStatus> {
  const record = await deps.store.collection<Held>(holder.collection).findById(id);
  if (!record?.authentication) throw new ApiError(404, AUTHENTICATION_MESSAGES.notFound);
  if (holder.isWaiting(record)) {
    const { state } = record.authentication;
    return { state: state === 'method' || state === 'challenge' ? state : 'resuming' };
  }
  const attempt = record.idempotency_key
    ? await deps.store
        .collection<Attempt>(ATTEMPTS)
        .findById(attemptId(record.user_id, record.idempotency_key))
    : null;
  // The request's first answer (202, the bank's step) is not the outcome: it is rewritten with it.
  const stored =
    attempt?.status === 'done' && attempt.answer && attempt.answer.statusCode !== 202 ? attempt.answer : null;
  const answer = stored ?? holder.settledAnswer(record);
  return answer ? { state: 'done', answer } : { state: 'resuming' };
}

/** The step shown now, for the frame's page; null when there is none to show (settled, or going on). */
export async function currentStep(deps: CoreDeps, session: string) {
  const found = await heldBySession(deps.store, session);
  const authentication = found?.record.authentication;
  if (!found || !found.holder.isWaiting(found.record) || !authentication) return null;
  if (authentication.state !== 'method' && authentication.state !== 'challenge') return null;
  return authentication.step;
}

/**
 * The parent closes the bank's step ('Cancelar'): nothing was charged and nothing will be (the
 * sale is never taken on), so the order's places go back, or the instalment stays owed, now.
 * Refused once the bank's answer is being processed: that answer decides.
 */
export async function cancelAuthentication(
  deps: CoreDeps,
  user: Pick<UserRecord, '_id'>,
  session: string,
): Promise<AuthenticationStatus> {
  const { holder, record } = await ownSession(deps, user, session);
  const claimed = await deps.store.collection<Held>(holder.collection).updateOne(
    {
      _id: record._id,
      ...holder.waiting,
      'authentication.state': { $in: ['method', 'challenge'] },
    },
    { set: { 'authentication.state': 'abandoned' } },
  );
  if (claimed) await holder.fail(deps, claimed, AUTHENTICATION_MESSAGES.cancelled);
  return statusOf(deps, holder, record._id);
}
