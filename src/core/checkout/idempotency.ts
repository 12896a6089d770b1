// Double submission is harmless (DESIGN.md §2.9): the first request with a key does the work and
// stores its answer; a repeat (even one arriving at the same moment) gets that same answer.
import type { Store } from '../store/port.ts';
import { DuplicateKeyError } from '../store/port.ts';
import { ApiError, errorEnvelope, INTERNAL_ERROR_MESSAGE } from '../errors.ts';
import { ENROLMENT_MESSAGES } from '../../domain/enrolment.ts';
import { sha256Hex } from '../crypto.ts';
import type { CoreDeps } from '../deps.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../domain/enrolment.ts';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/**
 * No payment request takes longer (the gateway's own timeout is shorter): an attempt or a pending
 * order older than this died with its server. Configurable (PAYMENT_LEASE_SECONDS) up to this value.
 */
export const PAYMENT_LEASE_MS = 60_000;

/** The lease of this deployment: how long a request may hold an attempt or a pending enrolment. */
export const paymentLeaseMs = (deps: Pick<CoreDeps, 'settings'>): number =>
  deps.settings.paymentLeaseMs ?? PAYMENT_LEASE_MS;

export interface Attempt {
  _id: string;
  user_id: string;
  request_hash: string;
  status: 'processing' | 'done';
  answer: StoredAnswer | null;
  created_at: Date;
  /** Until when the request working on it may still answer; after it, a retry takes over. */
  lease_until?: Date;
}

export const ATTEMPTS = 'payment_attempts';

/** A fingerprint of the request that leaves out card data (a hash of a card number can be guessed). */
export function requestHash(body: object, omit: readonly string[]): Promise<string> {
  const kept = Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => !omit.includes(key))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return sha256Hex(JSON.stringify(kept));
}

/** The stored attempt of one payment request: one per account and Idempotency-Key. */
export const attemptId = (userId: string, key: string): string => `${userId}:${key}`;
export const keyOfAttempt = (attempt: Pick<Attempt, '_id' | 'user_id'>): string =>
  attempt._id.slice(attempt.user_id.length + 1);

export async function once(
  store: Store,
  userId: string,
  key: string,
  hash: string,
  work: () => Promise<StoredAnswer>,
  {
    leaseMs = PAYMENT_LEASE_MS,
    waitMs,
    pollMs = 50,
    onUnexpected = (_error: unknown) => {},
    /** What an interrupted attempt left behind: its answer, or null when it never got as far as an order. */
    recover = async (): Promise<StoredAnswer | null> => null,
  }: {
    leaseMs?: number;
    /**
     * How long a repeat waits; by default past the lease, so it ends with the first request's
     * answer or takes over from a dead one and never tells a parent 'still processing' after a crash.
     */
    waitMs?: number;
    pollMs?: number;
    onUnexpected?: (error: unknown) => void;
    recover?: () => Promise<StoredAnswer | null>;
  } = {},
): Promise<StoredAnswer> {
  const attempts = store.collection<Attempt>(ATTEMPTS);
  const id = attemptId(userId, key);
  const lease = () => new Date(Date.now() + leaseMs);
  let mine = false;
  try {
    await attempts.insertOne({
      _id: id,
      user_id: userId,
      request_hash: hash,
      status: 'processing',
      answer: null,
      created_at: new Date(),
      lease_until: lease(),
    });
    mine = true;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  if (!mine) {
    const deadline = Date.now() + (waitMs ?? leaseMs + 1_000);
    for (;;) {
      const existing = await attempts.findById(id);
      if (existing && existing.request_hash !== hash)
        throw new ApiError(422, ENROLMENT_MESSAGES.idempotencyReused);
      if (existing?.status === 'done' && existing.answer) return existing.answer;
      // The request working on it died (a crash, a restart): this one takes over, once.
      const expired =
        existing?.status === 'processing' && (existing.lease_until ?? existing.created_at) < new Date();
      if (expired) {
        const taken = await attempts.updateOne(
          { _id: id, status: 'processing', lease_until: existing.lease_until ?? { $exists: false } },
          { set: { lease_until: lease() } },
        );
        if (taken) {
          const recovered = await recover();
          if (recovered) {
            await attempts.updateOne({ _id: id }, { set: { status: 'done', answer: recovered } });
            return recovered;
          }
          break; // It never reached an order: nothing was charged, so the work runs now.
        }
      }
      if (Date.now() > deadline) throw new ApiError(409, ENROLMENT_MESSAGES.inProgress);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    // A refusal is an answer too: the same key repeats it instead of trying again. So is an
    // unexpected failure: after it, a card may have been charged, so the key must never charge again.
    if (error instanceof ApiError) {
      answer = {
        statusCode: error.statusCode,
        body: error.body ?? errorEnvelope(error.message),
      };
    } else {
      onUnexpected(error);
      answer = { statusCode: 500, body: errorEnvelope(INTERNAL_ERROR_MESSAGE) };
    }
  }
  await attempts.updateOne({ _id: id }, { set: { status: 'done', answer } });
  return answer;
}

/**
 * A payment request run once per its Idempotency-Key header (a missing or malformed key is refused
 * with 400): `what` names it in the log when it fails unexpectedly.
 */
export async function oncePerKey(
  deps: Pick<CoreDeps, 'store' | 'log' | 'settings'>,
  userId: string,
  key: string | undefined,
  hash: string,
  work: (key: string) => Promise<StoredAnswer>,
  what: string,
  recover?: (key: string) => Promise<StoredAnswer | null>,
): Promise<StoredAnswer> {
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new ApiError(400, ENROLMENT_MESSAGES.idempotencyKey);
  return once(deps.store, userId, key, hash, () => work(key), {
    leaseMs: paymentLeaseMs(deps),
    onUnexpected: (error) => deps.log.error({ err: error }, `${what} failed unexpectedly`),
    ...(recover ? { recover: () => recover(key) } : {}),
  });
}
