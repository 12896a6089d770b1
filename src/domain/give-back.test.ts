// Worked examples of the give-back bound (issue 53), to the peso.
import { describe, expect, it } from 'vitest';
import { boundChangeBack, cancellationPlan, cancelMoneyLines, leftToGiveBack } from './give-back.ts';
import { refundSentence } from './cancellation.ts';

describe('what an order may still give back', () => {
  it.each([
    // collected card, office | given card, credit | staff plan: card, office
    ['a plain card order', 9_300, 0, 0, 0, 9_300, 0],
    ['a credit of a change, kept (spent)', 9_300, 0, 0, 4_600, 4_700, 0],
    ['a card refund of a change', 13_295, 0, 4_365, 0, 8_930, 0],
    ['card and cash of an annual plan', 7_400, 3_900, 0, 0, 7_400, 3_900],
    ['everything given back already', 9_300, 0, 4_700, 4_600, 0, 0],
  ])('%s', (_, card, office, givenCard, credit, toCard, toOffice) => {
    const collected = { card, office };
    const given = { card: givenCard, credit };
    const plan = cancellationPlan(collected, given);
    expect([plan.card, plan.office]).toEqual([toCard, toOffice]);
    // Never more than collected, in all.
    expect(givenCard + credit + plan.card + plan.office).toBeLessThanOrEqual(card + office);
    expect(plan.card + plan.office + plan.credit + plan.fee).toBe(leftToGiveBack(collected, given));
  });

  it('a parent under a fee rule keeps the fee once, the card first, the counter the rest', () => {
    const plan = cancellationPlan(
      { card: 7_400, office: 3_900 },
      { card: 0, credit: 0 },
      {
        refund_rule: 'fee',
        cancel_fee: 1_000,
      },
    );
    expect(plan).toEqual({ rule: 'fee', card: 7_400, office: 2_900, credit: 0, fee: 1_000 });
    expect(refundSentence(plan)).toBe(
      'Se reembolsarán RD$7,400 a su tarjeta (el cargo por cancelación es de RD$1,000). La escuela le devolverá RD$2,900 pagados en efectivo o por transferencia.',
    );
  });

  it('a change gives back at most what is left, the card at most what it paid', () => {
    expect(
      boundChangeBack({ card: 4_600, credit: 0 }, { card: 9_300, office: 0 }, { card: 0, credit: 4_700 }),
    ).toEqual({
      card: 4_600,
      credit: 0,
    });
    expect(
      boundChangeBack({ card: 0, credit: 4_600 }, { card: 9_300, office: 0 }, { card: 4_700, credit: 4_600 }),
    ).toEqual({ card: 0, credit: 0 });
    expect(
      boundChangeBack({ card: 3_000, credit: 0 }, { card: 1_000, office: 5_000 }, { card: 0, credit: 0 }),
    ).toEqual({
      card: 1_000,
      credit: 0,
    });
  });

  it('the cancel dialog names every method and what goes back how', () => {
    const cases: Array<[Parameters<typeof cancelMoneyLines>[0], string[]]> = [
      [
        {
          collected: { card: 7_400, office: 3_900 },
          given: { card: 0, credit: 0 },
          card: 7_400,
          office: 3_900,
        },
        [
          'La familia pagó RD$7,400 con tarjeta y RD$3,900 en efectivo, transferencia o cheque.',
          'Al cancelar, se reembolsarán RD$7,400 a la tarjeta y quedarán RD$3,900 por devolver en efectivo o transferencia.',
        ],
      ],
      [
        { collected: { card: 9_300, office: 0 }, given: { card: 0, credit: 4_600 }, card: 4_700, office: 0 },
        [
          'La familia pagó RD$9,300 con tarjeta.',
          'Ya se le devolvieron RD$4,600 en créditos ya usados.',
          'Al cancelar, se reembolsarán RD$4,700 a la tarjeta.',
        ],
      ],
    ];
    for (const [money, lines] of cases) expect(cancelMoneyLines(money)).toEqual(lines);
  });
});
