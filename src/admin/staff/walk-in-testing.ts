// What the office types into 'Nueva inscripción' in the tests (component and browser): a child's
// fields and the family's contact, by their labels, valid by the wizard's rules.

/** A child of 10 to 13 (the 'Infantil' category) named `name`, by the fields' labels. */
export const walkInChild = (name: string, birthDate = '15/03/2016'): Array<[string, string]> => [
  ['Nombre *', name],
  ['Apellido *', 'Peña'],
  ['Fecha de nacimiento *', birthDate],
  ['Peso (lbs) *', '80'],
  ['Estatura (pies y pulgadas) *', '4\'8"'],
  ['Colegio *', 'Colegio Babeque'],
  ['Alimentos prohibidos *', 'Ninguno'],
  ['Alergias *', 'Ninguna'],
  ['Medicamentos prohibidos *', 'Ninguno'],
  ['Restricciones de actividades *', 'Ninguna'],
];

/** The family's contact and the person who may pick the children up. */
export const WALK_IN_CONTACT: ReadonlyArray<[string, string]> = [
  ['Nombre de la madre', 'Lucía Peña'],
  ['Teléfono de la madre', '809-555-0301'],
  ['Cédula de la madre', '001-1234567-3'],
  ['Dirección familiar *', 'Calle El Sol 12, Santiago'],
  ['Contacto de emergencia: Nombre *', 'Rosa'],
  ['Contacto de emergencia: Apellido *', 'Peña'],
  ['Teléfono celular *', '829-555-0302'],
  ['Nombre de la persona autorizada 1 *', 'Rosa Peña'],
  ['Cédula de la persona autorizada 1 *', '001-1111111-8'],
];
