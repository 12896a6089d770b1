// The waiting list (issue 18, ../checkout/waitlist.ts): a family joins a full week's line, sees its
// requests and leaves; staff see a camp's lines, move a family up or down, add a family that
// phoned, remove one and offer the next place now to a chosen one (issue 54).
import { ApiError } from '../errors.ts';
import { IdParams } from '../../domain/schemas/fields.ts';
import { WAITLIST_MESSAGES as W, WAITLIST_OFFICE_MESSAGES as WO } from '../../domain/waitlist.ts';
import {
  AddToWaitlistBody,
  JoinWaitlistBody,
  MoveInWaitlistBody,
  WaitlistAnswer,
  WaitlistEntryBody,
  WaitlistJoinAnswer,
  WaitlistQuery,
} from '../../domain/schemas/waitlist.ts';
import { MessageAnswer } from '../../domain/schemas/answers.ts';
import {
  addToWaitlist,
  familyWaitlist,
  joinWaitlist,
  leaveWaitlist,
  moveInWaitlist,
  offerNow,
  removeFromWaitlist,
  staffWaitlist,
} from '../checkout/waitlist.ts';
import { formatPaymentDate } from '../../domain/enrolment.ts';
import { accountOf, type ApiRoute, adminCall, perAccount, userCall } from './route.ts';

export const WAITLIST_ROUTES: ApiRoute[] = [
  userCall('POST', '/esperas', {
    schema: { body: JoinWaitlistBody, response: { 200: WaitlistJoinAnswer } },
    rateLimit: perAccount(20),
    handle: async (call, core) => {
      if (call.body.child.trim() === '') throw new ApiError(400, W.childRequired);
      const entry = await joinWaitlist(core.deps, accountOf(call), call.body);
      return { status: 'SUCCESS', message: W.joined(entry.week_name, entry.position ?? 1), data: entry };
    },
  }),
  userCall('GET', '/esperas', {
    schema: { response: { 200: WaitlistAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: '',
      data: await familyWaitlist(core.deps.store, accountOf(call)._id),
    }),
  }),
  userCall('POST', '/esperas/salir/:id', {
    schema: { params: IdParams, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await leaveWaitlist(core.deps, accountOf(call)._id, call.params.id);
      return { status: 'SUCCESS', message: W.left };
    },
  }),
  adminCall('GET', '/esperas/lista', {
    schema: { querystring: WaitlistQuery, response: { 200: WaitlistAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: '',
      data: await staffWaitlist(core.deps.store, call.query),
    }),
  }),
  adminCall('POST', '/esperas/mover', {
    schema: { body: MoveInWaitlistBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => {
      await moveInWaitlist(core.deps.store, call.body.id, call.body.direction);
      return { status: 'SUCCESS', message: W.moved };
    },
  }),
  adminCall('POST', '/esperas/agregar', {
    schema: { body: AddToWaitlistBody, response: { 200: WaitlistJoinAnswer } },
    handle: async (call, core) => {
      const entry = await addToWaitlist(core.deps, call.body);
      return {
        status: 'SUCCESS',
        message: WO.added(entry.child, entry.week_name, entry.position ?? 1),
        data: entry,
      };
    },
  }),
  adminCall('POST', '/esperas/quitar', {
    schema: { body: WaitlistEntryBody, response: { 200: MessageAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: WO.removed(await removeFromWaitlist(core.deps, call.body.id)),
    }),
  }),
  adminCall('POST', '/esperas/ofrecer', {
    schema: { body: WaitlistEntryBody, response: { 200: WaitlistJoinAnswer } },
    handle: async (call, core) => {
      const entry = await offerNow(core.deps, call.body.id);
      const message =
        entry.status === 'offered' && entry.offer_expires_at
          ? WO.offeredNow(entry.child, formatPaymentDate(new Date(entry.offer_expires_at)))
          : WO.firstInLine(entry.child);
      return { status: 'SUCCESS', message, data: entry };
    },
  }),
];
