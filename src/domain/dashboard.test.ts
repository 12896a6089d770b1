import { describe, expect, it } from 'vitest';
import { paidDaysRange, paidPerDay, peopleCounter, percentage, santoDomingoDay } from './dashboard.ts';

// 02:30 UTC on 15 March is still 14 March in Santo Domingo (UTC-4).
const NOW = new Date('2027-03-15T02:30:00.000Z');
const paid = (at: string, amount = 4700) => ({ payment_status: 'paid', paid_at: new Date(at), amount });

describe('santoDomingoDay', () => {
  it('reads the calendar day at UTC-4 all year', () => {
    expect(santoDomingoDay(NOW)).toBe('2027-03-14');
    expect(santoDomingoDay(new Date('2027-03-15T04:00:00.000Z'))).toBe('2027-03-15');
    expect(santoDomingoDay(new Date('2027-03-15T03:59:59.999Z'))).toBe('2027-03-14');
    // No daylight saving: July keeps the same offset.
    expect(santoDomingoDay(new Date('2027-07-01T03:59:59.999Z'))).toBe('2027-06-30');
  });
});

describe('paidDaysRange', () => {
  it('runs from 00:00 Santo Domingo of the oldest day to the end of today', () => {
    expect(paidDaysRange(NOW)).toEqual({
      from: new Date('2027-02-13T04:00:00.000Z'),
      until: new Date('2027-03-15T04:00:00.000Z'),
    });
    expect(paidDaysRange(NOW, 1)).toEqual({
      from: new Date('2027-03-14T04:00:00.000Z'),
      until: new Date('2027-03-15T04:00:00.000Z'),
    });
  });
});

describe('paidPerDay', () => {
  it('lists the last 30 days up to today, oldest first, every day present', () => {
    const days = paidPerDay([], NOW);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2027-02-13', count: 0, amount: 0 });
    expect(days[29]).toEqual({ day: '2027-03-14', count: 0, amount: 0 });
    // Consecutive days across the end of February.
    expect(days.slice(14, 18).map((entry) => entry.day)).toEqual([
      '2027-02-27',
      '2027-02-28',
      '2027-03-01',
      '2027-03-02',
    ]);
  });

  it('counts and sums paid enrolments by the Santo Domingo day of paid_at', () => {
    const days = paidPerDay(
      [
        paid('2027-03-15T01:00:00.000Z', 4700), // 14 March, 21:00 in Santo Domingo: today
        paid('2027-03-14T04:00:00.000Z', 9300), // 14 March, 00:00: today
        paid('2027-03-14T03:59:59.999Z', 100), // 13 March, 23:59
        paid('2027-02-13T04:00:00.000Z', 3500), // the oldest day's first instant
        paid('2027-02-13T03:59:59.999Z', 1), // the day before: out of range
        paid('2027-03-15T04:00:00.000Z', 1), // tomorrow: out of range
        { payment_status: 'pending', paid_at: null, amount: 4700 },
        { payment_status: 'declined', paid_at: new Date('2027-03-14T12:00:00.000Z'), amount: 4700 },
        { payment_status: 'paid', paid_at: null, amount: 4700 },
        // Cancelled today with a 10 % fee kept: its money counts, not the order (issue 24).
        {
          payment_status: 'paid',
          paid_at: new Date('2027-03-14T13:00:00.000Z'),
          status: 'cancelled',
          amount: 470,
        },
      ],
      NOW,
    );
    expect(days.filter((entry) => entry.count > 0)).toEqual([
      { day: '2027-02-13', count: 1, amount: 3500 },
      { day: '2027-03-13', count: 1, amount: 100 },
      { day: '2027-03-14', count: 2, amount: 14470 },
    ]);
    expect(days).toHaveLength(30);
  });

  it('keeps amounts whole', () => {
    const [today] = paidPerDay([paid('2027-03-14T12:00:00.000Z', 10.6)], NOW, 1);
    expect(today).toEqual({ day: '2027-03-14', count: 1, amount: 11 });
  });
});

describe('percentage', () => {
  it('rounds to a whole number, 0 when there is nothing', () => {
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(0, 0)).toBe(0);
    expect(percentage(3, 3)).toBe(100);
  });
});

describe('peopleCounter (issue 54)', () => {
  it('counts a child once per family across orders, and families whose emergency contact can be called', () => {
    const counter = peopleCounter();
    const luis = { first_name: 'Luis', birth_date: '02/02/2017' };
    const contact = { first_name: 'Rosa', phone_home: '809-555-0101' };
    counter.add({ user_id: 'a', participants: [luis], contact });
    counter.add({ user_id: 'a', participants: [{ ...luis, first_name: 'LUÍS ' }], contact });
    counter.add({ user_id: 'a', participants: [luis], status: 'cancelled', contact });
    counter.add({ user_id: 'b', participants: [luis], status: 'cancelled', contact: { first_name: 'Ana' } });
    expect(counter.counts()).toEqual({
      participantes: { total: 2, active: 1 },
      contactos: { total: 1, active: 1 },
    });
  });
});
