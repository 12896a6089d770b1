// Test helper for many schools on one deployment (issue 46): a test app with a platform operator,
// schools created through the platform's API, and calls, users and tokens of each school.
import crypto from 'node:crypto';
import { MongoClient } from 'mongodb';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildTestApp, TEST_HASHING, type ApiCall, type BuildOptions, type TestApp } from './build.ts';
import { hashPassword } from '../auth/password.ts';
import { newUser } from '../../src/domain/accounts.ts';
import type { UserRecord } from '../../src/domain/records.ts';
import { ownFixturePhoto } from '../../src/core/checkout/fixtures.ts';
import { mongoSchoolStores } from '../platform/school-config.ts';
import type { School } from '../platform/school.ts';
import type { StaffRole } from '../../src/domain/roles.ts';

export const OPERATOR = { email: 'operador@plataforma.do', password: 'clave-de-la-plataforma' };
/** The first administrator every test school is created with (`createSchool`). */
export const SCHOOL_ADMIN = { email: 'direccion@escuela.do', password: 'clave-segura' };
/** A PLATFORM_KEY long enough to seal schools' secrets (AZUL merchant, certificate, WhatsApp). */
export const TEST_PLATFORM_KEY = 'clave-de-la-plataforma-de-32-caracteres-o-mas';

export interface PlatformTestApp extends TestApp {
  platformToken: string;
  /** POST /api/plataforma/cuentas with a first administrator's password; the answer. */
  createSchool: (
    id: string,
    hosts?: string[],
    extra?: Record<string, unknown>,
  ) => Promise<LightMyRequestResponse>;
  school: (id: string) => School;
  /** A platform call (under /api/plataforma) with the operator's token. */
  operatorApi: (method: 'GET' | 'POST', path: string, payload?: object) => Promise<LightMyRequestResponse>;
  /** A call to school `id` (its account header; its host when `host` is given). */
  schoolApi: (id: string, call: ApiCall & { host?: string }) => Promise<LightMyRequestResponse>;
  /** POST /api/inscripciones/create in school `id` as `token`, with a new idempotency key. */
  payIn: (id: string, token: string, body: unknown) => Promise<LightMyRequestResponse>;
  /** POST /api/ajustes/escuela ('Ajustes de la escuela') in school `id` as `token`; the answer. */
  saveSchoolSettings: (id: string, token: string, payload: object) => Promise<LightMyRequestResponse>;
  /** School `id`'s first administrator signs in there: their token. */
  schoolAdminToken: (id: string) => Promise<string>;
  /** An active account in school `id` (a parent, or staff with a role) and its token there. */
  userIn: (
    id: string,
    options?: { email?: string; role?: StaffRole },
  ) => Promise<{ user: UserRecord; token: string }>;
}

/** The host a test school answers on. */
export const hostOf = (id: string) => `${id}.escuelas.do`;

export async function buildPlatformTestApp(
  env: Record<string, string> = {},
  options: BuildOptions & { mongodb?: string } = {},
): Promise<PlatformTestApp> {
  const stores = options.mongodb
    ? await mongoSchoolStores(options.mongodb, `p${process.pid}_${Date.now().toString(36)}_`)
    : undefined;
  const t = await buildTestApp(
    { PLATFORM_ADMIN_EMAIL: OPERATOR.email, PLATFORM_ADMIN_PASSWORD: OPERATOR.password, ...env },
    { ...options, deps: { ...options.deps, ...(stores ? { schoolStores: stores } : {}) } },
  );
  const login = await t.app.inject({ method: 'POST', url: '/api/plataforma/login', payload: OPERATOR });
  const platformToken = login.json<{ token: string }>().token;
  const close = t.close;
  const schoolApi: PlatformTestApp['schoolApi'] = (id, { token, headers, host, ...rest }) =>
    t.app.inject({
      ...rest,
      headers: {
        'x-account-id': id,
        ...(host ? { host } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    } as InjectOptions);
  return {
    ...t,
    platformToken,
    createSchool: (id, hosts = [hostOf(id)], extra = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/plataforma/cuentas',
        headers: { authorization: `Bearer ${platformToken}` },
        payload: {
          id,
          name: `Escuela ${id}`,
          hosts,
          admin_email: SCHOOL_ADMIN.email,
          admin_password: SCHOOL_ADMIN.password,
          ...extra,
        },
      }),
    operatorApi: (method, path, payload) =>
      t.app.inject({
        method,
        url: `/api/plataforma${path}`,
        headers: { authorization: `Bearer ${platformToken}` },
        ...(payload ? { payload } : {}),
      }),
    school: (id) => {
      const school = t.app.schools.get(id);
      if (!school) throw new Error(`no school ${id}`);
      return school;
    },
    schoolApi,
    saveSchoolSettings: (id, token, payload) =>
      schoolApi(id, { method: 'POST', url: '/api/ajustes/escuela', token, payload }),
    schoolAdminToken: async (id) => {
      const login = await schoolApi(id, {
        method: 'POST',
        url: '/api/usuarios/login',
        payload: SCHOOL_ADMIN,
      });
      return login.json<{ result: { token: string } }>().result.token;
    },
    payIn: (id, token, body) =>
      t.app.inject({
        method: 'POST',
        url: '/api/inscripciones/create',
        headers: {
          'x-account-id': id,
          authorization: `Bearer ${token}`,
          'idempotency-key': crypto.randomUUID(),
        },
        payload: body as InjectOptions['payload'],
      }),
    userIn: async (id, { email = 'familia@correo.do', role } = {}) => {
      const school = t.app.schools.get(id);
      if (!school) throw new Error(`no school ${id}`);
      const user = await school.store.collection<UserRecord>('usuarios').insertOne(
        newUser(email, await hashPassword('clave-segura', TEST_HASHING), {
          name: role ? 'Personal' : 'Madre de prueba',
          ...(role ? { tipo: 'personal', role } : { tipo: 'cliente' }),
        }),
      );
      await ownFixturePhoto(school.store, user._id);
      return { user, token: t.app.signSchoolToken(id, user._id) };
    },
    close: async () => {
      await close();
      await stores?.close();
      if (stores && options.mongodb) {
        const client = new MongoClient(options.mongodb);
        try {
          for (const name of stores.names) await client.db(name).dropDatabase();
        } finally {
          await client.close();
        }
      }
    },
  };
}
