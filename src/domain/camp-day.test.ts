// The camp day's days (issue 53): which days exist and which are a week's camp days, as the page
// and the server both read them.
import { describe, expect, it } from 'vitest';
import { campDaysOf, dayLabel, dayRefusal, isCalendarDay, markableDays } from './camp-day.ts';

describe('camp days', () => {
  it('a day exists only as a real YYYY-MM-DD', () => {
    expect(['2027-06-14', '2028-02-29'].map(isCalendarDay)).toEqual([true, true]);
    for (const day of ['2027-02-30', '2027-02-29', '2027-13-45', '0000-00-00', '14/06/2027', ''])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it("a week's camp days run from its first date to its last, weekends inside included", () => {
    expect(campDaysOf('14/06/2027 - 18/06/2027')).toEqual([
      '2027-06-14',
      '2027-06-15',
      '2027-06-16',
      '2027-06-17',
      '2027-06-18',
    ]);
    expect(campDaysOf('28/06/2027 - 02/07/2027')).toHaveLength(5);
    expect(campDaysOf('18/06/2027 - 20/06/2027')).toEqual(['2027-06-18', '2027-06-19', '2027-06-20']);
    for (const dates of ['', '18/06/2027 - 14/06/2027', '30/02/2027 - 03/03/2027', '01/01/2027 - 01/01/2029'])
      expect(campDaysOf(dates), dates).toEqual([]);
  });

  it('the office marks any camp day, a coach today only; refusals say why', () => {
    const week = '14/06/2027 - 18/06/2027';
    expect(markableDays(week, 'oficina', '2026-11-28')).toHaveLength(5);
    expect(markableDays(week, 'entrenador', '2026-11-28')).toEqual([]);
    expect(markableDays(week, 'entrenador', '2027-06-15')).toEqual(['2027-06-15']);
    expect(dayRefusal('2027-06-19', week, 'administrador', '2027-06-15')?.status).toBe(400);
    expect(dayRefusal('2027-02-30', week, 'administrador', '2027-06-15')?.status).toBe(400);
    expect(dayRefusal('2027-06-14', week, 'entrenador', '2027-06-15')?.status).toBe(403);
    expect(dayRefusal('2027-06-14', week, 'oficina', '2027-06-15')).toBeNull();
    expect(dayLabel('2027-06-14')).toBe('lunes 14/06/2027');
  });
});
