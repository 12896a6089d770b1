import { describe, expect, it } from 'vitest';
import { ageOn } from './staff.ts';

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
