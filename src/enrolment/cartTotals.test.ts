// What the cart costs (./cartTotals.ts): worked examples, in whole pesos.
import { describe, expect, it } from 'vitest';
import { addToCart, selectCategory, setMembership, toggleAll, toggleWeek } from './calendarRules.ts';
import { cartTotals, couponDisabled } from './cartTotals.ts';
import { emptyParticipant } from './wizardData.ts';
import {
  CAT_JUNIOR,
  CAT_MINI,
  NOW,
  VERANO10,
  addChild,
  annualProgram,
  cartState,
  must,
  programOptions,
  summerCamp,
  weekId,
} from './test-fixtures.ts';

describe('totals (worked examples, whole pesos)', () => {
  const camp = (children: number[][], coupon = null as typeof VERANO10 | null) => {
    let state = cartState(summerCamp);
    for (const weeks of children) state = addChild(state, weeks);
    return cartTotals({ ...state, coupon });
  };
  it.each([
    [
      '1 child × 1 week',
      [[1]],
      null,
      { participants: 1, subtotal: 4700, familyDiscount: 0, multiWeekDiscount: 0, total: 4700, discount: 0 },
    ],
    [
      '1 child × 2 weeks',
      [[1, 2]],
      null,
      { subtotal: 9400, multiWeekDiscount: 100, total: 9300, discount: 100 },
    ],
    ['1 child × 4 weeks', [[1, 2, 3, 4]], null, { subtotal: 18800, multiWeekDiscount: 600, total: 18200 }],
    [
      '2 children × 1 week',
      [[1], [1]],
      null,
      { participants: 2, subtotal: 9400, familyDiscount: 470, familyLabel: '5% OFF x 2 niños', total: 8930 },
    ],
    [
      '2 children × 2 weeks',
      [
        [1, 2],
        [1, 2],
      ],
      null,
      { subtotal: 18800, familyDiscount: 940, multiWeekDiscount: 200, total: 17660, discount: 1140 },
    ],
    [
      '2 children × 2 weeks, VERANO10',
      [
        [1, 2],
        [1, 2],
      ],
      VERANO10,
      {
        subtotal: 18800,
        familyDiscount: 940,
        multiWeekDiscount: 200,
        couponDiscount: 1766,
        total: 15894,
        discount: 2906,
      },
    ],
    [
      '3 children × 1 week',
      [[1], [2], [3]],
      null,
      { participants: 3, familyDiscount: 1410, familyLabel: '10% OFF x 3+ niños', total: 12690 },
    ],
    [
      'amount coupon RD$500',
      [[1]],
      { ...VERANO10, type: 'amount' as const, percent: 0, amount: 500 },
      { couponDiscount: 500, total: 4200 },
    ],
  ])('%s', (_name, children, coupon, expected) => {
    expect(camp(children, coupon)).toMatchObject(expected);
  });

  it('annual: options plus one membership per participant, waived for a declared one', () => {
    let state = cartState(annualProgram, programOptions);
    state = must(addToCart(toggleWeek(selectCategory(state, CAT_MINI), weekId(11)), NOW));
    state = must(
      addToCart(
        setMembership(toggleWeek(selectCategory(state, CAT_JUNIOR), weekId(12)), { have: 'SI', id: 'MB-1' }),
        NOW,
      ),
    );
    expect(cartTotals({ ...state, coupon: null })).toMatchObject({
      participants: 2,
      subtotal: 11500,
      familyDiscount: 0,
      multiWeekDiscount: 0,
      membership: 2500,
      total: 14000,
    });
  });

  it("counts the family's earlier children: unnamed slots as earlier ones, named ones as they are", () => {
    const state = addChild(cartState(summerCamp), [1]);
    const pedro = { first_name: 'Pedro', birth_date: '15/03/2016' };
    // On the calendar the child has no name yet: it may be Pedro again, so no discount is shown.
    expect(cartTotals({ ...state, coupon: null, earlierChildren: [pedro] })).toMatchObject({
      familyDiscount: 0,
      total: 4700,
    });
    const slot = { ...emptyParticipant(1), first_name: 'Ana', birth_date: '01/01/2019' };
    expect(
      cartTotals({ ...state, coupon: null, earlierChildren: [pedro], participants: { 1: slot } }),
    ).toMatchObject({
      familyDiscount: 235,
      familyLabel: '5% OFF x 2 niños, con inscripciones anteriores',
      total: 4465,
    });
    // Pedro himself again: one child.
    const again = { ...slot, first_name: 'pedro', birth_date: '15/03/2016' };
    expect(
      cartTotals({ ...state, coupon: null, earlierChildren: [pedro], participants: { 1: again } })
        .familyDiscount,
    ).toBe(0);
  });

  it('the coupon box is disabled for a camp once a line has a membership id, and the coupon ignored', () => {
    const plain = addChild(cartState(summerCamp), [1]);
    expect(couponDisabled(plain)).toBe(false);
    const member = must(
      addToCart(
        setMembership(selectCategory(toggleAll(plain), CAT_MINI), { have: 'SI', id: 'MB-000007' }),
        NOW,
      ),
    );
    expect(couponDisabled(member)).toBe(true);
    expect(cartTotals({ ...member, coupon: VERANO10 }).couponDiscount).toBe(0);
    // Annual programs always carry a membership id: their coupon box stays enabled.
    const program = must(
      addToCart(
        toggleWeek(selectCategory(cartState(annualProgram, programOptions), CAT_MINI), weekId(11)),
        NOW,
      ),
    );
    expect(couponDisabled(program)).toBe(false);
  });
});
