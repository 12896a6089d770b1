// The sandbox's refunds (issue 24): part of a charge, several times, never more than was charged,
// each refund once by its key, also as recorded for another instance.
import { describe, expect, it } from 'vitest';
import { openMemoryStore } from '../store/memory.ts';
import { sandboxGateway, SANDBOX_NO_CHARGE, SANDBOX_OVER_REFUND } from './gateway.ts';
import { SANDBOX_CARDS } from '../../domain/cards.ts';

const card = { number: SANDBOX_CARDS.approved, expiry: '122030', cvv: '123', holder: 'Carmen Rodríguez' };

describe('sandbox refunds', () => {
  it('refunds parts of a charge up to what it was, each key once', async () => {
    const store = openMemoryStore();
    const gateway = sandboxGateway({ store });
    expect(
      (await gateway.charge({ amount: 10_000, currency: 'DOP', card, reference: 'CV-1001' })).approved,
    ).toBe(true);
    const first = await gateway.refund({ reference: 'CV-1001', amount: 4_000, key: 'CV-1001:c1' });
    expect(first).toMatchObject({ refunded: true });
    // The same key again: the same answer, nothing more given back.
    expect(await gateway.refund({ reference: 'CV-1001', amount: 4_000, key: 'CV-1001:c1' })).toEqual(first);
    expect(await gateway.refund({ reference: 'CV-1001', amount: 7_000, key: 'CV-1001:c2' })).toEqual({
      refunded: false,
      message: SANDBOX_OVER_REFUND,
    });
    // Another instance on the same store knows the refunds made.
    const other = sandboxGateway({ store });
    expect(await other.refund({ reference: 'CV-1001', amount: 6_001 })).toEqual({
      refunded: false,
      message: SANDBOX_OVER_REFUND,
    });
    expect((await other.refund({ reference: 'CV-1001', amount: 6_000 })).refunded).toBe(true);
    expect(await gateway.refund({ reference: 'CV-404', amount: 1 })).toEqual({
      refunded: false,
      message: SANDBOX_NO_CHARGE,
    });
  });
});
