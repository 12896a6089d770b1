// POST /api/cupones/validate: whether a parent's coupon can be used, and its terms.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perAccountKey } from '../../auth/guards.ts';
import { ApiError } from '../../http/errors.ts';
import type { Coupon } from '../../../src/domain/records.ts';
import {
  COUPON_MESSAGES,
  couponRefusal,
  couponTerms,
  normalizeCouponCode,
} from '../../../src/domain/coupons.ts';
import { ValidateCouponBody } from '../../../src/domain/schemas/coupons.ts';

/** Finds a usable coupon by code, or throws the refusal the parent should read. */
export async function usableCoupon(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  code: string,
  now = new Date(),
): Promise<Coupon> {
  const coupon = await app.store.collection<Coupon>('cupones').findOne({ code: normalizeCouponCode(code) });
  const refusal = couponRefusal(coupon, now);
  if (refusal) throw new ApiError(coupon ? 400 : 404, refusal);
  return coupon!;
}

export const couponValidationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/cupones/validate',
    {
      schema: { body: ValidateCouponBody },
      onRequest: app.requireUser,
      // Enough for any family; too few to guess codes by brute force.
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perAccountKey } },
    },
    async (request) => {
      const coupon = await usableCoupon(app, request.body.coupon);
      return { status: 'SUCCESS' as const, message: COUPON_MESSAGES.applied, data: couponTerms(coupon) };
    },
  );
};
