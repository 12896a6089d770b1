// The payment lease on an enrolment (issue 20): one write to its ledger at a time, on every
// instance; a payment that names its line waits for the lease rather than being turned away.
import { ApiError } from '../errors.ts';
import type { CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment } from '../../domain/records.ts';
import { LEDGER_MESSAGES as M } from '../../domain/ledger.ts';
import { paymentLeaseMs } from '../checkout/idempotency.ts';

const enrolmentsOf = (store: Store) =>
  store.collection<Enrolment & { ledger_lock_until?: Date | null }>('inscripciones');

/**
 * Runs `work` holding the enrolment's payment lease: one payment at a time per enrolment, on every
 * instance. A lease left by a crash expires after `leaseMs`. Refused (409) while another holds it.
 */
export async function withLedgerLock<T>(
  deps: CoreDeps,
  enrolmentId: string,
  work: (enrolment: Enrolment) => Promise<T>,
  /** What the caller's user reads while another write holds the lease (a payment's by default). */
  busyMessage: string = M.busy,
  /**
   * How long to wait for the lease before answering `busyMessage` (0: not at all). A payment that
   * names its line waits (issue 53): once the write before it is done, it knows whether that line
   * is still owed, rather than telling a double tap to try again.
   */
  waitMs = 0,
): Promise<T> {
  const enrolments = enrolmentsOf(deps.store);
  const deadline = Date.now() + waitMs;
  let until: Date;
  let locked: Enrolment | null;
  for (;;) {
    const now = new Date();
    until = new Date(now.getTime() + paymentLeaseMs(deps));
    locked = await enrolments.updateOne(
      {
        _id: enrolmentId,
        $or: [
          { ledger_lock_until: { $exists: false } },
          { ledger_lock_until: null },
          { ledger_lock_until: { $lt: now } },
        ],
      },
      { set: { ledger_lock_until: until } },
    );
    if (locked || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
  }
  if (!locked) throw new ApiError(409, busyMessage);
  try {
    return await work(locked);
  } finally {
    await enrolments
      .updateOne({ _id: enrolmentId, ledger_lock_until: until }, { set: { ledger_lock_until: null } })
      .catch(() => undefined);
  }
}

/**
 * A payment that names its line takes the lease waiting for it, up to the longest another payment
 * may hold it (its charge is given half the lease), so the request ends with an answer about its
 * line rather than 'Ya hay un pago en curso…'.
 */
export const withLedgerLockWaiting = <T>(
  deps: CoreDeps,
  enrolmentId: string,
  work: (enrolment: Enrolment) => Promise<T>,
) => withLedgerLock(deps, enrolmentId, work, M.busy, paymentLeaseMs(deps));
