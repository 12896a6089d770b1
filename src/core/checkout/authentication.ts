// 3-D Secure 2 in the checkout (issue 21). A gateway that asks the card's bank (AZUL) may answer a
// charge with a step for the parent's browser instead of a decision:
//   method     the bank's hidden method form; its notice comes back to the app's MethodNotificationUrl
//              (or does not within 10 s: the app goes on with EXPECTED_BUT_NOT_RECEIVED)
//   challenge  the bank's page in a frame; its answer is posted back to the app's TermUrl
// The order keeps its places and stays 'pending' meanwhile, with `authentication` on it: the
// reconciler leaves it alone until its window is over, like a charge in flight. Each step is
// claimed with one conditional update, so the bank's notice, the parent's 'Cancelar' and the
// reconciler never both act on it; the final answer settles the order exactly as a direct
// approval or decline would (./settle.ts), and rewrites the request's stored answer.
import { AUTHENTICATION_MESSAGES } from '../../domain/authentication.ts';
import { randomHex } from '../crypto.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment, UserRecord } from '../../domain/records.ts';
import type { AutopayAgreement } from '../../domain/ledger.ts';
import { authoriseAutopay, keepFamilyCard } from '../payments/cards.ts';
import { type AuthenticationInput, type AuthenticationNeeded, type KeptCard } from './gateway.ts';
import { forgetCart } from './carts.ts';
import { offerFreedPlaces } from './waitlist.ts';
import { ATTEMPTS, attemptId, type Attempt } from './idempotency.ts';
import { failUncharged, settleApproved, answerInTime } from './settle.ts';
import { notCompletedAnswer, rewriteAnswer, successAnswer } from './answers.ts';

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

const enrolmentsOf = (store: Store) => store.collection<Enrolment>('inscripciones');

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

/** Records the step on the order: its places stay held, the reconciler waits for the window. */
export async function startAuthentication(
  deps: CoreDeps,
  enrolment: Enrolment,
  session: string,
  held: AuthenticationNeeded,
  keepCard: boolean,
): Promise<void> {
  const now = nowOf(deps);
  await enrolmentsOf(deps.store).updateOne(
    { _id: enrolment._id },
    {
      set: {
        authentication: {
          session,
          state: held.step.kind,
          step: held.step,
          gateway_reference: held.gatewayReference,
          started_at: now,
          until: new Date(now.getTime() + authenticationWindowMs(deps)),
          keep_card: keepCard,
        },
        'card.brand': held.brand,
      },
    },
  );
}

export const findBySession = (store: Store, session: string): Promise<Enrolment | null> =>
  /^[0-9A-Fa-f]{48}$/.test(session)
    ? enrolmentsOf(store).findOne({ 'authentication.session': session })
    : Promise.resolve(null);

/** The family's own order of this session; another family's reads as none (404). */
async function ownSession(deps: CoreDeps, user: Pick<UserRecord, '_id'>, session: string) {
  const enrolment = await findBySession(deps.store, session);
  if (!enrolment?.authentication || enrolment.user_id !== user._id)
    throw new ApiError(404, AUTHENTICATION_MESSAGES.notFound);
  return enrolment as Enrolment & { authentication: NonNullable<Enrolment['authentication']> };
}

/** What the parent's page shows: the step, or the final answer once the order is settled. */
export interface AuthenticationStatus {
  state: 'method' | 'challenge' | 'resuming' | 'done';
  answer?: { statusCode: number; body: unknown };
}

/**
 * Goes on from the step `from`: claims it (once), asks the gateway, and records what comes: the
 * next step, or the settled order. A lost answer leaves the order 'unknown' for the reconciler.
 */
export async function continueAuthentication(
  deps: CoreDeps,
  session: string,
  from: 'method' | 'challenge',
  input: AuthenticationInput,
): Promise<void> {
  const { store, gateway } = deps;
  const enrolments = enrolmentsOf(store);
  const claimed = await enrolments.updateOne(
    {
      'authentication.session': session,
      'authentication.state': from,
      payment_status: 'pending',
    },
    { set: { 'authentication.state': 'resuming' } },
  );
  if (!claimed?.authentication || !gateway.secure) return;
  const { authentication } = claimed;
  const sent = gateway.secure.resume({
    reference: claimed.order_number,
    gatewayReference: authentication.gateway_reference,
    amount: claimed.amount,
    returnTo: authenticationUrls(deps.settings.publicUrl, session),
    input,
  });
  const result = await answerInTime(deps, claimed, sent);
  if (!result) return;
  if (result.approved === null) {
    await enrolments.updateOne(
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
  await enrolments.updateOne({ _id: claimed._id }, { set: { 'authentication.state': 'done' } });
  if (!result.approved) {
    await failOrder(deps, claimed, 'declined', result.message);
    return;
  }
  const paid = await settleApproved(deps, claimed, result);
  if (!paid) {
    await rewriteAnswer(store, claimed, notCompletedAnswer());
    return;
  }
  const user = await store.collection<UserRecord>('usuarios').findById(claimed.user_id);
  // Kept first, so that the answer the page reads carries the autopay agreement (issue 59).
  const agreement =
    result.keptCard && authentication.keep_card && user
      ? await keepCardForAutopay(deps, user._id, claimed, result.keptCard)
      : undefined;
  await rewriteAnswer(store, claimed, successAnswer(agreement ? { ...paid, autopay: agreement } : paid));
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
  const enrolment = await ownSession(deps, user, session);
  const { state, started_at } = enrolment.authentication;
  if (
    enrolment.payment_status === 'pending' &&
    state === 'method' &&
    nowOf(deps).getTime() - new Date(started_at).getTime() >= METHOD_NOTICE_WAIT_MS
  )
    await continueAuthentication(deps, session, 'method', { method: 'EXPECTED_BUT_NOT_RECEIVED' });
  return statusOf(deps, enrolment._id);
}

async function statusOf(deps: CoreDeps, id: string): Promise<AuthenticationStatus> {
  const enrolment = await enrolmentsOf(deps.store).findById(id);
  if (!enrolment?.authentication) throw new ApiError(404, AUTHENTICATION_MESSAGES.notFound);
  if (enrolment.payment_status === 'pending') {
    const { state } = enrolment.authentication;
    return { state: state === 'method' || state === 'challenge' ? state : 'resuming' };
  }
  if (enrolment.payment_status === 'unknown') return { state: 'resuming' };
  const attempt = await deps.store
    .collection<Attempt>(ATTEMPTS)
    .findById(attemptId(enrolment.user_id, enrolment.idempotency_key));
  const answer =
    attempt?.status === 'done' && attempt.answer
      ? attempt.answer
      : enrolment.payment_status === 'paid'
        ? undefined
        : notCompletedAnswer();
  return answer ? { state: 'done', answer } : { state: 'resuming' };
}

/** The step shown now, for the frame's page; null when there is none to show (settled, or going on). */
export async function currentStep(deps: CoreDeps, session: string) {
  const enrolment = await findBySession(deps.store, session);
  const authentication = enrolment?.authentication;
  if (!enrolment || enrolment.payment_status !== 'pending' || !authentication) return null;
  if (authentication.state !== 'method' && authentication.state !== 'challenge') return null;
  return authentication.step;
}

/**
 * The parent closes the bank's step ('Cancelar'): nothing was charged and nothing will be (the
 * sale is never taken on), so the places go back now. Refused once the bank's answer is being
 * processed: that answer decides.
 */
export async function cancelAuthentication(
  deps: CoreDeps,
  user: Pick<UserRecord, '_id'>,
  session: string,
): Promise<AuthenticationStatus> {
  const enrolment = await ownSession(deps, user, session);
  const claimed = await enrolmentsOf(deps.store).updateOne(
    {
      _id: enrolment._id,
      payment_status: 'pending',
      'authentication.state': { $in: ['method', 'challenge'] },
    },
    { set: { 'authentication.state': 'abandoned' } },
  );
  if (claimed) await failOrder(deps, claimed, 'error', AUTHENTICATION_MESSAGES.cancelled);
  return statusOf(deps, enrolment._id);
}
