// The enrolment rules of spec 01 §3, §5 and the POST /inscripciones/create contract (spec 01 §7):
// one home for the participant and additional-information constants, messages and checks, used
// by the wizard's forms and by the server, which answers a request that skipped the browser the
// same way. The checks themselves are Yup schemas in ./enrolment-rules.ts (Yup stays off the
// calendar's download).
import { ADDITIONAL_FIELDS, EMAIL_PATTERN } from './fields.ts';

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

/**
 * DGII's check digit of a 9-digit RNC: the first eight weighted 7,9,8,6,5,4,3,2; of the sum's
 * remainder by 11, 0 gives 2, 1 gives 1, any other r gives 11 - r. DGII refuses an e-CF whose
 * buyer's RNC fails it, so a mistyped digit is caught while the parent can still fix it.
 */
export function rncCheckDigitValid(rnc: string): boolean {
  const digits = rnc.replace(/-/g, '');
  if (!/^\d{9}$/.test(digits)) return false;
  const sum = [7, 9, 8, 6, 5, 4, 3, 2].reduce(
    (total, weight, index) => total + weight * Number(digits[index]),
    0,
  );
  const remainder = sum % 11;
  const check = remainder === 0 ? 2 : remainder === 1 ? 1 : 11 - remainder;
  return check === Number(digits[8]);
}

/** What is wrong with an id number typed in its mask: null when it is a valid one. */
const idProblem =
  (mask: RegExp, checkDigitValid: (id: string) => boolean) =>
  (id: string): 'incomplete' | 'checkDigit' | null => {
    const text = id.trim();
    if (!mask.test(text)) return 'incomplete';
    return checkDigitValid(text) ? null : 'checkDigit';
  };

/** What is wrong with a parent's RNC (the payment step, a correction): null when it is a valid one. */
export const rncProblem = idProblem(RNC_PATTERN, rncCheckDigitValid);

/**
 * The check digit of an 11-digit cédula (Luhn): the first ten weighted 1,2,1,2…, the digits of each
 * product added; the check is (10 - sum % 10) % 10. A cédula goes on an E32's buyer and identifies
 * who may pick a child up, so a mistyped digit is caught while the parent can still fix it.
 */
export function cedulaCheckDigitValid(cedula: string): boolean {
  const digits = cedula.replace(/-/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const product = Number(digits[index]) * (index % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

/** What is wrong with a cédula (mask 999-9999999-9): null when it is a valid one. */
export const cedulaProblem = idProblem(NATIONAL_ID_PATTERN, cedulaCheckDigitValid);
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
  cedulaCheckDigit: 'Una cédula escrita no existe: revise sus dígitos (el último es el dígito verificador)',
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

export { ADDITIONAL_FIELDS };

/** What a field shows under itself: plain sentences, where the summary keeps the spec's lines. */
export const FIELD_MESSAGES = {
  required: 'Este campo es obligatorio.',
  oneParent: 'Escriba los datos de la madre o los del padre (o de quien tenga la tutela): basta uno.',
  photo: 'Elija una foto del participante.',
  choice: 'Elija una opción de la lista.',
  nationalId: 'Escriba la cédula completa: 999-9999999-9.',
  cedulaCheckDigit: 'La cédula escrita no existe: revise sus dígitos (el último es el dígito verificador).',
  weight: `El peso debe estar entre ${WEIGHT_MIN} y ${WEIGHT_MAX} lbs.`,
  age: `La edad debe ser entre ${AGE_MIN} y ${AGE_MAX} años.`,
  birthDate: 'Fecha de nacimiento incorrecta: escriba DD/MM/AAAA, no una fecha futura.',
  email: 'Correo electrónico inválido. Ej.: familia@correo.com',
  phone: 'Teléfono inválido: escriba 10 dígitos. Ej.: 809-555-1234',
} as const;

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
 * Who a single-parent family can honestly name (issue 26, docs/decisions.md): one parent or
 * guardian is enough. A parent's name, phone and cédula go together: any of them given, all three
 * are asked; neither parent given, the mother's name says one is needed.
 */
export const PARENT_GROUPS = [
  ['mother_name', 'mother_phone', 'mother_id'],
  ['father_name', 'father_phone', 'father_id'],
] as const;
/** A second pick-up person is optional, but given, their name and cédula go together. */
export const SECOND_PICKUP = ['authorized_name_2', 'authorized_id_2'] as const;
/** The additional fields a family may leave empty (the parents' and the second pick-up person's go by group). */
export const ADDITIONAL_OPTIONAL = [
  ...PARENT_GROUPS.flat(),
  ...SECOND_PICKUP,
  'phone_home',
  'phone_office',
  'comments',
  'other_source',
] as const;

// The POST /inscripciones/create schemas live in ./schemas/enrolment.ts (no TypeBox in the browser).
export type {
  CalendarEntry,
  ParticipantEntry,
  CreateEnrolmentBody,
  PaymentResult,
} from './schemas/enrolment.ts';

/** The enrolment's texts the wizard itself shows (its bundle carries only these). */
export const WIZARD_ENROLMENT_MESSAGES = {
  terms: 'Debe aceptar los términos y condiciones para continuar.',
  rncCheckDigit: 'El RNC escrito no existe: revise sus dígitos (el último es el dígito verificador).',
  inProgress: 'Este pago todavía se está procesando. Por favor espere un momento.',
  campNotFound: 'El campamento o programa no existe o ya no está disponible.',
  membershipInvalid: 'El código de membresía no es válido.',
  membershipRepeated: 'El mismo código de membresía se indicó para más de un participante.',
} as const;

/**
 * Every text of the enrolment's answers: the wizard's and the server's own. Pure: a bundle that
 * does not read it (the parents' pages) leaves the server's texts out.
 */
export const ENROLMENT_MESSAGES = /*#__PURE__*/ Object.assign({}, WIZARD_ENROLMENT_MESSAGES, {
  success: 'Inscripción realizada con éxito',
  rnc: 'Para el comprobante fiscal escriba el RNC completo y el nombre o razón social.',
  idempotencyKey: 'Falta la cabecera Idempotency-Key (un identificador único de este intento de pago).',
  idempotencyReused:
    'Esta clave de pago ya se usó con otra solicitud. Por favor recargue la página e intente de nuevo.',
  weekNotFound: 'Una de las semanas seleccionadas ya no está disponible. Por favor revise su carrito.',
  categoryInvalid: 'Una de las categorías seleccionadas no pertenece a este campamento.',
  categoryNotInWeek: 'Una de las semanas seleccionadas no se ofrece para la categoría elegida.',
  oneOptionPerParticipant: 'En un programa anual cada participante elige una sola forma de pago.',
  sameChildTwice:
    'El mismo niño o niña aparece en dos participantes con la misma semana (mismo nombre y fecha de nacimiento). Inscríbalo una sola vez por semana.',
  participantWithoutWeeks: 'Cada participante debe tener al menos una semana o forma de pago seleccionada.',
  lineWithoutParticipant: 'Hay semanas seleccionadas que no pertenecen a ningún participante.',
  duplicateLine: 'Una semana está repetida para el mismo participante.',
  duplicateParticipant: 'Hay dos participantes con el mismo número.',
  verifying:
    'No recibimos la respuesta del banco a tiempo. Su pago está en verificación: no pague de nuevo; le escribiremos por correo con el resultado en unos minutos.',
  /** A photo path the account did not upload (an outside address, another family's photo). */
  photoNotOwn: (slot: number) => `La foto del Participante ${slot} no es válida. Por favor súbala de nuevo.`,
  membershipValid: 'Código de membresía válido.',
  familyBasisChanged:
    'Una inscripción anterior de su familia acaba de cambiar y el descuento familiar ya no aplica. Revise el total e intente de nuevo.',
  membershipOtherChild:
    'El código de membresía es de otro participante: revise el nombre y la fecha de nacimiento.',
  couponWithMembership:
    'Los cupones no se aplican a una inscripción de campamento con código de membresía. Quite el cupón e intente de nuevo.',
} as const);

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
