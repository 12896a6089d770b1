import { describe, expect, it } from 'vitest';
import { ageOn, cancelMembershipLine, phoneSearchDigits } from './staff.ts';

describe("ageOn: a roster's age on the week's first day (issue 25)", () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('15/03/2016', '14/03/2027 - 18/03/2027')).toBe(10);
    expect(ageOn('15/03/2016', '15/03/2027 - 19/03/2027')).toBe(11);
    expect(ageOn('29/02/2016', '28/02/2027')).toBe(10);
  });
  it('answers null for what cannot be read', () => {
    expect(ageOn('', '14/06/2027')).toBeNull();
    expect(ageOn('15/03/2016', 'Pago mensual')).toBeNull();
  });
});

describe('phoneSearchDigits: a phone typed into the staff search', () => {
  it('is its digits however it is typed, without the country code', () => {
    for (const typed of ['809-555-0301', '8095550301', '(809) 555 0301', '+1 809 555 0301', '1-809-555-0301'])
      expect(phoneSearchDigits(typed), typed).toBe('8095550301');
  });
  it('is none for fewer than seven digits or a text that is not a phone', () => {
    expect(phoneSearchDigits('0301')).toBeNull();
    expect(phoneSearchDigits('555-030')).toBeNull();
    expect(phoneSearchDigits('MB-8MYQ-4HFX')).toBeNull();
    expect(phoneSearchDigits('Carmen 8095550301')).toBeNull();
  });
});

describe("'Cancelar inscripción' names the memberships it voids (issue 54)", () => {
  it('voids the order’s own memberships and says the reused ones stay valid', () => {
    expect(cancelMembershipLine(['MB-AAAA-1111'], ['MB-AAAA-1111', 'MB-8MYQ-4HFX'])).toBe(
      'Se anulará la membresía que emitió esta orden: MB-AAAA-1111. La membresía de inscripciones anteriores (MB-8MYQ-4HFX) sigue válida.',
    );
    expect(cancelMembershipLine([], ['MB-8MYQ-4HFX', 'MB-8MYQ-4HFX'])).toBe(
      'Esta orden no emitió membresías: no se anula ninguna. La membresía de inscripciones anteriores (MB-8MYQ-4HFX) sigue válida.',
    );
    expect(cancelMembershipLine(['MB-A', 'MB-B'], ['MB-A', 'MB-B'])).toBe(
      'Se anularán las membresías que emitió esta orden: MB-A, MB-B.',
    );
  });
});
