// The school's general terms: read in the enrolment's terms dialog (for a camp without terms of
// its own) and under registration's 'Acepto los términos y condiciones'.

/** The school's general terms, for a camp without its own. */
export const DEFAULT_TERMS = [
  'Al inscribir a sus hijos, el padre, la madre o el tutor declara que los datos escritos son correctos y que el participante puede realizar actividad física.',
  'La escuela atiende a los participantes en el horario del campamento o programa; solo las personas autorizadas en la inscripción pueden recogerlos, presentando su cédula.',
  'Los datos médicos (alergias, medicamentos y restricciones) se comparten solo con los entrenadores y el personal de salud de la escuela.',
  'La escuela puede tomar fotos de las actividades para sus comunicaciones; quien no lo desee puede pedirlo por correo.',
  'Las cancelaciones y devoluciones se atienden por correo según las condiciones de pago del campamento.',
].join('\n\n');
