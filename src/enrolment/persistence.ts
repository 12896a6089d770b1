// The wizard survives a reload (DESIGN.md §3 "Wizard"): its data is kept in sessionStorage,
// never the card (ccName, ccNumber, ccDate, ccCVV), and dropped once the payment succeeds. The
// paid result is kept then, so the thank-you page survives a reload too, until a new order starts.
import type { Actor } from 'xstate';
import type { CouponTermsData } from '../domain/coupons.ts';
import type { AdditionalData, PaymentResult } from '../domain/enrolment.ts';
import type { CartLine, ParticipantSlot, PaymentForm, StepIndex, WizardCamp } from './cart.ts';
import type { EnrolmentContext, EnrolmentMachine } from './machine.ts';

export const WIZARD_STORAGE_KEY = 'enrolment.wizard';
export const PAID_STORAGE_KEY = 'enrolment.paid';
const VERSION = 1;

/** The payment form without the card. */
export type SavedPayment = Omit<PaymentForm, 'ccName' | 'ccNumber' | 'ccDate' | 'ccCVV'>;

export interface SavedWizard {
  version: typeof VERSION;
  campId: string;
  step: StepIndex;
  lines: CartLine[];
  slotCount: number;
  lineSeq: number;
  participants: Record<number, ParticipantSlot>;
  additional: AdditionalData;
  coupon: CouponTermsData | null;
  payment: SavedPayment;
  /** Kept so that a reload after an unanswered attempt cannot charge twice. */
  idempotencyKey: string;
}

/** What is saved: an allow-list, so a field added to the payment form is never saved by accident. */
export function toSaved(context: EnrolmentContext): SavedWizard {
  const { payment } = context;
  return {
    version: VERSION,
    campId: context.campId,
    step: context.step,
    lines: context.lines,
    slotCount: context.slotCount,
    lineSeq: context.lineSeq,
    participants: context.participants,
    additional: context.additional,
    coupon: context.coupon,
    payment: {
      termsandconditions: payment.termsandconditions,
      comprobantefiscal: payment.comprobantefiscal,
      rnc: payment.rnc,
      rnc_nombre: payment.rnc_nombre,
      coupon: payment.coupon,
      autopay: payment.autopay,
    },
    idempotencyKey: context.idempotencyKey,
  };
}

type WizardStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveWizard(storage: WizardStorage, context: EnrolmentContext): void {
  try {
    storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(toSaved(context)));
  } catch {
    // Full or blocked storage: the wizard still works, it only forgets on reload.
  }
}

/** The saved wizard of this camp, or null (none, another camp, another version, or unreadable). */
export function loadWizard(storage: WizardStorage, campId: string): SavedWizard | null {
  try {
    const raw = storage.getItem(WIZARD_STORAGE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<SavedWizard> | null;
    if (
      !saved ||
      saved.version !== VERSION ||
      saved.campId !== campId ||
      !Array.isArray(saved.lines) ||
      typeof saved.participants !== 'object' ||
      saved.participants === null ||
      typeof saved.slotCount !== 'number' ||
      typeof saved.lineSeq !== 'number' ||
      ![0, 1, 2, 3].includes(saved.step as number)
    ) {
      return null;
    }
    return saved as SavedWizard;
  } catch {
    return null;
  }
}

export function clearWizard(storage: WizardStorage): void {
  try {
    storage.removeItem(WIZARD_STORAGE_KEY);
  } catch {
    /* see saveWizard */
  }
}

/** What the thank-you page shows: the camp and the payment's result (no card, nothing typed). */
export interface SavedPaid {
  version: typeof VERSION;
  campId: string;
  camp: WizardCamp | null;
  result: PaymentResult;
}

function savePaid(storage: WizardStorage, context: EnrolmentContext): void {
  if (!context.result) return;
  const paid: SavedPaid = {
    version: VERSION,
    campId: context.campId,
    camp: context.camp,
    result: context.result,
  };
  try {
    storage.setItem(PAID_STORAGE_KEY, JSON.stringify(paid));
  } catch {
    /* see saveWizard */
  }
}

/** The paid result of this camp's last order, or null. */
export function loadPaid(storage: WizardStorage, campId: string): SavedPaid | null {
  try {
    const raw = storage.getItem(PAID_STORAGE_KEY);
    const paid = raw ? (JSON.parse(raw) as Partial<SavedPaid> | null) : null;
    if (!paid || paid.version !== VERSION || paid.campId !== campId) return null;
    const result = paid.result as Partial<PaymentResult> | undefined;
    if (typeof result?.orderId !== 'string' || typeof result.authCode !== 'string') return null;
    return paid as SavedPaid;
  } catch {
    return null;
  }
}

function clearPaid(storage: WizardStorage): void {
  try {
    storage.removeItem(PAID_STORAGE_KEY);
  } catch {
    /* see saveWizard */
  }
}

/**
 * Saves every snapshot of a running wizard; once the payment is confirmed (the machine is done)
 * the saved copy is replaced by the paid result. A wizard that runs (a new order) forgets that
 * result. Returns the unsubscribe function.
 */
export function persistWizard(actor: Actor<EnrolmentMachine>, storage: WizardStorage): () => void {
  const write = () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done') {
      clearWizard(storage);
      savePaid(storage, snapshot.context);
    } else if (snapshot.status === 'active') {
      saveWizard(storage, snapshot.context);
      clearPaid(storage);
    }
  };
  write();
  const subscription = actor.subscribe({ next: write, complete: write });
  return () => subscription.unsubscribe();
}
