// TypeBox schema of POST /inscripciones/oficina (issue 54): the wizard's order, the family's e-mail
// and how the office takes the payment; apart from ../office-sales.ts so the panel never bundles it.
import { Type, type Static } from 'typebox';
import { successOf } from './envelope.ts';
import { DAY_PATTERN } from '../plans.ts';
import { OFFICE_SALE_METHODS } from '../office-sales.ts';
import { CreateEnrolmentBody } from './enrolment.ts';

const { cardHolder, cardNumber, expDate, cvv, amount, discount, ...order } = CreateEnrolmentBody.properties;

export const OfficeEnrolmentBody = Type.Object({
  ...order,
  // The price the dialog showed, checked as the wizard's; absent: the school's price is taken.
  amount: Type.Optional(amount),
  discount: Type.Optional(discount),
  // Typed by staff only when the family pays by card (a virtual terminal).
  cardHolder: Type.Optional(cardHolder),
  cardNumber: Type.Optional(cardNumber),
  expDate: Type.Optional(expDate),
  cvv: Type.Optional(cvv),
  /** The family's account: found by this e-mail, or created with an e-mail to choose its password. */
  account_email: Type.String({ maxLength: 200 }),
  account_name: Type.Optional(Type.String({ maxLength: 150 })),
  method: Type.Enum(OFFICE_SALE_METHODS),
  bank: Type.Optional(Type.String({ maxLength: 100 })),
  document: Type.Optional(Type.String({ maxLength: 100 })),
  note: Type.Optional(Type.String({ maxLength: 500 })),
  due: Type.Optional(Type.String({ pattern: DAY_PATTERN })),
});
export type OfficeEnrolmentBody = Static<typeof OfficeEnrolmentBody>;

/** POST /inscripciones/oficina/precio: what the school asks for the order now. */
export const OfficePriceAnswer = successOf(Type.Object({ amount: Type.Integer(), discount: Type.Integer() }));
