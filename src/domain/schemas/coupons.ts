// TypeBox schemas of the coupons: the admin's create and update bodies (spec 02 §3) with their
// defaults, and POST /cupones/validate; apart from ../coupons.ts so the browser never bundles TypeBox.
import { Type, type Static } from 'typebox';
import { messageOf } from './envelope.ts';
import { COUPON_CODE_MAX } from '../fields.ts';
import { EditableStatus, Id, OptionalDateValue, count, pesos, requiredText, updateOf } from './fields.ts';

export const CouponCreate = Type.Object({
  /** Stored trimmed and upper-cased (normalizeCouponCode); unique. No spaces inside. */
  code: Type.String({ pattern: `^\\s*\\S{1,${COUPON_CODE_MAX}}\\s*$` }),
  label: requiredText(200),
  type: Type.Optional(Type.Union([Type.Literal('percent'), Type.Literal('amount')])),
  percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  amount: Type.Optional(pesos),
  /** Expiry: the coupon is valid until the end of that day (Santo Domingo time); null = never. */
  date: Type.Optional(OptionalDateValue),
  status: Type.Optional(EditableStatus),
  // Limits (issue 18); 0, null or [] = no limit. The uses themselves are counted by the checkout.
  /** First valid day, from its start (Santo Domingo time). */
  valid_from: Type.Optional(OptionalDateValue),
  max_uses: Type.Optional(count),
  max_per_family: Type.Optional(count),
  /** The camps it applies to. */
  camps: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  min_children: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
});
export const CouponUpdate = updateOf(CouponCreate);
export type CouponCreate = Static<typeof CouponCreate>;
export type CouponUpdate = Static<typeof CouponUpdate>;
export const COUPON_DEFAULTS = {
  type: 'percent',
  percent: 0,
  amount: 0,
  date: null,
  status: 'active',
  valid_from: null,
  max_uses: 0,
  max_per_family: 0,
  camps: [] as string[],
  min_children: 0,
  uses: 0,
} as const;

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

export const ValidateCouponAnswer = messageOf(CouponTermsData);
export type ValidateCouponAnswer = Static<typeof ValidateCouponAnswer>;
