// Coupons at the checkout: whether a parent's code can be used, and its terms.
import { ApiError } from '../errors.ts';
import type { Store } from '../store/port.ts';
import type { Coupon } from '../../domain/records.ts';
import { couponRefusal, normalizeCouponCode } from '../../domain/coupons.ts';

/** Finds a usable coupon by code, or throws the refusal the parent should read. */
export async function usableCoupon(store: Store, code: string, now = new Date()): Promise<Coupon> {
  const coupon = await store.collection<Coupon>('cupones').findOne({ code: normalizeCouponCode(code) });
  const refusal = couponRefusal(coupon, now);
  if (refusal) throw new ApiError(coupon ? 400 : 404, refusal);
  return coupon!;
}
