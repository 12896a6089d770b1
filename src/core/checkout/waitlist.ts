// The waiting list of a full week (issue 18, ../../domain/waitlist.ts). One request per family and
// week, in line by `rank`. When places are free for the first in line, they
// are held for that family with a cart hold (./holds.ts) that lasts the camp's offer hours, and an
// e-mail goes with the link; the wizard opens with the week as the family's own. An offer nobody
// takes expires with its hold and passes to the next. Offering runs after a cancellation or a
// family leaving, and every minute on the server (an expired hold or more capacity frees places
// without any write here). Each offer is claimed first, so two instances never make it twice.
import { ApiError } from '../errors.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import type { Camp, UserRecord, Week } from '../../domain/records.ts';
import { enrolmentLink } from '../../domain/records.ts';
import { cartHoldName, placesLeftFor } from '../../domain/holds.ts';
import { PHONE_PATTERN, formatPaymentDate } from '../../domain/enrolment.ts';
import {
  WAITLIST_MESSAGES as W,
  WAITLIST_OFFICE_MESSAGES as WO,
  WAITLIST_OFFER_DEFAULT_HOURS,
  type WaitlistStatus,
  type WaitlistView,
} from '../../domain/waitlist.ts';
import { heldBy, liveHeld, setHold, type Offered } from './holds.ts';
import { waitlistOfferMail, waitlistOfferParameters, waitlistWithdrawnMail } from './mails.ts';
import { sendTemplate } from '../messaging/whatsapp.ts';

export interface WaitlistRecord {
  _id: string;
  /** One request per family and week (a unique index): joining again reuses it. */
  campament: string;
  week: string;
  user_id: string;
  child: string;
  /** Places asked (one child). */
  places: number;
  /** Place in line: the smallest waiting rank is offered first; staff may swap ranks. */
  rank: number;
  status: WaitlistStatus;
  created_at: Date;
  offered_at: Date | null;
  offer_expires_at: Date | null;
  /** Offers made so far (names each offer's e-mail once). */
  offers: number;
  /** The phone staff took when the family called to be put in line (issue 54). */
  phone?: string;
}

const ACTIVE: WaitlistStatus[] = ['waiting', 'offered'];
const waitlists = (store: Store) => store.collection<WaitlistRecord>('lista_espera');
const weeksOf = (store: Store) => store.collection<Week>('semanas');

const offerHoursOf = (camp: Pick<Camp, 'waitlist_offer_hours'>): number =>
  camp.waitlist_offer_hours ?? WAITLIST_OFFER_DEFAULT_HOURS;

/** 1 for the next to be offered; null once the family is not waiting. */
/** What an offer needs: the e-mail and, where the school has it, WhatsApp. */
type OfferDeps = Pick<CoreDeps, 'store' | 'mailer' | 'settings' | 'clock' | 'whatsapp' | 'log'>;

async function positionOf(store: Store, entry: WaitlistRecord): Promise<number | null> {
  if (entry.status !== 'waiting') return null;
  return (
    1 + (await waitlists(store).count({ week: entry.week, status: 'waiting', rank: { $lt: entry.rank } }))
  );
}

/** What staff call the family on: its e-mail, and the phone taken on the call or the account's. */
function staffContact(entry: WaitlistRecord, users: readonly UserRecord[]): { email: string; phone: string } {
  const user = users.find((candidate) => candidate._id === entry.user_id);
  return { email: user?.email ?? '', phone: entry.phone || user?.phone || '' };
}

/** The requests as the profile and the admin list show them (names of weeks and camps filled in). */
async function viewsOf(
  store: Store,
  entries: readonly WaitlistRecord[],
  withEmail = false,
): Promise<WaitlistView[]> {
  const ids = (pick: (entry: WaitlistRecord) => string) => [...new Set(entries.map(pick))];
  const [weeks, camps, users] = await Promise.all([
    weeksOf(store).find({ _id: { $in: ids((entry) => entry.week) } }, { withDeleted: true }),
    store
      .collection<Camp>('campamentos')
      .find({ _id: { $in: ids((entry) => entry.campament) } }, { withDeleted: true }),
    withEmail
      ? store
          .collection<UserRecord>('usuarios')
          .find({ _id: { $in: ids((entry) => entry.user_id) } }, { withDeleted: true })
      : Promise.resolve([]),
  ]);
  const nameOf = (list: ReadonlyArray<{ _id: string; name?: string }>, id: string) =>
    list.find((item) => item._id === id)?.name ?? '';
  return Promise.all(
    entries.map(async (entry) => ({
      _id: entry._id,
      campament: entry.campament,
      campament_name: nameOf(camps, entry.campament),
      week: entry.week,
      week_name: nameOf(weeks, entry.week),
      child: entry.child,
      status: entry.status,
      position: await positionOf(store, entry),
      created_at: entry.created_at.toISOString(),
      offer_expires_at:
        entry.status === 'offered' && entry.offer_expires_at ? entry.offer_expires_at.toISOString() : null,
      ...(withEmail ? staffContact(entry, users) : {}),
    })),
  );
}

/** A family joins the line of a full week for one child. Refused when the week still has room. */
export async function joinWaitlist(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  user: Pick<UserRecord, '_id'>,
  request: { week: string; child: string; phone?: string },
  /** The refusals as the family reads them, or as staff do when they add one (addToWaitlist). */
  texts: { notFull: string; already: string } = { notFull: W.notFull, already: W.already },
): Promise<WaitlistView> {
  const { store } = deps;
  const now = nowOf(deps);
  const week = await weeksOf(store).findOne({ _id: request.week, status: 'active', isChecked: true });
  const camp = week
    ? await store.collection<Camp>('campamentos').findOne({ _id: week.campament, status: 'active' })
    : null;
  if (!week || !camp) throw new ApiError(404, W.weekNotFound);
  // Full for this family: its own hold of the week is its own.
  const left = placesLeftFor(week, liveHeld(week, cartHoldName(user._id), now), now);
  if (left > 0) throw new ApiError(400, texts.notFull);
  const fields = {
    child: request.child.trim(),
    ...(request.phone ? { phone: request.phone } : {}),
    places: 1,
    rank: await store.nextSequence('waitlist'),
    status: 'waiting' as const,
    created_at: now,
    offered_at: null,
    offer_expires_at: null,
  };
  // A request that ended (taken, expired, left) is reused; an active one is not joined twice.
  const rejoined = await waitlists(store).updateOne(
    { week: week._id, user_id: user._id, status: { $nin: ACTIVE } },
    { set: fields },
  );
  let entry = rejoined;
  if (!entry) {
    entry = await waitlists(store)
      .insertOne({ campament: camp._id, week: week._id, user_id: user._id, offers: 0, ...fields })
      .catch(() => null);
  }
  if (!entry) throw new ApiError(409, texts.already);
  return (await viewsOf(store, [entry]))[0]!;
}

/**
 * Staff put a family that phoned in a full week's line (issue 54), under its account (found by
 * e-mail: the offer is e-mailed and taken with it) and with the phone it called from; the same
 * line, ranks and offers as a family joining from the wizard.
 */
export async function addToWaitlist(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  request: { week: string; email: string; child: string; phone: string },
): Promise<WaitlistView> {
  const email = request.email.trim().toLowerCase();
  const phone = request.phone.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ApiError(400, WO.emailRequired);
  if (request.child.trim() === '') throw new ApiError(400, W.childRequired);
  if (!PHONE_PATTERN.test(phone)) throw new ApiError(400, WO.phoneInvalid);
  const user = await deps.store.collection<UserRecord>('usuarios').findOne({ email, status: 'active' });
  if (!user) throw new ApiError(404, WO.noAccount);
  const entry = await joinWaitlist(
    deps,
    user,
    { week: request.week, child: request.child, phone },
    { notFull: WO.notFullStaff, already: WO.alreadyStaff },
  );
  return { ...entry, email, phone };
}

/** The family's requests still open or just ended by an offer that ran out. */
export async function familyWaitlist(store: Store, userId: string): Promise<WaitlistView[]> {
  const entries = await waitlists(store).find(
    { user_id: userId, status: { $in: [...ACTIVE, 'expired'] } },
    { sort: { rank: 1 } },
  );
  return viewsOf(store, entries);
}

/** The family leaves the line; an offer's held places go back (and on to the next in line). */
export async function leaveWaitlist(deps: CoreDeps, userId: string, id: string): Promise<void> {
  const entry = await waitlists(deps.store).findOne({ _id: id, user_id: userId });
  if (!entry) throw new ApiError(404, W.notFound);
  await endRequest(deps, entry, 'left');
}

/** Staff take a request out of the line (issue 54): as if the family left. Returns the child's name. */
export async function removeFromWaitlist(deps: CoreDeps, id: string): Promise<string> {
  const entry = await waitlists(deps.store).findById(id);
  if (!entry || !(await endRequest(deps, entry, 'removed'))) throw new ApiError(400, WO.cannotRemove);
  return entry.child;
}

/**
 * Ends an open request as `status`; an offer's held places go back and on to the next in line.
 * False when it had already ended.
 */
async function endRequest(
  deps: CoreDeps,
  read: WaitlistRecord,
  status: 'left' | 'removed',
): Promise<boolean> {
  const { store } = deps;
  let entry: WaitlistRecord | null = read;
  // Conditional on the state read, so an offer made meanwhile is seen (and its place given back).
  let left: WaitlistRecord | null = null;
  for (let attempt = 0; attempt < 3 && entry && ACTIVE.includes(entry.status) && !left; attempt++) {
    left = await waitlists(store).updateOne({ _id: read._id, status: entry.status }, { set: { status } });
    if (!left) entry = await waitlists(store).findById(read._id);
  }
  if (!left || !entry) return false; // already ended: nothing to give back
  if (entry.status === 'offered') {
    const week = await weeksOf(store).findById(entry.week);
    const name = cartHoldName(entry.user_id);
    if (week) {
      const now = nowOf(deps);
      await setHold(store, week, name, Math.max(0, heldBy(week, name) - entry.places), now, now);
    }
  }
  await offerFreedPlaces(deps, [entry.week]);
  return true;
}

/**
 * Staff offer the week's next place to a chosen family now (issue 54): it goes first in its week's
 * line and the offer pass runs, so a free place is held and e-mailed exactly as the automatic offer
 * does (offerWeek); with none free, it gets the next one that frees. Returns the request as it is.
 */
export async function offerNow(deps: OfferDeps, id: string): Promise<WaitlistView> {
  const { store } = deps;
  const entry = await waitlists(store).findById(id);
  if (!entry || entry.status !== 'waiting') throw new ApiError(400, WO.cannotOffer);
  const first = await waitlists(store).findOne(
    { week: entry.week, status: 'waiting' },
    { sort: { rank: 1 } },
  );
  if (first && first._id !== entry._id) {
    // Conditional on the ranks read: a move or offer meanwhile asks staff to look again.
    const moved = await waitlists(store).updateOne(
      { _id: entry._id, rank: entry.rank, status: 'waiting' },
      { set: { rank: first.rank - 1 } },
    );
    if (!moved) throw new ApiError(409, W.changed);
  }
  await offerFreedPlaces(deps, [entry.week]);
  return (await viewsOf(store, [(await waitlists(store).findById(id))!], true))[0]!;
}

/** Places per week that the family's open offers of this camp hold for it, and until when. */
export async function offeredPlaces(
  store: Store,
  userId: string,
  campId: string,
): Promise<Map<string, Offered>> {
  const offers = await waitlists(store).find({ user_id: userId, campament: campId, status: 'offered' });
  const places = new Map<string, Offered>();
  for (const offer of offers) {
    const until = offer.offer_expires_at ?? new Date(0);
    const before = places.get(offer.week);
    places.set(offer.week, {
      places: (before?.places ?? 0) + offer.places,
      until: before && before.until < until ? before.until : until,
    });
  }
  return places;
}

/** A paid order ends the family's requests for its weeks. */
export async function closeWaitlistFor(
  store: Store,
  userId: string,
  weekIds: readonly string[],
): Promise<void> {
  const open = await waitlists(store).find({
    user_id: userId,
    week: { $in: [...weekIds] },
    status: { $in: ACTIVE },
  });
  for (const entry of open) {
    await waitlists(store).updateOne(
      { _id: entry._id, status: entry.status },
      { set: { status: 'accepted' } },
    );
  }
}

/**
 * Offers ended without a payment expire (their holds ran out at the same moment); then, for each
 * week with families waiting (those given, or all), the free places go to the first in line while
 * there is room for them: held for the offer's hours, and e-mailed. Returns the offers made.
 */
export async function offerFreedPlaces(
  deps: OfferDeps,
  /** The weeks to look at (or a camp's); all when absent. */
  which?: readonly string[] | { camp: string },
): Promise<number> {
  const { store } = deps;
  const now = nowOf(deps);
  for (const entry of await waitlists(store).find({ status: 'offered', offer_expires_at: { $lte: now } })) {
    await waitlists(store).updateOne({ _id: entry._id, status: 'offered' }, { set: { status: 'expired' } });
  }
  const scope = !which ? {} : 'camp' in which ? { campament: which.camp } : { week: { $in: [...which] } };
  const waiting = await waitlists(store).find({ status: 'waiting', ...scope });
  let offered = 0;
  for (const weekId of new Set(waiting.map((entry) => entry.week))) {
    offered += await offerWeek(deps, weekId, now);
  }
  return offered;
}

async function offerWeek(deps: OfferDeps, weekId: string, now: Date): Promise<number> {
  const { store, mailer, settings } = deps;
  let week = await weeksOf(store).findOne({ _id: weekId, status: 'active' });
  const camp = week
    ? await store.collection<Camp>('campamentos').findOne({ _id: week.campament, status: 'active' })
    : null;
  if (!week || !camp || week.quota_q <= 0) return 0;
  let offered = 0;
  for (;;) {
    const first = await waitlists(store).findOne({ week: weekId, status: 'waiting' }, { sort: { rank: 1 } });
    const free = placesLeftFor(week, 0, now);
    if (!first || free < first.places) return offered;
    const until = new Date(now.getTime() + offerHoursOf(camp) * 3600_000);
    const claimed = await waitlists(store).updateOne(
      { _id: first._id, status: 'waiting' },
      { set: { status: 'offered', offered_at: now, offer_expires_at: until, offers: first.offers + 1 } },
    );
    if (!claimed) continue; // another instance took this one
    const name = cartHoldName(first.user_id);
    // On top of what the family holds now (an expired hold of its own is not counted: it is
    // taken over, its place still counted in quota_f).
    const wanted = liveHeld(week, name, now) + first.places;
    const result = await setHold(store, week, name, wanted, until, now, { renew: false });
    week = result.week;
    if (result.held < wanted) {
      // The room went meanwhile: back in line, first as before (unless the family left meanwhile).
      await waitlists(store).updateOne(
        { _id: first._id, status: 'offered', offered_at: now },
        { set: { status: 'waiting', offered_at: null, offer_expires_at: null, offers: first.offers } },
      );
      return offered;
    }
    const user = await store.collection<UserRecord>('usuarios').findById(first.user_id);
    if (user) {
      const key = `waitlist-offer-${first._id}-${first.offers + 1}`;
      const offer = {
        camp,
        week,
        child: first.child,
        until: formatPaymentDate(until),
        link: enrolmentLink(settings.publicUrl, camp._id),
      };
      await mailer.enqueue({ ...waitlistOfferMail(offer), to: [user.email], user_id: user._id, key });
      // Beside the e-mail (issue 56): the same offer, its deadline and link, where the family opted in.
      await sendTemplate(deps, user._id, 'lista_espera_oferta', waitlistOfferParameters(offer), {
        kind: 'waitlist-offer',
        key,
      });
    }
    offered += 1;
  }
}

/**
 * A deleted week or camp withdraws its waiting list (issue 24): each open request ends as
 * 'withdrawn' (once, whoever else ends it meanwhile) and its family is e-mailed. Returns how many.
 */
export async function withdrawWaitlist(
  deps: Pick<CoreDeps, 'store' | 'mailer'>,
  which: { week: string } | { camp: string },
): Promise<number> {
  const { store, mailer } = deps;
  const scope = 'week' in which ? { week: which.week } : { campament: which.camp };
  const open = await waitlists(store).find({ ...scope, status: { $in: ACTIVE } });
  let withdrawn = 0;
  for (const entry of open) {
    const ended = await waitlists(store).updateOne(
      { _id: entry._id, status: entry.status },
      { set: { status: 'withdrawn' } },
    );
    if (!ended) continue;
    withdrawn += 1;
    const [week, camp, user] = await Promise.all([
      weeksOf(store).findById(entry.week, { withDeleted: true }),
      store.collection<Camp>('campamentos').findById(entry.campament, { withDeleted: true }),
      store.collection<UserRecord>('usuarios').findById(entry.user_id),
    ]);
    if (!week || !camp || !user) continue;
    await mailer.enqueue({
      ...waitlistWithdrawnMail({ camp, week, child: entry.child }),
      to: [user.email],
      user_id: user._id,
      key: `waitlist-withdrawn-${entry._id}`,
    });
  }
  return withdrawn;
}

/** Staff move a waiting family one place up or down in its week's line (ranks swapped). */
export async function moveInWaitlist(store: Store, id: string, direction: 'up' | 'down'): Promise<void> {
  const entry = await waitlists(store).findById(id);
  if (!entry || entry.status !== 'waiting') throw new ApiError(400, W.cannotMove);
  const neighbour = await waitlists(store).findOne(
    {
      week: entry.week,
      status: 'waiting',
      rank: direction === 'up' ? { $lt: entry.rank } : { $gt: entry.rank },
    },
    { sort: { rank: direction === 'up' ? -1 : 1 } },
  );
  if (!neighbour) return; // already first (or last)
  // Each write is conditional on the rank read: a move made meanwhile by another admin makes this
  // one undo its first half and ask to try again, so no two families ever end with one rank.
  const swapped = await waitlists(store).updateOne(
    { _id: entry._id, rank: entry.rank, status: 'waiting' },
    { set: { rank: neighbour.rank } },
  );
  if (!swapped) throw new ApiError(409, W.changed);
  const other = await waitlists(store).updateOne(
    { _id: neighbour._id, rank: neighbour.rank, status: 'waiting' },
    { set: { rank: entry.rank } },
  );
  if (!other) {
    await waitlists(store).updateOne({ _id: entry._id, rank: neighbour.rank }, { set: { rank: entry.rank } });
    throw new ApiError(409, W.changed);
  }
}

/** Staff's list: every request of a camp (or one week), open ones first, in line order. */
export async function staffWaitlist(
  store: Store,
  filter: { campament?: string; week?: string },
): Promise<WaitlistView[]> {
  const entries = await waitlists(store).find(
    {
      ...(filter.campament ? { campament: filter.campament } : {}),
      ...(filter.week ? { week: filter.week } : {}),
    },
    { sort: { rank: 1 } },
  );
  const order = (status: WaitlistStatus) => (ACTIVE.includes(status) ? 0 : 1);
  entries.sort((a, b) => order(a.status) - order(b.status));
  return viewsOf(store, entries, true);
}
