// Logger options: pino (Fastify's own) with secrets and card data redacted wherever they might
// appear in a logged object, at the top level or nested up to two levels deep.
import type { FastifyServerOptions } from 'fastify';
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
