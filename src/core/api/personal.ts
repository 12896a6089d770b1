// Staff accounts (issue 25, ../admin/staff-accounts.ts): administrators only.
//   GET  /personal/lista               every staff account with its role
//   POST /personal/create              a new member, who is e-mailed a link to choose a password
//   POST /personal/update              role or active state (never the last administrator's)
//   POST /personal/restablecer/{id}    a new password link
import { IdParams } from '../../domain/schemas/fields.ts';
import { ROLE_MESSAGES as M } from '../../domain/roles.ts';
import {
  CreateStaffBody,
  StaffAnswer,
  StaffListAnswer,
  UpdateStaffBody,
} from '../../domain/schemas/roles.ts';
import { createStaff, listStaff, resetStaffPassword, updateStaff } from '../admin/staff-accounts.ts';
import { actorOf, type ApiRoute, administratorCall, perAccount } from './route.ts';

export const PERSONAL_ROUTES: ApiRoute[] = [
  administratorCall('GET', '/personal/lista', {
    schema: { response: { 200: StaffListAnswer } },
    handle: async (_call, core) => ({ status: 'SUCCESS', data: await listStaff(core.deps) }),
  }),
  administratorCall('POST', '/personal/create', {
    schema: { body: CreateStaffBody, response: { 200: StaffAnswer } },
    rateLimit: perAccount(20),
    handle: async (call, core) => {
      const data = await createStaff(core.deps, actorOf(call), call.body);
      return { status: 'SUCCESS', message: M.created(data.email), data };
    },
  }),
  administratorCall('POST', '/personal/update', {
    schema: { body: UpdateStaffBody, response: { 200: StaffAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: M.updated,
      data: await updateStaff(core.deps, actorOf(call), call.body),
    }),
  }),
  administratorCall('POST', '/personal/restablecer/:id', {
    schema: { params: IdParams, response: { 200: StaffAnswer } },
    rateLimit: perAccount(10),
    handle: async (call, core) => {
      const data = await resetStaffPassword(core.deps, actorOf(call), call.params.id);
      return { status: 'SUCCESS', message: M.resetSent(data.email), data };
    },
  }),
];
