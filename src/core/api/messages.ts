// A family's WhatsApp in 'Mi familia' (issue 56, ../messaging/whatsapp.ts):
//   GET  /whatsapp/preferencia   whether the school sends WhatsApp, the number and the consent
//   POST /whatsapp/preferencia   {phone, consent}: agrees on a number (recorded with its time), or stops
import { Type } from 'typebox';
import { WHATSAPP_MESSAGES as M } from '../../domain/whatsapp.ts';
import { WhatsAppChoice, WhatsAppPreference } from '../../domain/schemas/whatsapp.ts';
import { preferenceOf, recordChoice } from '../messaging/whatsapp.ts';
import { nowOf } from '../deps.ts';
import { accountOf, type ApiRoute, perAccount, userCall } from './route.ts';

const Answer = Type.Object({
  status: Type.Literal('SUCCESS'),
  message: Type.String(),
  data: WhatsAppPreference,
});

export const MESSAGES_ROUTES: ApiRoute[] = [
  userCall('GET', '/whatsapp/preferencia', {
    schema: { response: { 200: Answer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: '',
      data: await preferenceOf(core.deps, accountOf(call)._id),
    }),
  }),
  userCall('POST', '/whatsapp/preferencia', {
    schema: { body: WhatsAppChoice, response: { 200: Answer } },
    rateLimit: perAccount(20),
    handle: async (call, core) => {
      const userId = accountOf(call)._id;
      await recordChoice(core.deps.store, userId, call.body, nowOf(core.deps));
      const data = await preferenceOf(core.deps, userId);
      return {
        status: 'SUCCESS',
        message: data.consent ? (data.unreachable ? M.unreachable : M.saved) : M.stoppedByFamily,
        data,
      };
    },
  }),
];
