// The wizard's calls (spec 01 §7) through the one HTTP client. These are the default
// implementations of the machine's actors; the app may provide others (machine.provide).
// A transport failure arrives as ApiError with status 0; a server refusal as ApiError with the
// server's message (non-2xx) or as an Error with it (a 2xx envelope that is not a success).
import { ApiError, request } from '../api/http.ts';
import { campDataPaths } from '../api/paths.ts';
import type { CategoryAnswer, CampAnswer, WeekAnswer } from '../domain/answers.ts';
import { COUPON_MESSAGES, type CouponTermsData } from '../domain/coupons.ts';
import { CARD_MESSAGES } from '../domain/cards.ts';
import {
  WIZARD_ENROLMENT_MESSAGES,
  type CreateEnrolmentBody,
  type PaymentResult,
} from '../domain/enrolment.ts';
import { PHOTO_MESSAGES } from '../domain/photos.ts';
import type { MembershipHolder } from '../domain/schemas/memberships.ts';
import type { ChildId } from '../domain/family.ts';
import type { HeldPlace } from '../domain/children.ts';
import type { WizardCamp, WizardCategory, WizardWeek } from './wizardData.ts';
import type { CartHolds } from '../domain/holds.ts';
import type { WaitlistView } from '../domain/waitlist.ts';
import type { SaveCartBody } from '../domain/schemas/carts.ts';

export interface CampData {
  /** The account id the weeks call answers with; sent back as `uid` when paying. */
  uid: string;
  camp: WizardCamp;
  weeks: WizardWeek[];
  categories: WizardCategory[];
  /** Children of the family's earlier paid orders the family discount counts ([] unless the camp does). */
  earlierChildren: ChildId[];
  /** The places the family's children hold in the camp (issue 26); [] from an older server. */
  heldPlaces: HeldPlace[];
  /** The family's waiting-list requests in this camp (issue 26): positions, and offers to take. */
  waitlist?: WaitlistView[];
  /** What the family holds of the camp's weeks now (a waiting list's offer, another tab); null if unknown. */
  holds?: CartHolds | null;
}

interface StatusEnvelope<T> {
  status: string;
  message?: string;
  data: T;
}

function unwrap<T>(answer: StatusEnvelope<T>, fallback: string): T {
  if (answer?.status !== 'SUCCESS') throw new Error(answer?.message?.trim() || fallback);
  return answer.data;
}

/** Weeks, categories and camp, in parallel; a non-SUCCESS answer fails with the server's message. */
export async function loadCampData(campId: string, signal?: AbortSignal): Promise<CampData> {
  if (!campId.trim()) throw new Error(WIZARD_ENROLMENT_MESSAGES.campNotFound);
  const paths = campDataPaths(campId);
  const [weeks, categories, camp, family, holds, waitlist] = await Promise.all([
    request<StatusEnvelope<{ uid: string; weekData: WeekAnswer[] }>>(paths.weeks, { signal }),
    request<StatusEnvelope<CategoryAnswer[]>>(paths.categories, { signal }),
    request<StatusEnvelope<CampAnswer>>(paths.camp, { signal }),
    request<StatusEnvelope<{ children: ChildId[]; places?: HeldPlace[] }>>(paths.family, { signal }),
    // Holds only adjust places shown: without them the wizard still works.
    request<StatusEnvelope<CartHolds>>(paths.holds, { signal }).catch(() => null),
    // Nor does it need the waiting lists: they only name positions and offers.
    request<StatusEnvelope<WaitlistView[]>>(paths.waitlists, { signal }).catch(() => null),
  ]);
  const fallback = WIZARD_ENROLMENT_MESSAGES.campNotFound;
  const weekData = unwrap(weeks, fallback);
  return {
    uid: weekData.uid,
    weeks: weekData.weekData,
    categories: unwrap(categories, fallback),
    camp: unwrap(camp, fallback),
    earlierChildren: unwrap(family, fallback).children,
    heldPlaces: unwrap(family, fallback).places ?? [],
    holds: holds?.data ?? null,
    waitlist: (waitlist?.data ?? []).filter((entry) => entry.campament === campId),
  };
}

/** POST /inscripciones/uploadtoazurecdn, multipart field `foto`; resolves with the photo's url. */
export async function uploadPhoto(file: Blob, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('foto', file);
  const answer = await request<{ result?: unknown }>('/inscripciones/uploadtoazurecdn', {
    method: 'POST',
    body: form,
    signal,
  });
  if (typeof answer?.result !== 'string' || answer.result === '') throw new Error(PHOTO_MESSAGES.failed);
  return answer.result;
}

/**
 * POST /carritos/{campId}: what is in the cart now (for the reminder if it stays unpaid), and the
 * places to hold; resolves with what the cart holds.
 */
export async function saveCart(campId: string, cart: SaveCartBody): Promise<CartHolds | null> {
  const answer = await request<StatusEnvelope<CartHolds>>(campDataPaths(campId).holds, {
    method: 'POST',
    body: cart,
  });
  return answer?.data ?? null;
}

/** The order a coupon is asked for: its camp and how many children it enrols (the coupon's limits). */
export interface CouponOrder {
  campament: string;
  participants: number;
}

/** POST /cupones/validate; resolves with the coupon's terms. */
export async function validateCoupon(
  code: string,
  order: CouponOrder,
  signal?: AbortSignal,
): Promise<CouponTermsData> {
  const answer = await request<StatusEnvelope<CouponTermsData>>('/cupones/validate', {
    method: 'POST',
    body: { coupon: code, ...order },
    signal,
  });
  return unwrap(answer, COUPON_MESSAGES.unknown);
}

/** POST /membresias/lookup: the child a family's code was issued to, or the server's refusal. */
export async function lookupMembership(code: string, signal?: AbortSignal): Promise<MembershipHolder> {
  const answer = await request<StatusEnvelope<MembershipHolder>>('/membresias/lookup', {
    method: 'POST',
    body: { code },
    signal,
  });
  return unwrap(answer, WIZARD_ENROLMENT_MESSAGES.membershipInvalid);
}

/** POST /inscripciones/create with this attempt's Idempotency-Key; resolves with the payment result. */
/** The card's bank wants the parent's browser first (3-D Secure, issue 21): the step to show. */
export interface PendingAuthentication {
  authentication: { session: string; kind: 'method' | 'challenge' };
}

export const needsAuthentication = (
  outcome: PaymentResult | PendingAuthentication,
): outcome is PendingAuthentication => 'authentication' in outcome;

export async function pay(
  body: CreateEnrolmentBody,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<PaymentResult | PendingAuthentication> {
  const answer = await request<{
    success?: boolean;
    message?: string;
    result?: PaymentResult;
    authentication?: PendingAuthentication['authentication'];
  }>('/inscripciones/create', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    signal,
  });
  if (answer?.authentication) return { authentication: answer.authentication };
  return settledPayment({ statusCode: answer?.success ? 201 : 202, body: answer });
}

/** The payment's result from an answer the server gave (directly, or once the bank's step settled). */
export function settledPayment(answer: { statusCode: number; body: unknown }): PaymentResult {
  const body = answer.body as { success?: boolean; message?: string; result?: PaymentResult } | null;
  if (body?.success && body.result) return body.result;
  const message = body?.message?.trim() || CARD_MESSAGES.gatewayError;
  throw answer.statusCode >= 400 ? new ApiError(answer.statusCode, message, body) : new Error(message);
}

/** The frame's page of the bank's step (server/routes/authentication-3ds.ts). */
export { authenticationFrameUrl } from '../api/bankFrame.ts';

/** POST /esperas: the family joins the waiting list of a full week; resolves with the server's message. */
export async function joinWaitlist(week: string, child: string): Promise<string> {
  const answer = await request<StatusEnvelope<WaitlistView>>('/esperas', {
    method: 'POST',
    body: { week, child },
  });
  return answer?.message ?? '';
}
