// The steps' rules (./stepRules.ts): what each step waits for, the participants' edits, and the
// enrolment request 'Pagar' sends.
import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../domain/photos.ts';
import {
  canProceed,
  maxReachableStep,
  paymentComplete,
  paymentGaps,
  paymentGapsText,
  photoProblem,
  updateParticipant,
} from './stepRules.ts';
import {
  CAT_JUNIOR,
  CAT_MINI,
  VERANO10,
  addChild,
  cartState,
  summerCamp,
  validAdditional,
  validParticipant,
  validPayment,
  weekId,
  wizardData,
} from './test-fixtures.ts';
// The forms' rules, as the steps with forms load them (./formRules.ts).
import './formRules.ts';
import { buildEnrolmentBody } from './enrolmentBody.ts';

describe("what 'Pagar' still waits for", () => {
  it('lists the gaps in the order of the form, and says them in one sentence', () => {
    const empty = { ...validPayment, ccName: ' ', ccCVV: '', termsandconditions: false };
    expect(paymentGaps(empty).map((gap) => gap.field)).toEqual(['ccName', 'ccCVV', 'terms']);
    expect(paymentGapsText(paymentGaps(empty))).toBe(
      'Para pagar falta: el nombre en la tarjeta, el CVV y aceptar los términos y condiciones.',
    );
    const invoice = { ...validPayment, comprobantefiscal: true, rnc: '1-01-1____-_', rnc_nombre: '' };
    expect(paymentGapsText(paymentGaps(invoice))).toBe(
      'Para pagar falta: el RNC completo y el nombre o razón social.',
    );
    expect(paymentGaps(validPayment)).toEqual([]);
  });
});

describe('step rules', () => {
  const oneChild = addChild(cartState(summerCamp), [1, 2]);
  const filled = wizardData(updateParticipant(oneChild, 1, validParticipant), {
    additional: validAdditional,
    payment: validPayment,
  });

  it.each([
    ['empty cart', wizardData(cartState(summerCamp)), [false, false, false, false], 0],
    ['cart, blank participant', wizardData(oneChild), [true, false, false, false], 1],
    [
      'participant with an error (weight 30)',
      wizardData(updateParticipant(oneChild, 1, { ...validParticipant, weight: '30' })),
      [true, false, false, false],
      1,
    ],
    [
      'participant complete',
      { ...filled, additional: { ...validAdditional, email: 'x' } },
      [true, true, false, false],
      2,
    ],
    [
      'additional complete, card missing',
      { ...filled, payment: { ...validPayment, ccCVV: '' } },
      [true, true, true, false],
      3,
    ],
    ['everything', filled, [true, true, true, true], 3],
  ] as const)('%s', (_name, state, enabled, reachable) => {
    expect([0, 1, 2, 3].map((step) => canProceed(step as 0 | 1 | 2 | 3, state))).toEqual(enabled);
    expect(maxReachableStep(state)).toBe(reachable);
  });

  it.each([
    ['complete', {}, true],
    ['no holder', { ccName: ' ' }, false],
    ['no number', { ccNumber: '' }, false],
    ['no expiry', { ccDate: '' }, false],
    ['no CVV', { ccCVV: '' }, false],
    ['terms not accepted', { termsandconditions: false }, false],
    ['invoice without RNC', { comprobantefiscal: true, rnc_nombre: 'Empresa SRL' }, false],
    [
      'invoice, RNC incomplete',
      { comprobantefiscal: true, rnc: '1-01-_____-_', rnc_nombre: 'Empresa SRL' },
      false,
    ],
    ['invoice, no name', { comprobantefiscal: true, rnc: '1-01-12345-1', rnc_nombre: '' }, false],
    ['invoice complete', { comprobantefiscal: true, rnc: '1-01-12345-1', rnc_nombre: 'Empresa SRL' }, true],
  ])("'Pagar' — %s", (_name, patch, enabled) => {
    expect(paymentComplete({ ...validPayment, ...patch })).toBe(enabled);
  });
});

describe('the enrolment request', () => {
  it('carries the cart, the forms, the clean card and the priced amounts', () => {
    let cart = addChild(addChild(cartState(summerCamp), [1, 2]), [1, 2], CAT_JUNIOR);
    cart = updateParticipant(updateParticipant(cart, 1, validParticipant), 2, {
      ...validParticipant,
      first_name: 'Luis',
    });
    const body = buildEnrolmentBody(
      wizardData(cart, {
        additional: validAdditional,
        coupon: VERANO10,
        payment: { ...validPayment, ccNumber: '4242 4242 4242 424_', ccDate: '09/2031', rnc: '1-01-12345-1' },
      }),
    );
    expect(body).toEqual({
      uid: 'user-1',
      campament: summerCamp._id,
      listCalendar: [
        {
          id: weekId(1),
          name: 'Semana 1',
          date: '01/07/2025 - 11/07/2025',
          time: CAT_MINI,
          quantity: 1,
          value: 4700,
          membership_id: '',
          cupo: 1,
        },
        {
          id: weekId(2),
          name: 'Semana 2',
          date: '02/07/2025 - 12/07/2025',
          time: CAT_MINI,
          quantity: 1,
          value: 4700,
          membership_id: '',
          cupo: 1,
        },
        {
          id: weekId(1),
          name: 'Semana 1',
          date: '01/07/2025 - 11/07/2025',
          time: CAT_JUNIOR,
          quantity: 1,
          value: 4700,
          membership_id: '',
          cupo: 2,
        },
        {
          id: weekId(2),
          name: 'Semana 2',
          date: '02/07/2025 - 12/07/2025',
          time: CAT_JUNIOR,
          quantity: 1,
          value: 4700,
          membership_id: '',
          cupo: 2,
        },
      ],
      listParticipants: [
        { ...validParticipant, id: 1, time: CAT_MINI, membership_id: '', membership_have: '' },
        {
          ...validParticipant,
          first_name: 'Luis',
          id: 2,
          time: CAT_JUNIOR,
          membership_id: '',
          membership_have: '',
        },
      ],
      emergencyContact: validAdditional,
      cardHolder: 'MARIA GOMEZ',
      cardNumber: '424242424242424',
      expDate: '092031',
      cvv: '123',
      termsandconditions: true,
      comprobantefiscal: false,
      rnc: '',
      rnc_nombre: '',
      amount: 15894,
      discount: 2906,
      coupon: 'VERANO10',
    });
  });

  it('sends the RNC when an invoice is asked for, and no coupon when none applies', () => {
    const cart = updateParticipant(addChild(cartState(summerCamp), [1]), 1, validParticipant);
    const body = buildEnrolmentBody(
      wizardData(cart, {
        additional: validAdditional,
        payment: {
          ...validPayment,
          comprobantefiscal: true,
          rnc: '1-01-12345-1',
          rnc_nombre: ' Empresa SRL ',
        },
      }),
    );
    expect(body).toMatchObject({
      comprobantefiscal: true,
      rnc: '1-01-12345-1',
      rnc_nombre: 'Empresa SRL',
      amount: 4700,
      discount: 0,
    });
    expect(body).not.toHaveProperty('coupon');
    expect(body.cardNumber).toBe('4242424242424242');
    expect(body.expDate).toBe('122030');
  });
});

describe('helpers', () => {
  it('only updates participant form fields, and only of existing slots', () => {
    const state = addChild(cartState(summerCamp), [1]);
    const patched = updateParticipant(state, 1, { first_name: 'Ana', id: 9 } as never);
    expect(patched.participants[1]).toMatchObject({ id: 1, first_name: 'Ana' });
    expect(updateParticipant(state, 5, { first_name: 'X' })).toBe(state);
  });

  it.each([
    [{ size: 1000, type: 'image/jpeg' }, null],
    [{ size: 1000, type: '' }, null],
    [{ size: 6 * 1024 * 1024, type: 'image/png' }, PHOTO_MESSAGES.tooLarge],
    [{ size: 1000, type: 'application/pdf' }, PHOTO_MESSAGES.badType],
  ])('photo %o → %s', (file, problem) => {
    expect(photoProblem(file)).toBe(problem);
  });
});
