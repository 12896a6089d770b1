// The receipts' pass (every minute, and when staff add a range or save the school's data): receipts
// owed that can be numbered now are issued, and those no e-mail carried go out in one of their own.
import { escapeHtml, nowOf, type CoreDeps } from '../deps.ts';
import { familyRecipients } from '../checkout/mails.ts';
import type { Store } from '../store/port.ts';
import type { UserRecord } from '../../domain/records.ts';
import { RECEIPT_MESSAGES as R, type Receipt } from '../../domain/receipts.ts';
import { issueOwedReceipts, RECEIPTS } from './service.ts';
import { issuableTypes } from './numbering.ts';
import { markMailed, receiptAttachment } from './delivery.ts';
import { enrolmentsOf } from '../collections.ts';

const receiptsOf = (store: Store) => store.collection<Receipt>(RECEIPTS);

/** How long a new receipt is left to the e-mail of the step that issued it before the pass sends it. */
const MAIL_GRACE_MS = 2 * 60_000;

/**
 * The receipts' pass (every minute, and when staff add a range or save the school's data):
 * 1. orders owed receipts whose blocking type can be numbered now (or never tried) are issued;
 *    orders whose follow-ups or cancellation still run are left to those;
 * 2. receipts that no e-mail carried (issued here, or by a step that failed before its e-mail) are
 *    e-mailed on their own, once (the mail's key), then marked.
 * Each order and receipt is its own try: one failure does not stop the others.
 */
export async function issuePendingReceipts(deps: CoreDeps): Promise<number> {
  const { store, mailer, log } = deps;
  const now = nowOf(deps);
  const usable = await issuableTypes(store, now);
  const owed = await enrolmentsOf(store).find(
    {
      receipt_pending: true,
      followups_done: { $ne: false },
      cancel_done: { $ne: false },
      $or: [{ receipt_blocked: { $exists: false } }, { receipt_blocked: { $in: usable } }],
    },
    { sort: { _id: 1 }, limit: 100 },
  );
  for (const enrolment of owed)
    await issueOwedReceipts(deps, enrolment._id).catch((error: unknown) =>
      log.error({ err: error, order: enrolment.order_number }, 'owed receipts could not be issued'),
    );

  const unsent = await receiptsOf(store).find(
    { mailed: false, issued_at: { $lte: new Date(now.getTime() - MAIL_GRACE_MS) } },
    { sort: { issued_at: 1 }, limit: 100 },
  );
  let sent = 0;
  for (const receipt of unsent) {
    try {
      const enrolment = await enrolmentsOf(store).findById(receipt.enrolment_id);
      const parent = await store
        .collection<UserRecord>('usuarios')
        .findById(receipt.user_id, { withDeleted: true });
      const recipients = enrolment ? familyRecipients(parent?.email, enrolment) : [];
      if (recipients.length > 0) {
        const text = R.mailText(receipt.order_number, receipt.ncf);
        await mailer.enqueue({
          to: recipients,
          subject: R.mailSubject(receipt.order_number),
          text,
          html: `<p>${escapeHtml(text)}</p>`,
          kind: 'receipt',
          user_id: receipt.user_id,
          key: `receipt-${receipt._id}`,
          attachments: [await receiptAttachment(deps, receipt)],
        });
        sent += 1;
      }
      await markMailed(store, [receipt]);
    } catch (error) {
      log.error({ err: error, ncf: receipt.ncf }, 'a receipt could not be e-mailed');
    }
  }
  return sent;
}
