// Carts the wizard reports, and the one reminder for a cart left unpaid (issue 18,
// ../../domain/reminders.ts). A cart is one record per family and camp: what was in it and when it
// last changed. Paying forgets it; the reminder goes once, a day after the last change, unless the
// family paid for that camp meanwhile or asked for no reminders.
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Camp, Enrolment, UserRecord, Week } from '../../domain/records.ts';
import { enrolmentLink } from '../../domain/records.ts';
import { CART_FORGET_AFTER_MS, CART_REMINDER_AFTER_MS } from '../../domain/reminders.ts';
import { randomToken, sha256Hex } from '../crypto.ts';
import { cartReminderMail } from './mails.ts';
import { releaseCartHolds } from './holds.ts';

export interface CartRecord {
  /** `${user_id}-${campament}`: one cart per family and camp. */
  _id: string;
  user_id: string;
  campament: string;
  weeks: string[];
  participants: number;
  updated_at: Date;
  reminded_at: Date | null;
}

const carts = (store: Store) => store.collection<CartRecord>('carritos');
const cartId = (userId: string, campId: string) => `${userId}-${campId}`;

/**
 * Records what the family has in the cart of this camp now (an empty cart is forgotten; the same
 * cart again is no change, so a renewal of its holds does not put off the reminder).
 */
export async function saveCart(
  store: Store,
  userId: string,
  campId: string,
  cart: { weeks: string[]; participants: number },
  now: Date,
): Promise<void> {
  const _id = cartId(userId, campId);
  const weeks = [...new Set(cart.weeks)];
  const previous = await carts(store).findById(_id);
  const before = previous?.weeks ?? [];
  if (weeks.length === 0) {
    if (previous) await carts(store).deleteMany({ _id });
    return;
  }
  const unchanged =
    previous?.participants === cart.participants &&
    before.length === weeks.length &&
    weeks.every((week) => before.includes(week));
  if (unchanged) return;
  const set = { weeks, participants: cart.participants, updated_at: now };
  const updated = await carts(store).updateOne({ _id }, { set });
  if (!updated)
    await carts(store)
      .insertOne({ _id, user_id: userId, campament: campId, ...set, reminded_at: null })
      .catch(() => carts(store).updateOne({ _id }, { set })); // the same family's other tab won
}

/** A paid order ends its camp's cart: nothing to remind, and what it still holds goes back. */
export async function forgetCart(store: Store, userId: string, campId: string, now: Date): Promise<void> {
  const cart = await carts(store).findById(cartId(userId, campId));
  if (!cart) return;
  await carts(store).deleteMany({ _id: cart._id });
  await releaseCartHolds(store, userId, cart.weeks, now);
}

/**
 * One pass: the reminder for each cart unchanged for a day and not reminded yet. Returns how many
 * were sent. Each is claimed first (reminded_at), so two instances never send it twice.
 */
export async function sendCartReminders(
  deps: Pick<CoreDeps, 'store' | 'mailer' | 'settings' | 'clock'>,
): Promise<number> {
  const { store, mailer, settings } = deps;
  const now = nowOf(deps);
  const due = await carts(store).find({
    reminded_at: null,
    updated_at: { $lte: new Date(now.getTime() - CART_REMINDER_AFTER_MS) },
  });
  let sent = 0;
  for (const cart of due) {
    const claimed = await carts(store).updateOne(
      { _id: cart._id, reminded_at: null },
      { set: { reminded_at: now } },
    );
    if (!claimed) continue;
    if (cart.updated_at.getTime() < now.getTime() - CART_FORGET_AFTER_MS) continue;
    const [user, camp, paid] = await Promise.all([
      store.collection<UserRecord>('usuarios').findById(cart.user_id),
      store.collection<Camp>('campamentos').findOne({ _id: cart.campament, status: 'active' }),
      store.collection<Enrolment>('inscripciones').count({
        user_id: cart.user_id,
        campament: cart.campament,
        payment_status: 'paid',
        created_at: { $gte: cart.updated_at },
      }),
    ]);
    if (!user || user.status !== 'active' || user.reminders_opt_out || !camp || paid > 0) continue;
    const weeks = await store
      .collection<Week>('semanas')
      .find({ _id: { $in: cart.weeks } }, { withDeleted: true });
    const token = randomToken(24);
    await store
      .collection<UserRecord>('usuarios')
      .updateOne({ _id: user._id }, { set: { reminder_token_hash: await sha256Hex(token) } });
    await mailer.enqueue({
      ...cartReminderMail({
        camp,
        weeks: cart.weeks
          .map((id) => weeks.find((week) => week._id === id))
          .filter((week) => week !== undefined),
        continueLink: enrolmentLink(settings.publicUrl, camp._id),
        optOutLink: `${settings.publicUrl.replace(/\/+$/, '')}/api/recordatorios/baja?token=${token}`,
      }),
      to: [user.email],
      user_id: user._id,
      key: `cart-reminder-${cart._id}-${cart.updated_at.getTime()}`,
    });
    sent += 1;
  }
  return sent;
}

/** The link in a reminder: no more reminders for that account. False when the link is unknown. */
export async function optOutOfReminders(store: Store, token: string): Promise<boolean> {
  const user = await store
    .collection<UserRecord>('usuarios')
    .updateOne(
      { reminder_token_hash: await sha256Hex(token) },
      { set: { reminders_opt_out: true }, unset: ['reminder_token_hash'] },
    );
  return user !== null;
}

/** How long after a payment the family's cart reports for that camp are ignored (a late one). */
const JUST_PAID_MS = 60_000;

/** True while a payment of this family for the camp runs, or for a minute after it was paid. */
export async function paymentUnderWay(
  store: Store,
  userId: string,
  campId: string,
  now: Date,
): Promise<boolean> {
  const count = await store.collection<Enrolment>('inscripciones').count({
    user_id: userId,
    campament: campId,
    $or: [
      { payment_status: { $in: ['pending', 'unknown'] } },
      { payment_status: 'paid', paid_at: { $gte: new Date(now.getTime() - JUST_PAID_MS) } },
    ],
  });
  return count > 0;
}
