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
