// The office's notice killed mid-way (issue 56, 'Avisos'): a real child process expands a notice to
// a week's 30 families (3 stopped, 2 unreachable) into its e-mails and WhatsApp messages and sends
// them through the persisted outboxes to Meta's stand-in (answering after 40 ms); it is killed
// with SIGKILL once while the notice is being expanded and once while WhatsApp messages are going
// out. Meta's status notifications that found the server down are delivered again (as Meta retries
// them), and a last run, after the claims ran out, completes the notice. Then: 25 WhatsApp messages
// reached Meta, one per reachable family, and 30 e-mails went out, one per family (a message
// handed over again after a kill carries its one Message-ID).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build.ts';
import { openEmbeddedStore } from '../../store/embedded.ts';
import { startWhatsAppStandin, type WhatsAppStandin } from '../../testing/whatsapp-standin.ts';
import { demoWeekFamilies, familyNumber } from '../../testing/notice-families.ts';
import { APPROVED_TEMPLATES } from '../../testing/whatsapp-app.ts';
import { applyWebhook, WHATSAPP_OUTBOX, type OutboxMessage } from '../../../src/core/messaging/whatsapp.ts';
import { NOTICES, NOTICE_FAMILIES, type NoticeRecord } from '../../../src/core/messaging/notices.ts';
import type { OutboxItem } from '../../mail/outbox.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const NODE = path.join(root, 'node_modules/.bin/node');
const WORKER = path.join(root, 'server/testing/notice-worker.ts');
const WRITTEN = new Date('2027-06-10T15:00:00Z');
/** The last run: past the notice's claim (1 min) and a WhatsApp message's sending lease (10 min). */
const LATER = new Date(WRITTEN.getTime() + 11 * 60_000);

let dir: string | undefined;
let meta: WhatsAppStandin | undefined;
afterAll(async () => {
  await meta?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

function runWorker(env: Record<string, string>, killWhen?: (output: string) => boolean) {
  const child = spawn(NODE, [WORKER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let killed = false;
  const check = () => {
    if (!killed && killWhen?.(output)) {
      killed = true;
      child.kill('SIGKILL');
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    check();
  });
  const timer = killWhen ? setInterval(check, 5) : undefined;
  return once(child, 'exit').then(([code, signal]) => {
    clearInterval(timer);
    return { code, signal, output };
  });
}

describe('a notice killed mid-way', () => {
  it('sends 25 WhatsApp messages and 30 e-mails, once each, across two kills -9 and a restart', async () => {
    const notifications: string[] = [];
    meta = await startWhatsAppStandin({
      templates: APPROVED_TEMPLATES,
      latencyMs: 40,
      // The server is a process the test kills: Meta keeps what it could not deliver, to retry.
      deliver: async (body) => {
        notifications.push(body);
        return 500;
      },
    });
    const t = await buildTestApp({}, { deps: { clock: () => WRITTEN } });
    dir = t.dir;
    const { cart, payer } = await demoWeekFamilies(t, 30, { optedOut: 3, unreachable: 2 });
    // The office's notice, stored and due, as POST /api/avisos leaves it when the process dies at once.
    await t.store.collection<NoticeRecord>(NOTICES).insertOne({
      _id: 'aviso-crash',
      text: 'Mañana la práctica es en el techado.',
      urgent: false,
      audience: { kind: 'week', campament: cart.camp._id, week: cart.weeks[0]!._id },
      audience_label: 'Semana 1',
      created_by: 'Oficina',
      created_by_id: payer.user._id,
      created_at: WRITTEN,
      send_at: WRITTEN,
      status: 'queued',
      claimed_until: new Date(0),
      families: 30,
      sent_at: null,
    });
    const db = path.join(t.config.dataDir, 'db');
    const mailLog = path.join(t.dir, 'correos.log');
    await t.app.close();
    await t.store.close();

    const env = {
      NOTICE_DB: db,
      NOTICE_MAIL_LOG: mailLog,
      NOTICE_WHATSAPP_URL: meta.url,
      NOTICE_WHATSAPP_TOKEN: meta.token,
      NOTICE_WHATSAPP_PHONE: meta.phoneNumberId,
    };
    const lines = (output: string, word: string) => output.split('\n').filter((line) => line === word).length;
    // Killed while expanding: 12 of the 30 families' e-mails queued.
    const first = await runWorker(
      { ...env, NOTICE_NOW: WRITTEN.toISOString() },
      (out) => lines(out, 'correo') >= 12,
    );
    expect(first.signal).toBe('SIGKILL');
    // Restarted within the notice's claim: nothing to expand; then past it, killed while sending.
    const second = await runWorker(
      { ...env, NOTICE_NOW: new Date(WRITTEN.getTime() + 2 * 60_000).toISOString() },
      () => meta!.accepted.length >= 10,
    );
    expect(second.signal).toBe('SIGKILL');
    expect(meta.accepted.length).toBeLessThan(25);

    // Meta retries the notifications the dead server did not take.
    await meta.settled();
    const store = await openEmbeddedStore(db);
    const log = { error: () => undefined, warn: () => undefined };
    for (const body of notifications) await applyWebhook({ store, log }, JSON.parse(body), LATER);
    await store.close();

    const last = await runWorker({ ...env, NOTICE_NOW: LATER.toISOString(), NOTICE_UNTIL_DONE: '1' });
    expect(last.code, last.output).toBe(0);

    // WhatsApp: each of the 25 reachable families once; none of the 5 without it.
    const numbers = meta.accepted.map((request) => request.body.to!);
    expect(numbers).toHaveLength(25);
    expect(new Set(numbers).size).toBe(25);
    for (const index of [0, 1, 2, 3, 4]) expect(numbers).not.toContain(familyNumber(index));
    // E-mail: each of the 30 families one message. SMTP cannot tell whether a message cut off by
    // the kill went out, so it may be handed over again, always with its one Message-ID: the
    // family's mailbox shows it once.
    const sent = (await fs.readFile(mailLog, 'utf8'))
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('aviso '))
      .map((line) => line.split(' '));
    const messageIds = new Map(sent.map(([, to, id]) => [id!, to!]));
    expect(messageIds.size).toBe(30);
    expect(new Set(messageIds.values()).size).toBe(30);
    expect(sent.length).toBeLessThanOrEqual(32);

    const after = await openEmbeddedStore(db);
    try {
      expect(await after.collection<NoticeRecord>(NOTICES).findById('aviso-crash')).toMatchObject({
        status: 'sent',
      });
      expect(await after.collection(NOTICE_FAMILIES).count({ notice_id: 'aviso-crash' })).toBe(30);
      const messages = await after
        .collection<OutboxMessage>(WHATSAPP_OUTBOX)
        .find({ notice_id: 'aviso-crash' });
      expect(messages).toHaveLength(25);
      expect(messages.every((message) => message.status !== 'pending' && message.status !== 'sending')).toBe(
        true,
      );
      const mails = await after.collection<OutboxItem>('outbox').find({ kind: 'aviso' });
      expect(mails).toHaveLength(30);
      expect(mails.every((mail) => mail.status === 'sent')).toBe(true);
    } finally {
      await after.close();
    }
  }, 60_000);
});
