import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocatePesos,
  couponOff,
  formatDop,
  multiWeekRate,
  priceCart,
  repriceOrder,
  roundPeso,
  type PricedLine,
} from './pricing.ts';

/** Lines for children given as their number of weeks, e.g. [2, 2] = two children, two weeks each. */
function weeks(perChild: number[], value = 4700): PricedLine[] {
  return perChild.flatMap((count, child) =>
    Array.from({ length: count }, () => ({ cupo: child + 1, value })),
  );
}

const camp = (lines: PricedLine[], coupon: Parameters<typeof priceCart>[0]['coupon'] = null) =>
  priceCart({ campType: 'campamento', lines, membershipFee: 3500, coupon });

describe('summer camp prices (week RD$4,700)', () => {
  it.each`
    children        | subtotal | family  | familyLabel             | multiWeek | total
    ${[1]}          | ${4700}  | ${0}    | ${null}                 | ${0}      | ${4700}
    ${[2]}          | ${9400}  | ${0}    | ${null}                 | ${100}    | ${9300}
    ${[3]}          | ${14100} | ${0}    | ${null}                 | ${300}    | ${13800}
    ${[4]}          | ${18800} | ${0}    | ${null}                 | ${600}    | ${18200}
    ${[5]}          | ${23500} | ${0}    | ${null}                 | ${750}    | ${22750}
    ${[1, 1]}       | ${9400}  | ${470}  | ${'5% OFF x 2 niños'}   | ${0}      | ${8930}
    ${[2, 2]}       | ${18800} | ${940}  | ${'5% OFF x 2 niños'}   | ${200}    | ${17660}
    ${[3, 1]}       | ${18800} | ${940}  | ${'5% OFF x 2 niños'}   | ${300}    | ${17560}
    ${[1, 1, 1]}    | ${14100} | ${1410} | ${'10% OFF x 3+ niños'} | ${0}      | ${12690}
    ${[2, 2, 2]}    | ${28200} | ${2820} | ${'10% OFF x 3+ niños'} | ${300}    | ${25080}
    ${[1, 1, 1, 1]} | ${18800} | ${1880} | ${'10% OFF x 3+ niños'} | ${0}      | ${16920}
  `(
    'children with weeks $children → total RD$$total',
    ({ children, subtotal, family, familyLabel, multiWeek, total }) => {
      const price = camp(weeks(children));
      expect(price).toMatchObject({
        participants: children.length,
        subtotal,
        familyDiscount: family,
        familyLabel,
        multiWeekDiscount: multiWeek,
        membership: 0,
        couponDiscount: 0,
        gross: subtotal,
        total,
        discount: subtotal - total,
      });
    },
  );

  it('applies the multi-week rates of the spec exactly, per child', () => {
    expect([1, 2, 3, 4, 5].map(multiWeekRate)).toEqual([0, 0.0106383, 0.0212765957, 0.03191489, 0.03191489]);
    // Different week prices: child 1 takes 2 weeks (4,700 + 5,200), child 2 one week.
    const price = camp([
      { cupo: 1, value: 4700 },
      { cupo: 1, value: 5200 },
      { cupo: 2, value: 4700 },
    ]);
    // 9,900 x 0.0106383 = 105.32; family 5% of 14,600 = 730; 14,600 - 730 - 105.32 = 13,764.68
    expect(price).toMatchObject({
      subtotal: 14600,
      familyDiscount: 730,
      multiWeekDiscount: 105,
      total: 13765,
    });
  });

  it('counts quantity on a line', () => {
    expect(camp([{ cupo: 1, value: 4700, quantity: 2 }])).toMatchObject({ subtotal: 9400, total: 9400 });
  });
});

describe('family discount across orders (a camp option)', () => {
  const withFamily = (perChild: number[], familyChildren: number, campType = 'campamento') =>
    priceCart({ campType, lines: weeks(perChild), membershipFee: 3500, familyChildren });

  it("counts the family's earlier children for the tier, on this order's subtotal only", () => {
    // One child now, one paid before: 5% of this order's RD$4,700.
    expect(withFamily([1], 2)).toMatchObject({
      familyDiscount: 235,
      familyLabel: '5% OFF x 2 niños, con inscripciones anteriores',
      total: 4465,
    });
    // Two now, one before: 10%.
    expect(withFamily([1, 1], 3)).toMatchObject({ familyDiscount: 940, total: 8460 });
    // No earlier children: exactly the order's own rule.
    expect(withFamily([1, 1], 2)).toEqual(camp(weeks([1, 1])));
    expect(withFamily([1], 0)).toEqual(camp(weeks([1])));
  });

  it('never applies to annual programs (they have no family discount)', () => {
    expect(withFamily([1], 3, 'programaanual').familyDiscount).toBe(0);
  });
});

describe('coupons', () => {
  it('takes a percent of the total after the family and multi-week discounts', () => {
    const price = camp(weeks([2, 2]), { type: 'percent', percent: 10, amount: 0 });
    // 17,659.99996 x 10% = 1,765.999996
    expect(price).toMatchObject({ couponDiscount: 1766, total: 15894, discount: 18800 - 15894 });
  });

  it.each`
    coupon                                          | total   | couponDiscount
    ${{ type: 'amount', percent: 0, amount: 500 }}  | ${4200} | ${500}
    ${{ type: 'amount', percent: 0, amount: 5000 }} | ${0}    | ${4700}
    ${{ type: 'percent', percent: 100, amount: 0 }} | ${0}    | ${4700}
    ${{ type: 'percent', percent: 0, amount: 0 }}   | ${4700} | ${0}
    ${{ type: 'percent', percent: 150, amount: 0 }} | ${0}    | ${4700}
    ${{ type: 'amount', percent: 0, amount: -300 }} | ${4700} | ${0}
  `('$coupon on one week → RD$$total', ({ coupon, total, couponDiscount }) => {
    expect(camp(weeks([1]), coupon)).toMatchObject({ total, couponDiscount });
  });

  it('takes nothing off an empty cart', () => {
    expect(couponOff({ type: 'amount', percent: 0, amount: 500 }, 0)).toBe(0);
    expect(camp([], { type: 'amount', percent: 0, amount: 500 })).toMatchObject({
      participants: 0,
      total: 0,
      discount: 0,
    });
  });
});

describe('annual programs', () => {
  const annual = (
    lines: PricedLine[],
    slotsWithMembership: number[] = [],
    coupon: Parameters<typeof priceCart>[0]['coupon'] = null,
  ) => priceCart({ campType: 'programaanual', lines, membershipFee: 3500, slotsWithMembership, coupon });

  it.each`
    lines                                                                              | members | membership | total
    ${[{ cupo: 1, value: 3900 }]}                                                      | ${[]}   | ${3500}    | ${7400}
    ${[{ cupo: 1, value: 3900 }, { cupo: 2, value: 3900 }]}                            | ${[]}   | ${7000}    | ${14800}
    ${[{ cupo: 1, value: 3900 }, { cupo: 2, value: 3900 }]}                            | ${[2]}  | ${3500}    | ${11300}
    ${[{ cupo: 1, value: 35100 }]}                                                     | ${[1]}  | ${0}       | ${35100}
    ${[{ cupo: 1, value: 11100 }, { cupo: 2, value: 3900 }, { cupo: 3, value: 3900 }]} | ${[]}   | ${10500}   | ${29400}
  `(
    'options $lines with memberships $members → RD$$total, no family or multi-week discount',
    ({ lines, members, membership, total }) => {
      expect(annual(lines, members)).toMatchObject({
        membership,
        familyDiscount: 0,
        familyLabel: null,
        multiWeekDiscount: 0,
        total,
      });
    },
  );

  it('applies a coupon to options plus membership', () => {
    expect(annual([{ cupo: 1, value: 3900 }], [], { type: 'percent', percent: 10, amount: 0 })).toMatchObject(
      {
        gross: 7400,
        couponDiscount: 740,
        total: 6660,
        discount: 740,
      },
    );
  });

  it('prices the older annual type codes the same way', () => {
    for (const campType of ['programa_anual', 'programa']) {
      expect(priceCart({ campType, lines: [{ cupo: 1, value: 3900 }], membershipFee: 3500 }).total).toBe(
        7400,
      );
    }
  });
});

describe('rounding and display', () => {
  it('rounds halves up only at the end', () => {
    expect([roundPeso(100.5), roundPeso(100.49), roundPeso(2.5), roundPeso(0)]).toEqual([101, 100, 3, 0]);
    // Binary noise within a billionth of a peso of a half counts as the half (0.1 + 0.2 style errors).
    expect(roundPeso(470.49999999999994)).toBe(471);
    // 2 children at 4,705: total 8,939.5 is charged as 8,940, so the family line shows the 470
    // actually taken off (rounded alone, 470.5 would show 471 and the lines would not add up).
    const price = camp([
      { cupo: 1, value: 4705 },
      { cupo: 2, value: 4705 },
    ]);
    expect(price).toMatchObject({ familyDiscount: 470, total: 8940, discount: 470 });
  });

  it('shows discounts that add up to the total charged, to the peso (the reported cart)', () => {
    // Two children, 3 + 2 weeks at 4,700, VERANO10: 23,500 − 1,175 − 400 − 2,193 = 19,732.
    const price = camp(
      [1, 1, 1, 2, 2].map((cupo) => ({ cupo, value: 4700 })),
      { type: 'percent', percent: 10, amount: 0 },
    );
    expect(price).toMatchObject({
      subtotal: 23500,
      familyDiscount: 1175,
      multiWeekDiscount: 400,
      couponDiscount: 2193,
      total: 19732,
    });
    expect(price.subtotal - price.familyDiscount - price.multiWeekDiscount - price.couponDiscount).toBe(
      price.total,
    );
  });

  it('adds up on every cart: gross minus the shown discounts is the total, each within a peso of exact', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ cupo: fc.integer({ min: 1, max: 5 }), value: fc.integer({ min: 0, max: 50_000 }) }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        fc.option(
          fc.oneof(
            fc.record({
              type: fc.constant('percent' as const),
              percent: fc.integer({ min: 0, max: 100 }),
              amount: fc.constant(0),
            }),
            fc.record({
              type: fc.constant('amount' as const),
              percent: fc.constant(0),
              amount: fc.integer({ min: 0, max: 100_000 }),
            }),
          ),
          { nil: null },
        ),
        fc.boolean(),
        (lines, coupon, annual) => {
          const price = priceCart({
            campType: annual ? 'programaanual' : 'campamento',
            lines,
            membershipFee: 3500,
            coupon,
          });
          expect(price.gross - price.familyDiscount - price.multiWeekDiscount - price.couponDiscount).toBe(
            price.total,
          );
          for (const shown of [price.familyDiscount, price.multiWeekDiscount, price.couponDiscount]) {
            expect(Number.isInteger(shown) && shown >= 0).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('allocates whole pesos by largest remainder', () => {
    expect(allocatePesos([470.5], 470)).toEqual([470]);
    expect(allocatePesos([1175, 400, 2192.5], 3768)).toEqual([1175, 400, 2193]);
    expect(allocatePesos([0.4, 0.4, 0.2], 1)).toEqual([1, 0, 0]);
    expect(allocatePesos([0.5, 0.5], 1)).toEqual([1, 0]);
    expect(allocatePesos([], 0)).toEqual([]);
  });

  it('formats pesos as RD$ with thousands separators and no decimals', () => {
    expect(formatDop(13800)).toBe('RD$13,800');
    expect(formatDop(4700)).toBe('RD$4,700');
    expect(formatDop(0)).toBe('RD$0');
  });
});

describe('repriceOrder: a paid camp order after a partial change (issue 24)', () => {
  const reprice = (
    lines: PricedLine[],
    charged: number,
    coupon: Parameters<typeof priceCart>[0]['coupon'] = null,
  ) => repriceOrder({ campType: 'campamento', lines, membershipFee: 3500, coupon }, charged);
  const percent10 = { type: 'percent' as const, percent: 10, amount: 0 };
  const amount1000 = { type: 'amount' as const, percent: 0, amount: 1000 };

  // Worked examples to the peso: what was charged, the lines left, the new total and the difference.
  it.each([
    // Two children (2 + 1 weeks, 13,295) lose a week: 9,400 - 5 % = 8,930, 4,365 back.
    {
      change: 'drop a week',
      charged: 13_295,
      left: weeks([1, 1]),
      coupon: null,
      total: 8_930,
      difference: -4_365,
    },
    // Three children one week each (12,690) lose one: the 10 % tier drops to 5 %: 8,930, 3,760 back.
    {
      change: 'drop a child',
      charged: 12_690,
      left: weeks([1, 1]),
      coupon: null,
      total: 8_930,
      difference: -3_760,
    },
    // One child two weeks (9,300) left with one: the multi-week rate goes: 4,700, 4,600 back.
    {
      change: 'one week left',
      charged: 9_300,
      left: weeks([1]),
      coupon: null,
      total: 4_700,
      difference: -4_600,
    },
    // A move to a dearer week (4,700 → 5,200): the family owes 500.
    {
      change: 'move dearer',
      charged: 4_700,
      left: [{ cupo: 1, value: 5_200 }],
      coupon: null,
      total: 5_200,
      difference: 500,
    },
    // A 10 % coupon takes its share of the new subtotal: 2 weeks 9,300 → 8,370; 1 week → 4,230.
    {
      change: 'percent coupon',
      charged: 8_370,
      left: weeks([1]),
      coupon: percent10,
      total: 4_230,
      difference: -4_140,
    },
    // An amount coupon stays whole while the order covers it: 9,300 - 1,000 → 4,700 - 1,000.
    {
      change: 'amount coupon',
      charged: 8_300,
      left: weeks([1]),
      coupon: amount1000,
      total: 3_700,
      difference: -4_600,
    },
  ])('$change: $charged → $total ($difference)', ({ charged, left, coupon, total, difference }) => {
    const { price, difference: got } = reprice(left, charged, coupon);
    expect(price.total).toBe(total);
    expect(got).toBe(difference);
  });

  it('is priceCart of the lines left: the same figures a new order of them would get', () => {
    const left = weeks([2, 1, 1]);
    expect(reprice(left, 20_000).price).toEqual(camp(left));
  });
});
