// The payment port's promises (src/core/checkout/gateway.ts), one suite run against the built-in
// sandbox and against the AZUL adapter talking to the AZUL stand-in over mutual TLS (issue 21), so
// both keep them: approval, each family of declines, lookup of a charge and of one never sent,
// refunds (whole, in part, once per key), and saved cards (keep, charge, delete).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxGateway } from '../../src/core/checkout/gateway.ts';
import { SANDBOX_CARDS } from '../../src/domain/cards.ts';
import { openMemoryStore } from '../../src/core/store/memory.ts';
import { azulSubject, type GatewaySubject as Subject, testCard as card } from '../testing/azul.ts';

const subjects: Array<[string, () => Promise<Subject>]> = [
  [
    'sandbox',
    async () => ({
      gateway: sandboxGateway({ store: openMemoryStore() }),
      cards: {
        approved: card(SANDBOX_CARDS.approved),
        insufficient: card(SANDBOX_CARDS.insufficientFunds),
        invalid: card('4242424242424241'),
        expired: card(SANDBOX_CARDS.approved, '123', '012020'),
      },
      close: async () => undefined,
    }),
  ],
  ['AZUL (stand-in)', azulSubject],
];

describe.each(subjects)('the payment port on %s', (_name, make) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(async () => subject?.close());
  let sequence = 0;
  const reference = () => `T${Date.now() % 1_000_000}${(sequence += 1)}`;
  const charge = (which: keyof Subject['cards'], amount = 4_700, ref = reference()) =>
    subject.gateway.charge({ amount, currency: 'DOP', card: subject.cards[which], reference: ref });

  it('approves a good card: an authorization, its own reference, the last four digits', async () => {
    const result = await charge('approved');
    expect(result).toMatchObject({ approved: true, last4: subject.cards.approved.number.slice(-4) });
    if (!result.approved) return;
    expect(result.authCode).not.toBe('');
    expect(result.gatewayReference).not.toBe('');
  });

  it('declines by family: insufficient funds, an invalid number, an expired card', async () => {
    expect(await charge('insufficient')).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    expect(await charge('invalid')).toMatchObject({ approved: false, reason: 'invalid_card' });
    expect(await charge('expired')).toMatchObject({ approved: false, reason: 'expired' });
  });

  it('looks a charge up by our reference; one never sent is null', async () => {
    const ref = reference();
    const result = await charge('approved', 4_700, ref);
    const found = await subject.gateway.lookup(ref);
    expect(found).toMatchObject({ approved: true });
    if (found?.approved && result.approved) expect(found.gatewayReference).toBe(result.gatewayReference);
    const declined = reference();
    await charge('insufficient', 4_700, declined);
    expect(await subject.gateway.lookup(declined)).toMatchObject({ approved: false });
    expect(await subject.gateway.lookup(reference())).toBeNull();
  });

  it('refunds a whole charge once per key; a refund of nothing is refused', async () => {
    const ref = reference();
    await charge('approved', 4_700, ref);
    const first = await subject.gateway.refund({ reference: ref, amount: 4_700 });
    expect(first).toMatchObject({ refunded: true });
    expect(await subject.gateway.refund({ reference: ref, amount: 4_700 })).toEqual(first);
    expect(await subject.gateway.refund({ reference: reference(), amount: 100 })).toMatchObject({
      refunded: false,
    });
  });

  it('refunds part of a charge', async () => {
    const ref = reference();
    await charge('approved', 9_400, ref);
    expect(await subject.gateway.refund({ reference: ref, amount: 4_700, key: `${ref}:c1` })).toMatchObject({
      refunded: true,
    });
  });

  it('keeps a card, charges it, and after deleting it refuses it', async () => {
    const saved = await subject.gateway.saveCard({ card: subject.cards.approved, customer: 'familia-1' });
    expect(saved).toMatchObject({
      saved: true,
      last4: subject.cards.approved.number.slice(-4),
      expiry: '122030',
    });
    if (!saved.saved) return;
    const paid = await subject.gateway.chargeSaved({
      token: saved.token,
      amount: 1_500,
      currency: 'DOP',
      reference: reference(),
    });
    expect(paid).toMatchObject({ approved: true, last4: subject.cards.approved.number.slice(-4) });
    await subject.gateway.deleteCard(saved.token);
    const after = await subject.gateway.chargeSaved({
      token: saved.token,
      amount: 1_500,
      currency: 'DOP',
      reference: reference(),
    });
    expect(after).toMatchObject({ approved: false, reason: 'invalid_card' });
    expect(
      await subject.gateway.saveCard({ card: subject.cards.invalid, customer: 'familia-1' }),
    ).toMatchObject({
      saved: false,
      reason: 'invalid_card',
    });
  });
});
