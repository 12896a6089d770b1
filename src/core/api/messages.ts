// A family's WhatsApp in 'Mi familia' (issue 56, ../messaging/whatsapp.ts):
//   GET  /whatsapp/preferencia   whether the school sends WhatsApp, the number and the consent
//   POST /whatsapp/preferencia   {phone, consent}: agrees on a number (recorded with its time), or stops
//   GET  /whatsapp/mensajes      (office) what families wrote to the school's number, newest first
import { Type } from 'typebox';
import { WHATSAPP_MESSAGES as M } from '../../domain/whatsapp.ts';
import { InboundMessage, WhatsAppChoice, WhatsAppPreference } from '../../domain/schemas/whatsapp.ts';
import { inboundMessages, preferenceOf, recordChoice } from '../messaging/whatsapp.ts';
import { nowOf } from '../deps.ts';
import { accountOf, adminCall, type ApiRoute, perAccount, userCall } from './route.ts';

const Answer = Type.Object({
  status: Type.Literal('SUCCESS'),
  message: Type.String(),
  data: WhatsAppPreference,
});

const Inbox = Type.Object({ status: Type.Literal('SUCCESS'), data: Type.Array(InboundMessage) });

export const MESSAGES_ROUTES: ApiRoute[] = [
  // The office reads what families wrote (issue 56): the auto-reply gives them the school's phone.
  adminCall('GET', '/whatsapp/mensajes', {
    schema: { response: { 200: Inbox } },
    handle: async (_call, core) => ({ status: 'SUCCESS', data: await inboundMessages(core.deps.store) }),
  }),
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
