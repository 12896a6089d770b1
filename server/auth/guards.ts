// Who may call what: JWT bearer tokens for signed-in users, a server-side admin check on every
// admin route (the user is read from the store, so a demoted or blocked user loses access within
// ACCOUNT_CACHE_MS), and the application account header every front-end call carries (DESIGN.md §2.12).
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, errorCode, errorEnvelope } from '../http/errors.ts';
import { isAdmin, type UserRecord } from '../../src/domain/records.ts';
import { AUTH_MESSAGES } from '../../src/domain/accounts.ts';
import { ID_PATTERN } from '../../src/domain/fields.ts';

const ID_REGEX = new RegExp(ID_PATTERN);

export const TOKEN_LIFETIME = '7d';

/**
 * How long a signed-in user's record, read from the store, serves their next requests. Reading
 * it on every call cost a store query per request (a parent's wizard makes several a second);
 * a change of role or status (demoted admin, blocked account) applies within this time, on every
 * server instance, with nothing to invalidate.
 */
export const ACCOUNT_CACHE_MS = 2000;
/** Records kept at most; beyond it the cache starts over (a burst of many accounts, not a leak). */
const ACCOUNT_CACHE_SIZE = 10_000;

/** A bearer token's subject, when it is a well-formed record id (never an object a query would obey). */
const subjectOf = (payload: { sub?: unknown }): string | null =>
  typeof payload.sub === 'string' && ID_REGEX.test(payload.sub) ? payload.sub : null;

/**
 * Rate-limit key for signed-in calls: the verified account (one parent, whatever the spelling of
 * the Bearer scheme and however many tokens they hold), so a school's front desk enrolling many
 * families from one address is limited per family; the address for anonymous or invalid tokens.
 */
export function perAccountKey(request: FastifyRequest): string {
  const token = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token) {
    try {
      const account = subjectOf(request.server.jwt.verify<TokenPayload>(token));
      if (account) return `account:${account}`;
    } catch {
      // An invalid token is limited with its address.
    }
  }
  return `address:${request.ip}`;
}
export const ACCOUNT_HEADER = 'x-account-id';

export { AUTH_MESSAGES };

export interface TokenPayload {
  sub: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook (runs before the body is read): a valid token of an active user; sets request.account. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: a valid token of an active administrator; sets request.account. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    signToken: (userId: string) => string;
  }
  interface FastifyRequest {
    /** The signed-in user, once a guard has run. */
    account: UserRecord | null;
  }
}

/** Paths that work without the account header: probes, API docs, and the OAuth popup pages. */
const ACCOUNT_HEADER_EXEMPT = [/^\/api\/health$/, /^\/api\/docs(\/|$)/, /^\/api\/v1\/auth\//];

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyJwt, {
      secret: app.config.jwtSecret ?? '',
      sign: { expiresIn: TOKEN_LIFETIME },
      // fast-jwt remembers tokens it has verified (until they expire): the HMAC is checked once
      // per token, not on every call; a tampered token is a different token and is checked.
      verify: { cache: 1000 },
    });

    app.decorateRequest('account', null);

    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (!pathname.startsWith('/api/') || ACCOUNT_HEADER_EXEMPT.some((pattern) => pattern.test(pathname)))
        return;
      if (request.headers[ACCOUNT_HEADER] !== app.config.accountId) {
        return reply.status(403).send(errorEnvelope(AUTH_MESSAGES.account));
      }
    });

    const authenticate = async (request: FastifyRequest): Promise<UserRecord> => {
      try {
        await request.jwtVerify();
      } catch (error) {
        const code = errorCode(error);
        throw new ApiError(401, code.includes('EXPIRED') ? AUTH_MESSAGES.expired : AUTH_MESSAGES.missing);
      }
      const userId = subjectOf(request.user);
      const user = userId ? await accountOf(userId) : null;
      if (!user || user.status !== 'active') throw new ApiError(401, AUTH_MESSAGES.missing);
      request.account = user;
      return user;
    };

    const accounts = new Map<string, { user: UserRecord | null; until: number }>();
    const accountOf = async (userId: string): Promise<UserRecord | null> => {
      const now = Date.now();
      const cached = accounts.get(userId);
      if (cached && cached.until > now) return cached.user;
      const found = await app.store.collection<UserRecord>('usuarios').findById(userId);
      // Frozen: one record serves several requests, none may change it for the others.
      const user = found ? Object.freeze(found) : null;
      if (accounts.size >= ACCOUNT_CACHE_SIZE) accounts.clear();
      accounts.set(userId, { user, until: now + ACCOUNT_CACHE_MS });
      return user;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (!isAdmin(user)) throw new ApiError(403, AUTH_MESSAGES.notAdmin);
    });
    app.decorate('signToken', (userId: string) => app.jwt.sign({ sub: userId }));
  },
  { name: 'auth' },
);
