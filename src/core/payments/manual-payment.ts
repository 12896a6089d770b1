// The office records a payment by transfer, cash or cheque (issue 20): it settles the line the form
// named first, then the oldest owed; the family gets its receipt, and the audit log the change.
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { formatDop } from '../../domain/pricing.ts';
import {
  allocateFromLine,
  allocateOldestFirst,
  namedLine,
  LEDGER_MESSAGES as M,
  PAYING_STATUSES,
  type LedgerPayment,
} from '../../domain/ledger.ts';
import type { ManualPaymentBody } from '../../domain/schemas/ledger.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { PAYMENTS, readLedger, type EnrolmentLedger } from './ledger.ts';
import { withLedgerLockWaiting } from './ledger-lock.ts';
import { refusedLine, type AlreadyPaid } from './already-paid.ts';
import { mailPaymentReceipt, paymentReceipt } from './payment-receipts.ts';
import { enrolmentsOf } from '../collections.ts';

const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);

/**
 * The office records a transfer, cash or a cheque: it settles the line the form named first (the
 * oldest owed as the form showed it), then the oldest owed. A named line paid meanwhile, or whose
 * balance changed, records nothing (issue 53: a double submission). An amount above what is owed is
 * refused unless confirmed (then the excess is the family's credit); a transfer or cheque needs its
 * bank and number.
 */
export async function recordManualPayment(
  deps: CoreDeps,
  actor: Actor,
  body: ManualPaymentBody,
): Promise<{ kind: 'recorded'; ledger: EnrolmentLedger } | AlreadyPaid> {
  const { store } = deps;
  const bank = body.bank?.trim() ?? '';
  const document = body.document?.trim() ?? '';
  if (body.method !== 'efectivo' && !document) throw new ApiError(400, M.documentRequired);
  if (body.method !== 'efectivo' && !bank) throw new ApiError(400, M.bankRequired);
  const found = await enrolmentsOf(store).findById(body.enrolment);
  if (!found || found.payment_status !== 'paid') throw new ApiError(404, M.notFound);
  // A cancelled order takes no more money (issue 53): the parent's path refuses it too.
  if (found.status === 'cancelled') throw new ApiError(409, M.cancelledEnrolment);
  return withLedgerLockWaiting(deps, found._id, async (enrolment) => {
    // Read again under the lease: a cancellation fixes its figures under it too.
    if (enrolment.status === 'cancelled') throw new ApiError(409, M.cancelledEnrolment);
    const today = santoDomingoDay(nowOf(deps));
    const ledger = await readLedger(store, enrolment, today, [...PAYING_STATUSES, 'charging']);
    const owed = ledger.lines.reduce((sum, line) => sum + line.owed, 0);
    let allocated: ReturnType<typeof allocateOldestFirst>;
    if (body.cuota === undefined) {
      // Only money with nothing owed (a confirmed credit) names no line.
      if (owed > 0) throw new ApiError(400, M.instalmentRequired);
      allocated = allocateOldestFirst(ledger, body.amount);
    } else {
      const named = namedLine(ledger, body.cuota);
      if ('refused' in named) return refusedLine(store, enrolment, today, ledger, body.cuota, named.refused);
      if (body.owed !== undefined && body.owed !== named.line.owed)
        throw new ApiError(409, M.amountChanged(formatDop(named.line.owed)));
      allocated = allocateFromLine(ledger, body.cuota, body.amount);
    }
    const { allocations, excess } = allocated;
    if (excess > 0 && !body.confirm_excess) throw new ApiError(409, M.excess(formatDop(Math.max(owed, 0))));
    const payment = await paymentsOf(store).insertOne({
      enrolment_id: enrolment._id,
      user_id: enrolment.user_id,
      order_number: enrolment.order_number,
      method: body.method,
      amount: body.amount,
      allocations,
      status: 'recorded',
      ...(bank ? { bank } : {}),
      ...(document ? { document } : {}),
      ...(body.note?.trim() ? { note: body.note.trim() } : {}),
      recorded_by: actor.user.email,
      created_at: new Date(),
    });
    await recordAudit(store, actor, {
      action: 'create',
      kind: PAYMENTS,
      record_id: payment._id,
      before: { balance: ledger.balance },
      after: { ...payment, balance: ledger.balance - body.amount },
    });
    await mailPaymentReceipt(deps, payment, await paymentReceipt(deps, payment)).catch((error: unknown) => {
      deps.log.error({ err: error, payment: payment._id }, 'manual payment receipt e-mail failed');
    });
    return { kind: 'recorded' as const, ledger: await readLedger(store, enrolment, today) };
  });
}
