// What 'Pagar' sends (spec 01 §5, §7). Loaded with the payment step (./machineActors.ts imports it
// when the parent pays), not with the calendar: the first page's download has a budget
// (e2e/bundle.spec.ts) and no use for it.
import type { CreateEnrolmentBody } from '../domain/enrolment.ts';
import { cleanCardNumber, cleanExpiry } from '../domain/cards.ts';
import { cartTotals, couponDisabled } from './cartTotals.ts';
import { participantList } from './stepRules.ts';
import type { WizardData } from './wizardData.ts';

/** The POST /inscripciones/create body (spec 01 §5, §7; DESIGN.md §6). */
export function buildEnrolmentBody(state: WizardData): CreateEnrolmentBody {
  if (!state.camp) throw new Error('The camp is not loaded.');
  const totals = cartTotals(state);
  const { payment } = state;
  const coupon = couponDisabled(state) ? null : state.coupon;
  return {
    ...(state.uid ? { uid: state.uid } : {}),
    campament: state.camp._id,
    listCalendar: state.lines.map((line) => ({
      id: line._id,
      name: line.name,
      date: line.date,
      time: line.time,
      quantity: line.quantity,
      value: line.value,
      membership_id: line.membership_id,
      cupo: line.cupo,
    })),
    listParticipants: participantList(state).map((participant) => ({ ...participant })),
    emergencyContact: { ...state.additional },
    cardHolder: payment.ccName.trim(),
    cardNumber: cleanCardNumber(payment.ccNumber),
    expDate: cleanExpiry(payment.ccDate),
    cvv: payment.ccCVV.trim(),
    termsandconditions: payment.termsandconditions,
    comprobantefiscal: payment.comprobantefiscal,
    rnc: payment.comprobantefiscal ? payment.rnc.trim() : '',
    rnc_nombre: payment.comprobantefiscal ? payment.rnc_nombre.trim() : '',
    amount: totals.total,
    discount: totals.discount,
    ...(coupon ? { coupon: coupon.code } : {}),
    ...(payment.autopay ? { autopay: true } : {}),
    // Only where the box was shown: absent, nothing changes of the family's choice.
    ...(payment.whatsapp
      ? { whatsapp: { phone: payment.whatsappPhone.trim(), consent: payment.whatsapp === 'yes' } }
      : {}),
  };
}
