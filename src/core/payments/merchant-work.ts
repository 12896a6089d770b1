// What still depends on the merchant that takes a school's cards now (issue 55): charges whose
// outcome is not known yet and refunds not made yet are asked about and made only at the merchant
// that took them (PaymentGateway.merchant), and a kept card's token lives in that merchant's vault.
// A school's administrator changes its AZUL merchant only when none of the first is left, and
// confirms knowing the second.
import type { Store } from '../store/port.ts';
import type { Enrolment } from '../../domain/records.ts';
import type { LedgerPayment } from '../../domain/ledger.ts';
import { PAYMENTS } from './ledger.ts';
import { CARDS } from './cards.ts';
import { ApiError, confirmationNeeded } from '../errors.ts';
import { SCHOOL_SETTINGS_MESSAGES as M } from '../../domain/school-settings.ts';

export interface MerchantWork {
  /** Orders and payments whose charge or refund the gateway has not settled yet. */
  open: number;
  /** Cards kept for automatic charges. */
  keptCards: number;
}

export async function merchantWork(store: Store): Promise<MerchantWork> {
  const enrolments = store.collection<Enrolment>('inscripciones');
  const counts = await Promise.all([
    enrolments.count({ payment_status: { $in: ['pending', 'unknown'] } }),
    enrolments.count({ refund_status: 'pending' }),
    enrolments.count({ 'changes.refund_status': 'pending' }),
    enrolments.count({ 'late_charge.refund_status': 'pending' }),
    store.collection<LedgerPayment>(PAYMENTS).count({ status: 'charging' }),
  ]);
  const keptCards = await store.collection<{ _id: string }>(CARDS).count({ status: 'active' });
  return { open: counts.reduce((sum, count) => sum + count, 0), keptCards };
}

/**
 * A change of who takes the school's cards (`before` → `after`, null for the deployment's) waits
 * until no charge or refund is open at the current merchant (only it can settle them), and is
 * confirmed where families keep cards there. The server's and the mocks' one check.
 */
export async function checkMerchantChange(
  store: Store,
  before: string | null,
  after: string | null,
  confirmed: boolean,
): Promise<void> {
  if (before === after) return;
  const work = await merchantWork(store);
  if (work.open > 0) throw new ApiError(409, M.merchantBusy(work.open));
  if (work.keptCards > 0 && !confirmed) throw confirmationNeeded(M.merchantKeptCards(work.keptCards));
}
