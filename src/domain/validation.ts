// The Spanish message for a field that fails its schema, shared by the server's error handler
// and the mocks so both answer bad input in the same words. Never echoes the value.
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
