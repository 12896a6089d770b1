// Logger options: pino (Fastify's own) with secrets and card data redacted wherever they might
// appear in a logged object, at the top level or nested up to two levels deep.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { symbols } from 'pino';
import type { Config } from './config.ts';

const SECRET_KEYS = [
  'password',
  'passwordRetype',
  'confirmPassword',
  'newPassword',
  'currentPassword',
  'password_hash',
  'token',
  'jwtSecret',
  'cardNumber',
  'ccNumber',
  'cvv',
  'ccCVV',
  'expDate',
  'ccDate',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redactado]' },
    ...(stream ? { stream } : {}),
  };
}

/** Per parent logger, one child made once, from which each request's logger inherits. */
const requestBases = new WeakMap<FastifyBaseLogger, FastifyBaseLogger & Record<symbol, string>>();

/**
 * Fastify's per-request logger, made the way pino makes a child without options but without its
 * work per request (`node scripts/api-costs.ts`: about 1 µs of a ~30 µs call):
 * - pino passes every binding of a child through its wildcard redactor when there are paths like
 *   `*.password` (about 4 µs). Fastify's one binding is the request id it generates (`req-1`, …),
 *   which holds nothing to redact, so it is appended as pino itself writes it (through the
 *   logger's public `symbols`). What the request then logs is redacted as before.
 * - Fastify passes an options object even when empty, which sends pino down its slow path (new
 *   formatters for every request). Each request's logger is an object that inherits from one child
 *   made once per parent logger (pino's own children are made with `Object.create` too), with its
 *   own bindings.
 * A route with its own log level or serializers, and any other binding, take pino's own path.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  const keys = Object.keys(bindings);
  const reqId = bindings.reqId;
  if (
    keys.length !== 1 ||
    keys[0] !== 'reqId' ||
    (typeof reqId !== 'string' && typeof reqId !== 'number') ||
    Object.keys(options).length > 0
  )
    return logger.child(bindings, options);
  let base = requestBases.get(logger);
  if (!base) {
    base = logger.child({}) as FastifyBaseLogger & Record<symbol, string>;
    requestBases.set(logger, base);
  }
  const child = Object.create(base) as FastifyBaseLogger & Record<symbol, string>;
  child[symbols.chindingsSym] = `${base[symbols.chindingsSym]},"reqId":${JSON.stringify(reqId)}`;
  return child;
}
