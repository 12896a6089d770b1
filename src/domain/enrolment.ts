// The enrolment rules of spec 01 §3, §5 and the POST /inscripciones/create contract (spec 01 §7):
// one home for the participant and additional-information checks, used by the wizard's forms
// and by the server, which answers a request that skipped the browser the same way. Like every
// form's rules, they are Yup schemas built from the domain's constants (./forms.ts).
import * as Yup from 'yup';
import { ADDITIONAL_FIELDS, EMAIL_PATTERN } from './fields.ts';
import { schemaFieldMessages, schemaMessages } from './forms.ts';

export const AGE_MIN = 6;
export const AGE_MAX = 18;
export const WEIGHT_MIN = 40;
/** Departs from the spec's 'two digits': most children of the 14-18 categories weigh 100 lbs or more. */
export const WEIGHT_MAX = 400;
export const GENDERS = ['Masculino', 'Femenino'] as const;
export const SHIRT_SIZES = ['10', '12', '14', '16', 'XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const CONTACT_FORMS = ['Celular', 'Oficina', 'Residencia', 'Correo'] as const;
export const SOURCES = [
  'Referido',
  'Publicidad en vallas',
  'Instagram',
  'Correo Electrónico',
  'Otra',
] as const;

/** Whole years from AGE_MIN to AGE_MAX, written plainly (one or two digits, no leading zero). */
export function validAge(text: string): boolean {
  return /^[1-9]\d?$/.test(text) && Number(text) >= AGE_MIN && Number(text) <= AGE_MAX;
}
/** Two or three digits, from WEIGHT_MIN to WEIGHT_MAX lbs (docs/decisions.md: the spec's two digits refused teenagers). */
export const WEIGHT_PATTERN = /^\d{2,3}$/;
/** 10 digits with optional parentheses and separators: 809-555-1234, (809) 555-1234, 8095551234. */
export const PHONE_PATTERN = /^\(?\d{3}\)?[-\s.]?\d{3}[-\s.]?\d{4}$/;
/** Dominican national id (cédula), mask 999-9999999-9. */
export const NATIONAL_ID_PATTERN = /^\d{3}-\d{7}-\d$/;
/** RNC, mask 9-99-99999-9, complete. */
export const RNC_PATTERN = /^\d-\d{2}-\d{5}-\d$/;
export const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);

export const PARTICIPANT_MESSAGES = {
  empty: '- Hay uno o más campos vacíos',
  weight: `- El peso debe estar entre ${WEIGHT_MIN} y ${WEIGHT_MAX} lbs`,
  age: `- La edad debe ser entre ${AGE_MIN} y ${AGE_MAX} años`,
  birthDate: '- Fecha de nacimiento incorrecta',
} as const;

export const ADDITIONAL_MESSAGES = {
  empty: 'Hay uno o más campos vacíos',
  email: 'Correo electrónico inválido',
  phones: 'Hay uno o más teléfonos inválidos',
} as const;

/** A real DD/MM/YYYY date (leap years respected), not in the future. */
export function validBirthDate(text: string, now = new Date()): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= 1900 &&
    date.getTime() <= now.getTime()
  );
}

export const PARTICIPANT_REQUIRED = [
  'first_name',
  'last_name',
  'age',
  'gender',
  'size',
  'weight',
  'height',
  'school',
  'image',
  'birth_date',
  'prohibited_foods',
  'alergies',
  'prohibited_drugs',
  'activities_restrictions',
] as const;

export type ParticipantFields = Record<(typeof PARTICIPANT_REQUIRED)[number], string>;

const requiredText = (message: string) => Yup.string().trim().required(message);

/**
 * A participant's rules, built once (the wizard checks every child on each keystroke); the birth
 * date is bounded by the validation's `now` context. Every message is a spec 'Errores:' line.
 */
export const participantSchema = (() => {
  const M = PARTICIPANT_MESSAGES;
  const fields: Record<string, Yup.StringSchema> = Object.fromEntries(
    PARTICIPANT_REQUIRED.map((field) => [field, requiredText(M.empty)]),
  );
  return Yup.object({
    ...fields,
    weight: requiredText(M.empty).test(
      'weight',
      M.weight,
      (weight) =>
        !weight ||
        (WEIGHT_PATTERN.test(weight) && Number(weight) >= WEIGHT_MIN && Number(weight) <= WEIGHT_MAX),
    ),
    age: requiredText(M.empty).test('age', M.age, (age) => !age || validAge(age)),
    birth_date: requiredText(M.empty).test(
      'birth_date',
      M.birthDate,
      (birth, context) => !birth || validBirthDate(birth, (context.options.context as { now: Date }).now),
    ),
    gender: requiredText(M.empty).oneOf([...GENDERS], M.empty),
    size: requiredText(M.empty).oneOf([...SHIRT_SIZES], M.empty),
  });
})();

/** The spec's 'Errores:' lines for one participant, in the spec's order; empty when valid. */
export function participantErrors(participant: Partial<ParticipantFields>, now = new Date()): string[] {
  return schemaMessages(participantSchema, participant, Object.values(PARTICIPANT_MESSAGES), { now });
}

export { ADDITIONAL_FIELDS };

/** What a field shows under itself: plain sentences, where the summary keeps the spec's lines. */
export const FIELD_MESSAGES = {
  required: 'Este campo es obligatorio.',
  photo: 'Elija una foto del participante.',
  choice: 'Elija una opción de la lista.',
  nationalId: 'Escriba la cédula completa: 999-9999999-9.',
  weight: `El peso debe estar entre ${WEIGHT_MIN} y ${WEIGHT_MAX} lbs.`,
  age: `La edad debe ser entre ${AGE_MIN} y ${AGE_MAX} años.`,
  birthDate: 'Fecha de nacimiento incorrecta: escriba DD/MM/AAAA, no una fecha futura.',
  email: 'Correo electrónico inválido. Ej.: familia@correo.com',
  phone: 'Teléfono inválido: escriba 10 dígitos. Ej.: 809-555-1234',
} as const;

const FIELD_TEXT: Record<string, string> = {
  [PARTICIPANT_MESSAGES.weight]: FIELD_MESSAGES.weight,
  [PARTICIPANT_MESSAGES.age]: FIELD_MESSAGES.age,
  [PARTICIPANT_MESSAGES.birthDate]: FIELD_MESSAGES.birthDate,
  [ADDITIONAL_MESSAGES.email]: FIELD_MESSAGES.email,
  [ADDITIONAL_MESSAGES.phones]: FIELD_MESSAGES.phone,
};

/** Turns a schema's per-field failures (spec lines) into the sentences shown under the fields. */
function fieldTexts<K extends string>(
  failures: Record<string, string>,
  values: Partial<Record<K, string>>,
  special: (field: K, blank: boolean) => string | undefined,
): Partial<Record<K, string>> {
  const texts: Partial<Record<K, string>> = {};
  for (const [field, message] of Object.entries(failures) as Array<[K, string]>) {
    const blank = (values[field] ?? '').trim() === '';
    texts[field] =
      special(field, blank) ??
      (blank ? FIELD_MESSAGES.required : (FIELD_TEXT[message] ?? FIELD_MESSAGES.choice));
  }
  return texts;
}

/** A participant's invalid fields, each with the sentence shown under it. */
export function participantFieldErrors(
  participant: Partial<ParticipantFields>,
  now = new Date(),
): Partial<Record<keyof ParticipantFields, string>> {
  return fieldTexts(
    schemaFieldMessages(participantSchema, participant, { now }),
    participant,
    (field, blank) => (field === 'image' && blank ? FIELD_MESSAGES.photo : undefined),
  );
}

export type AdditionalData = Record<(typeof ADDITIONAL_FIELDS)[number], string>;

export const PHONE_FIELDS = [
  'mother_phone',
  'father_phone',
  'phone_home',
  'phone_mobile',
  'phone_office',
] as const;
export const NATIONAL_ID_FIELDS = ['mother_id', 'father_id', 'authorized_id_1', 'authorized_id_2'] as const;

/**
 * The additional-information step's rules. Every field is required except other_source, which is
 * required only when the source is 'Otra'; a choice outside its list or a malformed national id
 * counts as empty (the spec has no line of its own for them).
 */
export const additionalSchema = (() => {
  const M = ADDITIONAL_MESSAGES;
  const fields: Record<string, Yup.StringSchema> = Object.fromEntries(
    ADDITIONAL_FIELDS.map((field) => [field, requiredText(M.empty)]),
  );
  for (const field of NATIONAL_ID_FIELDS)
    fields[field] = requiredText(M.empty).matches(NATIONAL_ID_PATTERN, {
      message: M.empty,
      excludeEmptyString: true,
    });
  for (const field of PHONE_FIELDS)
    fields[field] = requiredText(M.empty).matches(PHONE_PATTERN, {
      message: M.phones,
      excludeEmptyString: true,
    });
  return Yup.object({
    ...fields,
    email: requiredText(M.empty).matches(EMAIL_REGEX, { message: M.email, excludeEmptyString: true }),
    contact_form: requiredText(M.empty).oneOf([...CONTACT_FORMS], M.empty),
    source: requiredText(M.empty).oneOf([...SOURCES], M.empty),
    other_source: Yup.string()
      .trim()
      .when('source', { is: 'Otra', then: (rule) => rule.required(M.empty) }),
  });
})();

/** The 'Errores' lines of the additional-information step, in the spec's order. */
export function additionalErrors(data: Partial<AdditionalData>): string[] {
  return schemaMessages(additionalSchema, data, Object.values(ADDITIONAL_MESSAGES));
}

/** The additional step's invalid fields, each with the sentence shown under it. */
export function additionalFieldErrors(
  data: Partial<AdditionalData>,
): Partial<Record<keyof AdditionalData, string>> {
  const ids: readonly string[] = NATIONAL_ID_FIELDS;
  return fieldTexts(schemaFieldMessages(additionalSchema, data), data, (field, blank) =>
    ids.includes(field) && !blank ? FIELD_MESSAGES.nationalId : undefined,
  );
}

// The POST /inscripciones/create schemas live in ./schemas/enrolment.ts (no TypeBox in the browser).
export type {
  CalendarEntry,
  ParticipantEntry,
  CreateEnrolmentBody,
  PaymentResult,
} from './schemas/enrolment.ts';

export const ENROLMENT_MESSAGES = {
  success: 'Inscripción realizada con éxito',
  terms: 'Debe aceptar los términos y condiciones para continuar.',
  rnc: 'Para el comprobante fiscal escriba el RNC completo y el nombre o razón social.',
  idempotencyKey: 'Falta la cabecera Idempotency-Key (un identificador único de este intento de pago).',
  idempotencyReused:
    'Esta clave de pago ya se usó con otra solicitud. Por favor recargue la página e intente de nuevo.',
  inProgress: 'Este pago todavía se está procesando. Por favor espere un momento.',
  campNotFound: 'El campamento o programa no existe o ya no está disponible.',
  weekNotFound: 'Una de las semanas seleccionadas ya no está disponible. Por favor revise su carrito.',
  categoryInvalid: 'Una de las categorías seleccionadas no pertenece a este campamento.',
  categoryNotInWeek: 'Una de las semanas seleccionadas no se ofrece para la categoría elegida.',
  oneOptionPerParticipant: 'En un programa anual cada participante elige una sola forma de pago.',
  participantWithoutWeeks: 'Cada participante debe tener al menos una semana o forma de pago seleccionada.',
  lineWithoutParticipant: 'Hay semanas seleccionadas que no pertenecen a ningún participante.',
  duplicateLine: 'Una semana está repetida para el mismo participante.',
  duplicateParticipant: 'Hay dos participantes con el mismo número.',
  verifying:
    'No recibimos la respuesta del banco a tiempo. Su pago está en verificación: no pague de nuevo; le escribiremos por correo con el resultado en unos minutos.',
  membershipInvalid: 'El código de membresía no es válido.',
  membershipValid: 'Código de membresía válido.',
  membershipOtherFamily: 'El código de membresía pertenece a otra familia.',
  membershipOtherChild:
    'El código de membresía es de otro participante: revise el nombre y la fecha de nacimiento.',
  membershipRepeated: 'El mismo código de membresía se indicó para más de un participante.',
  couponWithMembership:
    'Los cupones no se aplican a una inscripción de campamento con código de membresía. Quite el cupón e intente de nuevo.',
} as const;

export function participantMessage(index: number, errors: string[]): string {
  return `Participante ${index}: ${errors.map((line) => line.replace(/^- /, '')).join('; ')}.`;
}

export function priceMismatchMessage(amountFormat: string): string {
  return `El monto no coincide con el precio actual (${amountFormat}). Por favor revise su carrito e intente de nuevo.`;
}

export function weekFullMessage(week: { name: string; date: string }): string {
  return `La ${week.name} (${week.date}) ya no tiene cupos disponibles. Por favor elija otra semana.`;
}

/** The Idempotency-Key header of POST /inscripciones/create (a UUID or similar, DESIGN.md §2.9). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
/** Card fields are left out of the hash that ties a key to its request (they are never kept). */
export const CARD_FIELDS = ['cardNumber', 'cvv', 'expDate', 'cardHolder'];

const PAYMENT_DATE = new Intl.DateTimeFormat('es-DO', {
  timeZone: 'America/Santo_Domingo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** The payment result's date_createdBO: the moment of payment in Santo Domingo time. */
export const formatPaymentDate = (date: Date): string => PAYMENT_DATE.format(date);
