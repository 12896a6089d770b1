import { describe, expect, it } from 'vitest';
import { childKey, familyChildCount } from './family.ts';

const pedro = { first_name: 'Pedro', birth_date: '15/03/2016' };
const maria = { first_name: 'María José', birth_date: '02/07/2018' };
const ana = { first_name: 'Ana', birth_date: '01/01/2019' };

describe('the family children counted across orders', () => {
  it('is the same child whatever the case, accents and spaces typed', () => {
    expect(childKey({ first_name: '  maria   jose ', birth_date: '02/07/2018 ' })).toBe(childKey(maria));
    expect(childKey({ first_name: 'Pedro', birth_date: '16/03/2016' })).not.toBe(childKey(pedro));
  });

  it("counts each child once: earlier orders' and this order's", () => {
    expect(familyChildCount([], [pedro])).toBe(1);
    expect(familyChildCount([pedro], [maria])).toBe(2);
    expect(familyChildCount([pedro], [{ first_name: 'PEDRO', birth_date: '15/03/2016' }])).toBe(1);
    expect(familyChildCount([pedro, pedro, maria], [ana])).toBe(3);
  });

  it('counts a slot not yet named as an earlier child while any is left, so the price never drops later', () => {
    expect(familyChildCount([pedro], [null])).toBe(1);
    expect(familyChildCount([pedro], [null, null])).toBe(2);
    expect(familyChildCount([pedro, maria], [ana, { first_name: '', birth_date: '' }])).toBe(3);
    expect(familyChildCount([], [null])).toBe(1);
  });
});
