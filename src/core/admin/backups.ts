// The backups' state as the store keeps it (issue 27): the server's backup writes it
// (server/backup/backup.ts), the dashboard reads it, so the office sees the last good backup's age
// or what went wrong.
import type { Store } from '../store/port.ts';
import { backupWarning, type BackupStatus } from '../../domain/backup.ts';

export const BACKUPS = 'respaldos';
export const BACKUP_STATUS_ID = 'estado';

export interface BackupRecord {
  _id: string;
  status?: 'running' | 'done' | 'failed';
  started_at?: Date;
  last_ok_at?: Date | null;
  last_ok_name?: string;
  last_error?: { at: Date; message: string } | null;
}

export async function backupStatus(store: Store, configured: boolean): Promise<BackupStatus> {
  const status = await store.collection<BackupRecord>(BACKUPS).findById(BACKUP_STATUS_ID);
  return {
    configured,
    last_ok_at: status?.last_ok_at?.toISOString() ?? null,
    last_error: status?.last_error
      ? { at: status.last_error.at.toISOString(), message: status.last_error.message }
      : null,
  };
}

/** The dashboard's backup line: the last good one's time, and a warning when something is wrong. */
export async function dashboardBackup(store: Store, configured: boolean, now: Date) {
  const status = await backupStatus(store, configured);
  return { last_ok_at: status.last_ok_at, warning: backupWarning(status, now) };
}
