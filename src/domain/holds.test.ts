import { describe, expect, it } from 'vitest';
import {
  cartShareOf,
  countdownText,
  expiredHolds,
  holdFamilyMaxOf,
  holdMinutesOf,
  holdWindow,
  liveCartHeld,
  liveTaken,
} from './holds.ts';

const week = {
  quota_f: 10,
  holds: { 'order-1': 4, 'cart-a': 2, 'cart-b': 3 },
  hold_expiry: { 'cart-a': new Date('2027-05-03T15:15:00Z'), 'cart-b': '2027-05-03T15:20:00.000Z' },
};

describe('holds', () => {
  it("stops counting a cart's hold the moment it expires; an order's hold never expires", () => {
    const at = (iso: string) => new Date(iso);
    expect(liveTaken(week, at('2027-05-03T15:14:59Z'))).toBe(10);
    expect(liveCartHeld(week, at('2027-05-03T15:14:59Z'))).toBe(5);
    expect(expiredHolds(week, at('2027-05-03T15:15:00Z'))).toEqual([{ hold: 'cart-a', amount: 2 }]);
    expect(liveTaken(week, at('2027-05-03T15:15:00Z'))).toBe(8);
    expect(liveCartHeld(week, at('2027-05-03T15:15:00Z'))).toBe(3);
    expect(liveTaken(week, at('2030-01-01T00:00:00Z'))).toBe(5);
    expect(liveTaken({ quota_f: 3 }, at('2030-01-01T00:00:00Z'))).toBe(3);
  });

  it('shows the countdown as minutes and seconds, never below zero', () => {
    expect(countdownText(12 * 60_000 + 34_000)).toBe('12:34');
    expect(countdownText(59_001)).toBe('01:00');
    expect(countdownText(-5)).toBe('00:00');
  });

  it('holds 15 minutes unless the camp says otherwise (0: no holds)', () => {
    expect(holdMinutesOf({})).toBe(15);
    expect(holdMinutesOf({ hold_minutes: 0 })).toBe(0);
    expect(holdMinutesOf({ hold_minutes: 30 })).toBe(30);
  });

  it('bounds a family to 5 places a week and unpaid carts to half a week, unless the camp says', () => {
    expect(holdFamilyMaxOf({})).toBe(5);
    expect(holdFamilyMaxOf({ hold_family_max: 2 })).toBe(2);
    expect(cartShareOf({}, { quota_q: 30 })).toBe(15);
    expect(cartShareOf({}, { quota_q: 3 })).toBe(1);
    expect(cartShareOf({ hold_share_percent: 20 }, { quota_q: 30 })).toBe(6);
    expect(cartShareOf({ hold_share_percent: 1 }, { quota_q: 10 })).toBe(1);
    expect(cartShareOf({}, { quota_q: 0 })).toBe(Infinity);
  });

  it('renews holds within twice the hold time from the first; then nothing for one hold time', () => {
    const start = new Date('2027-05-03T15:00:00Z');
    const after = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    expect(holdWindow(null, start, 15)).toEqual({ startedAt: start, until: after(15) });
    expect(holdWindow(start, after(10), 15)).toEqual({ startedAt: start, until: after(25) });
    expect(holdWindow(start, after(20), 15)).toEqual({ startedAt: start, until: after(30) });
    expect(holdWindow(start, after(30), 15)).toBeNull();
    expect(holdWindow(start, after(44), 15)).toBeNull();
    expect(holdWindow(start, after(45), 15)).toEqual({ startedAt: after(45), until: after(60) });
  });
});
