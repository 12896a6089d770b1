// How a receipt reaches the family: its PDF attached to an e-mail (then marked mailed), the list of an
// order's receipts with the refs their download links name, and the PDF's download by that ref.
import type { CoreDeps } from '../deps.ts';
import { toBase64 } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import type { Store } from '../store/port.ts';
import { RECEIPT_MESSAGES as R, receiptFileName, type NcfType, type Receipt } from '../../domain/receipts.ts';
import { RECEIPTS } from './service.ts';
import { enrolmentsOf } from '../collections.ts';

const receiptsOf = (store: Store) => store.collection<Receipt>(RECEIPTS);

/** The PDF of a receipt as an e-mail attachment. */
export async function receiptAttachment(deps: CoreDeps, receipt: Receipt) {
  return {
    filename: receiptFileName(receipt),
    contentType: 'application/pdf',
    content: toBase64(await deps.receiptPdf(receipt)),
  };
}

/** Records that these receipts went out with an e-mail (queued: the outbox sends it). */
export async function markMailed(store: Store, receipts: ReadonlyArray<Pick<Receipt, '_id'>>): Promise<void> {
  for (const receipt of receipts)
    await receiptsOf(store).updateOne({ _id: receipt._id }, { set: { mailed: true } });
}

/** A receipt's ref: its id after the order's ('B04-c1'), what its download link names. */
const refOf = (receipt: Receipt): string => receipt._id.slice(receipt.enrolment_id.length + 1);

/** An order's receipts, for the profile and the admin detail: type, NCF and ref, by order id. */
export async function receiptsOfOrders(
  store: Store,
  enrolmentIds: readonly string[],
): Promise<Map<string, Array<{ type: NcfType; ncf: string; ref: string }>>> {
  const found = enrolmentIds.length
    ? await receiptsOf(store).find({ enrolment_id: { $in: [...enrolmentIds] } }, { sort: { issued_at: 1 } })
    : [];
  const byOrder = new Map<string, Array<{ type: NcfType; ncf: string; ref: string }>>();
  for (const receipt of found)
    byOrder.set(receipt.enrolment_id, [
      ...(byOrder.get(receipt.enrolment_id) ?? []),
      { type: receipt.type, ncf: receipt.ncf, ref: refOf(receipt) },
    ]);
  return byOrder;
}

/**
 * A receipt's PDF for download, by the order and the receipt's ref (issue 53: a change's credit
 * note and an instalment's e-CF have ids of their own, so a type alone could not name them). The
 * receipt must be that order's; for a family (userId) the order must be theirs; staff (null) any.
 */
export async function receiptPdf(
  deps: CoreDeps,
  enrolmentId: string,
  ref: string,
  userId: string | null,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const receipt = await receiptsOf(deps.store).findById(`${enrolmentId}-${ref}`);
  if (!receipt || receipt.enrolment_id !== enrolmentId) throw new ApiError(404, R.notFound);
  if (userId !== null) {
    const order = await enrolmentsOf(deps.store).findById(enrolmentId);
    if (!order || order.user_id !== userId || receipt.user_id !== userId) throw new ApiError(404, R.notFound);
  }
  return { filename: receiptFileName(receipt), bytes: await deps.receiptPdf(receipt) };
}
