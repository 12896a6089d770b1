// Business refusals, as every adapter answers them: services throw ApiError with the HTTP status
// and the Spanish message; the server's error handler and the mocks' router turn it into the
// answer envelope. Anything else is unexpected and answers a 500 with INTERNAL_ERROR_MESSAGE.
export class ApiError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown> | undefined;
  /** `body` replaces the error envelope (kept for answers the spec shapes otherwise). */
  constructor(statusCode: number, message: string, body?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.body = body;
  }
}

/**
 * The generic error envelope. The spec's calls read either `success` or `status` (login reads
 * `success`, the others `status`), so a generic error carries both next to the message.
 */
export function errorEnvelope(message: string): { success: false; status: 'ERROR'; message: string } {
  return { success: false, status: 'ERROR', message };
}

/**
 * A warning the admin may overrule (409): the answer carries `confirm: true`, and the same call
 * with `confirm: true` in its body saves (a week outside its camp's dates, for one).
 */
export const confirmationNeeded = (message: string): ApiError =>
  new ApiError(409, message, { ...errorEnvelope(message), confirm: true });

export const INTERNAL_ERROR_MESSAGE = 'Error interno del servidor. Por favor intente de nuevo más tarde.';
