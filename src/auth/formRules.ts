// Field rules shared by the sign-in, registration and password forms (spec 01 §5). Each form
// keeps its own Yup schema next to it and builds it from these; the bounds are the server's
// (src/domain/fields.ts). Every form validates this way (src/domain/forms.ts).
import * as Yup from 'yup';
import { EMAIL_MAX, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '../domain/accounts.ts';

/**
 * The form messages of spec 01 §5: the same rules as the original product, in Spanish (issue 26:
 * the interface language is Spanish; the spec quotes the old template's English texts; see
 * docs/decisions.md).
 */
export const FORM_MESSAGES = {
  invalidEmail: 'Correo electrónico no válido',
  required: 'Obligatorio',
  tooShort: `Debe tener ${PASSWORD_MIN} caracteres o más`,
  tooLong: `Debe tener ${PASSWORD_MAX} caracteres o menos`,
  notSame: 'Las dos contraseñas deben ser iguales',
} as const;

const emailPattern = new RegExp(EMAIL_PATTERN);

export const emailRule = () =>
  Yup.string()
    .trim()
    .required(FORM_MESSAGES.required)
    .max(EMAIL_MAX, FORM_MESSAGES.invalidEmail)
    .matches(emailPattern, { message: FORM_MESSAGES.invalidEmail, excludeEmptyString: true });

export const passwordRule = () =>
  Yup.string()
    .required(FORM_MESSAGES.required)
    .min(PASSWORD_MIN, FORM_MESSAGES.tooShort)
    .max(PASSWORD_MAX, FORM_MESSAGES.tooLong);

/** passwordRetype / confirmPassword: same bounds, and equal to `field` once that one is entered. */
export const retypeRule = (field: string) =>
  passwordRule().when(field, ([password]: unknown[], rule) =>
    typeof password === 'string' && password !== ''
      ? rule.oneOf([Yup.ref(field)], FORM_MESSAGES.notSame)
      : rule,
  );

/** The toast text of a failed call: the server's message, or 'Error' when there is none (spec 01 §8, in Spanish). */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : 'Error';
}
