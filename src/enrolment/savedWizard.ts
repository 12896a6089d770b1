// What the wizard keeps in sessionStorage (./persistence.ts reads and writes it): the shapes, apart
// from the code, so that the machine (./machine.ts), which starts from them, and the persistence,
// which reads the machine, do not import each other.
import type { PaymentResult } from '../domain/enrolment.ts';
import type { PaymentForm, StepIndex, WizardCamp, WizardData } from './wizardData.ts';

/** Raised when a saved shape changes: an older save is then dropped rather than misread. */
export const WIZARD_SAVE_VERSION = 1;

/** The payment form without the card. */
export type SavedPayment = Omit<PaymentForm, 'ccName' | 'ccNumber' | 'ccDate' | 'ccCVV'>;

/** The wizard's own data as it stands (./wizardData.ts WizardData), without the card. */
export interface SavedWizard extends Pick<
  WizardData,
  'lines' | 'slotCount' | 'lineSeq' | 'participants' | 'additional' | 'coupon'
> {
  version: typeof WIZARD_SAVE_VERSION;
  campId: string;
  step: StepIndex;
  payment: SavedPayment;
  /** Kept so that a reload after an unanswered attempt cannot charge twice. */
  idempotencyKey: string;
}

/** What the thank-you page shows: the camp and the payment's result (no card, nothing typed). */
export interface SavedPaid {
  version: typeof WIZARD_SAVE_VERSION;
  campId: string;
  camp: WizardCamp | null;
  result: PaymentResult;
}
