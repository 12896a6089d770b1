// /usuarios/*: the session calls of spec 01 §7 and the users area of spec 02 §7, each with the
// answer envelope the spec gives it.
import { Type } from 'typebox';
import { ACCOUNT_MESSAGES as M, publicUser } from '../../domain/accounts.ts';
import {
  CreateUserAnswer,
  Credentials,
  ForgotBody,
  LoginAnswer,
  ObjectIdString,
  ProfileAnswer,
  ResetBody,
  UpdateUserBody,
} from '../../domain/schemas/accounts.ts';
import {
  ActivityAnswer,
  MessageAnswer,
  UserAnswer,
  UserListAnswer,
  UserUpdateAnswer,
} from '../../domain/schemas/answers.ts';
import type { UserRecord } from '../../domain/records.ts';
import { ListQuery } from '../../domain/schemas/listing.ts';
import { listAnswer } from '../admin/listing.ts';
import { accountOf, Answer, route, type ApiRoute } from './route.ts';

const IdParams = Type.Object({ id: ObjectIdString });

export const ACCOUNT_ROUTES: ApiRoute[] = [
  route({
    method: 'POST',
    url: '/usuarios/login',
    audience: 'public',
    schema: { body: Credentials, response: { 200: LoginAnswer } },
    // Generous per address (a front desk signs many parents in); failures are limited separately.
    rateLimit: { max: 300, timeWindow: '1 minute' },
    handle: async ({ body, ip }, core) => {
      const { user, token } = await core.accounts.login(body.email.toLowerCase(), body.password, ip);
      return { success: true, message: M.loginOk, result: { ...publicUser(user), token } };
    },
  }),
  route({
    method: 'POST',
    url: '/usuarios/create',
    audience: 'public',
    schema: { body: Credentials, response: { 201: CreateUserAnswer } },
    rateLimit: { max: 30, timeWindow: '1 minute' },
    handle: async ({ body, ip }, core) => {
      const { user, token } = await core.accounts.register(body.email.toLowerCase(), body.password, ip);
      return new Answer(201, { token, _id: user._id });
    },
  }),
  route({
    method: 'POST',
    url: '/usuarios/forgot',
    audience: 'public',
    schema: { body: ForgotBody, response: { 200: MessageAnswer } },
    rateLimit: { max: 10, timeWindow: '15 minutes' },
    handle: async ({ body }, core) => {
      await core.accounts.forgot(body.email.toLowerCase());
      return { status: 'SUCCESS', message: M.forgotSent };
    },
  }),
  route({
    method: 'POST',
    url: '/usuarios/reset',
    audience: 'public',
    schema: { body: ResetBody, response: { 200: MessageAnswer } },
    rateLimit: { max: 20, timeWindow: '15 minutes' },
    handle: async ({ body }, core) => {
      await core.accounts.reset(body.token, body.password);
      return { status: 'SUCCESS', message: M.resetDone };
    },
  }),
  route({
    method: 'GET',
    url: '/usuarios/profile/:id',
    audience: 'user',
    schema: { params: IdParams, response: { 200: ProfileAnswer } },
    handle: async (call, core) => ({
      result: publicUser(await core.accounts.readable(accountOf(call), call.params.id)),
    }),
  }),
  route({
    method: 'GET',
    url: '/usuarios/find/:id',
    audience: 'user',
    schema: { params: IdParams, response: { 200: UserAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: publicUser(await core.accounts.readable(accountOf(call), call.params.id)),
    }),
  }),
  route({
    method: 'POST',
    url: '/usuarios/update',
    audience: 'user',
    schema: { body: UpdateUserBody, response: { 200: UserUpdateAnswer } },
    handle: async (call, core) => {
      const updated = await core.accounts.update(accountOf(call), call.body);
      return {
        status: 'SUCCESS',
        message: M.userUpdated,
        data: publicUser(updated),
        // The session that changed the password goes on with a token of the new version.
        ...(call.body.newPassword !== undefined
          ? { token: core.deps.sessions.sign(updated._id, updated.session_version ?? 0) }
          : {}),
      };
    },
  }),
  // The parent's own history, for the profile's Activity and Timeline tabs.
  route({
    method: 'GET',
    url: '/usuarios/activity',
    audience: 'user',
    schema: { response: { 200: ActivityAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await core.accounts.activity(accountOf(call)),
    }),
  }),
  route({
    method: 'GET',
    url: '/usuarios/listpop',
    audience: 'admin',
    schema: { querystring: ListQuery, response: { 200: UserListAnswer } },
    handle: ({ query }, core) =>
      listAnswer(query, {
        area: 'usuarios',
        collection: core.deps.store.collection<UserRecord>('usuarios'),
        sort: { created_at: -1 },
        search: ['email', 'name'],
        present: (users) => users.map(publicUser),
      }),
  }),
];
