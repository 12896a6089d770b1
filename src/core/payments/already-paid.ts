// A payment that names a line already paid or being paid (issue 53): nothing is charged or recorded,
// and the answer is the ledger as the family reads it, with the payment that paid (or is paying) it.
import { ApiError } from '../errors.ts';
import type { Store } from '../store/port.ts';
import type { Enrolment } from '../../domain/records.ts';
import { LEDGER_MESSAGES as M, PAYING_STATUSES, type LedgerPayment } from '../../domain/ledger.ts';
import { readLedger, type EnrolmentLedger } from './ledger.ts';

/** A payment named a line already paid or being paid: nothing charged; the payment that paid it. */
export interface AlreadyPaid {
  kind: 'already-paid';
  ledger: EnrolmentLedger;
  receipt: LedgerPayment | null;
}

/**
 * A named line that cannot be paid: unknown (404), cancelled (409), or paid or being paid, then
 * answered with the ledger as the family reads it and the payment that paid (or is paying) it.
 */
export async function refusedLine(
  store: Store,
  enrolment: Enrolment,
  today: string,
  ledger: EnrolmentLedger,
  cuota: string,
  refused: 'unknown' | 'paid' | 'cancelled',
): Promise<AlreadyPaid> {
  if (refused === 'unknown') throw new ApiError(404, M.instalmentNotFound);
  if (refused === 'cancelled') throw new ApiError(409, M.cancelledInstalment);
  const receipt =
    ledger.payments.findLast(
      (payment) =>
        [...PAYING_STATUSES, 'charging'].includes(payment.status) &&
        payment.allocations.some((allocation) => allocation.cuota === cuota),
    ) ?? null;
  return { kind: 'already-paid', ledger: await readLedger(store, enrolment, today), receipt };
}
