// One error handler maps every failure to an HTTP status and the answer envelope with a Spanish
// message. Services throw ApiError for business refusals; anything unexpected becomes a 500
// whose details go to the log only.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schemaIssueMessage } from '../../src/domain/validation.ts';

import { ApiError, errorEnvelope, INTERNAL_ERROR_MESSAGE } from '../../src/core/errors.ts';

export { ApiError, errorEnvelope, INTERNAL_ERROR_MESSAGE };

/** The `code` a library's error carries (FST_…, FAST_JWT_…), or ''. */
export const errorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : '';

export const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'Debe iniciar sesión para continuar.',
  403: 'No tiene permiso para realizar esta acción.',
  404: 'Recurso no encontrado.',
  405: 'Método no permitido.',
  406: 'Formato de respuesta no admitido.',
  408: 'La solicitud tardó demasiado en llegar.',
  409: 'La solicitud entra en conflicto con el estado actual.',
  413: 'La solicitud es demasiado grande.',
  415: 'Tipo de contenido no admitido.',
  414: 'La dirección de la solicitud es demasiado larga.',
  429: 'Demasiadas solicitudes. Por favor espere un momento e intente de nuevo.',
  431: 'Las cabeceras de la solicitud son demasiado grandes.',
};

const CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es un JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida.',
  FST_ERR_BAD_URL: 'La dirección de la solicitud no es válida.',
  FST_ERR_MAX_PARAM_LENGTH: 'La dirección de la solicitud es demasiado larga.',
};

/** The Spanish text of a 4xx the framework raised: by its code, else by its status. */
const clientMessage = (code: string, status: number): string =>
  CODE_MESSAGES[code] ?? MESSAGES_BY_STATUS[status] ?? MESSAGES_BY_STATUS[400]!;

/**
 * Errors the router raises before any route runs (a malformed address, a parameter over the
 * length limit): the one envelope, never the framework's English text or the path echoed back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(errorEnvelope(clientMessage(errorCode(error), status)));
}

/** What Node's HTTP parser refuses (headers too large, a broken request line), in the same envelope. */
export function clientErrorHandler(error: Error, socket: Duplex): void {
  if (socket.destroyed || !socket.writable) return;
  const code = errorCode(error);
  const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(errorEnvelope(MESSAGES_BY_STATUS[status] ?? MESSAGES_BY_STATUS[400]!));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

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
      return reply.status(status).send(errorEnvelope(clientMessage(errorCode(error), status)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorEnvelope(INTERNAL_ERROR_MESSAGE));
  });
}
