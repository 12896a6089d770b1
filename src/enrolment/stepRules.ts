// The steps after the calendar (spec 01 §4, §5): what each asks before the parent may go on (the
// children's forms, the additional information, the payment form), and how far the data lets them go
// (the request 'Pagar' sends is ./enrolmentBody.ts). The forms' own rules load with the steps that
// have forms.
import { participantCategoryProblems } from '../domain/categories.ts';
import {
  WIZARD_ENROLMENT_MESSAGES,
  PARTICIPANT_REQUIRED,
  rncProblem,
  type ParticipantFields,
} from '../domain/enrolment.ts';
import { formRules } from './formRulesRegistry.ts';
import { PHOTO_ALLOWED_TYPES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../domain/photos.ts';
import { childKey } from '../domain/family.ts';
import { spanishList } from './calendarRules.ts';
import { fullLines } from './cartLines.ts';
import {
  isAnnual,
  type ParticipantSlot,
  type PaymentForm,
  type StepIndex,
  type WizardData,
} from './wizardData.ts';

// ---- Participants, additional information, payment ------------------------------------------

export function participantList(state: Pick<WizardData, 'participants'>): ParticipantSlot[] {
  return Object.values(state.participants).sort((a, b) => a.id - b.id);
}

export function updateParticipant<S extends Pick<WizardData, 'participants'>>(
  state: S,
  cupo: number,
  patch: Partial<ParticipantFields>,
): S {
  const current = state.participants[cupo];
  if (!current) return state;
  const allowed = Object.fromEntries(
    Object.entries(patch).filter(([field]) => (PARTICIPANT_REQUIRED as readonly string[]).includes(field)),
  );
  return { ...state, participants: { ...state.participants, [cupo]: { ...current, ...allowed } } };
}

/** A photo the server would refuse anyway is stopped before the upload (DESIGN.md §2.11). */
export function photoProblem(file: { size: number; type: string }): string | null {
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  if (file.type && !PHOTO_ALLOWED_TYPES.some((allowed) => allowed.mime === file.type))
    return PHOTO_MESSAGES.badType;
  return null;
}

/** Stands for the rules' lines while they load (never shown: the steps that show lines load them). */
const RULES_LOADING = 'Cargando…';

/** A child's 'Errores' lines: the form's own, then any category whose age range they do not fit. */
export type SlotState = Pick<WizardData, 'lines' | 'categories' | 'heldPlaces' | 'camp'>;

/** A slot's child already holding one of its weeks (or the program): the server's refusal, before it. */
export function takenTwice(state: SlotState, participant: ParticipantSlot): string[] {
  if (!participant.first_name.trim() || !participant.birth_date.trim()) return [];
  const weekIds = state.lines.filter((line) => line.cupo === participant.id).map((line) => line._id);
  return (formRules()?.placesTakenTwice ?? (() => []))(
    { ...participant, key: childKey(participant) },
    weekIds,
    state.heldPlaces,
    isAnnual(state.camp),
  );
}

export function participantProblems(
  state: SlotState,
  participant: ParticipantSlot,
  now = new Date(),
): string[] {
  return [
    ...(formRules()?.participantErrors(participant, now) ?? [RULES_LOADING]),
    ...participantCategoryProblems(participant, state.lines, state.categories),
    ...takenTwice(state, participant).map((message) => `- ${message}`),
  ];
}

export function participantsComplete(
  state: Pick<WizardData, 'participants' | 'lines' | 'categories' | 'heldPlaces' | 'camp'>,
  now = new Date(),
): boolean {
  const list = participantList(state);
  return (
    list.length > 0 && list.every((participant) => participantProblems(state, participant, now).length === 0)
  );
}

export function additionalComplete(state: Pick<WizardData, 'additional'>): boolean {
  const rules = formRules();
  return rules !== null && rules.additionalErrors(state.additional).length === 0;
}

/** What 'Pagar' still waits for, in the order of the form: the field's id and how to name it. */
export interface PaymentGap {
  /** A card or invoice field, 'terms', or the swap select of a full week's line (`swap-<key>`). */
  field:
    | 'ccName'
    | 'ccNumber'
    | 'ccDate'
    | 'ccCVV'
    | 'terms'
    | 'rnc'
    | 'rnc_nombre'
    | 'whatsappPhone'
    | `swap-${string}`;
  text: string;
  /** What the field itself says, when more than 'required' (an RNC whose check digit fails). */
  message?: string;
}

/** Every gap of the payment step: weeks that filled first (they come first on the page), then the form. */
export function payGaps(state: Pick<WizardData, 'lines' | 'originalWeeks' | 'payment'>): PaymentGap[] {
  const full: PaymentGap[] = fullLines(state).map((line) => ({
    field: `swap-${line.key}`,
    text: `cambiar ${line.name} (agotada)`,
  }));
  return [...full, ...paymentGaps(state.payment)];
}

/** 'Pagar' (spec 01 §4): card fields filled, terms accepted, and a complete RNC when invoiced. */
export function paymentGaps(payment: PaymentForm): PaymentGap[] {
  const gaps: PaymentGap[] = [];
  const blank = (value: string) => value.trim() === '';
  if (blank(payment.ccName)) gaps.push({ field: 'ccName', text: 'el nombre en la tarjeta' });
  if (blank(payment.ccNumber)) gaps.push({ field: 'ccNumber', text: 'el número de tarjeta' });
  if (blank(payment.ccDate)) gaps.push({ field: 'ccDate', text: 'el vencimiento' });
  if (blank(payment.ccCVV)) gaps.push({ field: 'ccCVV', text: 'el CVV' });
  if (!payment.termsandconditions) gaps.push({ field: 'terms', text: 'aceptar los términos y condiciones' });
  const rnc = payment.comprobantefiscal ? rncProblem(payment.rnc) : null;
  if (rnc === 'incomplete') gaps.push({ field: 'rnc', text: 'el RNC completo' });
  if (rnc === 'checkDigit')
    gaps.push({ field: 'rnc', text: 'un RNC válido', message: WIZARD_ENROLMENT_MESSAGES.rncCheckDigit });
  if (payment.comprobantefiscal && blank(payment.rnc_nombre))
    gaps.push({ field: 'rnc_nombre', text: 'el nombre o razón social' });
  // Its sentence under the field is the payment step's (./WhatsAppConsent.tsx).
  if (payment.whatsapp === 'yes' && !payment.whatsappTo)
    gaps.push({ field: 'whatsappPhone', text: 'un celular válido para WhatsApp' });
  return gaps;
}

export function paymentComplete(payment: PaymentForm): boolean {
  return paymentGaps(payment).length === 0;
}

/** 'Para pagar falta: a, b y c.' */
export function paymentGapsText(gaps: readonly PaymentGap[]): string {
  return `Para pagar falta: ${spanishList(gaps.map((gap) => gap.text))}.`;
}

/** Whether the step's forward button ('Siguiente', or 'Pagar' on step 3) is enabled. */
export function canProceed(step: StepIndex, state: WizardData, now = new Date()): boolean {
  if (state.lines.length === 0) return false;
  if (step === 0) return true;
  if (!participantsComplete(state, now)) return false;
  if (step === 1) return true;
  if (!additionalComplete(state)) return false;
  if (step === 2) return true;
  return payGaps(state).length === 0;
}

/**
 * The furthest step the data allows: the calendar without participants, and no step after one
 * whose data is incomplete (deep links and the browser's back/forward go through this).
 */
export function maxReachableStep(state: WizardData, now = new Date()): StepIndex {
  if (state.lines.length === 0 || participantList(state).length === 0) return 0;
  if (!participantsComplete(state, now)) return 1;
  if (!additionalComplete(state)) return 2;
  return 3;
}
