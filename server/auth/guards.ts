// Who may call what: JWT bearer tokens for signed-in users, a server-side admin check on every
// admin route (the user is read from the store, so a demoted or blocked user loses access within
// ACCOUNT_CACHE_MS), and the application account header every front-end call carries (DESIGN.md §2.12).
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, errorCode } from '../http/errors.ts';
import type { UserRecord } from '../../src/domain/records.ts';
import { isAdmin } from '../../src/domain/roles.ts';
import { AUTH_MESSAGES } from '../../src/domain/accounts.ts';
import { ID_PATTERN } from '../../src/domain/fields.ts';
import type { School } from '../platform/school.ts';
import { schoolHook } from '../platform/resolve.ts';

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
      const payload = request.server.jwt.verify<TokenPayload>(token);
      const account = subjectOf(payload);
      if (account) return `account:${payload.acc ?? ''}:${account}`;
    } catch {
      // An invalid token is limited with its address.
    }
  }
  return perAddressKey(request);
}

/** Rate-limit key of anonymous calls: the address within its school (issue 46: one school's traffic never locks another's families out). */
export const perAddressKey = (request: FastifyRequest): string =>
  `address:${request.school?.id ?? ''}:${request.ip}`;

export { ACCOUNT_HEADER } from '../platform/resolve.ts';

export { AUTH_MESSAGES };

export interface TokenPayload {
  sub: string;
  /** The account's session version when issued (UserRecord.session_version; absent = 0). */
  sv?: number;
  /**
   * The school the token was issued by (issue 46): refused by every other. Absent on tokens made
   * before there were several schools: those are the default school's.
   */
  acc?: string;
  /** A platform operator's token (./platform.ts): never a school's. */
  plat?: 1;
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
    /** A token of the default school's user. */
    signToken: (userId: string, version?: number) => string;
    /** A token of a user of `school` (issue 46: refused by every other school). */
    signSchoolToken: (school: string, userId: string, version?: number) => string;
    /** Drops the default school's account's cached record: a new session version applies at once on this instance. */
    forgetAccount: (userId: string) => void;
    /** The same for an account of `school`. */
    forgetSchoolAccount: (school: string, userId: string) => void;
  }
  interface FastifyRequest {
    /** The signed-in user, once a guard has run. */
    account: UserRecord | null;
    /**
     * The school the request is for (../platform/resolve.ts): set on every request but the
     * platform's own calls (/api/plataforma), whose guard needs none.
     */
    school: School | null;
  }
}

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
    app.decorateRequest('school', null);
    // Every request's school, before anything else reads it (../platform/resolve.ts).
    app.addHook('onRequest', schoolHook(app));

    /**
     * Authorization headers whose token passed verification, with its subject and expiry. The same
     * header again skips the token's decoding and its HMAC (fast-jwt's own cache hashes the token
     * with SHA-256 to find it: about a tenth of a small call); the expiry is checked every time. A
     * changed token is a different key and is verified in full.
     */
    const verified = new Map<
      string,
      { subject: string | null; expiresAt: number; version: number; school: string | null }
    >();
    const verify = async (
      request: FastifyRequest,
    ): Promise<{ subject: string | null; version: number; school: string | null }> => {
      let payload: TokenPayload & { exp?: unknown };
      try {
        payload = await request.jwtVerify<TokenPayload & { exp?: unknown }>();
      } catch (error) {
        const code = errorCode(error);
        throw new ApiError(401, code.includes('EXPIRED') ? AUTH_MESSAGES.expired : AUTH_MESSAGES.missing);
      }
      // A platform operator's token is no school's.
      const subject = payload.plat ? null : subjectOf(payload);
      const version = typeof payload.sv === 'number' ? payload.sv : 0;
      const school = typeof payload.acc === 'string' ? payload.acc : app.config.accountId;
      const header = request.headers.authorization;
      if (header !== undefined && typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_TOKENS_SIZE) verified.clear();
        verified.set(header, { subject, expiresAt: payload.exp * 1000, version, school });
      }
      return { subject, version, school };
    };

    /** Records by school and id: the same id in two schools' stores is two people. */
    const accounts = new Map<string, { user: UserRecord | null; until: number }>();
    const readAccount = async (school: School, key: string, userId: string): Promise<UserRecord | null> => {
      const now = Date.now();
      const found = await school.store.collection<UserRecord>('usuarios').findById(userId);
      // Frozen: one record serves several requests, none may change it for the others.
      const user = found ? Object.freeze(found) : null;
      if (accounts.size >= ACCOUNT_CACHE_SIZE) accounts.clear();
      accounts.set(key, { user, until: now + ACCOUNT_CACHE_MS });
      return user;
    };

    // Every signed-in call comes here: what the two caches know is taken without waiting.
    const authenticate = async (request: FastifyRequest): Promise<UserRecord> => {
      const now = Date.now();
      const header = request.headers.authorization;
      const known = header === undefined ? undefined : verified.get(header);
      const token = known && known.expiresAt > now ? known : await verify(request);
      const school = request.school;
      // A token is its school's only (issue 46), even where the same e-mail has an account in both.
      const userId = school && token.school === school.id ? token.subject : null;
      const key = `${school?.id}|${userId}`;
      const account = userId ? accounts.get(key) : undefined;
      const user =
        !userId || !school
          ? null
          : account && account.until > now
            ? account.user
            : await readAccount(school, key, userId);
      if (!user || user.status !== 'active') throw new ApiError(401, AUTH_MESSAGES.missing);
      // A token from before the password changed or was reset (issue 43), or the role changed (54).
      if (token.version !== (user.session_version ?? 0))
        throw new ApiError(
          401,
          user.session_end === 'role' ? AUTH_MESSAGES.roleChanged : AUTH_MESSAGES.passwordChanged,
        );
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
    const sign = (school: string, userId: string, version = 0) =>
      app.jwt.sign(version ? { sub: userId, sv: version, acc: school } : { sub: userId, acc: school });
    app.decorate('signSchoolToken', sign);
    app.decorate('signToken', (userId: string, version = 0) => sign(app.config.accountId, userId, version));
    const forget = (school: string, userId: string) => void accounts.delete(`${school}|${userId}`);
    app.decorate('forgetSchoolAccount', forget);
    app.decorate('forgetAccount', (userId: string) => forget(app.config.accountId, userId));
  },
  { name: 'auth' },
);
