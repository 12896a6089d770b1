// The office's notices, 'Avisos' (issue 56, ../messaging/notices.ts): administrators and the office
// to any audience, coaches to their own groups only (refused otherwise, with the reason).
//   POST /avisos/vista-previa   who would get it, by channel, and when it would go
//   POST /avisos                stores it once (its `key`) and sends it, or holds it (quiet hours)
//   GET  /avisos                the notices with their delivery and the families to call
import { Type } from 'typebox';
import { NoticeBody } from '../../domain/notices.ts';
import { MessageAnswer, StoredRecord, successOf } from '../../domain/schemas/answers.ts';
import { createNotice, listNotices, previewNotice } from '../messaging/notices.ts';
import { accountOf, campDayCall, perAccount, type ApiRoute } from './route.ts';

const Preview = Type.Object({}, { additionalProperties: true });
const CreateNoticeBody = Type.Object({
  ...NoticeBody.properties,
  /** Names the notice once (the page makes one per draft): sending twice stores one. */
  key: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' })),
});

export const NOTICE_ROUTES: ApiRoute[] = [
  campDayCall('POST', '/avisos/vista-previa', {
    schema: { body: NoticeBody, response: { 200: successOf(Preview) } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await previewNotice(core.deps, accountOf(call), call.body),
    }),
  }),
  campDayCall('POST', '/avisos', {
    schema: {
      body: CreateNoticeBody,
      response: { 200: Type.Object({ ...MessageAnswer.properties, id: Type.String() }) },
    },
    rateLimit: perAccount(20),
    handle: async (call, core) => {
      const { id, message } = await createNotice(core.deps, accountOf(call), call.body);
      return { status: 'SUCCESS', message, id };
    },
  }),
  campDayCall('GET', '/avisos', {
    schema: { response: { 200: successOf(Type.Array(StoredRecord)) } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await listNotices(core.deps.store, accountOf(call)),
    }),
  }),
];
