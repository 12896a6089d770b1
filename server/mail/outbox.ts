// E-mail goes through a persisted outbox (DESIGN.md §2.10): a message is stored first and sent
// afterwards with retries, so a mail server that is down never fails or loses what triggered it.
// With SMTP_URL set, nodemailer sends over SMTP; otherwise each message is written as an .eml
// file under DATA_DIR/outbox, where it can be opened with any mail program.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store/port.ts';
import { insertOnce } from '../../src/core/store/common.ts';
import { PolledRun } from '../polled-run.ts';

import type { MailMessage } from '../../src/core/deps.ts';
import { withoutReplyInvitation } from '../../src/core/checkout/mails.ts';

export type { MailMessage };

export interface OutboxItem extends MailMessage {
  _id: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** Waits between attempts: 1 min, 5 min, 30 min, 2 h, then 6 h; gives up after MAX_ATTEMPTS. */
const BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
export const MAX_ATTEMPTS = 8;

export interface Transport {
  /** `replyTo`: where a family's answer goes (the sender is a no-reply address). */
  send(item: OutboxItem, from: string, replyTo?: string): Promise<void>;
}

/** The message as nodemailer takes it; attachments are stored in base64 (a receipt's PDF). */
const mailOf = (item: OutboxItem, from: string, replyTo?: string) => ({
  from,
  // One Message-ID per stored message: sent again after a crash cut off its 'sent' (SMTP cannot say
  // whether it went), the family's mailbox shows it once.
  messageId: messageIdOf(item, from),
  ...(replyTo ? { replyTo } : {}),
  to: item.to,
  subject: item.subject,
  text: item.text,
  html: item.html,
  ...(item.attachments?.length
    ? {
        attachments: item.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
          encoding: 'base64',
        })),
      }
    : {}),
});

/** '<id@domain of the sender>': the stored message's id, the same on every attempt. */
export const messageIdOf = (item: Pick<OutboxItem, '_id'>, from: string): string =>
  `<${item._id}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'escuela.local'}>`;

export function smtpTransport(url: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(item, from, replyTo) {
      await transporter.sendMail(mailOf(item, from, replyTo));
    },
  };
}

/** Writes each message as an RFC 822 .eml file (nodemailer builds it, so it opens anywhere). */
export function fileTransport(dir: string): Transport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(item, from, replyTo) {
      const info = await transporter.sendMail(mailOf(item, from, replyTo));
      await makePrivateDir(dir);
      const stamp = item.created_at.toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(path.join(dir, `${stamp}-${item.kind}-${item._id}.eml`), info.message as Buffer, {
        mode: PRIVATE_FILE_MODE,
      });
    },
  };
}

export class Outbox {
  readonly #store: Store;
  readonly #transport: Transport;
  readonly #from: string;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #runs = new PolledRun<[now?: Date]>((now) => this.#sendDue(now));

  readonly #replyTo: string | null;

  constructor(
    store: Store,
    transport: Transport,
    from: string,
    log?: FastifyBaseLogger,
    /** MAIL_REPLY_TO; null: the school's e-mail in its fiscal settings, when it has one. */
    replyTo: string | null = null,
  ) {
    this.#store = store;
    this.#transport = transport;
    this.#from = from;
    this.#log = log;
    this.#replyTo = replyTo;
  }

  /**
   * The sender and where answers go: the school's own settings first (issue 46: its name on the
   * deployment's address, its reply-to), then MAIL_REPLY_TO, else the school's e-mail as staff
   * saved it (issue 24).
   */
  async #addresses(): Promise<{ from: string; replyTo: string | undefined }> {
    const settings = this.#store.collection<{
      _id: string;
      email?: string;
      reply_to?: string;
      mail_from_name?: string;
    }>('ajustes');
    const own = await settings.findById('escuela');
    const name = own?.mail_from_name?.replace(/["\\<>\r\n]/g, '').trim();
    const address = /<([^>]+)>/.exec(this.#from)?.[1] ?? this.#from;
    const from = name ? `"${name}" <${address}>` : this.#from;
    if (own?.reply_to) return { from, replyTo: own.reply_to };
    if (this.#replyTo) return { from, replyTo: this.#replyTo };
    const fiscal = await settings.findById('fiscal');
    return { from, replyTo: fiscal?.email || undefined };
  }

  get #items() {
    return this.#store.collection<OutboxItem>('outbox');
  }

  /** Stores the message and starts sending it in the background. */
  async enqueue(message: MailMessage, now = new Date()): Promise<OutboxItem> {
    const { key, ...content } = message;
    // The same message queued before (a retried follow-up): once is enough.
    const item = await insertOnce(this.#items, key, {
      ...content,
      user_id: content.user_id ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      sent_at: null,
    });
    void this.flush(now).catch(() => undefined);
    return item;
  }

  /** Sends every due message once; concurrent calls share one run. */
  flush(now?: Date): Promise<void> {
    return this.#runs.flush(now);
  }

  async #sendDue(now = new Date()): Promise<void> {
    const due = await this.#items.find(
      { status: 'pending', next_attempt_at: { $lte: now } },
      { sort: { next_attempt_at: 1 }, limit: 50 },
    );
    const { from, replyTo } = due.length ? await this.#addresses() : { from: this.#from, replyTo: undefined };
    for (const item of due) {
      // Claim the message by pushing its next attempt forward, so another server instance
      // polling the same store does not send it too.
      const claimed = await this.#items.updateOne(
        { _id: item._id, status: 'pending', next_attempt_at: item.next_attempt_at },
        { set: { next_attempt_at: new Date(now.getTime() + 120_000) } },
      );
      if (!claimed) continue;
      try {
        // Sent from a no-reply address with nowhere for answers to go: no invitation to answer.
        await this.#transport.send(replyTo ? item : withoutReplyInvitation(item), from, replyTo);
        await this.#items.updateOne(
          { _id: item._id },
          { set: { status: 'sent', sent_at: new Date() }, inc: { attempts: 1 } },
        );
      } catch (error) {
        const attempts = item.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        const wait = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
        await this.#items.updateOne(
          { _id: item._id },
          {
            set: {
              status: failed ? 'failed' : 'pending',
              last_error: error instanceof Error ? error.message : String(error),
              next_attempt_at: new Date(now.getTime() + wait),
            },
            inc: { attempts: 1 },
          },
        );
        this.#log?.warn({ outboxId: item._id, attempts, failed }, 'e-mail could not be sent');
      }
    }
  }

  /** Polls for due messages (retries, and messages queued by another instance). */
  start(intervalMs = 30_000): void {
    this.#runs.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.#runs.stop();
  }
}
