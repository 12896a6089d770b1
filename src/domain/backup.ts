// Backups of the school's data (issue 27): the archive's name, which archives are kept, when the
// nightly one is due, and what staff read about them. Pure: the server makes and restores the
// archives (server/backup/), the dashboard reads their state.
import { SANTO_DOMINGO_OFFSET_MS, santoDomingoDay } from './days.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The settings' defaults: the hour (Santo Domingo) of the nightly backup, and what is kept. */
export const BACKUP_DEFAULT_HOUR = 3;
export const BACKUP_DEFAULT_KEEP = { daily: 14, weekly: 8 } as const;
/** A BACKUP_KEY shorter than this is refused at start: it guards minors' medical data. */
export const BACKUP_KEY_MIN = 16;
/** A backup claimed longer ago than this and never finished is taken over by another instance. */
export const BACKUP_LEASE_MS = 60 * 60_000;

export const BACKUP_EXTENSION = '.respaldo';
const NAME = /^respaldo-(\d{4}-\d{2}-\d{2})-(\d{6})-v[\w.-]+\.respaldo$/;

/** 'respaldo-2026-11-27-030000-v0.1.0.respaldo': the Santo Domingo date and time, and the app's version. */
export function backupName(at: Date, appVersion: string): string {
  const local = new Date(at.getTime() + SANTO_DOMINGO_OFFSET_MS).toISOString();
  const time = local.slice(11, 19).replaceAll(':', '');
  return `respaldo-${local.slice(0, 10)}-${time}-v${appVersion.replace(/[^\w.-]/g, '')}${BACKUP_EXTENSION}`;
}

/** The Santo Domingo day and time of an archive from its name, or null for any other file. */
export function backupNameParts(name: string): { day: string; time: string } | null {
  const found = NAME.exec(name);
  return found ? { day: found[1]!, time: found[2]! } : null;
}

/** Monday of the ISO week of a 'YYYY-MM-DD' day. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const shift = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - shift * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The archives to delete: kept are all of the last `daily` days that have one (a backup made by
 * hand before an upgrade stays beside that night's), and the newest of each of the last `weekly`
 * weeks; anything that is not an archive is never touched.
 */
export function archivesToPrune(
  names: readonly string[],
  keep: { daily: number; weekly: number } = BACKUP_DEFAULT_KEEP,
): string[] {
  const archives = names
    .map((name) => ({ name, parts: backupNameParts(name) }))
    .filter((entry): entry is { name: string; parts: { day: string; time: string } } => entry.parts !== null)
    .sort((a, b) => (b.parts.day + b.parts.time).localeCompare(a.parts.day + a.parts.time));
  const kept = new Set<string>();
  const days = [...new Set(archives.map(({ parts }) => parts.day))].slice(0, keep.daily);
  for (const { name, parts } of archives) if (days.includes(parts.day)) kept.add(name);
  const weeks = new Set<string>();
  for (const { name, parts } of archives) {
    const week = weekOf(parts.day);
    if (weeks.has(week)) continue;
    if (weeks.size >= keep.weekly) break;
    weeks.add(week);
    kept.add(name);
  }
  return archives.map(({ name }) => name).filter((name) => !kept.has(name));
}

/** Reads BACKUP_KEEP ('14,8': daily, weekly); null when it is not two whole numbers from 1 to 365. */
export function parseBackupKeep(value: string): { daily: number; weekly: number } | null {
  const found = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(value);
  if (!found) return null;
  const [daily, weekly] = [Number(found[1]), Number(found[2])];
  return daily >= 1 && weekly >= 1 && daily <= 365 && weekly <= 365 ? { daily, weekly } : null;
}

/** The Santo Domingo day whose nightly backup is due at `now` (after its hour), e.g. '2026-11-27'. */
export function nightlyDue(now: Date, hour: number): string | null {
  const local = new Date(now.getTime() + SANTO_DOMINGO_OFFSET_MS);
  return local.getUTCHours() >= hour ? santoDomingoDay(now) : null;
}

/** What the dashboard says of the backups. */
export interface BackupStatus {
  /** BACKUP_KEY is set: backups are made. */
  configured: boolean;
  last_ok_at: string | null;
  last_error: { at: string; message: string } | null;
}

export const BACKUP_MESSAGES = {
  noKey:
    'No se hacen respaldos: configure BACKUP_KEY (una clave de al menos 16 caracteres) para que el servidor guarde cada noche una copia cifrada de los datos de la escuela.',
  none: 'Aún no hay ningún respaldo de los datos de la escuela.',
  failed: (message: string) => `El último respaldo falló: ${message}`,
  stale: (hours: number) => `El último respaldo correcto tiene ${hours} horas.`,
  shortKey: `BACKUP_KEY debe tener al menos ${BACKUP_KEY_MIN} caracteres.`,
  checksum: 'El respaldo está dañado o incompleto: su suma de verificación no coincide.',
  notAnArchive: 'Ese archivo no es un respaldo de esta aplicación.',
  wrongKey: 'La clave (BACKUP_KEY) no corresponde a este respaldo.',
  notEmpty: (dir: string) =>
    `La carpeta de datos ${dir} no está vacía: use --reemplazar para guardarla aparte y restaurar el respaldo en su lugar.`,
  subject: 'El respaldo de los datos de la escuela falló',
  tooManyProofs: 'Demasiados intentos fallidos desde esta conexión. Espere un minuto e intente de nuevo.',
  tooManyBackups: 'Ya se hicieron varios respaldos en el último minuto. Espere un minuto e intente de nuevo.',
} as const;

/** The dashboard's line on the backups, or null when all is well (a good one within a day and a half). */
export function backupWarning(status: BackupStatus, now: Date): string | null {
  if (!status.configured) return BACKUP_MESSAGES.noKey;
  const lastOk = status.last_ok_at ? new Date(status.last_ok_at) : null;
  if (status.last_error && (!lastOk || new Date(status.last_error.at) > lastOk))
    return BACKUP_MESSAGES.failed(status.last_error.message);
  if (!lastOk) return BACKUP_MESSAGES.none;
  const hours = Math.floor((now.getTime() - lastOk.getTime()) / HOUR_MS);
  return hours >= 36 ? BACKUP_MESSAGES.stale(hours) : null;
}
