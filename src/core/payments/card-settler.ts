// Settling an instalment's card payment (issue 20): the gateway's answer written once on a payment
// left 'charging', and the pass that asks the gateway about those a crash or a timeout left so.
import type { CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { LedgerPayment } from '../../domain/ledger.ts';
import { mayStillBeApproved, takenElsewhere, type ChargeResult } from '../checkout/gateway.ts';
import { PAYMENTS } from './ledger.ts';
import { mailPaymentReceipt, paymentReceipt } from './payment-receipts.ts';

const paymentsOf = (store: Store) => store.collection<LedgerPayment>(PAYMENTS);

/** Writes a gateway's answer on a 'charging' payment (once) and sends the receipt of an approval. */
export async function settleCharge(
  deps: CoreDeps,
  payment: LedgerPayment,
  charge: ChargeResult | null,
): Promise<LedgerPayment | null> {
  const set: Partial<LedgerPayment> = !charge
    ? { status: 'failed', message: 'El cargo no llegó al banco.' }
    : charge.approved
      ? {
          status: 'approved',
          auth_code: charge.authCode,
          gateway_reference: charge.gatewayReference,
          ...(charge.rrn ? { gateway_rrn: charge.rrn } : {}),
          card: { brand: charge.brand, last4: charge.last4 },
        }
      : { status: 'declined', message: charge.message, card: { brand: charge.brand, last4: charge.last4 } };
  const settled = await paymentsOf(deps.store).updateOne(
    { _id: payment._id, status: 'charging' },
    { set, unset: ['lease_until'] },
  );
  if (settled?.status === 'approved')
    await mailPaymentReceipt(deps, settled, await paymentReceipt(deps, settled)).catch((error: unknown) => {
      deps.log.error({ err: error, reference: settled.reference }, 'instalment receipt e-mail failed');
    });
  return settled;
}

/**
 * Settles card payments left 'charging' past their lease (a crash, a timeout): the gateway says
 * what became of each reference. Approved pays; declined or never received fails; a gateway that
 * cannot say yet leaves it for the next pass. Each payment is settled once (conditional write).
 */
export async function settleCardPayments(
  deps: CoreDeps,
  filter: Record<string, unknown> = {},
): Promise<number> {
  const now = new Date();
  const stale = await paymentsOf(deps.store).find({
    ...filter,
    status: 'charging',
    lease_until: { $lt: now },
  });
  let settled = 0;
  for (const payment of stale) {
    // Sent to the school's previous merchant (issue 55): the current one cannot tell; left charging.
    if (takenElsewhere(deps.gateway, payment)) continue;
    let charge: ChargeResult | null;
    try {
      charge = await deps.gateway.lookup(payment.reference!);
    } catch {
      continue;
    }
    // 'Never received' only once the gateway can no longer be deciding it (issue 43).
    if (!charge && mayStillBeApproved(deps.gateway, payment.created_at, now)) continue;
    if (await settleCharge(deps, payment, charge)) settled += 1;
  }
  return settled;
}
