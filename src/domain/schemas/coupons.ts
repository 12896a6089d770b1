// TypeBox schemas of POST /cupones/validate, apart from ../coupons.ts so the browser never bundles TypeBox.
import { Type, type Static } from 'typebox';
import { COUPON_CODE_MAX } from '../fields.ts';

export const ValidateCouponBody = Type.Object({
  coupon: Type.String({ minLength: 1, maxLength: COUPON_CODE_MAX }),
  /** The order's camp and number of children, for the coupon's limits (checked again at payment). */
  campament: Type.Optional(Type.String({ maxLength: 64 })),
  participants: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});

export const CouponTermsData = Type.Object({
  label: Type.String(),
  code: Type.String(),
  type: Type.Union([Type.Literal('percent'), Type.Literal('amount')]),
  percent: Type.Number(),
  amount: Type.Number(),
});
export type CouponTermsData = Static<typeof CouponTermsData>;

export const ValidateCouponAnswer = Type.Object({
  status: Type.Literal('SUCCESS'),
  message: Type.String(),
  data: CouponTermsData,
});
export type ValidateCouponAnswer = Static<typeof ValidateCouponAnswer>;
