// The Spanish message for a field that fails its schema, shared by the server's error handler
// and the mocks so both answer bad input in the same words. Never echoes the value.
import { ID_INVALID_MESSAGE, ID_PATTERN } from './fields.ts';

/** A schema failure as both validators report it (Ajv on the server, TypeBox in the mocks). */
export interface SchemaIssue {
  keyword: string;
  /** JSON pointer of the failing value ('' for the whole input). */
  instancePath: string;
  /** The property that is missing, for 'required'. */
  missing?: string;
  /** The pattern that failed, for 'pattern'. */
  pattern?: unknown;
}

/** What a schema failure of the request's `context` ('body', 'params', 'querystring') answers. */
export function schemaIssueMessage(issue: SchemaIssue | undefined, context: string): string {
  if (!issue) return 'La solicitud no es válida.';
  // Every call names its record id `id` in the path; a record id in the query is refused alike.
  if (context === 'params' && issue.instancePath === '/id') return ID_INVALID_MESSAGE;
  if (context === 'querystring' && issue.pattern === ID_PATTERN) return ID_INVALID_MESSAGE;
  const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field = issue.missing ? [where, issue.missing].filter(Boolean).join('.') : where || context;
  return invalidFieldMessage(issue.keyword, field);
}

export function invalidFieldMessage(keyword: string, field: string): string {
  switch (keyword) {
    case 'required':
      return `Falta el campo obligatorio "${field}".`;
    case 'type':
      return `El campo "${field}" tiene un tipo de dato inválido.`;
    case 'minLength':
    case 'maxLength':
    case 'pattern':
    case 'format':
      return `El campo "${field}" no tiene un formato válido.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minItems':
    case 'maxItems':
      return `El campo "${field}" está fuera del rango permitido.`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return `El campo "${field}" no tiene un valor permitido.`;
    default:
      return `El campo "${field}" no es válido.`;
  }
}
