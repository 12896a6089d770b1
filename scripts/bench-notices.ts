// How long a notice to N families takes ('Avisos', issue 56): `npm run bench:notices`
// (NOTICE_BENCH_N, default 1000; NOTICE_BENCH_LATENCY_MS, Meta's answer time, default 30). N
// families of one week on a fresh embedded store, 95% of them on WhatsApp; the notice is expanded
// into its e-mails and WhatsApp messages, then the persisted outboxes send them: e-mail to a
// transport that takes each at once, WhatsApp to Meta's stand-in. Then the same with the stand-in
// holding the number to NOTICE_BENCH_RATE messages a second (default 20, fewer than one sender
// reaches, so Meta answers 130429), on a clock the script moves on by the outbox's wait whenever
// a run sent nothing: it prints the refusals, the waits, and that each family still got one message.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../server/store/embedded.ts';
import { Outbox } from '../server/mail/outbox.ts';
import { RATE_LIMIT_WAIT_MS, WhatsAppOutbox } from '../server/whatsapp/outbox.ts';
import { cloudApiTransport } from '../server/whatsapp/cloud-api.ts';
import { startWhatsAppStandin } from '../server/testing/whatsapp-standin.ts';
import { addNoticeFamilies } from '../server/testing/notice-families.ts';
import { ensureIndexes } from '../src/core/indexes.ts';
import { seedDemoData } from '../src/core/seed.ts';
import { demoCart } from '../src/core/checkout/fixtures.ts';
import { NOTICES, sendDueNotices, type NoticeRecord } from '../src/core/messaging/notices.ts';
import { WHATSAPP_OUTBOX } from '../src/core/messaging/whatsapp.ts';
import { WHATSAPP_TEMPLATES } from '../src/domain/whatsapp.ts';
import type { CoreDeps } from '../src/core/deps.ts';
import type { Enrolment } from '../src/domain/records.ts';

const N = Number(process.env.NOTICE_BENCH_N ?? 1000);
const LATENCY = Number(process.env.NOTICE_BENCH_LATENCY_MS ?? 30);
const RATE = Number(process.env.NOTICE_BENCH_RATE ?? 20);
const log = { error: () => undefined, warn: () => undefined };
const templates = Object.entries(WHATSAPP_TEMPLATES).map(([name, template]) => ({
  name,
  language: 'es',
  parameters: template.parameters.length,
}));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A school of N families in week 1 and a notice to them; the outboxes on `clock`. */
async function school(standin: Awaited<ReturnType<typeof startWhatsAppStandin>>, clock: { now: Date }) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-notices-'));
  const store = await openEmbeddedStore(path.join(dir, 'db'));
  await ensureIndexes(store, log);
  await seedDemoData(store, clock.now);
  const cart = await demoCart(store);
  const week = cart.weeks[0]!;
  const order = {
    campament: cart.camp._id,
    camp_name: cart.camp.name,
    camp_type: 'campamento',
    lines: [{ id: week._id, name: week.name, date: week.date, time: cart.categories[0]!._id, cupo: 1 }],
    participants: [{ id: 1, first_name: 'Pedro', last_name: 'Rodríguez' }],
    contact: { first_name: 'Carmen', last_name: 'Rodríguez', phone_mobile: '809-555-0101' },
    payment_status: 'paid',
    status: 'active',
  } as unknown as Enrolment;
  await addNoticeFamilies(store, order, N, { optedOut: Math.round(N * 0.05) });
  let sent = 0;
  const mail = new Outbox(store, { send: async () => void (sent += 1) }, 'escuela@correo.do');
  const now = () => clock.now;
  const whatsapp = new WhatsAppOutbox(
    store,
    cloudApiTransport({
      token: standin.token,
      phoneNumberId: standin.phoneNumberId,
      apiUrl: standin.url,
      appSecret: '',
      verifyToken: '',
    }),
    undefined,
    now,
  );
  const deps = {
    store,
    mailer: { enqueue: (message: Parameters<Outbox['enqueue']>[0]) => mail.enqueue(message, clock.now) },
    whatsapp,
    log,
    clock: now,
  } as unknown as CoreDeps;
  await store.collection<NoticeRecord>(NOTICES).insertOne({
    _id: 'aviso-bench',
    text: 'Mañana la práctica es en el techado por la lluvia. Traigan agua y toalla.',
    urgent: false,
    audience: { kind: 'week', campament: cart.camp._id, week: week._id },
    audience_label: week.name,
    created_by: 'Oficina',
    created_by_id: 'oficina',
    created_at: clock.now,
    send_at: clock.now,
    status: 'queued',
    claimed_until: new Date(0),
    families: N,
    sent_at: null,
  });
  const pending = () => store.collection(WHATSAPP_OUTBOX).count({ status: { $in: ['pending', 'sending'] } });
  const mailsLeft = () => store.collection('outbox').count({ status: 'pending' });
  return { store, dir, deps, mail, whatsapp, pending, mailsLeft, sentMails: () => sent };
}

async function run(label: string, options: { ratePerSecond?: number }) {
  const clock = { now: new Date('2027-06-10T15:00:00Z') };
  const standin = await startWhatsAppStandin({
    templates,
    latencyMs: LATENCY,
    ...options,
    deliver: async () => 200,
  });
  const s = await school(standin, clock);
  const started = Date.now();
  await sendDueNotices(s.deps);
  const expanded = Date.now() - started;
  let waits = 0;
  for (;;) {
    const before = standin.accepted.length;
    await s.whatsapp.flush();
    await s.mail.flush(clock.now);
    if ((await s.pending()) === 0 && (await s.mailsLeft()) === 0) break;
    // Nothing went: Meta said 130429 and the queue waits RATE_LIMIT_WAIT_MS, here on the clock.
    if (standin.accepted.length === before) {
      clock.now = new Date(clock.now.getTime() + RATE_LIMIT_WAIT_MS);
      waits += 1;
      // Meta's window is real seconds: let one pass.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const total = Date.now() - started;
  const numbers = standin.accepted.map((request) => request.body.to);
  const refused = standin.refused.filter((refusal) => refusal.code === 130429).length;
  console.log(
    `${label}: ${N} families, expanded in ${seconds(expanded)}, all sent in ${seconds(total)} (real time); ` +
      `${numbers.length} WhatsApp accepted (${new Set(numbers).size} numbers), ${s.sentMails()} e-mails; ` +
      `130429 refusals: ${refused}, queue waits of ${RATE_LIMIT_WAIT_MS / 1000} s: ${waits}`,
  );
  await s.store.close();
  await standin.close();
  await fs.rm(s.dir, { recursive: true, force: true });
}

await run(`Meta answering in ${LATENCY} ms`, {});
await run(`Meta at ${RATE} messages a second`, { ratePerSecond: RATE });
