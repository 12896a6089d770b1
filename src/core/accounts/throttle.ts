// Failed sign-in attempts, counted in the store (so every server instance sees the same
// numbers) per account from one address and per address, in fixed 15-minute windows. Failures
// never lock an account as such: a stranger guessing from elsewhere cannot keep its owner out.
import type { Store } from '../store/port.ts';
import { DuplicateKeyError } from '../store/port.ts';
import { sha256Hex } from '../crypto.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** One account cannot be guessed at from one address: 5 wrong passwords, then a 15-minute pause there. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** A school's front desk signs many parents in from one address, typos included. */
export const MAX_FAILURES_PER_ADDRESS = 100;

interface Counter {
  _id: string;
  count: number;
  window_start: Date;
  /** On per-pair counters: the account's key, so a password reset can lift them all. */
  account?: string;
}

// Keys are hashed so the collection holds no e-mail addresses or IPs in clear.
const keyOf = async (kind: 'pair' | 'address' | 'account', value: string) =>
  `${kind}:${(await sha256Hex(value)).slice(0, 32)}`;

const pairOf = (email: string, address: string) => `${email}\n${address}`;

export class LoginThrottle {
  readonly #store: Store;
  constructor(store: Store) {
    this.#store = store;
  }

  get #counters() {
    return this.#store.collection<Counter>('login_failures');
  }

  /**
   * Takes one attempt's place in both counts before any password is checked (issue 53: 30 parallel
   * sign-ins all read "4 failures" and were all checked). Each place is a conditional increment in
   * the store, bounded by the limit, so however many requests arrive at once, on however many
   * instances, no more than the limit are let through. Until `settle` is called the place counts
   * as a failure: a request that dies half-way has spent its guess. Returns which limit refused,
   * or a reservation.
   */
  async reserve(
    email: string,
    address: string,
    now = new Date(),
  ): Promise<{ blocked: 'account' | 'address' } | { blocked: null; reservation: Reservation }> {
    const pair = await keyOf('pair', pairOf(email, address));
    const fromAddress = await keyOf('address', address);
    if (!(await this.#take(fromAddress, MAX_FAILURES_PER_ADDRESS, now))) return { blocked: 'address' };
    if (!(await this.#take(pair, MAX_FAILURES_PER_ACCOUNT, now, await keyOf('account', email)))) {
      await this.#give(fromAddress);
      return { blocked: 'account' };
    }
    return { blocked: null, reservation: { pair, address: fromAddress } };
  }

  /**
   * What the reserved attempt turned out to be. A failure keeps its places (they are the count).
   * A success gives the address's place back and clears the account's count from that address
   * (the typos before a sign-in are forgiven). A release gives both places back: the attempt was
   * not a guess (a new account registered, or the store failed before any answer).
   */
  async settle(reservation: Reservation, outcome: 'failure' | 'success' | 'release'): Promise<void> {
    if (outcome === 'failure') return;
    await this.#give(reservation.address);
    if (outcome === 'success') await this.#counters.deleteMany({ _id: reservation.pair });
    else await this.#give(reservation.pair);
  }

  /** A new password (the reset e-mail proves the owner) lifts the account's holds everywhere. */
  async recordReset(email: string): Promise<void> {
    await this.#counters.deleteMany({ account: await keyOf('account', email) });
  }

  /**
   * One place in the counter `id`, if its window still has one. Each step is a single conditional
   * update (or an insert guarded by the unique _id), so concurrent callers never both get the last.
   */
  async #take(id: string, max: number, now: Date, account?: string): Promise<boolean> {
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    const room = { _id: id, window_start: { $gt: since }, count: { $lt: max } };
    if (await this.#counters.updateOne(room, { inc: { count: 1 } })) return true;
    try {
      await this.#counters.insertOne({
        _id: id,
        count: 1,
        window_start: now,
        ...(account ? { account } : {}),
      });
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    // The counter exists: another request created it meanwhile (try its room again), or its window
    // has expired (restart it, once: the filter on the old window lets a single request do it).
    if (await this.#counters.updateOne(room, { inc: { count: 1 } })) return true;
    return (
      (await this.#counters.updateOne(
        { _id: id, window_start: { $lte: since } },
        { set: { count: 1, window_start: now } },
      )) !== null
    );
  }

  /** Gives a place back (never below 0). */
  async #give(id: string): Promise<void> {
    await this.#counters.updateOne({ _id: id, count: { $gt: 0 } }, { inc: { count: -1 } });
  }
}

/** The places one attempt holds, until it is settled. */
export interface Reservation {
  pair: string;
  address: string;
}
