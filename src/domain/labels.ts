// The labels of the wizard's participant and additional fields (spec 01 §4, §3), read by the
// wizard's steps and by the profile's 'Mi familia' (issue 26), so a field is named the same in both.
import type { AdditionalData, ParticipantFields } from './enrolment.ts';

export const PARTICIPANT_LABELS: Record<keyof ParticipantFields, string> = {
  first_name: 'Nombre',
  last_name: 'Apellido',
  birth_date: 'Fecha de nacimiento',
  age: 'Edad',
  gender: 'Sexo',
  size: 'Talla de camiseta',
  weight: 'Peso (lbs)',
  height: 'Estatura (pies y pulgadas)',
  school: 'Colegio',
  image: 'Foto',
  prohibited_foods: 'Alimentos prohibidos',
  alergies: 'Alergias',
  prohibited_drugs: 'Medicamentos prohibidos',
  activities_restrictions: 'Restricciones de actividades',
};

export const ADDITIONAL_LABELS: Record<keyof AdditionalData, string> = {
  mother_name: 'Nombre de la madre',
  mother_phone: 'Teléfono de la madre',
  mother_id: 'Cédula de la madre',
  father_name: 'Nombre del padre',
  father_phone: 'Teléfono del padre',
  father_id: 'Cédula del padre',
  email: 'Correo electrónico',
  family_address: 'Dirección familiar',
  first_name: 'Nombre',
  last_name: 'Apellido',
  phone_home: 'Teléfono residencial',
  phone_mobile: 'Teléfono celular',
  phone_office: 'Teléfono de oficina',
  comments: 'Comentarios',
  contact_form: 'Forma de contacto preferida',
  authorized_name_1: 'Nombre de la persona autorizada 1',
  authorized_id_1: 'Cédula de la persona autorizada 1',
  authorized_name_2: 'Nombre de la persona autorizada 2',
  authorized_id_2: 'Cédula de la persona autorizada 2',
  source: '¿Cómo se enteró de nosotros?',
  other_source: 'Otra fuente',
};
