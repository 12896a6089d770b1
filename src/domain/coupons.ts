// Coupon rules (spec 01 §4, §9; spec 02 §3): codes are upper case, refused when unknown,
// inactive or past their expiry date; and the limits of issue 18: a first valid day, camps,
// a least number of children, uses in all and per family.
import type { Coupon } from './records.ts';
import { isAnnualProgram } from './camp-types.ts';
import type { CouponTermsData } from './schemas/coupons.ts';

export type { CouponTermsData, ValidateCouponAnswer } from './schemas/coupons.ts';

export { COUPON_CODE_MAX } from './fields.ts';

export const COUPON_MESSAGES = {
  unknown: 'El cupón ingresado no existe.',
  inactive: 'El cupón ingresado no está activo.',
  expired: 'El cupón ingresado está vencido.',
  notYet: 'El cupón ingresado aún no está vigente.',
  otherCamp: 'El cupón ingresado no aplica a este campamento.',
  exhausted: 'El cupón ingresado ya alcanzó su límite de usos.',
  familyLimit: 'Su familia ya usó este cupón el máximo de veces permitido.',
  otherAccount: 'El cupón ingresado pertenece a otra cuenta.',
  applied: 'Cupón aplicado',
  /** Shown by the browser when the validation call itself fails (spec 01 §8). */
  unreachable: 'Lo sentimos, no fue posible validar el cupón. Por favor verifique su conexión a internet.',
} as const;

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export const minChildrenMessage = (count: number): string =>
  `El cupón ingresado requiere inscribir al menos ${count} ${count === 1 ? 'participante' : 'participantes'}.`;

/** Whether a message is a coupon's refusal (the wizard then drops the coupon it had applied). */
export function isCouponRefusal(message: string): boolean {
  return (
    (Object.values(COUPON_MESSAGES) as string[]).includes(message) ||
    /^El cupón ingresado requiere inscribir al menos \d+ participantes?\.$/.test(message)
  );
}

/** The order a coupon is asked for; what is not known yet (validation by an older page) is not checked. */
export interface CouponUse {
  now: Date;
  campId?: string;
  children?: number;
  /** Uses the family holds now. */
  familyUses?: number;
  /** The account asking (a personal coupon is only its owner's). */
  userId?: string;
}

type CouponLimits = Pick<
  Coupon,
  | 'status'
  | 'date'
  | 'valid_from'
  | 'camps'
  | 'min_children'
  | 'max_uses'
  | 'uses'
  | 'max_per_family'
  | 'owner'
>;

/** Past its last valid day (valid through that day: stored as its end). */
export const couponExpired = (coupon: { date?: Date | string | null }, now: Date): boolean =>
  Boolean(coupon.date) && new Date(coupon.date!).getTime() < now.getTime();

/** Why a stored coupon cannot be used for this order, or null when it can. */
export function couponRefusal(coupon: CouponLimits | null, use: CouponUse): string | null {
  if (!coupon) return COUPON_MESSAGES.unknown;
  const { now } = use;
  if (coupon.status !== 'active') return COUPON_MESSAGES.inactive;
  if (coupon.owner && coupon.owner !== use.userId) return COUPON_MESSAGES.otherAccount;
  if (couponExpired(coupon, now)) return COUPON_MESSAGES.expired;
  if (coupon.valid_from && coupon.valid_from.getTime() > now.getTime()) return COUPON_MESSAGES.notYet;
  const camps = coupon.camps ?? [];
  if (use.campId !== undefined && camps.length > 0 && !camps.includes(use.campId))
    return COUPON_MESSAGES.otherCamp;
  const least = coupon.min_children ?? 0;
  if (use.children !== undefined && least > 0 && use.children < least) return minChildrenMessage(least);
  if (limitReached(coupon.uses, coupon.max_uses)) return COUPON_MESSAGES.exhausted;
  if (limitReached(use.familyUses, coupon.max_per_family)) return COUPON_MESSAGES.familyLimit;
  return null;
}

/**
 * Why a coupon an order already holds would stop applying to it once changed (issue 53), by the
 * checkout's own rule: only the conditions on the order's shape (least children, camps, the first
 * valid day as of when it was paid, the owner). Its status, expiry and use limits are not asked
 * again: the order took its use at payment, and what happened to the coupon since is not the
 * family's doing.
 */
export function keptCouponRefusal(
  coupon: CouponLimits,
  order: { paidAt: Date; campId: string; children: number; userId: string },
): string | null {
  return couponRefusal(
    { ...coupon, status: 'active', date: null, max_uses: 0, max_per_family: 0 },
    { now: order.paidAt, campId: order.campId, children: order.children, userId: order.userId },
  );
}

/** A counter at its limit (a limit of 0 or none is no limit). */
const limitReached = (uses = 0, limit = 0): boolean => limit > 0 && uses >= limit;

export function couponTerms(coupon: Coupon): CouponTermsData {
  return {
    label: coupon.label,
    code: coupon.code,
    type: coupon.type,
    percent: coupon.percent,
    amount: coupon.amount,
  };
}

/**
 * Spec 01 §4: for camps (not annual programs) a cart line that carries a membership id takes no
 * coupon. The wizard disables the coupon box; the server refuses such a request.
 */
export function couponWithMembership(
  campType: string,
  lines: ReadonlyArray<{ membership_id?: string }>,
): boolean {
  return !isAnnualProgram(campType) && lines.some((line) => (line.membership_id ?? '').trim() !== '');
}
