import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, couponRefusal, isCouponRefusal, minChildrenMessage } from './coupons.ts';

const NOW = new Date('2027-06-01T12:00:00Z');
const active = { status: 'active' as const, date: null };

describe('coupon limits', () => {
  it('agree in number with the children asked for', () => {
    expect(minChildrenMessage(1)).toBe('El cupón ingresado requiere inscribir al menos 1 participante.');
    expect(minChildrenMessage(3)).toBe('El cupón ingresado requiere inscribir al menos 3 participantes.');
    expect(isCouponRefusal(minChildrenMessage(1))).toBe(true);
    expect(isCouponRefusal(minChildrenMessage(12))).toBe(true);
    expect(isCouponRefusal('La tarjeta fue rechazada por el banco.')).toBe(false);
  });

  it('check what is known of the order, and nothing an older page did not send', () => {
    const coupon = { ...active, camps: ['c1'], min_children: 2, max_uses: 5, uses: 4, max_per_family: 1 };
    expect(couponRefusal(coupon, { now: NOW })).toBeNull();
    expect(couponRefusal(coupon, { now: NOW, campId: 'c2' })).toBe(COUPON_MESSAGES.otherCamp);
    expect(couponRefusal(coupon, { now: NOW, campId: 'c1', children: 1 })).toBe(minChildrenMessage(2));
    expect(couponRefusal({ ...coupon, uses: 5 }, { now: NOW })).toBe(COUPON_MESSAGES.exhausted);
    expect(couponRefusal(coupon, { now: NOW, familyUses: 1 })).toBe(COUPON_MESSAGES.familyLimit);
    expect(couponRefusal({ ...coupon, max_uses: 0, uses: 40 }, { now: NOW })).toBeNull();
  });

  it('a personal coupon is its owner’s only; a first day not reached yet refuses', () => {
    expect(couponRefusal({ ...active, owner: 'u1' }, { now: NOW, userId: 'u2' })).toBe(
      COUPON_MESSAGES.otherAccount,
    );
    expect(couponRefusal({ ...active, owner: 'u1' }, { now: NOW, userId: 'u1' })).toBeNull();
    expect(couponRefusal({ ...active, valid_from: new Date('2027-06-02T04:00:00Z') }, { now: NOW })).toBe(
      COUPON_MESSAGES.notYet,
    );
  });
});
