import { describe, expect, it } from 'vitest';
import {
  archivesToPrune,
  backupName,
  backupWarning,
  BACKUP_MESSAGES,
  nightlyDue,
  parseBackupKeep,
} from './backup.ts';

const named = (day: string, time = '030000') => `respaldo-${day}-${time}-v0.1.0.respaldo`;

describe('backups: names, keeping, the nightly hour and the dashboard (issue 27)', () => {
  it('names an archive with the Santo Domingo date and time and the app version', () => {
    expect(backupName(new Date('2027-06-14T07:05:09Z'), '0.1.0')).toBe(
      'respaldo-2027-06-14-030509-v0.1.0.respaldo',
    );
    // 23:30 in Santo Domingo is the next day in UTC: the name keeps the school's day.
    expect(backupName(new Date('2027-06-15T03:30:00Z'), '1.2.3')).toBe(
      'respaldo-2027-06-14-233000-v1.2.3.respaldo',
    );
  });

  it('keeps every archive of the last 14 days, the newest of each of 8 weeks, and nothing else is touched', () => {
    const days = Array.from({ length: 70 }, (_, index) =>
      new Date(Date.UTC(2027, 0, 1 + index)).toISOString().slice(0, 10),
    );
    const names = [...days.map((day) => named(day)), named('2027-03-11', '140000'), 'notas.txt'];
    const gone = archivesToPrune(names);
    const kept = names.filter((name) => !gone.includes(name));
    // The newest 14 days (11/03 has two: the nightly one and one made by hand), then 7 older
    // weeks' newest (the 8th week is already among the 14 days).
    expect(kept.filter((name) => name.includes('2027-02-26') || name > named('2027-02-26'))).toHaveLength(15);
    expect(kept).toContain(named('2027-03-11', '140000'));
    expect(kept).toContain(named('2027-03-11'));
    expect(kept).toContain('notas.txt');
    expect(gone).not.toContain('notas.txt');
    // Older than the 14 days: one a week, each its week's newest (a Sunday).
    const weekly = kept.filter((name) => name.endsWith('.respaldo') && name < named('2027-02-26'));
    expect(weekly.length).toBeLessThanOrEqual(8);
    for (const name of weekly) expect(new Date(`${name.slice(9, 19)}T00:00:00Z`).getUTCDay()).toBe(0);
    // One day and one week: the newest day's two archives stay, the other 69 go.
    expect(archivesToPrune(names, { daily: 1, weekly: 1 })).toHaveLength(69);
  });

  it('reads BACKUP_KEEP and knows when the night has come', () => {
    expect(parseBackupKeep('14,8')).toEqual({ daily: 14, weekly: 8 });
    expect(parseBackupKeep(' 7 , 4 ')).toEqual({ daily: 7, weekly: 4 });
    expect(parseBackupKeep('0,8')).toBeNull();
    expect(parseBackupKeep('catorce')).toBeNull();
    expect(nightlyDue(new Date('2027-06-14T06:59:00Z'), 3)).toBeNull();
    expect(nightlyDue(new Date('2027-06-14T07:00:00Z'), 3)).toBe('2027-06-14');
  });

  it('tells the dashboard what is wrong, or nothing when the last good one is recent', () => {
    const now = new Date('2027-06-14T12:00:00Z');
    expect(backupWarning({ configured: false, last_ok_at: null, last_error: null }, now)).toBe(
      BACKUP_MESSAGES.noKey,
    );
    expect(backupWarning({ configured: true, last_ok_at: null, last_error: null }, now)).toBe(
      BACKUP_MESSAGES.none,
    );
    expect(
      backupWarning({ configured: true, last_ok_at: '2027-06-14T07:10:00Z', last_error: null }, now),
    ).toBeNull();
    expect(
      backupWarning({ configured: true, last_ok_at: '2027-06-12T07:10:00Z', last_error: null }, now),
    ).toBe(BACKUP_MESSAGES.stale(52));
    expect(
      backupWarning(
        {
          configured: true,
          last_ok_at: '2027-06-13T07:10:00Z',
          last_error: { at: '2027-06-14T07:10:00Z', message: 'Disco lleno' },
        },
        now,
      ),
    ).toBe('El último respaldo falló: Disco lleno');
  });
});
