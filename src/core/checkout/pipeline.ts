// The checkout as a pipeline of named steps (DESIGN.md §2.5-2.10, §6), each a small function (over
// 500 lines on purpose: one concern, the checkout's reads and writes in the order they happen):
//   checkRequest → readCatalogue → checkMemberships → price → recordPending
//   → takePlaces (converting the family's cart holds) and the coupon's use (returns their release) → charge → settleApproved (./settle.ts: paid, then memberships, admin
//   records, e-mail, retried until done)
// The decisions (what is refused, what it costs) are ./steps.ts; this file does the reads and
// writes around them, through the ports of ../deps.ts (the server's and the mocks' alike). A
// refusal or decline releases the places; once a charge is approved the enrolment is paid
// whatever fails after; an unknown outcome keeps the places until the reconciler settles it.
import { ApiError } from '../errors.ts';
import { ownPhotos } from '../photos.ts';
import type { Store } from '../store/port.ts';
import { recordChoice } from '../messaging/whatsapp.ts';
import { normalizeMembershipCode, wellFormedMembershipCode } from '../../domain/memberships.ts';
import { nowOf, type CoreDeps } from '../deps.ts';
import type {
  Camp,
  Category,
  Coupon,
  Enrolment,
  Membership,
  UserRecord,
  Week,
} from '../../domain/records.ts';
import { CARD_MESSAGES, cardBrand, cardOfForm, last4 } from '../../domain/cards.ts';
import { familyChildCount, plainName, sameChildSlots, type ChildId } from '../../domain/family.ts';
import { isAnnualProgram } from '../../domain/records.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import {
  ENROLMENT_MESSAGES as M,
  weekFullMessage,
  type CreateEnrolmentBody,
} from '../../domain/enrolment.ts';
import type { PaymentSchedule, PriceBreakdown } from '../../domain/pricing.ts';
import { authoriseAutopay, saveFamilyCard } from '../payments/cards.ts';
import type { AutopayAgreement } from '../../domain/ledger.ts';
import {
  cartWeekIds,
  checkCatalogue,
  checkRequest,
  pendingEnrolment,
  placesToTake,
  priceEnrolment,
  type Refusal,
} from './steps.ts';
import type { AuthenticationNeeded, ChargeResult, KeptCard, SecureChargeResult } from './gateway.ts';
import {
  afterPaid,
  authenticationAnswer,
  authenticationUrls,
  newAuthenticationSession,
  startAuthentication,
} from './authentication.ts';
import { releaseCouponUse, takeCouponUse, usableCoupon } from './coupons.ts';
import { claimChildren } from './children.ts';
import { familyBasisHolds } from './cancellation.ts';
import { offerFreedPlaces } from './waitlist.ts';
import { PLACES, heldBy, holdExpiryOf, releaseExpiredHolds } from './holds.ts';
import { cartHoldName, expiredHolds } from '../../domain/holds.ts';
import { settleApproved, settleAtCounter, answerInTime, failUncharged } from './settle.ts';
import type { OfficeSale } from '../../domain/office-sales.ts';
import { successAnswer, verifyingAnswer } from './answers.ts';

/** A refusal as the checkout answers it: its status and the one error envelope. */
const refuse = ({ status, message }: Refusal) => new ApiError(status, message);

/** A week had no places left for the order: recorded apart from other refusals ('Sin cupo'). */
class NoPlacesLeft extends ApiError {}

export interface Catalogue {
  camp: Camp;
  weeks: Week[];
  weekById: Map<string, Week>;
  categories: Category[];
}

/** What is sold, read from the store (never from the request), checked against the cart. */
export async function readCatalogue(store: Store, body: CreateEnrolmentBody): Promise<Catalogue> {
  const camp = await store.collection<Camp>('campamentos').findOne({ _id: body.campament, status: 'active' });
  const [weeks, categories] = camp
    ? await Promise.all([
        store
          .collection<Week>('semanas')
          .find({ _id: { $in: cartWeekIds(body) }, campament: camp._id, status: 'active', isChecked: true }),
        store.collection<Category>('categorias').find({ campament: camp._id, status: 'active' }),
      ])
    : [[], []];
  const unavailable = checkCatalogue(body, camp, weeks, categories);
  if (unavailable || !camp) throw refuse(unavailable ?? { status: 404, message: M.campNotFound });
  return { camp, weeks, weekById: new Map(weeks.map((week) => [week._id, week])), categories };
}

/**
 * Each participant's photo is one this account uploaded (issue 43), or, for an order the office
 * takes (issue 54), one the staff member taking it uploaded at the counter.
 */
export async function checkPhotos(
  store: Store,
  body: CreateEnrolmentBody,
  userIds: string | readonly string[],
): Promise<void> {
  const owned = await ownPhotos(
    store,
    userIds,
    body.listParticipants.map((participant) => participant.image.trim()),
  );
  const foreign = body.listParticipants.find((participant) => !owned.has(participant.image.trim()));
  if (foreign) throw new ApiError(400, M.photoNotOwn(foreign.id));
}

/** Names compared as a parent may type them: any case, accents, spacing. */
const sameName = (a: string, b: string) => plainName(a) === plainName(b);

/**
 * The family's earlier paid, not cancelled orders of this camp when the camp counts their children
 * for the family discount (none otherwise).
 */
export async function earlierOrders(store: Store, userId: string, camp: Camp): Promise<Enrolment[]> {
  if (!camp.family_across_orders || isAnnualProgram(camp.type)) return [];
  return store
    .collection<Enrolment>('inscripciones')
    .find({ user_id: userId, campament: camp._id, payment_status: 'paid', status: { $ne: 'cancelled' } });
}

/** The children of those orders (who the discount already counts). */
export const childrenOf = (orders: readonly Enrolment[]): ChildId[] =>
  orders.flatMap((order) =>
    order.participants.map(({ first_name, birth_date }) => ({ first_name, birth_date })),
  );

/**
 * The family's active membership a typed code names, or the reason it cannot be used: the one
 * check of the wizard's lookup at 'Agregar' and of the checkout.
 */
export async function familyMembership(
  store: Store,
  text: string,
  userId: string,
): Promise<{ ok: true; membership: Membership } | { ok: false; message: string }> {
  const code = normalizeMembershipCode(text);
  const membership = wellFormedMembershipCode(code)
    ? await store.collection<Membership>('membresias').findOne({ code, status: 'active' })
    : null;
  // Another family's code reads as no code at all (issue 43): the answer tells nobody which codes exist.
  if (!membership || membership.user_id !== userId) return { ok: false, message: M.membershipInvalid };
  return { ok: true, membership };
}

/**
 * Memberships declared ('SI' + code) waive the annual fee only for the account and the child they
 * were issued to, and once per order: a code must exist, be this family's, name this child (first
 * name and birth date), and not be declared for two participants.
 */
export async function checkMemberships(
  store: Store,
  body: CreateEnrolmentBody,
  user: Pick<UserRecord, '_id'>,
): Promise<Map<number, Membership>> {
  const declared = new Map<number, Membership>();
  const seen = new Set<string>();
  for (const participant of body.listParticipants) {
    if (participant.membership_have !== 'SI') continue;
    const refusal = (message: string) =>
      refuse({ status: 400, message: `${message} (Participante ${participant.id})` });
    const found = await familyMembership(store, participant.membership_id ?? '', user._id);
    if (!found.ok) throw refusal(found.message);
    const { membership } = found;
    if (
      !sameName(membership.first_name, participant.first_name) ||
      membership.birth_date.trim() !== participant.birth_date.trim()
    )
      throw refusal(M.membershipOtherChild);
    if (seen.has(membership.code)) throw refusal(M.membershipRepeated);
    seen.add(membership.code);
    declared.set(participant.id, membership);
  }
  return declared;
}

/** The family's cart hold (issue 18, ./holds.ts) as the payment uses it. */
export interface CartHoldUse {
  /** The hold's name on the weeks. */
  name: string;
  /** Until when places given back go back to the cart (a declined card is tried again); null: freed. */
  until: Date | null;
}

/**
 * One week's places for the order, named by `hold` (the enrolment), so a crash never leaks them:
 * the family's cart hold becomes the order's in one update when it has one, else free places are
 * taken; never beyond capacity. A week without room first gives back its expired holds. Returns
 * how many places came from the cart and until when the cart held them, or null when there was
 * no room.
 */
async function takeWeek(
  store: Store,
  week: Week,
  count: number,
  hold: string,
  now: Date,
  cart?: CartHoldUse,
): Promise<{ fromCart: number; until: number } | null> {
  const weeks = store.collection<Week>('semanas');
  const cartHeld = (candidate: Week) => (cart ? heldBy(candidate, cart.name) : 0);
  let current = week;
  let freed = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    const held = cartHeld(current);
    const moved =
      held > 0
        ? await weeks.moveHold(current._id, {
            ...PLACES,
            from: { hold: cart!.name, amount: held },
            to: { hold, amount: count },
          })
        : await weeks.incrementWithin(current._id, { ...PLACES, by: count, hold });
    if (moved) return { fromCart: held, until: held > 0 ? holdExpiryOf(current, cart!.name) : 0 };
    const fresh = await weeks.findById(current._id);
    if (!fresh) return null;
    if (cartHeld(fresh) !== held) {
      current = fresh; // the cart changed meanwhile (its other tab, or its expiry given back)
      continue;
    }
    if (freed || expiredHolds(fresh, now).length === 0) return null;
    current = await releaseExpiredHolds(store, fresh, now);
    freed = true;
  }
  return null;
}

/**
 * One place per participant per week, each taken atomically (never beyond capacity); all or none.
 * Returns the function that gives them back.
 */
export async function takePlaces(
  store: Store,
  body: CreateEnrolmentBody,
  weekById: Map<string, Week>,
  hold: string,
  { now = new Date(), cart }: { now?: Date; cart?: CartHoldUse } = {},
): Promise<() => Promise<void>> {
  const weeks = store.collection<Week>('semanas');
  const taken: Array<{ id: string; count: number; fromCart: number; until: number }> = [];
  const release = async () => {
    for (const { id, count, fromCart, until } of taken) {
      // What the cart held goes back to it (the family tries another card), for as long as it held
      // it (a waiting list's offer keeps its day) and at least a fresh hold; the rest is freed.
      const expiresAt = Math.max(until, cart?.until?.getTime() ?? 0);
      const backToCart =
        fromCart > 0 &&
        cart &&
        expiresAt > now.getTime() &&
        (await weeks.moveHold(id, {
          ...PLACES,
          from: { hold, amount: count },
          to: { hold: cart.name, amount: fromCart, expiresAt: new Date(expiresAt) },
        }));
      if (!backToCart) await weeks.incrementWithin(id, { ...PLACES, by: -count, hold });
    }
  };
  for (const { id, count } of placesToTake(body)) {
    const took = await takeWeek(store, weekById.get(id)!, count, hold, now, cart);
    if (took === null) {
      await release();
      throw new NoPlacesLeft(409, weekFullMessage(weekById.get(id)!));
    }
    taken.push({ id, count, ...took });
  }
  return release;
}

interface Order {
  user: UserRecord;
  body: CreateEnrolmentBody;
  key: string;
  catalogue: Catalogue;
  declared: Map<number, Membership>;
  coupon: Coupon | null;
  price: PriceBreakdown;
  schedule?: PaymentSchedule;
  familyOrders?: string[];
  office?: OfficeSale;
}

/**
 * The order's places, then its coupon's use (./coupons.ts): all or none. Returns the function
 * that gives them all back.
 */
async function takeOrder(
  store: Store,
  order: Order,
  enrolment: Enrolment,
  now: Date,
): Promise<() => Promise<void>> {
  const { weekById } = order.catalogue;
  // A declined card gives the places back to the cart for what was left of its hold, never longer:
  // a renewal by declines would outlast the family's window (issue 43).
  const cart = { name: cartHoldName(order.user._id), until: null };
  const releaseWeeks = await takePlaces(store, order.body, weekById, enrolment._id, { now, cart });
  const release = async () => {
    await releaseWeeks();
    await releaseCouponUse(store, enrolment);
  };
  if (!order.coupon) return releaseWeeks;
  let refused: string | null;
  try {
    refused = await takeCouponUse(
      store,
      order.coupon,
      order.user._id,
      enrolment._id,
      order.body.listParticipants,
    );
  } catch (error) {
    await release();
    throw error;
  }
  if (refused) {
    await release();
    throw new ApiError(400, refused);
  }
  return release;
}

/** The enrolment, recorded as pending before the charge so a paid order can always be found. */
export async function recordPending(store: Store, order: Order, merchant?: string): Promise<Enrolment> {
  const { user, body, key, catalogue, declared, coupon, price, schedule, familyOrders, office } = order;
  const orderNumber = String(1000 + (await store.nextSequence('orders')));
  const codes = new Map([...declared].map(([slot, membership]) => [slot, membership.code]));
  return store.collection<Enrolment>('inscripciones').insertOne({
    ...pendingEnrolment({
      orderNumber,
      userId: user._id,
      key,
      body,
      camp: catalogue.camp,
      weekById: catalogue.weekById,
      codes,
      coupon,
      price,
      schedule,
      familyOrders,
      merchant,
    }),
    ...(office ? { office } : {}),
  });
}

/**
 * What the gateway said: approved, declined (nothing charged), nothing at all (unknown), or that
 * the card's bank wants the parent's browser first (3-D Secure, ./authentication.ts).
 */
export type ChargeOutcome =
  | { kind: 'approved'; charge: Extract<ChargeResult, { approved: true }> }
  | { kind: 'declined'; message: string; brand: string }
  | { kind: 'unknown' }
  | { kind: 'authenticate'; held: AuthenticationNeeded; session: string };

/**
 * The charge. A decline is recorded on the enrolment; a gateway that did not answer (timeout,
 * network) leaves the outcome unknown: the enrolment keeps its places as 'unknown' until the
 * reconciler asks the gateway (./reconciler.ts). A guess either way could lose a place or a payment.
 * The wait is bounded by half the payment lease, so the request has settled its order's state long
 * before the reconciler may take a pending order for one whose request died.
 */
export async function chargeCard(
  deps: CoreDeps,
  body: CreateEnrolmentBody,
  enrolment: Enrolment,
  secure?: { email: string; keepCard: boolean },
): Promise<ChargeOutcome> {
  const { gateway } = deps;
  const request = {
    amount: enrolment.amount,
    currency: 'DOP' as const,
    card: cardOfForm(body),
    reference: enrolment.order_number,
  };
  // A gateway that runs 3-D Secure (AZUL) gets the app's return pages for this order's session.
  const session = newAuthenticationSession();
  // Typed as the wider of the two answers: TypeScript 7 infers no common type for the branches.
  const sent: Promise<SecureChargeResult & { keptCard?: KeptCard }> =
    gateway.secure && secure
      ? gateway.secure.charge({
          ...request,
          returnTo: authenticationUrls(deps.settings.publicUrl, session),
          cardholder: {
            name: request.card.holder,
            email: secure.email,
            phone: body.emergencyContact.phone_mobile,
          },
          keepCard: secure.keepCard,
        })
      : gateway.charge(request);
  const charge = await answerInTime(deps, enrolment, sent);
  if (!charge) return { kind: 'unknown' };
  if (charge.approved === null) return { kind: 'authenticate', held: charge, session };
  if (!charge.approved) return { kind: 'declined', message: charge.message, brand: charge.brand };
  return { kind: 'approved', charge };
}

/** Keeps the card the order was paid with and turns autopay on with the schedule's consent text. */
async function keepCardForAutopay(
  deps: CoreDeps,
  userId: string,
  enrolment: Enrolment,
  body: CreateEnrolmentBody,
): Promise<AutopayAgreement | undefined> {
  const card = cardOfForm(body);
  await saveFamilyCard(deps, userId, card);
  return authoriseAutopay(
    deps,
    enrolment,
    { brand: cardBrand(card.number), last4: last4(card.number) },
    nowOf(deps),
  );
}

/**
 * One enrolment through the pipeline; answers {statusCode, body} for the idempotency store. An
 * order the office takes for the family (issue 54, ./office.ts) names how it is paid: by card
 * typed by staff (the same charge, without the parent's 3-D Secure step or autopay), or at the
 * counter (cash, transfer, or nothing yet until a due day), where no card is charged.
 */
export async function enrol(
  deps: CoreDeps,
  user: UserRecord,
  body: CreateEnrolmentBody,
  key: string,
  office?: OfficeTaking,
) {
  const { store } = deps;
  const invalid = checkRequest(body);
  if (invalid) throw refuse(invalid);
  await checkPhotos(store, body, office ? [user._id, office.staff_id] : user._id);
  const catalogue = await readCatalogue(store, body);
  const declared = await checkMemberships(store, body, user);
  const coupon = body.coupon?.trim()
    ? await usableCoupon(store, body.coupon, {
        userId: user._id,
        campId: catalogue.camp._id,
        // Children, not participant slots: one child entered twice counts once (issue 43).
        children: new Set(sameChildSlots(body.listParticipants).values()).size,
        childIds: body.listParticipants,
        now: nowOf(deps),
      })
    : null;
  const earlier = await earlierOrders(store, user._id, catalogue.camp);
  const familyChildren = familyChildCount(childrenOf(earlier), body.listParticipants);
  const priced = priceEnrolment(
    body,
    catalogue.camp,
    catalogue.weeks,
    coupon,
    [...declared.keys()],
    familyChildren,
    santoDomingoDay(nowOf(deps)),
    // The office's order takes the school's price unless its dialog sent the one it showed.
    !office?.server_price,
  );
  if ('status' in priced) throw refuse(priced);
  // The office's dialog asks the price first (issue 54): every check above, nothing written.
  if (office?.preview)
    return {
      statusCode: 200,
      body: { status: 'SUCCESS', data: { amount: priced.price.total, discount: priced.price.discount } },
    };
  // The orders a cross-order discount relied on: they can then only be cancelled by staff.
  const familyOrders =
    familyChildren > body.listParticipants.length ? earlier.map((previous) => previous._id) : [];
  const order: Order = {
    user,
    body,
    key,
    catalogue,
    declared,
    coupon,
    price: priced.price,
    schedule: priced.schedule,
    familyOrders,
    ...(office ? { office: officeSale(office) } : {}),
  };

  // WhatsApp (issue 56): the box as the parent ticked it, recorded with its time, whatever the card
  // does next; a number WhatsApp cannot take is refused here, before anything is stored.
  await recordChoice(store, user._id, body.whatsapp, nowOf(deps));

  // The order is recorded before it takes places and its coupon's use: whatever crashes after,
  // the reconciler finds it and gives back exactly what its holds name.
  const enrolments = store.collection<Enrolment>('inscripciones');
  const enrolment = await recordPending(store, order, deps.gateway.merchant);
  const notCharged = (error?: unknown) =>
    enrolments.updateOne(
      { _id: enrolment._id },
      {
        set: { payment_status: 'error', ...(error instanceof NoPlacesLeft ? { failure: 'no_places' } : {}) },
      },
    );
  // Recorded first, then the orders its discount relies on read again: a parent's cancellation of
  // one of them at this moment either sees this order (and is refused) or is seen here.
  if (!(await familyBasisHolds(store, familyOrders, nowOf(deps)))) {
    await notCharged();
    throw new ApiError(409, M.familyBasisChanged);
  }
  let release: () => Promise<void>;
  try {
    // One place per child (issue 26): not a second place in a week, nor a second program order.
    await claimChildren(store, enrolment, catalogue.camp, { now: nowOf(deps) });
    // A week's free places go to its waiting list before anyone else (issue 43).
    await offerFreedPlaces(deps, cartWeekIds(body)).catch((error: unknown) =>
      deps.log.error({ err: error, order: enrolment.order_number }, 'waiting list offers failed'),
    );
    release = await takeOrder(store, order, enrolment, nowOf(deps));
  } catch (error) {
    await notCharged(error);
    throw error;
  }
  // Paid at the counter (or not yet): no card is charged; the order is settled as a card's is.
  if (office && office.method !== 'tarjeta') return successAnswer(await settleAtCounter(deps, enrolment));
  let outcome: ChargeOutcome;
  const keepCard = Boolean(
    !office && body.autopay && order.schedule?.items.some((item) => !item.at_enrolment),
  );
  try {
    // A card typed by staff is a virtual terminal's charge: the family's browser is not there.
    const secure = office ? undefined : { email: user.email, keepCard };
    outcome = await chargeCard(deps, body, enrolment, secure);
  } catch (error) {
    await release();
    throw error;
  }
  if (outcome.kind === 'declined') {
    // Given back before the order is marked declined (failUncharged's order), to the cart's hold.
    await release();
    await failUncharged(store, enrolment, 'declined', { 'card.brand': outcome.brand });
    throw refuse({ status: 402, message: outcome.message });
  }
  if (outcome.kind === 'unknown') return verifyingAnswer();
  if (outcome.kind === 'authenticate') {
    // The places stay held by the order while the parent's browser does the bank's step.
    await startAuthentication(deps, enrolment, outcome.session, outcome.held, keepCard);
    return authenticationAnswer(outcome.session, outcome.held.step.kind);
  }
  // Autopay authorised (issue 20): the card is kept at the gateway for the later instalments. The
  // enrolment is paid whatever happens there; without a kept card its instalments are paid by hand.
  // The thank-you page and the receipt show the agreement made (issue 59).
  const keep = () =>
    keepCardForAutopay(deps, user._id, enrolment, body).catch((error: unknown) =>
      deps.log.warn({ err: error, order: enrolment.order_number }, 'the card could not be kept for autopay'),
    );
  const paid = await settleApproved(deps, enrolment, outcome.charge, keepCard ? keep : undefined);
  // The order failed while its charge was being approved (a reconciler decided first): refunded.
  if (!paid) throw refuse({ status: 402, message: CARD_MESSAGES.gatewayError });
  const answer = successAnswer(paid);
  // Paid: nothing left to remind (the reminder also checks for a payment), and the cart gives back
  // what it still holds of weeks not bought.
  await afterPaid(deps, enrolment);
  return answer;
}

/** An order the office takes: its sale, the staff member (for the photos) and whether it names a price. */
export type OfficeTaking = OfficeSale & { staff_id: string; server_price: boolean; preview?: boolean };

/** What the order keeps of the office's sale. */
const officeSale = ({
  staff_id: _staff,
  server_price: _price,
  preview: _preview,
  ...sale
}: OfficeTaking): OfficeSale => sale;
