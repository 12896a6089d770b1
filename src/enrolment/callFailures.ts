// What the wizard makes of a call that failed: the message the parent reads, and whether the retry
// of a payment may keep its Idempotency-Key (DESIGN.md §2.9).
import { ApiError } from '../api/http.ts';
import { COUPON_MESSAGES } from '../domain/coupons.ts';
import { WIZARD_ENROLMENT_MESSAGES } from '../domain/enrolment.ts';
import { PHOTO_MESSAGES } from '../domain/photos.ts';

/** The error's own message, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

/** A refusal shows the server's message; a call that never reached the server, spec 01 §8's text. */
export function couponFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.network) return COUPON_MESSAGES.unreachable;
  return messageOf(error, COUPON_MESSAGES.unreachable);
}

/**
 * A photo the server refused (not a photo, too large) shows the server's reason, which says what
 * to do; a call that failed on the way or on the server, spec 01 §8's 'vuelva a intentarlo'.
 */
export function photoFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return messageOf(error, PHOTO_MESSAGES.failed);
  return PHOTO_MESSAGES.failed;
}

/**
 * Whether the next attempt may reuse the failed attempt's Idempotency-Key. A refusal or decline is
 * stored by the server under its key and would be repeated, so it takes a new key. But when the
 * answer never arrived (network) or the first attempt is still being processed, the card may be
 * charged by then: the retry keeps the key, so the server answers with that first result instead
 * of charging a second time.
 */
export function keepsIdempotencyKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.network || (error.status === 409 && error.message === WIZARD_ENROLMENT_MESSAGES.inProgress);
}
