// A child process of the notices' crash test (server/api-tests/crash/notice-crash.test.ts): the
// notices' pass of the business core on an embedded store, with the persisted mail outbox (its
// transport appends each message sent, with its Message-ID, to NOTICE_MAIL_LOG) and the WhatsApp outbox sending to Meta's
// stand-in at NOTICE_WHATSAPP_URL. Each message queued is printed ('correo' / 'whatsapp') so the
// test can kill it mid-expansion; with NOTICE_UNTIL_DONE it runs until nothing is left to send.
import fs from 'node:fs/promises';
import { openEmbeddedStore } from '../store/embedded.ts';
import { messageIdOf, Outbox } from '../mail/outbox.ts';
import { WhatsAppOutbox } from '../whatsapp/outbox.ts';
import { cloudApiTransport } from '../whatsapp/cloud-api.ts';
import { sendDueNotices, NOTICES } from '../../src/core/messaging/notices.ts';
import { WHATSAPP_OUTBOX } from '../../src/core/messaging/whatsapp.ts';
import type { CoreDeps, MailMessage, WhatsAppMessage } from '../../src/core/deps.ts';

const env = process.env;
const store = await openEmbeddedStore(env.NOTICE_DB!);
const now = () => new Date(env.NOTICE_NOW!);
const mail = new Outbox(
  store,
  {
    send: async (item, from) =>
      fs.appendFile(env.NOTICE_MAIL_LOG!, `${item.kind} ${item.to.join(',')} ${messageIdOf(item, from)}\n`),
  },
  'escuela@correo.do',
);
const whatsapp = new WhatsAppOutbox(
  store,
  cloudApiTransport({
    token: env.NOTICE_WHATSAPP_TOKEN!,
    phoneNumberId: env.NOTICE_WHATSAPP_PHONE!,
    apiUrl: env.NOTICE_WHATSAPP_URL!,
    appSecret: '',
    verifyToken: '',
  }),
  undefined,
  now,
);
const print = (line: string) => process.stdout.write(`${line}\n`);
const deps = {
  store,
  mailer: {
    enqueue: async (message: MailMessage) => {
      const item = await mail.enqueue(message, now());
      print('correo');
      return item;
    },
  },
  whatsapp: {
    enqueue: async (message: WhatsAppMessage) => {
      const item = await whatsapp.enqueue(message);
      print('whatsapp');
      return item;
    },
  },
  log: { error: () => undefined, warn: () => undefined },
  clock: now,
} as unknown as CoreDeps;

for (;;) {
  await sendDueNotices(deps);
  await whatsapp.flush();
  await whatsapp.flush();
  await mail.flush(now());
  if (!env.NOTICE_UNTIL_DONE) continue;
  const [notices, messages, mails] = await Promise.all([
    store.collection(NOTICES).count({ status: { $ne: 'sent' } }),
    store.collection(WHATSAPP_OUTBOX).count({ status: { $in: ['pending', 'sending'] } }),
    store.collection('outbox').count({ status: 'pending' }),
  ]);
  if (notices + messages + mails === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
print('hecho');
await store.close();
