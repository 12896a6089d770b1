// /api/usuarios/*: the session calls of spec 01 §7 and the users area of spec 02 §7, each with
// the answer envelope the spec gives it.
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCOUNT_MESSAGES as M, publicUser } from '../../../src/domain/accounts.ts';
import {
  Credentials,
  ForgotBody,
  ObjectIdString,
  ResetBody,
  UpdateUserBody,
} from '../../../src/domain/schemas/accounts.ts';
import type { UserRecord } from '../../../src/domain/records.ts';
import { ListQuery } from '../../../src/domain/admin-contract.ts';
import { listAnswer } from '../../http/listing.ts';
import { accountsService } from './service.ts';

const IdParams = Type.Object({ id: ObjectIdString });

export const usuariosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.store.collection('usuarios').ensureIndex({ fields: ['email'], unique: true });
  await app.store.collection('password_resets').ensureIndex({ fields: ['token_hash'], unique: true });
  const accounts = accountsService(app);
  const account = (request: { account: UserRecord | null }) => request.account!;

  app.post(
    '/login',
    {
      schema: { body: Credentials },
      // Generous per address (a front desk signs many parents in); failures are limited separately.
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const { user, token } = await accounts.login(email, request.body.password, request.ip);
      return { success: true as const, message: M.loginOk, result: { ...publicUser(user), token } };
    },
  );

  app.post(
    '/create',
    { schema: { body: Credentials }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { user, token } = await accounts.register(
        request.body.email.toLowerCase(),
        request.body.password,
      );
      return reply.status(201).send({ token, _id: user._id });
    },
  );

  app.post(
    '/forgot',
    { schema: { body: ForgotBody }, config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request) => {
      await accounts.forgot(request.body.email.toLowerCase());
      return { status: 'SUCCESS', message: M.forgotSent };
    },
  );

  app.post(
    '/reset',
    { schema: { body: ResetBody }, config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (request) => {
      await accounts.reset(request.body.token, request.body.password);
      return { status: 'SUCCESS', message: M.resetDone };
    },
  );

  app.get('/profile/:id', { schema: { params: IdParams }, onRequest: app.requireUser }, async (request) => ({
    result: publicUser(await accounts.readable(account(request), request.params.id)),
  }));

  app.get('/find/:id', { schema: { params: IdParams }, onRequest: app.requireUser }, async (request) => ({
    status: 'SUCCESS',
    data: publicUser(await accounts.readable(account(request), request.params.id)),
  }));

  app.post('/update', { schema: { body: UpdateUserBody }, onRequest: app.requireUser }, async (request) => ({
    status: 'SUCCESS',
    message: M.userUpdated,
    data: publicUser(await accounts.update(account(request), request.body)),
  }));

  // The parent's own history, for the profile's Activity and Timeline tabs.
  app.get('/activity', { onRequest: app.requireUser }, async (request) => ({
    status: 'SUCCESS',
    data: await accounts.activity(account(request)),
  }));

  app.get('/listpop', { schema: { querystring: ListQuery }, onRequest: app.requireAdmin }, async (request) =>
    listAnswer(request.query, {
      area: 'usuarios',
      collection: app.store.collection<UserRecord>('usuarios'),
      sort: { created_at: -1 },
      search: ['email', 'name'],
      present: (users) => users.map(publicUser),
    }),
  );
};
