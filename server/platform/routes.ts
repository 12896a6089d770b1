// The platform's API (issue 46): operators sign in, list the schools with a few figures, create a
// school, suspend and reactivate one. Operators are not staff of any school: their token is
// refused by every school's call, and these calls read no family's data beyond counts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeBackup } from '../backup/backup.ts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Config } from '../config.ts';
import type { Store } from '../store/port.ts';
import { ApiError } from '../http/errors.ts';
import { hashPassword, verifyPassword, type ScryptParams } from '../auth/password.ts';
import type { TokenPayload } from '../auth/guards.ts';
import {
  HOST_PATTERN,
  PLATFORM_MESSAGES as M,
  SCHOOL_ID_PATTERN,
  type SchoolSummary,
} from '../../src/domain/platform.ts';
import type { Enrolment, UserRecord } from '../../src/domain/records.ts';
import { santoDomingoMonthStart } from '../../src/domain/days.ts';
import type { School } from './school.ts';

/** An operator as the platform's store keeps them. */
interface Operator {
  _id: string;
  email: string;
  password_hash: string;
  status: 'active' | 'inactive';
  created_at: Date;
}

const OPERATORS = 'operadores';
/** An operator's session: a working day, not a parent's week. */
const PLATFORM_TOKEN_LIFETIME = '12h';

/** The first operator from PLATFORM_ADMIN_EMAIL / PLATFORM_ADMIN_PASSWORD, on the first start (as the admin account is made). */
export async function preparePlatform(
  store: Store | null,
  config: Pick<Config, 'platform'>,
  hashing: ScryptParams,
): Promise<void> {
  const { adminEmail, adminPassword } = config.platform;
  if (!store || !adminEmail || !adminPassword) return;
  const operators = store.collection<Operator>(OPERATORS);
  if (await operators.findOne({ email: adminEmail })) return;
  await operators.insertOne({
    email: adminEmail,
    password_hash: await hashPassword(adminPassword, hashing),
    status: 'active',
    created_at: new Date(),
  });
}

const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
const LoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) });
const NewSchoolBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 50, pattern: SCHOOL_ID_PATTERN }),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  hosts: Type.Array(Type.String({ minLength: 1, maxLength: 253, pattern: HOST_PATTERN }), {
    minItems: 1,
    maxItems: 10,
  }),
  admin_email: Email,
  admin_password: Type.Optional(Type.String({ minLength: 5, maxLength: 30 })),
});
const IdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 50, pattern: SCHOOL_ID_PATTERN }),
});

/** Deleting asks for the school's id typed again. */
const DeleteBody = Type.Object({ confirmacion: Type.String({ maxLength: 60 }) });

const Summary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  hosts: Type.Array(Type.String()),
  status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]),
  default: Type.Boolean(),
  created_at: Type.Union([Type.String(), Type.Null()]),
  figures: Type.Object({
    families: Type.Integer(),
    paid_orders_month: Type.Integer(),
    income_month: Type.Integer(),
  }),
});
const LoginAnswer = Type.Object({
  status: Type.Literal('SUCCESS'),
  token: Type.String(),
  result: Type.Object({ email: Type.String(), token: Type.String() }),
});
const SchoolAnswer = Type.Object({ status: Type.Literal('SUCCESS'), message: Type.String(), data: Summary });
const SchoolsAnswer = Type.Object({ status: Type.Literal('SUCCESS'), data: Type.Array(Summary) });

/** A school's state and figures for the list: counts only, never a family's data. */
async function summaryOf(school: School, now: Date): Promise<SchoolSummary> {
  const { store } = school;
  const from = santoDomingoMonthStart(now);
  const [families, paid] = await Promise.all([
    store.collection<UserRecord>('usuarios').count({ tipo: 'cliente' }),
    store.collection<Enrolment>('inscripciones').find({ payment_status: 'paid', paid_at: { $gte: from } }),
  ]);
  return {
    id: school.id,
    name: school.name || school.id,
    hosts: [...school.hosts],
    status: school.status,
    default: school.isDefault,
    created_at: school.createdAt ? school.createdAt.toISOString() : null,
    figures: {
      families,
      paid_orders_month: paid.length,
      income_month: paid.reduce((sum, order) => sum + (order.amount ?? 0), 0),
    },
  };
}

export const platformRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  const operators = () => {
    const store = app.schools.platformStore;
    // A one-school deployment has no operators: every platform call is refused as unsigned.
    if (!store) throw new ApiError(401, M.operatorsOnly);
    return store.collection<Operator>(OPERATORS);
  };

  /** onRequest: a valid operator's token (a school's token is refused, whoever holds it). */
  const requireOperator = async (request: FastifyRequest) => {
    let payload: TokenPayload;
    try {
      payload = await request.jwtVerify<TokenPayload>();
    } catch {
      throw new ApiError(401, M.operatorsOnly);
    }
    if (payload.plat !== 1 || typeof payload.sub !== 'string') throw new ApiError(403, M.operatorsOnly);
    const operator = await operators().findById(payload.sub);
    if (!operator || operator.status !== 'active') throw new ApiError(401, M.operatorsOnly);
  };

  // The same cost whether the e-mail exists or not: a failed sign-in tells nothing of who is an operator.
  const dummyHash = hashPassword(crypto.randomBytes(16).toString('hex'), app.hashing);

  app.post<{ Body: Static<typeof LoginBody> }>(
    '/login',
    {
      schema: { body: LoginBody, response: { 200: LoginAnswer } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const operator = await operators().findOne({ email, status: 'active' });
      const ok = await verifyPassword(request.body.password, operator?.password_hash ?? (await dummyHash));
      if (!operator || !ok) throw new ApiError(401, M.signIn);
      const token = app.jwt.sign({ sub: operator._id, plat: 1 }, { expiresIn: PLATFORM_TOKEN_LIFETIME });
      return { status: 'SUCCESS', token, result: { email: operator.email, token } };
    },
  );

  app.get(
    '/cuentas',
    { onRequest: requireOperator, schema: { response: { 200: SchoolsAnswer } } },
    async () => {
      await app.schools.load();
      const now = new Date();
      return {
        status: 'SUCCESS',
        data: await Promise.all(app.schools.all().map((school) => summaryOf(school, now))),
      };
    },
  );

  app.post<{ Body: Static<typeof NewSchoolBody> }>(
    '/cuentas',
    { onRequest: requireOperator, schema: { body: NewSchoolBody, response: { 201: SchoolAnswer } } },
    async (request, reply) => {
      const school = await app.schools.create(request.body);
      request.log.info({ school: school.id }, 'school created');
      return reply
        .status(201)
        .send({ status: 'SUCCESS', message: M.created, data: await summaryOf(school, new Date()) });
    },
  );

  // One school's whole data for the operator: the school's encrypted archive (as its backups, its
  // sealed secrets left out), restorable alone with `npm run restore -- --cuenta <id>`.
  app.get<{ Params: Static<typeof IdParams> }>(
    '/cuentas/:id/exportar',
    { onRequest: requireOperator, schema: { params: IdParams } },
    async (request, reply) => {
      const school = await app.schools.find(request.params.id);
      if (!school) throw new ApiError(404, M.notFound);
      const key = school.config.backup.key;
      if (!key) throw new ApiError(409, M.noBackupKey);
      const made = await makeBackup(
        { ...school.backupTarget, withoutSecrets: true },
        { key, dir: path.join(app.config.backup.dir, 'exportaciones', school.id) },
      );
      await app.schools.markExported(school.id);
      request.log.info({ school: school.id, archive: made.name }, 'school exported');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${school.id}-${made.name}"`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(made.file));
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof DeleteBody> }>(
    '/cuentas/:id/eliminar',
    {
      onRequest: requireOperator,
      schema: {
        params: IdParams,
        body: DeleteBody,
        response: { 200: Type.Object({ status: Type.Literal('SUCCESS'), message: Type.String() }) },
      },
    },
    async (request) => {
      await app.schools.remove(request.params.id, request.body.confirmacion);
      request.log.warn({ school: request.params.id }, 'school deleted');
      return { status: 'SUCCESS' as const, message: M.deleted };
    },
  );

  for (const [action, status, message] of [
    ['suspender', 'suspended', M.suspended],
    ['reactivar', 'active', M.reactivated],
  ] as const) {
    app.post<{ Params: Static<typeof IdParams> }>(
      `/cuentas/:id/${action}`,
      { onRequest: requireOperator, schema: { params: IdParams, response: { 200: SchoolAnswer } } },
      async (request) => {
        const school = await app.schools.setStatus(request.params.id, status);
        request.log.info({ school: school.id, status }, 'school status changed');
        return { status: 'SUCCESS', message, data: await summaryOf(school, new Date()) };
      },
    );
  }
};
