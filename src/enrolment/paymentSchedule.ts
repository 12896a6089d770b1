// An annual program's payment schedule (issue 20) as the payment step shows it. Only that step reads
// it, so it travels in the step's chunk rather than in the calendar's download.
import { planSchedule, type PaymentSchedule } from '../domain/pricing.ts';
import { cartPriceInput } from './cartTotals.ts';
import type { WizardData } from './wizardData.ts';

/**
 * The payment schedule of an annual program's cart (issue 20), as the checkout will sell it: each
 * child's instalments from `today`, the membership once, and what is paid now.
 */
export function cartSchedule(
  state: Pick<WizardData, 'camp' | 'lines' | 'coupon' | 'originalWeeks'> &
    Partial<Pick<WizardData, 'participants' | 'earlierChildren'>>,
  today: string,
): PaymentSchedule {
  return planSchedule(cartPriceInput(state, today), today);
}
