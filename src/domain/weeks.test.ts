import { describe, expect, it } from 'vitest';
import { WEEK_MESSAGES, readWeekDates, weekDatesProblem, weekWarnings } from './weeks.ts';

describe("a week's dates (the office's issue: weeks that cannot exist)", () => {
  it('reads its first and last day, and nothing from an empty or unreadable text', () => {
    expect(readWeekDates('14/06/2027 - 18/06/2027')).toEqual({ first: '2027-06-14', last: '2027-06-18' });
    expect(readWeekDates(' 29/02/2028-03/03/2028 ')).toEqual({ first: '2028-02-29', last: '2028-03-03' });
    expect(readWeekDates('')).toBeNull();
    expect(readWeekDates('Pago mensual')).toBeNull();
  });

  it('says which day does not exist, or that the end comes before the start', () => {
    expect(weekDatesProblem('31/02/2027 - 35/02/2027')).toBe(WEEK_MESSAGES.noSuchDay('31/02/2027'));
    expect(weekDatesProblem('29/02/2027 - 05/03/2027')).toBe(WEEK_MESSAGES.noSuchDay('29/02/2027'));
    expect(weekDatesProblem('23/12/2026 - 21/12/2026')).toBe(
      WEEK_MESSAGES.reversed('23/12/2026', '21/12/2026'),
    );
    expect(weekDatesProblem('14/06/2027 - 14/06/2027')).toBeNull();
    expect(weekDatesProblem('')).toBeNull();
  });

  it("warns of days outside the camp's and of a capacity below the places taken", () => {
    const camp = { first: '2027-06-14', last: '2027-08-06' };
    const inside = { first: '2027-06-14', last: '2027-06-18' };
    expect(weekWarnings({ days: inside, camp, capacity: 30, taken: 30 })).toEqual([]);
    expect(weekWarnings({ days: inside, camp, capacity: 0, taken: 12 })).toEqual([]);
    const late = { first: '2027-08-02', last: '2027-08-09' };
    expect(weekWarnings({ days: late, camp, capacity: 3, taken: 4 })).toEqual([
      WEEK_MESSAGES.outsideCamp(late, camp),
      WEEK_MESSAGES.capacityBelowTaken(3, 4),
    ]);
    expect(WEEK_MESSAGES.capacityBelowTaken(3, 4)).toBe(
      'La capacidad (3) es menor que los cupos ocupados (4): la semana quedará agotada.',
    );
  });
});
