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
import { accountOf, Answer, type ApiRoute, adminCall, perAddress, publicCall, userCall } from './route.ts';

const IdParams = Type.Object({ id: ObjectIdString });

export const ACCOUNT_ROUTES: ApiRoute[] = [
  publicCall('POST', '/usuarios/login', {
    schema: { body: Credentials, response: { 200: LoginAnswer } },
    // Generous per address (a front desk signs many parents in); failures are limited separately.
    rateLimit: perAddress(300),
    handle: async ({ body, ip }, core) => {
      const { user, token } = await core.accounts.login(body.email.toLowerCase(), body.password, ip);
      return { success: true, message: M.loginOk, result: { ...publicUser(user), token } };
    },
  }),
  publicCall('POST', '/usuarios/create', {
    schema: { body: Credentials, response: { 201: CreateUserAnswer } },
    rateLimit: perAddress(30),
    handle: async ({ body, ip }, core) => {
      const { user, token } = await core.accounts.register(body.email.toLowerCase(), body.password, ip);
      return new Answer(201, { token, _id: user._id });
    },
  }),
  publicCall('POST', '/usuarios/forgot', {
    schema: { body: ForgotBody, response: { 200: MessageAnswer } },
    rateLimit: perAddress(10, '15 minutes'),
    handle: async ({ body }, core) => {
      await core.accounts.forgot(body.email.toLowerCase());
      return { status: 'SUCCESS', message: M.forgotSent };
    },
  }),
  publicCall('POST', '/usuarios/reset', {
    schema: { body: ResetBody, response: { 200: MessageAnswer } },
    rateLimit: perAddress(20, '15 minutes'),
    handle: async ({ body }, core) => {
      await core.accounts.reset(body.token, body.password);
      return { status: 'SUCCESS', message: M.resetDone };
    },
  }),
  userCall('GET', '/usuarios/profile/:id', {
    schema: { params: IdParams, response: { 200: ProfileAnswer } },
    handle: async (call, core) => ({
      result: publicUser(await core.accounts.readable(accountOf(call), call.params.id)),
    }),
  }),
  userCall('GET', '/usuarios/find/:id', {
    schema: { params: IdParams, response: { 200: UserAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: publicUser(await core.accounts.readable(accountOf(call), call.params.id)),
    }),
  }),
  userCall('POST', '/usuarios/update', {
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
  userCall('GET', '/usuarios/activity', {
    schema: { response: { 200: ActivityAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await core.accounts.activity(accountOf(call)),
    }),
  }),
  adminCall('GET', '/usuarios/listpop', {
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
