// How forms are validated, everywhere: Yup schemas built from the domain's constants. Formik runs
// them as `validationSchema` (sign-in, registration, password, profile, admin catalogues); the
// wizard's steps and the server run the enrolment ones through schemaMessages, which turns a
// schema's failures into the spec's list of 'Errores' lines.
import { ValidationError, type AnySchema } from 'yup';

/**
 * The distinct messages `value` fails `schema` with, in `order` (the spec's order of its lines);
 * empty when it passes. `context` reaches the schema's tests (e.g. the date a birth date is checked against).
 */
export function schemaMessages(
  schema: AnySchema,
  value: unknown,
  order: readonly string[],
  context: Record<string, unknown> = {},
): string[] {
  try {
    schema.validateSync(value ?? {}, { abortEarly: false, context });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const failed = new Set(error.errors);
    return [
      ...order.filter((message) => failed.has(message)),
      ...[...failed].filter((m) => !order.includes(m)),
    ];
  }
}

/**
 * The first message each field fails `schema` with, by field name; empty when it passes. The
 * wizard shows these under their fields, beside the spec's summary lines of schemaMessages.
 */
export function schemaFieldMessages(
  schema: AnySchema,
  value: unknown,
  context: Record<string, unknown> = {},
): Record<string, string> {
  try {
    schema.validateSync(value ?? {}, { abortEarly: false, context });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const byField: Record<string, string> = {};
    for (const issue of error.inner) {
      if (issue.path && !(issue.path in byField)) byField[issue.path] = issue.message;
    }
    return byField;
  }
}
