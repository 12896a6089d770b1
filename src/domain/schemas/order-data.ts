// TypeBox schemas of an order's correction (issue 54, item 2; ../order-data.ts): staff's
// POST /inscripciones/datos/{id}, the family's GET and POST /familia/inscripciones/{id}/datos.
import { Type } from 'typebox';
import { EmergencyContact, ParticipantEntry } from './enrolment.ts';
import { messageOf, successOf } from './answers.ts';

const { id, first_name, last_name, alergies, prohibited_foods, prohibited_drugs, activities_restrictions } =
  ParticipantEntry.properties;
const Notes = { alergies, prohibited_foods, prohibited_drugs, activities_restrictions };

export const OrderDataBody = Type.Object({
  contact: EmergencyContact,
  /** Each child's medical notes, by its slot in the order. */
  participants: Type.Array(Type.Object({ id, ...Notes }), { maxItems: 20 }),
});

const OrderData = Type.Object({
  _id: Type.String(),
  order_number: Type.String(),
  camp_name: Type.String(),
  /** The family may correct it now (through the camp's last day). */
  editable: Type.Boolean(),
  /** The camp's last day ('06/08/2027'), or '' when unknown. */
  last_day: Type.String(),
  contact: EmergencyContact,
  participants: Type.Array(Type.Object({ id, first_name, last_name, ...Notes })),
});

export const OrderDataAnswer = successOf(OrderData);
export const OrderDataUpdateAnswer = messageOf(OrderData);
