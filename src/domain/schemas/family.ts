// TypeBox schemas of the family's saved data (issue 26, ../saved-family.ts): GET and POST
// /familia/datos. Apart from ../saved-family.ts so the browser never bundles TypeBox.
import { Type } from 'typebox';
import { messageOf, successOf } from './envelope.ts';
import { EmergencyContact, ParticipantEntry } from './enrolment.ts';

/** A saved child: the participant step's fields (no slot, time or membership). */
const {
  id: _slot,
  time: _time,
  membership_id: _membership,
  membership_have: _have,
  ...childFields
} = ParticipantEntry.properties;
const ChildFields = Type.Object(childFields);
const SavedChild = Type.Object({ ...childFields, key: Type.String() });

const SavedFamily = Type.Object({
  children: Type.Array(SavedChild),
  contact: Type.Union([EmergencyContact, Type.Null()]),
});

export const SavedFamilyAnswer = successOf(SavedFamily);
export const SavedFamilyBody = Type.Object({
  children: Type.Array(ChildFields, { maxItems: 20 }),
  contact: Type.Union([EmergencyContact, Type.Null()]),
});
export const SavedFamilyUpdateAnswer = messageOf(SavedFamily);
