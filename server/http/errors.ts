// One error handler maps every failure to an HTTP status and the answer envelope with a Spanish
// message. Services throw ApiError for business refusals; anything unexpected becomes a 500
// whose details go to the log only.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schemaIssueMessage } from '../../src/domain/validation.ts';

import { ApiError, errorEnvelope, INTERNAL_ERROR_MESSAGE } from '../../src/core/errors.ts';

export { ApiError, errorEnvelope, INTERNAL_ERROR_MESSAGE };

/** The `code` a library's error carries (FST_…, FAST_JWT_…), or ''. */
export const errorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : '';

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'Debe iniciar sesión para continuar.',
  403: 'No tiene permiso para realizar esta acción.',
  404: 'Recurso no encontrado.',
  405: 'Método no permitido.',
  406: 'Formato de respuesta no admitido.',
  409: 'La solicitud entra en conflicto con el estado actual.',
  413: 'La solicitud es demasiado grande.',
  415: 'Tipo de contenido no admitido.',
  429: 'Demasiadas solicitudes. Por favor espere un momento e intente de nuevo.',
};

const CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es un JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida.',
};

/** Spanish text for a schema validation failure: names the field, never echoes the value. */
export function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const params = first?.params ?? {};
  return schemaIssueMessage(
    first && {
      keyword: first.keyword,
      instancePath: first.instancePath,
      ...(typeof params.missingProperty === 'string' ? { missing: params.missingProperty } : {}),
      pattern: params.pattern,
    },
    error.validationContext ?? 'solicitud',
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(error.body ?? errorEnvelope(error.message));
    }
    if (error.validation) {
      return reply.status(400).send(errorEnvelope(validationMessage(error)));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && CODE_MESSAGES[error.code]) ?? MESSAGES_BY_STATUS[status] ?? MESSAGES_BY_STATUS[400]!;
      return reply.status(status).send(errorEnvelope(message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorEnvelope(INTERNAL_ERROR_MESSAGE));
  });
}
