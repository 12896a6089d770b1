// The parent's money path (spec 01 §7, DESIGN.md §2.5-2.10): coupon validation and the enrolment.
// The enrolment runs the pipeline (../checkout/pipeline.ts) once per Idempotency-Key: the same key
// answers the first result and never charges twice.
import { ApiError } from '../errors.ts';
import { COUPON_MESSAGES, couponTerms } from '../../domain/coupons.ts';
import { ValidateCouponAnswer, ValidateCouponBody } from '../../domain/schemas/coupons.ts';
import {
  AuthenticationParams,
  AuthenticationStatusAnswer,
  EnrolmentAnswer,
} from '../../domain/schemas/answers.ts';
import { authenticationStatus, cancelAuthentication } from '../checkout/authentication.ts';
import { CARD_FIELDS, ENROLMENT_MESSAGES as M } from '../../domain/enrolment.ts';
import { CreateEnrolmentBody } from '../../domain/schemas/enrolment.ts';
import { OfficeEnrolmentBody, OfficePriceAnswer } from '../../domain/schemas/office-sales.ts';
import { enrolAtCounter, priceAtCounter } from '../checkout/office.ts';
import { usableCoupon } from '../checkout/coupons.ts';
import { answerOncePerKey } from './once-per-key.ts';
import { childrenOf, earlierOrders, enrol, familyMembership } from '../checkout/pipeline.ts';
import { LookupMembershipAnswer, LookupMembershipBody } from '../../domain/schemas/memberships.ts';
import { recoverAnswer } from '../checkout/answers.ts';
import {
  accountOf,
  actorOf,
  adminCall,
  HtmlAnswer,
  type ApiRoute,
  perAccount,
  perAddress,
  publicCall,
  userCall,
} from './route.ts';
import { escapeHtml, nowOf } from '../deps.ts';
import type { Core } from '../services.ts';
import { optOutOfReminders, paymentUnderWay, saveCart } from '../checkout/carts.ts';
import { REMINDER_MESSAGES } from '../../domain/reminders.ts';
import { HOLD_MESSAGES } from '../../domain/holds.ts';
import { CartHoldAnswer, OptOutQuery, SaveCartBody } from '../../domain/schemas/carts.ts';
import { currentHolds, holdCart } from '../checkout/holds.ts';
import { offerFreedPlaces, offeredPlaces } from '../checkout/waitlist.ts';
import { cancelEnrolment } from '../admin/enrolments.ts';
import { CANCEL_MESSAGES, SELF_CANCEL_REASON } from '../../domain/cancellation.ts';
import { CANCEL_CLAIM_MS, selfCancelDecisions } from '../checkout/cancellation.ts';
import { SelfCancelBody } from '../../domain/schemas/cancellation.ts';
import { ChangeTargetsAnswer, ChangeTargetsQuery, ParentChangeBody } from '../../domain/schemas/changes.ts';
import { changeDoneMessage, PARENT_CHANGE_REASON, parentChangeRefund } from '../../domain/changes.ts';
import { changeEnrolment } from '../admin/changes.ts';
import { changeTargets } from '../admin/change-targets.ts';
import { ChangeAnswer, FamilyChildrenAnswer, HtmlPage, MessageAnswer } from '../../domain/schemas/answers.ts';
import { IdParams } from '../../domain/schemas/fields.ts';
import { correctSavedFamily, savedFamily } from '../family/saved.ts';
import { familyPlaces } from '../checkout/children.ts';
import { SAVED_FAMILY_MESSAGES } from '../../domain/saved-family.ts';
import { SavedFamilyAnswer, SavedFamilyBody, SavedFamilyUpdateAnswer } from '../../domain/schemas/family.ts';
import { type Camp, type Enrolment, type UserRecord } from '../../domain/records.ts';
import { isAdmin } from '../../domain/roles.ts';
import { OrderDataAnswer, OrderDataBody, OrderDataUpdateAnswer } from '../../domain/schemas/order-data.ts';
import { correctOrderData, familyOrderData } from '../admin/order-data.ts';

/** How old an unfinished cancellation must be before a parent's repeat finishes it (a crash, not a double click). */
const SELF_CANCEL_RESUME_MS = 60_000;

/** The page the opt-out link of a reminder opens. */
const replyPage = (text: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Recordatorios</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><p>${escapeHtml(text)}</p></body></html>`;

/** The camp a cart call names (any state: an inactive camp's holds go back), or 404. */
const NO_HOLDS = { expires_at: null, weeks: [] };

async function cartCamp(core: Core, id: string): Promise<Camp> {
  const camp = await core.deps.store.collection<Camp>('campamentos').findOne({ _id: id });
  if (!camp) throw new ApiError(404, M.campNotFound);
  return camp;
}

/** The signed-in parent's own order the call names, or 404: another family's is never found. */
async function ownEnrolment(core: Core, call: { params: { id: string }; account: UserRecord | null }) {
  const enrolment = await core.deps.store.collection<Enrolment>('inscripciones').findById(call.params.id);
  if (!enrolment || enrolment.user_id !== accountOf(call)._id)
    throw new ApiError(404, CANCEL_MESSAGES.notFound);
  return enrolment;
}

/** An order's camp, deleted since or not: its cancellation and refund terms still hold. */
const campOf = (core: Core, enrolment: Enrolment) =>
  core.deps.store.collection<Camp>('campamentos').findById(enrolment.campament, { withDeleted: true });

export const CHECKOUT_ROUTES: ApiRoute[] = [
  // The wizard reports its cart, for the one reminder if it stays unpaid and the places it holds (issue 18).
  userCall('POST', '/carritos/:id', {
    schema: { params: IdParams, body: SaveCartBody, response: { 200: CartHoldAnswer } },
    rateLimit: perAccount(60),
    handle: async (call, core) => {
      const { store } = core.deps;
      const camp = await cartCamp(core, call.params.id);
      const now = nowOf(core.deps);
      const userId = accountOf(call)._id;
      const { weeks, participants, places } = call.body;
      // A place per child and week of the cart, each week once: nothing else can be held.
      if (
        places &&
        (new Set(places.map(({ week }) => week)).size !== places.length ||
          places.some(({ week, count }) => !weeks.includes(week) || count > participants))
      )
        throw new ApiError(400, HOLD_MESSAGES.badCart);
      // A report sent while this family's payment runs (or just ran) would hold again what the order
      // took, and bring back a cart already paid: it changes nothing then.
      if (await paymentUnderWay(store, userId, camp._id, now)) {
        const data = await currentHolds(store, userId, camp, now);
        return { status: 'SUCCESS', message: REMINDER_MESSAGES.saved, data };
      }
      await saveCart(store, userId, camp._id, call.body, now);
      // And the places it holds (issue 18): an inactive camp holds nothing, so its holds go back.
      const wanted = camp.status === 'active' ? places : [];
      if (!wanted) return { status: 'SUCCESS', message: REMINDER_MESSAGES.saved, data: NO_HOLDS };
      // Places free on a week with a waiting list are the line's first (issue 43): offered before
      // this cart may take them, and what the cart gives back is offered at once.
      await offerFreedPlaces(core.deps, { camp: camp._id });
      const data = await holdCart(
        store,
        userId,
        camp,
        wanted,
        await offeredPlaces(store, userId, camp._id),
        now,
      );
      await offerFreedPlaces(core.deps, { camp: camp._id });
      return { status: 'SUCCESS', message: REMINDER_MESSAGES.saved, data };
    },
  }),
  // What the family's cart holds on the camp's weeks now (issue 18), read when the wizard opens.
  userCall('GET', '/carritos/:id', {
    schema: { params: IdParams, response: { 200: CartHoldAnswer } },
    handle: async (call, core) => {
      const camp = await cartCamp(core, call.params.id);
      const data = await currentHolds(core.deps.store, accountOf(call)._id, camp, nowOf(core.deps));
      return { status: 'SUCCESS', message: HOLD_MESSAGES.current, data };
    },
  }),
  // The opt-out link of a reminder e-mail: opened in a browser, answered with a short page.
  publicCall('GET', '/recordatorios/baja', {
    schema: { querystring: OptOutQuery, response: { 200: HtmlPage, 404: HtmlPage } },
    rateLimit: perAddress(30),
    handle: async (call, core) =>
      (await optOutOfReminders(core.deps.store, call.query.token))
        ? new HtmlAnswer(200, replyPage(REMINDER_MESSAGES.optedOut))
        : new HtmlAnswer(404, replyPage(REMINDER_MESSAGES.badLink)),
  }),
  // The family's children of earlier paid orders of a camp that counts them for the family
  // discount (issue 18), so the wizard prices the cart as the checkout will; [] otherwise.
  userCall('GET', '/inscripciones/familia/:id', {
    schema: { params: IdParams, response: { 200: FamilyChildrenAnswer } },
    handle: async (call, core) => {
      const { store } = core.deps;
      const account = accountOf(call);
      // Admins open the wizard of any camp, as the camp's other reads let them.
      const camp = await store
        .collection<Camp>('campamentos')
        .findOne(isAdmin(account) ? { _id: call.params.id } : { _id: call.params.id, status: 'active' });
      if (!camp) throw new ApiError(404, M.campNotFound);
      const children = childrenOf(await earlierOrders(store, account._id, camp));
      return { status: 'SUCCESS', data: { children, places: await familyPlaces(store, account._id, camp) } };
    },
  }),
  // The family's saved children and contacts (issue 26): the wizard starts from them, the profile
  // corrects them.
  userCall('GET', '/familia/datos', {
    schema: { response: { 200: SavedFamilyAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await savedFamily(core.deps, accountOf(call)._id),
    }),
  }),
  userCall('POST', '/familia/datos', {
    schema: { body: SavedFamilyBody, response: { 200: SavedFamilyUpdateAnswer } },
    rateLimit: perAccount(20),
    handle: async (call, core) => ({
      status: 'SUCCESS',
      message: SAVED_FAMILY_MESSAGES.saved,
      data: await correctSavedFamily(core.deps, accountOf(call)._id, call.body),
    }),
  }),
  // A paid order's contacts, pick-up people and medical notes, corrected by the family itself
  // through the camp's last day (issue 54); staff correct them from the panel at any time.
  userCall('GET', '/familia/inscripciones/:id/datos', {
    schema: { params: IdParams, response: { 200: OrderDataAnswer } },
    handle: async (call, core) => ({
      status: 'SUCCESS',
      data: await familyOrderData(core.deps, accountOf(call)._id, call.params.id),
    }),
  }),
  userCall('POST', '/familia/inscripciones/:id/datos', {
    schema: { params: IdParams, body: OrderDataBody, response: { 200: OrderDataUpdateAnswer } },
    rateLimit: perAccount(20),
    handle: async (call, core) => {
      const userId = accountOf(call)._id;
      const { message } = await correctOrderData(core.deps, call.params.id, call.body, actorOf(call), {
        userId,
      });
      return { status: 'SUCCESS', message, data: await familyOrderData(core.deps, userId, call.params.id) };
    },
  }),
  // A parent cancels their own paid enrolment (issue 18), within the camp's window and refund rule,
  // through the staff's cancellation path (places, coupon use, memberships, refund, e-mail).
  userCall('POST', '/inscripciones/cancelar/:id', {
    schema: { params: IdParams, body: SelfCancelBody, response: { 200: MessageAnswer } },
    rateLimit: perAccount(10),
    handle: async (call, core) => {
      const { store } = core.deps;
      const enrolment = await ownEnrolment(core, call);
      const reason = call.body.reason?.trim() || SELF_CANCEL_REASON;
      const now = nowOf(core.deps);
      if (enrolment.status === 'cancelled') {
        // A repeat changes nothing; it finishes only what a crash left owed a while ago, never a
        // cancellation another request is still carrying out (that would refund or credit twice).
        const stale = (enrolment.cancelled_at?.getTime() ?? 0) < now.getTime() - SELF_CANCEL_RESUME_MS;
        if (enrolment.cancel_done === false && stale)
          await cancelEnrolment(core.deps, enrolment._id, reason, actorOf(call));
        return { status: 'SUCCESS', message: CANCEL_MESSAGES.alreadyCancelled };
      }
      // Written before the check that no later order relies on this one (issue 43): a checkout
      // relying on it at this moment then sees it and refuses, or is seen by the check.
      // It also makes one click of several at once the one that cancels; the others answer as a repeat.
      const enrolments = store.collection<Enrolment>('inscripciones');
      const claimed = await enrolments.updateOne(
        {
          _id: enrolment._id,
          status: { $ne: 'cancelled' },
          $or: [
            { cancel_requested_at: { $exists: false } },
            { cancel_requested_at: { $lte: new Date(now.getTime() - CANCEL_CLAIM_MS) } },
          ],
        },
        { set: { cancel_requested_at: now } },
      );
      if (!claimed) return { status: 'SUCCESS', message: CANCEL_MESSAGES.alreadyCancelled };
      const decided = (await selfCancelDecisions(store, [enrolment], now)).get(enrolment._id)!;
      if (!decided.ok) {
        await enrolments.updateOne({ _id: enrolment._id }, { unset: ['cancel_requested_at'] });
        throw new ApiError(decided.status, decided.message);
      }
      const camp = await campOf(core, enrolment);
      await cancelEnrolment(core.deps, enrolment._id, reason, actorOf(call), {
        refund_rule: camp?.refund_rule,
        cancel_fee: camp?.cancel_fee,
      });
      return { status: 'SUCCESS', message: CANCEL_MESSAGES.cancelled };
    },
  }),
  // A parent changes their own paid camp order (issue 24): drops a child or a week, or moves a child
  // to another week, until the camp's cancellation window of the weeks it touches; the camp's
  // refund rule settles a difference given back (no cancellation fee: weeks may be changed).
  userCall('POST', '/inscripciones/cambiar/:id', {
    schema: { params: IdParams, body: ParentChangeBody, response: { 200: ChangeAnswer } },
    rateLimit: perAccount(20),
    handle: async (call, core) => {
      const enrolment = await ownEnrolment(core, call);
      const camp = await campOf(core, enrolment);
      const { preview = false, ...request } = call.body;
      const outcome = await changeEnrolment(core.deps, enrolment._id, request, {
        actor: actorOf(call),
        refund: parentChangeRefund(camp ?? {}),
        reason: PARENT_CHANGE_REASON,
        preview,
        byParent: true,
      });
      return {
        status: 'SUCCESS',
        message: preview ? '' : changeDoneMessage(outcome.change),
        data: { preview: outcome.preview },
      };
    },
  }),
  // The weeks the parent's change dialog offers for a child of their own order (issue 53), each
  // with its state: what the change would refuse is marked before 'Confirmar'.
  userCall('GET', '/inscripciones/cambiar/:id/semanas', {
    schema: { params: IdParams, querystring: ChangeTargetsQuery, response: { 200: ChangeTargetsAnswer } },
    handle: async (call, core) => {
      const enrolment = await ownEnrolment(core, call);
      const data = await changeTargets(core.deps, enrolment, call.query.cupo, { byParent: true });
      return { status: 'SUCCESS', data };
    },
  }),
  userCall('POST', '/cupones/validate', {
    schema: { body: ValidateCouponBody, response: { 200: ValidateCouponAnswer } },
    // Enough for any family; too few to guess codes by brute force, also with several accounts
    // from one address (issue 43: 150 guesses over 6 accounts went through).
    rateLimit: { ...perAccount(30), perAddressMax: 60 },
    handle: async (call, core) => {
      const { coupon, campament, participants } = call.body;
      const usable = await usableCoupon(core.deps.store, coupon, {
        userId: accountOf(call)._id,
        campId: campament,
        children: participants,
        now: nowOf(core.deps),
      });
      return { status: 'SUCCESS', message: COUPON_MESSAGES.applied, data: couponTerms(usable) };
    },
  }),
  userCall('POST', '/membresias/lookup', {
    schema: { body: LookupMembershipBody, response: { 200: LookupMembershipAnswer } },
    // The wizard asks once per 'Agregar' with a code; as tight as the coupon check against guessing.
    rateLimit: perAccount(30),
    handle: async (call, core) => {
      const found = await familyMembership(core.deps.store, call.body.code, accountOf(call)._id);
      if (!found.ok) throw new ApiError(400, found.message);
      const { code, first_name, last_name, birth_date } = found.membership;
      return {
        status: 'SUCCESS',
        message: M.membershipValid,
        data: { code, first_name, last_name, birth_date },
      };
    },
  }),
  userCall('POST', '/inscripciones/create', {
    schema: { body: CreateEnrolmentBody, response: { 201: EnrolmentAnswer } },
    rateLimit: perAccount(30),
    handle: (call, core) =>
      answerOncePerKey(call, core, {
        request: call.body,
        cardFields: CARD_FIELDS,
        what: 'enrolment',
        work: (key) => enrol(core.deps, accountOf(call), call.body, key),
        recover: (key) => recoverAnswer(core.deps.store, accountOf(call)._id, key),
      }),
  }),
  // The office enrols a family at the counter or on the phone (issue 54): the same pipeline.
  adminCall('POST', '/inscripciones/oficina', {
    schema: { body: OfficeEnrolmentBody, response: { 201: EnrolmentAnswer } },
    rateLimit: perAccount(30),
    handle: (call, core) =>
      answerOncePerKey(call, core, {
        request: call.body,
        cardFields: CARD_FIELDS,
        what: 'office enrolment',
        work: (key) => enrolAtCounter(core.deps, actorOf(call), accountOf(call), call.body, key),
      }),
  }),
  // Its price first, with every check of the checkout and nothing written.
  adminCall('POST', '/inscripciones/oficina/precio', {
    schema: { body: OfficeEnrolmentBody, response: { 200: OfficePriceAnswer } },
    handle: (call, core) => priceAtCounter(core.deps, accountOf(call), call.body),
  }),
  userCall('GET', '/inscripciones/autenticacion/:session', {
    schema: { params: AuthenticationParams, response: { 200: AuthenticationStatusAnswer } },
    // The payment step asks about once a second while the bank's step runs (a few minutes at most).
    rateLimit: perAccount(600, '10 minutes'),
    handle: (call, core) => authenticationStatus(core.deps, accountOf(call), call.params.session),
  }),
  userCall('POST', '/inscripciones/autenticacion/:session/cancelar', {
    schema: { params: AuthenticationParams, response: { 200: AuthenticationStatusAnswer } },
    handle: (call, core) => cancelAuthentication(core.deps, accountOf(call), call.params.session),
  }),
];
