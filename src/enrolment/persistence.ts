// The wizard survives a reload (DESIGN.md §3 "Wizard"): its data is kept in sessionStorage,
// never the card (ccName, ccNumber, ccDate, ccCVV), and dropped once the payment succeeds. The
// paid result takes its place, so the thank-you page survives a reload too; the next order's
// wizard writes over it.
import type { Actor } from 'xstate';
import type { EnrolmentMachine } from './machine.ts';
import type { EnrolmentContext } from './machineContext.ts';
import { WIZARD_SAVE_VERSION as VERSION, type SavedPaid, type SavedWizard } from './savedWizard.ts';

export const WIZARD_STORAGE_KEY = 'enrolment.wizard';
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
      whatsapp: payment.whatsapp,
      whatsappPhone: payment.whatsappPhone,
      whatsappTo: payment.whatsappTo,
    },
    idempotencyKey: context.idempotencyKey,
  };
}

type WizardStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The wizard's copy, or the paid result that replaces it. */
function save(storage: WizardStorage, value: SavedWizard | SavedPaid): void {
  try {
    storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the wizard still works, it only forgets on reload.
  }
}

export function saveWizard(storage: WizardStorage, context: EnrolmentContext): void {
  save(storage, toSaved(context));
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

/** The paid result of this camp's last order, or null (a wizard under way is no paid order). */
export function loadPaid(storage: WizardStorage, campId: string): SavedPaid | null {
  try {
    const paid = JSON.parse(storage.getItem(WIZARD_STORAGE_KEY) ?? 'null') as SavedPaid | null;
    return paid?.version === VERSION && paid.campId === campId && paid.result?.orderId ? paid : null;
  } catch {
    return null;
  }
}

/**
 * Saves every snapshot of a running wizard; once the payment is confirmed (the machine is done)
 * the saved copy is replaced by the paid result, which a wizard that runs (a new order) writes
 * over. Returns the unsubscribe function.
 */
export function persistWizard(actor: Actor<EnrolmentMachine>, storage: WizardStorage): () => void {
  const write = () => {
    const snapshot = actor.getSnapshot();
    const { campId, camp, result } = snapshot.context;
    if (snapshot.status === 'done' && result) save(storage, { version: VERSION, campId, camp, result });
    else if (snapshot.status === 'active') saveWizard(storage, snapshot.context);
  };
  write();
  const subscription = actor.subscribe({ next: write, complete: write });
  return () => subscription.unsubscribe();
}
