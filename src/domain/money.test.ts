import { describe, expect, it } from 'vitest';
import { addToTotals, allocateNet, emptyTotals, orderMoney } from './money.ts';

const order = { amount: 17_100, discount: 900, payment_status: 'paid', status: 'active' };

describe('an order’s money', () => {
  it('keeps what it collected while it stands', () => {
    expect(orderMoney(order, 17_100)).toEqual({
      gross: 18_000,
      discount: 900,
      total: 17_100,
      collected: 17_100,
      refunded: 0,
      net: 17_100,
      owed: 0,
    });
  });

  it('an annual order collects its instalments as they are paid', () => {
    expect(orderMoney({ ...order, amount: 7_800 }, 11_700, 39_000)).toMatchObject({
      total: 39_000,
      collected: 11_700,
      net: 11_700,
      owed: 27_300,
    });
  });

  it('a full refund keeps nothing; a refund minus a fee keeps the fee; a credit keeps all', () => {
    const cancelled = { ...order, status: 'cancelled' };
    expect(orderMoney({ ...cancelled, refund_status: 'refunded', refund_amount: 17_100 }, 17_100).net).toBe(
      0,
    );
    expect(
      orderMoney({ ...cancelled, refund_status: 'pending', refund_amount: 15_100 }, 17_100),
    ).toMatchObject({
      refunded: 15_100,
      net: 2_000,
    });
    expect(orderMoney({ ...cancelled, refund_status: 'none', refund_amount: 0 }, 17_100).net).toBe(17_100);
  });

  it('an order that never paid collected nothing', () => {
    expect(orderMoney({ ...order, payment_status: 'declined' }, 17_100)).toMatchObject({
      collected: 0,
      net: 0,
    });
  });

  it('adds orders up, and splits a net over its lines to the peso', () => {
    const totals = [
      orderMoney(order, 17_100),
      orderMoney({ ...order, status: 'cancelled', refund_status: 'refunded', refund_amount: 17_100 }, 17_100),
    ].reduce(addToTotals, emptyTotals());
    expect(totals).toEqual({ orders: 2, collected: 34_200, refunded: 17_100, net: 17_100, owed: 0 });
    const lines = allocateNet(17_100, [4_500, 4_500, 4_500, 4_500]);
    expect(lines).toEqual([4_275, 4_275, 4_275, 4_275]);
    const odd = allocateNet(1_000, [3, 3, 3]);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(1_000);
    expect(allocateNet(0, [])).toEqual([]);
    expect(allocateNet(100, [0, 0])).toEqual([50, 50]);
  });
});
