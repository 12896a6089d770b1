// Staff operations on one enrolment (the staff issue): its whole detail, and cancelling it.
import type { CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Category, Enrolment, Membership, UserRecord, Week } from '../../domain/records.ts';
import { enrolmentState, STAFF_MESSAGES } from '../../domain/staff.ts';
import { familyRecipients, releasePlaces } from '../checkout/settle.ts';
import { cancellationMail } from '../checkout/mails.ts';
import { recordAudit, type Actor } from './audit.ts';

const enrolmentsOf = (deps: Pick<CoreDeps, 'store'>) => deps.store.collection<Enrolment>('inscripciones');

/** The keys under which the e-mails of an enrolment are queued (MailMessage.key). */
export const mailKeysOf = (id: string) => [`confirmation-${id}`, `not-completed-${id}`, `cancelled-${id}`];

/**
 * Everything staff need about one order: the record itself plus its state, its weeks' and
 * categories' names, the parent's account and the e-mails queued for it. The card appears only as
 * stored (brand, last four digits).
 */
export async function enrolmentDetail(deps: Pick<CoreDeps, 'store'>, id: string) {
  const { store } = deps;
  const enrolment = await enrolmentsOf(deps).findById(id);
  if (!enrolment) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  const weekIds = [...new Set(enrolment.lines.map((line) => line.id))];
  const [weeks, categories, parent, mails] = await Promise.all([
    store.collection<Week>('semanas').find({ _id: { $in: weekIds } }, { withDeleted: true }),
    store.collection<Category>('categorias').find({ campament: enrolment.campament }, { withDeleted: true }),
    store.collection<UserRecord>('usuarios').findById(enrolment.user_id, { withDeleted: true }),
    store
      .collection<{
        _id: string;
        kind: string;
        subject: string;
        to: string[];
        status: string;
        created_at: Date;
      }>('outbox')
      .find({ _id: { $in: mailKeysOf(id) } }, { sort: { created_at: 1 } }),
  ]);
  const weekName = new Map(weeks.map((week) => [week._id, week.name]));
  const categoryName = new Map(categories.map((category) => [category._id, category.name]));
  return {
    ...enrolment,
    state: enrolmentState(enrolment),
    parent_email: parent?.email ?? '',
    lines: enrolment.lines.map((line) => ({
      ...line,
      week_name: weekName.get(line.id) ?? line.name,
      category_name: categoryName.get(line.time) ?? '',
    })),
    mails: mails.map(({ kind, subject, to, status, created_at }) => ({
      kind,
      subject,
      to,
      status,
      created_at,
    })),
  };
}

export interface CancelOutcome {
  enrolment: Enrolment;
  /** False when it was cancelled before (a second click): nothing was done again. */
  cancelledNow: boolean;
}

/**
 * Cancels a paid enrolment: marked cancelled first (one conditional write, so two clicks cancel
 * once), then its places back (exactly its holds), its memberships voided, the refund asked of the
 * gateway, the family e-mailed. Each step checks what an earlier run did, so a repeat after a
 * crash finishes the job (`cancel_done`). A refund the gateway does not confirm leaves the
 * enrolment cancelled with `refund_status: 'pending'`.
 */
export async function cancelEnrolment(
  deps: CoreDeps,
  id: string,
  reason: string,
  actor: Actor,
): Promise<CancelOutcome> {
  const { store, gateway, log, mailer } = deps;
  const enrolments = enrolmentsOf(deps);
  const existing = await enrolments.findById(id);
  if (!existing) throw new ApiError(404, STAFF_MESSAGES.enrolmentNotFound);
  if (existing.status === 'cancelled' && existing.cancel_done !== false)
    return { enrolment: existing, cancelledNow: false };
  if (existing.status !== 'cancelled') {
    if (existing.payment_status === 'pending' || existing.payment_status === 'unknown')
      throw new ApiError(409, STAFF_MESSAGES.cancelVerifyFirst);
    if (existing.payment_status !== 'paid') throw new ApiError(409, STAFF_MESSAGES.cancelNotPaid);
  }
  const claimed =
    existing.status === 'cancelled'
      ? existing
      : await enrolments.updateOne(
          { _id: id, payment_status: 'paid', status: { $ne: 'cancelled' } },
          {
            set: {
              status: 'cancelled',
              cancelled_at: new Date(),
              cancel_reason: reason.trim(),
              cancelled_by: actor.user.email,
              cancel_done: false,
            },
          },
        );
  if (!claimed) {
    // Another click got there first.
    const now = await enrolments.findById(id);
    return { enrolment: now ?? existing, cancelledNow: false };
  }
  if (existing.status !== 'cancelled')
    await recordAudit(store, actor, {
      action: 'cancel',
      kind: 'inscripciones',
      record_id: id,
      before: { status: existing.status },
      after: { status: 'cancelled' },
      note: reason.trim(),
    });

  await releasePlaces(store, claimed);
  // updateOne changes one document: one write per membership the order issued.
  for (;;) {
    const voided = await store
      .collection<Membership>('membresias')
      .updateOne({ order_number: claimed.order_number, status: 'active' }, { set: { status: 'inactive' } });
    if (!voided) break;
  }

  let refund: Partial<Enrolment> = {};
  if (claimed.refund_status !== 'refunded') {
    try {
      const result = await gateway.refund({ reference: claimed.order_number, amount: claimed.amount });
      refund = result.refunded
        ? { refund_status: 'refunded', refund_reference: result.refundReference }
        : { refund_status: 'pending' };
      if (!result.refunded)
        log.warn({ order: claimed.order_number, message: result.message }, 'refund refused');
    } catch (error) {
      log.error({ err: error, order: claimed.order_number }, 'refund could not be asked');
      refund = { refund_status: 'pending' };
    }
  }
  const done = (await enrolments.updateOne({ _id: id }, { set: { ...refund } })) ?? claimed;

  const parent = await store.collection<UserRecord>('usuarios').findById(done.user_id, { withDeleted: true });
  const recipients = familyRecipients(parent?.email, done);
  if (recipients.length > 0)
    await mailer.enqueue({
      ...cancellationMail(done),
      to: recipients,
      user_id: done.user_id,
      key: `cancelled-${id}`,
    });
  const finished = (await enrolments.updateOne({ _id: id }, { set: { cancel_done: true } })) ?? done;
  return { enrolment: finished, cancelledNow: existing.status !== 'cancelled' };
}
