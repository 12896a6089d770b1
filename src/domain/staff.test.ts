import { describe, expect, it } from 'vitest';
import { ageOn, phoneSearchDigits } from './staff.ts';

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
