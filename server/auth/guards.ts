// Who may call what: JWT bearer tokens for signed-in users, a server-side admin check on every
// admin route (the user is read from the store, so a demoted or blocked user loses access within
// ACCOUNT_CACHE_MS), and the application account header every front-end call carries (DESIGN.md §2.12).
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, errorCode, errorEnvelope } from '../http/errors.ts';
import type { UserRecord } from '../../src/domain/records.ts';
import { isAdmin } from '../../src/domain/roles.ts';
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
/** Verified tokens kept at most, the same way. */
const VERIFIED_TOKENS_SIZE = 10_000;

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
  /** The account's session version when issued (UserRecord.session_version; absent = 0). */
  sv?: number;
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
    signToken: (userId: string, version?: number) => string;
    /** Drops the account's cached record: a new session version applies at once on this instance. */
    forgetAccount: (userId: string) => void;
  }
  interface FastifyRequest {
    /** The signed-in user, once a guard has run. */
    account: UserRecord | null;
  }
}

/**
 * Paths that work without the account header: probes, API docs, the OAuth popup pages, and the
 * opt-out link of the reminder e-mail (opened by a browser, which sends no such header), and the
 * 3-D Secure pages the payment step frames and the card's bank posts back to (issue 21).
 */
const ACCOUNT_HEADER_EXEMPT = [
  /^\/api\/health$/,
  /^\/api\/docs(\/|$)/,
  /^\/api\/v1\/auth\//,
  /^\/api\/recordatorios\/baja$/,
  /^\/api\/autenticacion-3ds\/[0-9A-Fa-f]{48}(\/metodo|\/fin)?$/,
];

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

    // Synchronous: it runs on every request, and an async hook costs a promise each time.
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      if (!url.startsWith('/api/') || request.headers[ACCOUNT_HEADER] === app.config.accountId) return done();
      const query = url.indexOf('?');
      const pathname = query === -1 ? url : url.slice(0, query);
      if (ACCOUNT_HEADER_EXEMPT.some((pattern) => pattern.test(pathname))) return done();
      // Answered here: the chain stops without `done`.
      reply.status(403).send(errorEnvelope(AUTH_MESSAGES.account));
    });

    /**
     * Authorization headers whose token passed verification, with its subject and expiry. The same
     * header again skips the token's decoding and its HMAC (fast-jwt's own cache hashes the token
     * with SHA-256 to find it: about a tenth of a small call); the expiry is checked every time. A
     * changed token is a different key and is verified in full.
     */
    const verified = new Map<string, { subject: string | null; expiresAt: number; version: number }>();
    const verify = async (request: FastifyRequest): Promise<{ subject: string | null; version: number }> => {
      let payload: TokenPayload & { exp?: unknown };
      try {
        payload = await request.jwtVerify<TokenPayload & { exp?: unknown }>();
      } catch (error) {
        const code = errorCode(error);
        throw new ApiError(401, code.includes('EXPIRED') ? AUTH_MESSAGES.expired : AUTH_MESSAGES.missing);
      }
      const subject = subjectOf(payload);
      const version = typeof payload.sv === 'number' ? payload.sv : 0;
      const header = request.headers.authorization;
      if (header !== undefined && typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_TOKENS_SIZE) verified.clear();
        verified.set(header, { subject, expiresAt: payload.exp * 1000, version });
      }
      return { subject, version };
    };

    const accounts = new Map<string, { user: UserRecord | null; until: number }>();
    const readAccount = async (userId: string): Promise<UserRecord | null> => {
      const now = Date.now();
      const found = await app.store.collection<UserRecord>('usuarios').findById(userId);
      // Frozen: one record serves several requests, none may change it for the others.
      const user = found ? Object.freeze(found) : null;
      if (accounts.size >= ACCOUNT_CACHE_SIZE) accounts.clear();
      accounts.set(userId, { user, until: now + ACCOUNT_CACHE_MS });
      return user;
    };

    // Every signed-in call comes here: what the two caches know is taken without waiting.
    const authenticate = async (request: FastifyRequest): Promise<UserRecord> => {
      const now = Date.now();
      const header = request.headers.authorization;
      const known = header === undefined ? undefined : verified.get(header);
      const token = known && known.expiresAt > now ? known : await verify(request);
      const userId = token.subject;
      const account = userId ? accounts.get(userId) : undefined;
      const user = !userId ? null : account && account.until > now ? account.user : await readAccount(userId);
      if (!user || user.status !== 'active') throw new ApiError(401, AUTH_MESSAGES.missing);
      // A token from before the password changed or was reset (issue 43).
      if (token.version !== (user.session_version ?? 0))
        throw new ApiError(401, AUTH_MESSAGES.passwordChanged);
      request.account = user;
      return user;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (!isAdmin(user)) throw new ApiError(403, AUTH_MESSAGES.notAdmin);
    });
    app.decorate('signToken', (userId: string, version = 0) =>
      app.jwt.sign(version ? { sub: userId, sv: version } : { sub: userId }),
    );
    app.decorate('forgetAccount', (userId: string) => void accounts.delete(userId));
  },
  { name: 'auth' },
);
