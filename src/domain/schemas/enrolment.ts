// TypeBox schemas of POST /inscripciones/create (spec 01 §7), apart from ../enrolment.ts so the
// browser never bundles TypeBox.
import { Type, type Static } from 'typebox';
import { ADDITIONAL_FIELDS, ID_PATTERN } from '../fields.ts';
import { WhatsAppChoice } from './whatsapp.ts';

const Text = (max = 200) => Type.String({ maxLength: max });
const ObjectId = Type.String({ pattern: ID_PATTERN });

export const CalendarEntry = Type.Object({
  /** The week (or payment option) id. */
  id: ObjectId,
  name: Text(),
  date: Text(),
  /** The chosen category id (annual programs), or schedule/category of a camp week. */
  time: Text(100),
  quantity: Type.Integer({ minimum: 1, maximum: 1 }),
  value: Type.Number({ minimum: 0 }),
  membership_id: Text(40),
  cupo: Type.Integer({ minimum: 1, maximum: 20 }),
});
export type CalendarEntry = Static<typeof CalendarEntry>;

export const ParticipantEntry = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 20 }),
  first_name: Text(80),
  last_name: Text(80),
  age: Text(3),
  gender: Text(20),
  size: Text(5),
  weight: Text(3),
  height: Text(20),
  school: Text(120),
  image: Text(500),
  birth_date: Text(10),
  prohibited_foods: Text(500),
  alergies: Text(500),
  prohibited_drugs: Text(500),
  activities_restrictions: Text(500),
  time: Type.Optional(Text(300)),
  membership_id: Type.Optional(Text(40)),
  membership_have: Type.Optional(Type.Union([Type.Literal('SI'), Type.Literal('NO'), Type.Literal('')])),
});
export type ParticipantEntry = Static<typeof ParticipantEntry>;

export const EmergencyContact = Type.Object(
  Object.fromEntries(
    ADDITIONAL_FIELDS.map((field) => [
      field,
      field === 'comments' || field === 'family_address' ? Text(1000) : Text(150),
    ]),
  ) as {
    [K in (typeof ADDITIONAL_FIELDS)[number]]: ReturnType<typeof Text>;
  },
);

export const CreateEnrolmentBody = Type.Object({
  uid: Type.Optional(Text(100)),
  campament: ObjectId,
  listCalendar: Type.Array(CalendarEntry, { minItems: 1, maxItems: 100 }),
  listParticipants: Type.Array(ParticipantEntry, { minItems: 1, maxItems: 20 }),
  emergencyContact: EmergencyContact,
  /** WhatsApp messages on this number (issue 56); absent or consent false: e-mail only. */
  whatsapp: Type.Optional(WhatsAppChoice),
  cardHolder: Type.String({ minLength: 1, maxLength: 100 }),
  cardNumber: Type.String({ minLength: 12, maxLength: 25 }),
  expDate: Type.String({ minLength: 6, maxLength: 7 }),
  cvv: Type.String({ minLength: 3, maxLength: 4 }),
  termsandconditions: Type.Boolean(),
  comprobantefiscal: Type.Boolean(),
  /**
   * Annual programs (issue 20): the parent authorises keeping the card for the automatic charges
   * of the later instalments (the text shown is autopayConsentText of the schedule).
   */
  autopay: Type.Optional(Type.Boolean()),
  rnc: Type.Optional(Text(20)),
  rnc_nombre: Type.Optional(Text(150)),
  amount: Type.Integer({ minimum: 0 }),
  discount: Type.Integer({ minimum: 0 }),
  coupon: Type.Optional(Text(40)),
});
export type CreateEnrolmentBody = Static<typeof CreateEnrolmentBody>;

export const PaymentResult = Type.Object({
  date_createdBO: Type.String(),
  orderId: Type.String(),
  authCode: Type.String(),
  amountFormat: Type.String(),
  /** The membership codes the order issued (or used), per child: shown on the thank-you page. */
  memberships: Type.Optional(Type.Array(Type.Object({ participant: Type.String(), code: Type.String() }))),
  /** The autopay agreement the family made (issue 59): the card, each later charge, the total. */
  autopay: Type.Optional(
    Type.Object({
      card: Type.String(),
      charges: Type.Array(Type.Object({ day: Type.String(), amount: Type.String(), label: Type.String() })),
      total: Type.String(),
    }),
  ),
});
export type PaymentResult = Static<typeof PaymentResult>;
