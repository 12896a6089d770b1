// A ledger payment's fiscal receipt (issue 22: its own e-CF) and the e-mail telling the family it was
// paid, with that receipt; and the pass that issues and e-mails the receipts that waited for a range.
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import type { LedgerPayment } from '../../domain/ledger.ts';
import type { Receipt } from '../../domain/receipts.ts';
import { issuePaymentReceipt } from '../receipts/service.ts';
import { markMailed, receiptAttachment } from '../receipts/delivery.ts';
import { instalmentPaidMail } from './mails.ts';
import { PAYMENTS, readLedger } from './ledger.ts';
import { mailFamily } from './family-mail.ts';
import { enrolmentsOf } from '../collections.ts';

const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);

/**
 * The payment's own receipt (issue 22; a B one while e-CF is off, issue 54); one that cannot be
 * numbered now marks the payment owed, for the receipts' pass. Never fails the payment.
 */
export async function paymentReceipt(deps: CoreDeps, payment: LedgerPayment): Promise<Receipt | null> {
  let receipt: Receipt | null = null;
  try {
    receipt = await issuePaymentReceipt(deps, payment);
  } catch (error) {
    deps.log.error({ err: error, payment: payment._id }, 'the instalment e-CF could not be issued');
  }
  await paymentsOf(deps.store).updateOne(
    { _id: payment._id },
    receipt ? { unset: ['receipt_pending'] } : { set: { receipt_pending: true } },
  );
  return receipt;
}

/** Payments whose e-CF waited for a range: issued and e-mailed now if they can be. */
export async function issuePendingPaymentReceipts(deps: CoreDeps): Promise<number> {
  let issued = 0;
  for (const payment of await paymentsOf(deps.store).find({ receipt_pending: true }, { limit: 100 })) {
    const receipt = await paymentReceipt(deps, payment);
    if (!receipt) continue;
    issued += 1;
    await mailPaymentReceipt(deps, payment, receipt).catch((error: unknown) =>
      deps.log.error({ err: error, payment: payment._id }, 'instalment receipt e-mail failed'),
    );
  }
  return issued;
}

export async function mailPaymentReceipt(
  deps: CoreDeps,
  payment: LedgerPayment,
  receipt: Receipt | null = null,
): Promise<void> {
  const enrolment = await enrolmentsOf(deps.store).findById(payment.enrolment_id);
  if (!enrolment) return;
  const ledger = await readLedger(deps.store, enrolment, santoDomingoDay(nowOf(deps)));
  await mailFamily(
    deps,
    enrolment,
    {
      ...instalmentPaidMail(ledger, payment, deps.settings.publicUrl),
      ...(receipt ? { attachments: [await receiptAttachment(deps, receipt)] } : {}),
    },
    // A receipt issued later goes in a mail of its own.
    receipt && payment.receipt_pending
      ? `instalment-receipt-${payment._id}`
      : `instalment-paid-${payment._id}`,
  );
  if (receipt) await markMailed(deps.store, [receipt]);
}
