// What the enrolment machine (./machine.ts) holds and is told: its context, its input, its events,
// and the context it starts from (a wizard restored from sessionStorage, never with a card field).
import { newIdempotencyKey } from '../api/idempotency.ts';
import type { AdditionalData, ParticipantFields, PaymentResult } from '../domain/enrolment.ts';
import type { CartHolds } from '../domain/holds.ts';
import type { PendingAuthentication } from './api.ts';
import type { BankStepEvent } from './bankStep.ts';
import { NO_HOLD, type HoldState } from './holds.ts';
import type { SavedPaid, SavedWizard } from './savedWizard.ts';
import {
  EMPTY_MEMBERSHIP,
  emptyAdditional,
  emptyPayment,
  initialSelection,
  type MembershipChoice,
  type PaymentForm,
  type StepIndex,
  type WizardData,
} from './wizardData.ts';

export interface EnrolmentContext extends WizardData {
  campId: string;
  /** 0 Calendario, 1 Participantes, 2 Adicional, 3 Pago. While loading: the step asked for. */
  step: StepIndex;
  /** Idempotency-Key of the next payment attempt (DESIGN.md §2.9). */
  idempotencyKey: string;
  result: PaymentResult | null;
  /** Text of the 'Mensaje' dialog; null when closed. */
  dialog: string | null;
  /** 'Agregar' was refused: the calendar marks the fields it was refused for (issue 26). */
  addTried: boolean;
  /** The coupon's refusal, shown under its field as well as in the dialog; null otherwise. */
  couponError: string | null;
  /** The card's refusal (a decline, a wrong number), shown under the card's number as well. */
  cardError: string | null;
  /** The participant whose photo is uploading. */
  uploadingCupo: number | null;
  /** The places the cart holds (issue 18, ./holds.ts). */
  hold: HoldState;
  /** The card's bank's step the payment waits for (3-D Secure, issue 21); null otherwise. */
  authentication: PendingAuthentication['authentication'] | null;
}

export interface EnrolmentInput {
  campId: string;
  /** What persistence.ts restored from sessionStorage for this camp, if anything. */
  restored?: SavedWizard | null;
  /** A reload of the thank-you page: the paid order it shows (the machine starts confirmed). */
  paid?: SavedPaid | null;
}

export type EnrolmentEvent =
  /** `now` (epoch ms) makes the provisional membership id testable; defaults to Date.now(). */
  | { type: 'AGREGAR'; now?: number }
  | { type: 'TOGGLE_WEEK'; weekId: string }
  | { type: 'TOGGLE_ALL' }
  | { type: 'SELECT_CATEGORY'; category: string; weekId?: string }
  | { type: 'SET_MEMBERSHIP'; have?: MembershipChoice['have']; id?: string }
  | { type: 'TOGGLE_LINE'; key: string }
  | { type: 'DELETE_CHECKED' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** Sent by the routes: the step whose route is showing (back/forward, deep links). */
  | { type: 'GO_TO'; step: StepIndex }
  | { type: 'UPDATE_PARTICIPANT'; cupo: number; patch: Partial<ParticipantFields> }
  | { type: 'UPLOAD_PHOTO'; cupo: number; file: Blob }
  | { type: 'UPDATE_ADDITIONAL'; patch: Partial<AdditionalData> }
  /** Without `code`, the coupon box's text (payment.coupon) is used. */
  | { type: 'APPLY_COUPON'; code?: string }
  | { type: 'REMOVE_COUPON' }
  | { type: 'UPDATE_PAYMENT'; patch: Partial<PaymentForm> }
  /** At payment: a line whose week filled takes another week, keeping the child's data. */
  | { type: 'SWAP_WEEK'; key: string; weekId: string }
  | { type: 'PAY' }
  | { type: 'CLOSE_DIALOG' }
  /** loadFailed: try loading the camp again. */
  | { type: 'RETRY' }
  /** The server's answer to the cart's report (./cartReport.ts). */
  | { type: 'HOLD_REPORTED'; holds: CartHolds }
  /** 'Reservar de nuevo'. */
  | { type: 'HOLD_RETRY' }
  /** The bank's step changed, or it is over and the server settled the payment (./bankStep.ts). */
  | BankStepEvent
  /** 'Cancelar' on the bank's step. */
  | { type: 'CANCEL_AUTHENTICATION' };

/** The context the machine starts with: what persistence.ts restored, else nothing chosen yet. */
export function initialContext(input: EnrolmentInput): EnrolmentContext {
  const saved = input.restored ?? null;
  return {
    campId: input.campId,
    step: saved?.step ?? 0,
    uid: '',
    camp: input.paid?.camp ?? null,
    earlierChildren: [],
    heldPlaces: [],
    waitlist: [],
    weeks: [],
    originalWeeks: [],
    categories: [],
    selection: initialSelection(),
    membership: EMPTY_MEMBERSHIP,
    lines: saved?.lines ?? [],
    slotCount: saved?.slotCount ?? 0,
    lineSeq: saved?.lineSeq ?? 0,
    participants: saved?.participants ?? {},
    additional: { ...emptyAdditional(), ...saved?.additional },
    coupon: saved?.coupon ?? null,
    // Field by field: whatever the storage holds, no card field is ever taken from it.
    payment: saved
      ? {
          ...emptyPayment(),
          termsandconditions: saved.payment?.termsandconditions === true,
          comprobantefiscal: saved.payment?.comprobantefiscal === true,
          rnc: String(saved.payment?.rnc ?? ''),
          rnc_nombre: String(saved.payment?.rnc_nombre ?? ''),
          coupon: String(saved.payment?.coupon ?? ''),
          autopay: saved.payment?.autopay === true,
        }
      : emptyPayment(),
    idempotencyKey: saved?.idempotencyKey ?? newIdempotencyKey(),
    result: input.paid?.result ?? null,
    dialog: null,
    addTried: false,
    couponError: null,
    cardError: null,
    uploadingCupo: null,
    hold: NO_HOLD,
    authentication: null,
  };
}
