// The Fastify adapter of the shared call table (src/core/api): each call becomes a route with its
// guard (run on request, so 401/403 come before any body is read), its schemas (validated by Ajv,
// refusals in Spanish by ./errors.ts), its rate limit, and the core's answer.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_ROUTES,
  Answer,
  FILE_TYPES,
  BytesAnswer,
  FileAnswer,
  JsonText,
  HtmlAnswer,
  assertRole,
  type ApiRoute,
  type Call,
} from '../../src/core/api/index.ts';
import { fileStream } from './files.ts';
import { MESSAGES_BY_STATUS } from './errors.ts';
import { ApiError } from '../../src/core/errors.ts';
import { perAccountKey, perAddressKey } from '../auth/guards.ts';
import { schoolOfRequest } from '../platform/resolve.ts';
import { PLATFORM_MESSAGES } from '../../src/domain/platform.ts';
import type { UserRecord } from '../../src/domain/records.ts';

type Guard = (request: FastifyRequest) => Promise<void>;

function guardOf(app: FastifyInstance, call: Pick<ApiRoute, 'audience' | 'roles'>): Guard | undefined {
  if (call.audience === 'user') return app.requireUser;
  // Staff, then the call's roles (issue 25): 403 in Spanish before any body is read.
  if (call.audience === 'admin')
    return async (request) => {
      await app.requireAdmin(request);
      assertRole(call, request.account!);
    };
  return undefined;
}

/** What a shared call reads of a Fastify request. A class: its accessors are made once, not per request. */
class RequestCall implements Call<ApiRoute['schema']> {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly account: UserRecord | null;
  readonly #request: FastifyRequest;

  constructor(request: FastifyRequest) {
    this.#request = request;
    this.params = request.params;
    this.query = request.query;
    this.body = request.body;
    this.account = request.account;
  }

  /** Read when a call uses it: behind a proxy it walks X-Forwarded-For. */
  get ip(): string {
    return this.#request.ip;
  }

  header(name: string): string | undefined {
    const value = this.#request.headers[name.toLowerCase()];
    return typeof value === 'string' ? value : undefined;
  }
}

/** '1 minute', '30 seconds' → milliseconds (the call table's windows). */
function windowMs(text: string): number {
  const match = /^(\d+)\s*(second|minute|hour)s?$/.exec(text.trim());
  if (!match) throw new Error(`unsupported rate-limit window: ${text}`);
  return Number(match[1]) * { second: 1000, minute: 60_000, hour: 3_600_000 }[match[2] as 'second'];
}

/**
 * A second limit of a per-account call, per client address in a fixed window, counted in this
 * instance's memory like the other limits (README: N instances allow N times it).
 */
function addressLimit(max: number, window: number) {
  const counts = new Map<string, { count: number; until: number }>();
  return async (request: FastifyRequest) => {
    const now = Date.now();
    const key = perAddressKey(request);
    let entry = counts.get(key);
    if (!entry || entry.until <= now) {
      if (counts.size >= 10_000) counts.clear();
      entry = { count: 0, until: now + window };
      counts.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > max) throw new ApiError(429, MESSAGES_BY_STATUS[429]!);
  };
}

/**
 * The calls that take a family's money or hold places: refused while the school is suspended
 * (issue 46). Staff still sign in, read and export; what a parent already paid is settled.
 */
const PAYING_CALLS = new Set([
  'POST /inscripciones/create',
  'POST /carritos/:id',
  'POST /pagos/cuota/:id',
  'POST /inscripciones/cambiar/:id',
  'POST /tarjetas',
]);

function register(app: FastifyInstance, call: ApiRoute, pageHeaders: Readonly<Record<string, string>>): void {
  const guard = guardOf(app, call);
  // Refused before the body is read, as the guard's 401 and 403 are.
  const onRequest = PAYING_CALLS.has(`${String(call.method)} ${call.url}`)
    ? async (request: FastifyRequest) => {
        await guard?.(request);
        if (schoolOfRequest(request).status !== 'active')
          throw new ApiError(423, PLATFORM_MESSAGES.schoolSuspended);
      }
    : guard;
  const perAddress = call.rateLimit?.perAddressMax
    ? addressLimit(call.rateLimit.perAddressMax, windowMs(call.rateLimit.timeWindow))
    : null;
  app.route({
    method: call.method,
    url: call.url,
    schema: call.schema,
    ...(onRequest ? { onRequest } : {}),
    ...(perAddress ? { preValidation: perAddress } : {}),
    ...(call.rateLimit
      ? {
          config: {
            rateLimit: {
              max: call.rateLimit.max,
              timeWindow: call.rateLimit.timeWindow,
              keyGenerator: call.rateLimit.perAccount ? perAccountKey : perAddressKey,
            },
          },
        }
      : {}),
    // No automatic HEAD twin: a HEAD on GET /{area}/delete/{id} must not delete.
    exposeHeadRoute: false,
    handler: async (request: FastifyRequest, reply) => {
      const input = new RequestCall(request);
      const result = await call.handle(input, schoolOfRequest(request).core);
      if (result instanceof FileAnswer)
        return reply
          .type(FILE_TYPES[result.format])
          .header('content-disposition', `attachment; filename="${result.filename}"`)
          .send(fileStream(result));
      if (result instanceof BytesAnswer)
        return reply
          .type(result.contentType)
          .header('content-disposition', `attachment; filename="${result.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(result.bytes));
      // A page opened from an e-mail link: the pages' headers (its CSP allows its inline style).
      if (result instanceof HtmlAnswer)
        return reply
          .status(result.status)
          .headers(pageHeaders)
          .type('text/html; charset=utf-8')
          .send(result.body);
      // A string with a JSON content type is sent as is (Fastify serialises objects only).
      if (result instanceof JsonText)
        return reply.status(result.status).type('application/json; charset=utf-8').send(result.body);
      return result instanceof Answer ? reply.status(result.status).send(result.body) : result;
    },
  });
}

/** Registers every shared call (under the /api prefix the caller gives). */
export async function apiRoutes(
  app: FastifyInstance,
  { pageHeaders }: { pageHeaders: Readonly<Record<string, string>> },
): Promise<void> {
  for (const call of API_ROUTES) register(app, call, pageHeaders);
}
