// WhatsApp goes through a persisted outbox as e-mail does (issue 56, DESIGN.md §11): a message is
// stored first, then claimed, sent, retried with backoff and given up after a bound with its
// reason. Never lost: nothing is sent that was not stored. Never twice: a message is 'sending' under
// a lease while Meta is asked, and Meta's status notifications name it by the id we gave it
// (`biz_opaque_callback_data`), so one whose answer was cut off by a crash is marked sent by its
// first status; it is sent again only when no status came within the lease (Meta never had it).
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store/port.ts';
import { insertOnce } from '../../src/core/store/common.ts';
import {
  CONTACTS,
  WHATSAPP_OUTBOX,
  type Messenger,
  type OutboxMessage,
  type WhatsAppMessage,
} from '../../src/core/messaging/whatsapp.ts';
import { RATE_LIMIT_CODES, UNREACHABLE_CODES } from '../../src/domain/whatsapp.ts';
import { MetaError, type WhatsAppTransport } from './cloud-api.ts';
import { PolledRun } from '../polled-run.ts';

/** Waits between attempts after an error: 30 s, 2 min, 10 min, 30 min, 2 h; given up after MAX_ATTEMPTS. */
const BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000];
export const MAX_ATTEMPTS = 8;
/** Meta's rate limit: the whole queue waits this long before it tries again (not counted as a failure). */
export const RATE_LIMIT_WAIT_MS = 60_000;
/** How long a message may stay 'sending' with no status before it is taken as never received. */
export const SENDING_LEASE_MS = 10 * 60_000;
/** One run sends at most this many (the next poll goes on). */
const BATCH = 200;

export class WhatsAppOutbox implements Messenger {
  readonly #store: Store;
  readonly #transport: WhatsAppTransport;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #clock: () => Date;
  readonly #runs = new PolledRun(() => this.#sendDue());

  constructor(store: Store, transport: WhatsAppTransport, log?: FastifyBaseLogger, clock = () => new Date()) {
    this.#store = store;
    this.#transport = transport;
    this.#log = log;
    this.#clock = clock;
  }

  get #items() {
    return this.#store.collection<OutboxMessage>(WHATSAPP_OUTBOX);
  }

  /** Stores the message (once per key) and starts sending in the background. */
  async enqueue(message: WhatsAppMessage): Promise<OutboxMessage> {
    const { key, ...content } = message;
    const now = this.#clock();
    const item = await insertOnce(this.#items, key, {
      ...content,
      user_id: content.user_id ?? null,
      status: 'pending',
      wamid: null,
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      error_code: null,
      created_at: now,
      sent_at: null,
      status_at: null,
    });
    void this.flush().catch(() => undefined);
    return item;
  }

  /** Sends every due message once; concurrent calls share one run. */
  flush(): Promise<void> {
    return this.#runs.flush();
  }

  async #sendDue(): Promise<void> {
    const now = this.#clock();
    // Meta said slow down and that message's wait is not over: the whole queue waits with it, so a
    // run asked for meanwhile (a new message, another instance) does not knock again at once.
    const limited = await this.#items.findOne({
      status: 'pending',
      error_code: { $in: [...RATE_LIMIT_CODES] },
      next_attempt_at: { $gt: now },
    });
    if (limited) return;
    const due = await this.#items.find(
      { status: { $in: ['pending', 'sending'] }, next_attempt_at: { $lte: now } },
      { sort: { next_attempt_at: 1 }, limit: BATCH },
    );
    for (const item of due) {
      // Claimed by moving its next attempt past the lease: another instance, or a later run, leaves it.
      const claimed = await this.#items.updateOne(
        { _id: item._id, status: item.status, next_attempt_at: item.next_attempt_at },
        { set: { status: 'sending', next_attempt_at: new Date(now.getTime() + SENDING_LEASE_MS) } },
      );
      if (!claimed) continue;
      try {
        const { wamid } = await this.#transport.send(claimed);
        // A status notification may have come first and moved it further: only 'sending' becomes 'sent'.
        await this.#items.updateOne(
          { _id: item._id, status: 'sending' },
          { set: { status: 'sent', wamid, sent_at: this.#clock(), error_code: null }, inc: { attempts: 1 } },
        );
        await this.#items.updateOne({ _id: item._id, wamid: null }, { set: { wamid } });
      } catch (error) {
        if (await this.#failed(claimed, error)) break;
      }
    }
  }

  /** Writes what went wrong; true when Meta asks to slow down (the run stops, the rest waits). */
  async #failed(item: OutboxMessage, error: unknown): Promise<boolean> {
    const now = this.#clock();
    const code = error instanceof MetaError ? error.code : null;
    const reason = error instanceof Error ? error.message : String(error);
    if (code !== null && RATE_LIMIT_CODES.includes(code)) {
      await this.#items.updateOne(
        { _id: item._id, status: 'sending' },
        {
          set: {
            status: 'pending',
            next_attempt_at: new Date(now.getTime() + RATE_LIMIT_WAIT_MS),
            last_error: reason,
            error_code: code,
          },
        },
      );
      this.#log?.warn({ whatsappId: item._id, code }, 'WhatsApp rate limit: the queue waits');
      return true;
    }
    const attempts = item.attempts + 1;
    // Meta refused the message itself (a 4xx other than its rate limit): sending it again changes nothing.
    const permanent = error instanceof MetaError && error.httpStatus >= 400 && error.httpStatus < 500;
    const unreachable = code !== null && UNREACHABLE_CODES.includes(code);
    const given = permanent || unreachable || attempts >= MAX_ATTEMPTS;
    const wait = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
    await this.#items.updateOne(
      { _id: item._id, status: 'sending' },
      {
        set: {
          status: given ? 'failed' : 'pending',
          last_error: reason,
          error_code: code,
          next_attempt_at: new Date(now.getTime() + wait),
          ...(given ? { status_at: now } : {}),
        },
        inc: { attempts: 1 },
      },
    );
    if (unreachable && item.user_id)
      await this.#store
        .collection<{ _id: string; number: string }>(CONTACTS)
        .updateOne(
          { _id: item.user_id, number: item.to },
          { set: { unreachable_at: now, unreachable_code: code } },
        );
    this.#log?.warn({ whatsappId: item._id, attempts, failed: given, code }, 'WhatsApp message not sent');
    return false;
  }

  /** Polls for due messages (retries, leases passed, messages queued by another instance). */
  start(intervalMs = 30_000): void {
    this.#runs.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.#runs.stop();
  }
}
