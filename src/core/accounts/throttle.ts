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

  /** Which limit, if any, blocks this sign-in attempt now. */
  async blocked(email: string, address: string, now = new Date()): Promise<'account' | 'address' | null> {
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    const [account, fromAddress] = await Promise.all([
      this.#counters.findOne({
        _id: await keyOf('pair', pairOf(email, address)),
        window_start: { $gt: since },
      }),
      this.#counters.findOne({ _id: await keyOf('address', address), window_start: { $gt: since } }),
    ]);
    if ((account?.count ?? 0) >= MAX_FAILURES_PER_ACCOUNT) return 'account';
    if ((fromAddress?.count ?? 0) >= MAX_FAILURES_PER_ADDRESS) return 'address';
    return null;
  }

  async recordFailure(email: string, address: string, now = new Date()): Promise<void> {
    await Promise.all([
      this.#bump(await keyOf('pair', pairOf(email, address)), now, await keyOf('account', email)),
      this.#bump(await keyOf('address', address), now),
    ]);
  }

  /** A successful sign-in clears the count of the account from that address (not the address's). */
  async recordSuccess(email: string, address: string): Promise<void> {
    await this.#counters.deleteMany({ _id: await keyOf('pair', pairOf(email, address)) });
  }

  /** A new password (the reset e-mail proves the owner) lifts the account's holds everywhere. */
  async recordReset(email: string): Promise<void> {
    await this.#counters.deleteMany({ account: await keyOf('account', email) });
  }

  async #bump(id: string, now: Date, account?: string): Promise<void> {
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    const inWindow = { _id: id, window_start: { $gt: since } };
    if (await this.#counters.updateOne(inWindow, { inc: { count: 1 } })) return;
    try {
      await this.#counters.insertOne({
        _id: id,
        count: 1,
        window_start: now,
        ...(account ? { account } : {}),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      // Another request created the counter meanwhile, or its window has expired: only an
      // expired window is restarted, so concurrent failures are never lost.
      if (await this.#counters.updateOne(inWindow, { inc: { count: 1 } })) return;
      await this.#counters.updateOne(
        { _id: id, window_start: { $lte: since } },
        { set: { count: 1, window_start: now } },
      );
    }
  }
}
