// The office changes a family's future instalments (issue 20): one moved to another day or cancelled;
// and, when an enrolment is cancelled, those not due yet with nothing paid.
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { validDay } from '../../domain/plans.ts';
import { LEDGER_MESSAGES as M, PAYING_STATUSES, type Instalment } from '../../domain/ledger.ts';
import type { InstalmentUpdateBody } from '../../domain/schemas/ledger.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { INSTALMENTS, readLedger, type EnrolmentLedger } from './ledger.ts';
import { withLedgerLock } from './ledger-lock.ts';
import { enrolmentsOf } from '../collections.ts';

const instalmentsOf = (store: Store) => store.collection<Instalment>(INSTALMENTS);

/** The office moves a future instalment to another day, or cancels it; only one nothing was paid of. */
export async function updateInstalment(
  deps: CoreDeps,
  actor: Actor,
  body: InstalmentUpdateBody,
): Promise<EnrolmentLedger> {
  const { store } = deps;
  const instalment = await instalmentsOf(store).findById(body.id);
  if (!instalment) throw new ApiError(404, M.instalmentNotFound);
  if (body.due !== undefined && !validDay(body.due)) throw new ApiError(400, M.badDay);
  const today = santoDomingoDay(nowOf(deps));
  if (body.due !== undefined && body.due < today) throw new ApiError(400, M.pastDay);
  return withLedgerLock(deps, instalment.enrolment_id, async (enrolment) => {
    const ledger = await readLedger(store, enrolment, today, [...PAYING_STATUSES, 'charging']);
    const line = ledger.lines.find((candidate) => candidate._id === instalment._id)!;
    if (line.cancelled_at || line.paid > 0 || line.due < today) throw new ApiError(400, M.notChangeable);
    const set: Record<string, unknown> = {};
    if (body.cancel) set.cancelled_at = nowOf(deps);
    else if (body.due !== undefined) set.due = body.due;
    else return readLedger(store, enrolment, today);
    const after = await instalmentsOf(store).updateOne({ _id: instalment._id, cancelled_at: null }, { set });
    if (!after) throw new ApiError(400, M.notChangeable);
    await recordAudit(store, actor, {
      action: 'update',
      kind: INSTALMENTS,
      record_id: instalment._id,
      before: { due: instalment.due, cancelled_at: instalment.cancelled_at ?? null },
      after: { due: after.due, cancelled_at: after.cancelled_at ?? null },
    });
    return readLedger(store, enrolment, today);
  });
}

/** Cancels the instalments of a cancelled enrolment that are not due yet and have nothing paid. */
export async function cancelFutureInstalments(deps: CoreDeps, enrolmentId: string): Promise<number> {
  const { store } = deps;
  const enrolment = await enrolmentsOf(store).findById(enrolmentId);
  if (!enrolment) return 0;
  const today = santoDomingoDay(nowOf(deps));
  const ledger = await readLedger(store, enrolment, today, [...PAYING_STATUSES, 'charging']);
  let cancelled = 0;
  for (const line of ledger.lines) {
    if (line.cancelled_at || line.paid > 0 || line.due <= today) continue;
    if (
      await instalmentsOf(store).updateOne(
        { _id: line._id, cancelled_at: null },
        { set: { cancelled_at: nowOf(deps) } },
      )
    )
      cancelled += 1;
  }
  return cancelled;
}
