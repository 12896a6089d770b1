// The wizard's form rules as Yup schemas, built from the domain's constants (./enrolment.ts,
// ./forms.ts): the spec's 'Errores:' lines per participant and for the additional information, and
// the sentence under each field. Apart from ./enrolment.ts so that Yup loads only with the steps
// that have forms (src/enrolment/formRules.ts), never on the calendar; the server checks an
// enrolment with the same rules (src/core/checkout/steps.ts).
import * as Yup from 'yup';
import {
  ADDITIONAL_FIELDS,
  ADDITIONAL_MESSAGES,
  ADDITIONAL_OPTIONAL,
  PARENT_GROUPS,
  SECOND_PICKUP,
  CONTACT_FORMS,
  EMAIL_REGEX,
  FIELD_MESSAGES,
  GENDERS,
  NATIONAL_ID_FIELDS,
  NATIONAL_ID_PATTERN,
  PARTICIPANT_MESSAGES,
  PARTICIPANT_REQUIRED,
  PHONE_FIELDS,
  PHONE_PATTERN,
  SHIRT_SIZES,
  SOURCES,
  WEIGHT_MAX,
  WEIGHT_MIN,
  WEIGHT_PATTERN,
  cedulaCheckDigitValid,
  cedulaProblem,
  validAge,
  validBirthDate,
  type AdditionalData,
  type ParticipantFields,
} from './enrolment.ts';
import { schemaFieldMessages, schemaMessages } from './forms.ts';

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

/**
 * The additional-information step's rules. Required: one parent or guardian (name, phone and
 * cédula), the e-mail, the address, the emergency contact's name, mobile and preferred contact
 * form, one pick-up person and how the family heard of the school (other_source when 'Otra').
 * Optional (issue 26): the other parent, the home and office phones, comments and a second pick-up
 * person, whose fields go by group (PARENT_GROUPS, SECOND_PICKUP). A choice outside its list or a
 * malformed cédula counts as empty (the spec has no line of its own for them); a complete cédula
 * whose check digit fails has its own line; a phone given in an optional field must still be well
 * formed.
 */
export const additionalSchema = (() => {
  const M = ADDITIONAL_MESSAGES;
  const optional: readonly string[] = ADDITIONAL_OPTIONAL;
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  /** Required when the group it belongs to is started (or, for the mother, when no parent is). */
  const groupRequired = (field: string) => {
    const group: readonly string[] =
      PARENT_GROUPS.find((fields) => (fields as readonly string[]).includes(field)) ?? SECOND_PICKUP;
    return (rule: Yup.StringSchema) =>
      rule.test('group', M.empty, function (value) {
        if (filled(value)) return true;
        const parent = this.parent as Record<string, unknown>;
        if (group.some((other) => filled(parent[other]))) return false;
        const parentGroup = PARENT_GROUPS.some((fields) => (fields as readonly string[]).includes(field));
        const noParent = PARENT_GROUPS.flat().every((other) => !filled(parent[other]));
        return !(parentGroup && noParent && field === 'mother_name');
      });
  };
  const base = (field: string) => (optional.includes(field) ? Yup.string().trim() : requiredText(M.empty));
  const fields: Record<string, Yup.StringSchema> = Object.fromEntries(
    ADDITIONAL_FIELDS.map((field) => [field, base(field)]),
  );
  for (const field of NATIONAL_ID_FIELDS)
    fields[field] = base(field)
      .matches(NATIONAL_ID_PATTERN, { message: M.empty, excludeEmptyString: true })
      .test(
        'cedula',
        M.cedulaCheckDigit,
        (id) => !id || !NATIONAL_ID_PATTERN.test(id) || cedulaCheckDigitValid(id),
      );
  for (const field of PHONE_FIELDS)
    fields[field] = base(field).matches(PHONE_PATTERN, { message: M.phones, excludeEmptyString: true });
  for (const field of [...PARENT_GROUPS.flat(), ...SECOND_PICKUP])
    fields[field] = groupRequired(field)(fields[field]!);
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

/** Whether the form marks a field obligatory (*): the groups' fields say so in their section instead. */
export const additionalRequired = (field: keyof AdditionalData): boolean =>
  !(ADDITIONAL_OPTIONAL as readonly string[]).includes(field);

/** The 'Errores' lines of the additional-information step, in the spec's order. */
export function additionalErrors(data: Partial<AdditionalData>): string[] {
  return schemaMessages(additionalSchema, data, Object.values(ADDITIONAL_MESSAGES));
}

/** The additional step's invalid fields, each with the sentence shown under it. */
export function additionalFieldErrors(
  data: Partial<AdditionalData>,
): Partial<Record<keyof AdditionalData, string>> {
  const ids: readonly string[] = NATIONAL_ID_FIELDS;
  const noParent = PARENT_GROUPS.flat().every((field) => !(data[field] ?? '').trim());
  return fieldTexts(schemaFieldMessages(additionalSchema, data), data, (field, blank) =>
    field === 'mother_name' && noParent
      ? FIELD_MESSAGES.oneParent
      : ids.includes(field) && !blank
        ? cedulaProblem(data[field] ?? '') === 'checkDigit'
          ? FIELD_MESSAGES.cedulaCheckDigit
          : FIELD_MESSAGES.nationalId
        : undefined,
  );
}
