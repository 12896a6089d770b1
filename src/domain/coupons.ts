// Coupon rules (spec 01 §4, §9; spec 02 §3): codes are upper case, refused when unknown,
// inactive or past their expiry date.
import type { Coupon } from './records.ts';
import { isAnnualProgram } from './records.ts';
import type { CouponTermsData } from './schemas/coupons.ts';

export type { CouponTermsData, ValidateCouponAnswer } from './schemas/coupons.ts';

export { COUPON_CODE_MAX } from './fields.ts';

export const COUPON_MESSAGES = {
  unknown: 'El cupón ingresado no existe.',
  inactive: 'El cupón ingresado no está activo.',
  expired: 'El cupón ingresado está vencido.',
  applied: 'Cupón aplicado',
  /** Shown by the browser when the validation call itself fails (spec 01 §8). */
  unreachable: 'Lo sentimos, no fue posible validar el cupón. Por favor verifique su conexión a internet.',
} as const;

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Why a stored coupon cannot be used now, or null when it can. */
export function couponRefusal(coupon: Pick<Coupon, 'status' | 'date'> | null, now: Date): string | null {
  if (!coupon) return COUPON_MESSAGES.unknown;
  if (coupon.status !== 'active') return COUPON_MESSAGES.inactive;
  if (coupon.date && coupon.date.getTime() < now.getTime()) return COUPON_MESSAGES.expired;
  return null;
}

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
