// The admin's bodies for an enrolment's records (spec 02 §7): the enrolment itself (its status and
// a note only), its clients, participants and contacts; with their defaults.
import { Type, type Static } from 'typebox';
import { CONTACT_FORMS } from '../enrolment.ts';
import { EditableStatus, Id, optionalEmail, requiredText, slug, text, updateOf } from './fields.ts';

/**
 * What an admin may change on an enrolment (enrolments are created by the checkout only): its
 * status and an internal note. Amounts, participants and payment data are never edited here.
 */
export const InscriptionUpdate = Type.Object({
  _id: Id,
  status: Type.Optional(EditableStatus),
  admin_notes: Type.Optional(text(2000)),
});
export type InscriptionUpdate = Static<typeof InscriptionUpdate>;

export const ClientCreate = Type.Object({
  name: requiredText(200),
  email: Type.Optional(optionalEmail),
  phone: Type.Optional(text(40)),
  /** Cédula or RNC. */
  document_id: Type.Optional(text(40)),
  address: Type.Optional(text(500)),
  notes: Type.Optional(text(2000)),
  /** The client's own state field (older data spells it 'activo' / 'inactivo'). */
  cliEstado: Type.Optional(
    Type.Union([
      Type.Literal('active'),
      Type.Literal('inactive'),
      Type.Literal('activo'),
      Type.Literal('inactivo'),
    ]),
  ),
  status: Type.Optional(EditableStatus),
});
export const ClientUpdate = updateOf(ClientCreate);
export type ClientCreate = Static<typeof ClientCreate>;
export const CLIENT_DEFAULTS = {
  email: '',
  phone: '',
  document_id: '',
  address: '',
  notes: '',
  cliEstado: 'active',
  status: 'active',
} as const;

/** DD/MM/YYYY or empty. */
const birthDate = Type.String({ pattern: '^(\\d{2}/\\d{2}/\\d{4})?$' });

export const ParticipantCreate = Type.Object({
  /** The enrolment the participant belongs to. */
  inscription: Type.Optional(Id),
  first_name: requiredText(100),
  last_name: requiredText(100),
  birth_date: Type.Optional(birthDate),
  age: Type.Optional(Type.Integer({ minimum: 0, maximum: 120 })),
  gender: Type.Optional(Type.Union([Type.Literal('Masculino'), Type.Literal('Femenino'), Type.Literal('')])),
  size: Type.Optional(text(20)),
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  height: Type.Optional(text(20)),
  school: Type.Optional(text(200)),
  image: Type.Optional(text(1000)),
  prohibited_foods: Type.Optional(text(1000)),
  alergies: Type.Optional(text(1000)),
  prohibited_drugs: Type.Optional(text(1000)),
  activities_restrictions: Type.Optional(text(1000)),
  membership_id: Type.Optional(text(40)),
  status: Type.Optional(EditableStatus),
});
export const ParticipantUpdate = updateOf(ParticipantCreate);
export type ParticipantCreate = Static<typeof ParticipantCreate>;
export const PARTICIPANT_DEFAULTS = {
  birth_date: '',
  gender: '',
  size: '',
  height: '',
  school: '',
  image: '',
  prohibited_foods: '',
  alergies: '',
  prohibited_drugs: '',
  activities_restrictions: '',
  membership_id: '',
  status: 'active',
} as const;

export const ContactCreate = Type.Object({
  /** What the contact is for, e.g. 'emergencia', 'autorizado', 'padres'. */
  type: slug,
  inscription: Type.Optional(Id),
  first_name: requiredText(100),
  last_name: Type.Optional(text(100)),
  email: Type.Optional(optionalEmail),
  phone_home: Type.Optional(text(40)),
  phone_mobile: Type.Optional(text(40)),
  phone_office: Type.Optional(text(40)),
  contact_form: Type.Optional(
    Type.Union([...CONTACT_FORMS.map((form) => Type.Literal(form)), Type.Literal('')]),
  ),
  comments: Type.Optional(text(2000)),
  status: Type.Optional(EditableStatus),
});
export const ContactUpdate = updateOf(ContactCreate);
export type ContactCreate = Static<typeof ContactCreate>;
export const CONTACT_DEFAULTS = {
  last_name: '',
  email: '',
  phone_home: '',
  phone_mobile: '',
  phone_office: '',
  contact_form: '',
  comments: '',
  status: 'active',
} as const;
