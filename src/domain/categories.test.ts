import { describe, expect, it } from 'vitest';
import { ageRangeText, outsideAgeRange, participantCategoryProblems } from './categories.ts';

const mini = { _id: 'mini', name: 'Mini (6 a 9 años)', age_min: 6, age_max: 9 };
const teens = { _id: 'teens', name: 'Juvenil', age_min: 14, age_max: null };
const open = { _id: 'open', name: 'Horario de la mañana' };

describe('category age ranges', () => {
  it('words a range, an open end, or nothing', () => {
    expect(ageRangeText(mini)).toBe('6 a 9 años');
    expect(ageRangeText(teens)).toBe('desde 14 años');
    expect(ageRangeText({ name: 'x', age_max: 9 })).toBe('hasta 9 años');
    expect(ageRangeText(open)).toBe('');
  });

  it('takes the bounds as inclusive, and any age without a range', () => {
    expect([5, 6, 9, 10].map((age) => outsideAgeRange(mini, age))).toEqual([true, false, false, true]);
    expect([13, 14, 18].map((age) => outsideAgeRange(teens, age))).toEqual([true, false, false]);
    expect(outsideAgeRange(open, 18)).toBe(false);
  });

  it("names each of the child's categories their age does not fit, and only theirs", () => {
    const lines = [
      { cupo: 1, time: 'mini' },
      { cupo: 1, time: 'teens' },
      { cupo: 2, time: 'open' },
    ];
    const categories = [mini, teens, open];
    expect(participantCategoryProblems({ id: 1, age: '15' }, lines, categories)).toEqual([
      '- La edad (15 años) no corresponde a la categoría Mini (6 a 9 años)',
    ]);
    expect(participantCategoryProblems({ id: 1, age: '8' }, lines, categories)).toEqual([
      '- La edad (8 años) no corresponde a la categoría Juvenil (desde 14 años)',
    ]);
    expect(participantCategoryProblems({ id: 2, age: '15' }, lines, categories)).toEqual([]);
    // An invalid age has its own message; no category line is added for it.
    expect(participantCategoryProblems({ id: 1, age: '40' }, lines, categories)).toEqual([]);
  });
});
