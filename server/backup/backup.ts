// Backups of the school's data (issue 27, rules in src/domain/backup.ts): everything in DATA_DIR
// that the school needs (the embedded store, photos, the e-mail outbox, the server's secret and
// any other file kept there) as one encrypted archive in BACKUP_DIR, and in a private container
// of the photos' Azure storage account when there is one. The store is taken from memory in one
// instant (Store.snapshot), the files after it: every photo an order of the snapshot names is
// already on disk (photos are written before the payment that names them).
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { azureContainerClient } from '../azure.ts';
import { DuplicateKeyError, type Store } from '../store/port.ts';
import { setById } from '../../src/core/store/common.ts';
import {
  archivesToPrune,
  BACKUP_LEASE_MS,
  BACKUP_MESSAGES,
  backupName,
  nightlyDue,
} from '../../src/domain/backup.ts';
import { BACKUP_STATUS_ID, BACKUPS, type BackupRecord } from '../../src/core/admin/backups.ts';
import { writeArchive, type ArchiveEntry } from './archive.ts';

export interface BackupSettings {
  /** BACKUP_KEY: unset, no backup is made. */
  key: string | undefined;
  dir: string;
  hour: number;
  keep: { daily: number; weekly: number };
}

export interface BackupTarget {
  store: Store;
  dataDir: string;
  appVersion: string;
  /** The photos' Azure storage, when configured: archives go to its private '<container>-respaldos'. */
  azure?: { connectionString: string; container: string } | undefined;
  /**
   * Folders under `dataDir` that are not this school's (issue 46: the default school's DATA_DIR
   * holds the other schools' folders and the platform's): never in its archive.
   */
  skip?: readonly string[];
  /**
   * An export for someone outside the school (issue 46: the platform hands a school its data):
   * the school's sealed secrets are left out of its settings' record.
   */
  withoutSecrets?: boolean;
}

/** Every file under `dir`, as paths relative to it, leaving out `skip` (absolute folders). */
async function filesUnder(
  dir: string,
  skip: readonly string[],
  base = dir,
): Promise<Array<{ name: string; file: string; size: number }>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: Array<{ name: string; file: string; size: number }> = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    if (skip.some((folder) => file === folder || file.startsWith(folder + path.sep))) continue;
    const info = await stat(file).catch(() => null);
    if (!info) continue; // gone meanwhile (a temporary file)
    if (info.isDirectory()) found.push(...(await filesUnder(file, skip, base)));
    else if (info.isFile() && !name.endsWith('.part'))
      found.push({ name: path.relative(base, file).split(path.sep).join('/'), file, size: info.size });
  }
  return found;
}

/** A settings record's datafile line without its sealed secrets (other lines as they are). */
function withoutSecrets(line: string): string {
  const record = JSON.parse(line) as Record<string, unknown>;
  if (!('secrets' in record)) return line;
  delete record.secrets;
  return JSON.stringify(record);
}

/** Makes one archive now; answers its name, where it is and what it holds. */
export async function makeBackup(
  target: BackupTarget,
  settings: Pick<BackupSettings, 'key' | 'dir'>,
  now = new Date(),
): Promise<{ name: string; file: string; size: number; collections: Record<string, number>; files: number }> {
  if (!settings.key) throw new Error(BACKUP_MESSAGES.noKey);
  const dataDir = path.resolve(target.dataDir);
  const backupDir = path.resolve(settings.dir);
  const taken = (await target.store.snapshot?.()) ?? [];
  const snapshot = target.withoutSecrets
    ? taken.map(({ name, lines }) => ({
        name,
        lines: name === 'ajustes' ? lines.map(withoutSecrets) : lines,
      }))
    : taken;
  const collections = Object.fromEntries(snapshot.map(({ name, lines }) => [name, lines.length]));
  const storeEntries: ArchiveEntry[] = snapshot.map(({ name, lines }) => ({
    // Where the embedded store keeps them (server/store/index.ts): DATA_DIR/db.
    name: `db/${name}.db`,
    data: Buffer.from(lines.length ? `${lines.join('\n')}\n` : ''),
  }));
  // The files of DATA_DIR, but not the store's datafiles (the snapshot holds them), nor the backups.
  const skip = [backupDir, ...(target.skip ?? []).map((folder) => path.resolve(folder))];
  const files = (await filesUnder(dataDir, skip)).filter(
    (entry) => !(target.store.snapshot && entry.name.startsWith('db/')),
  );
  const manifest = {
    app_version: target.appVersion,
    created_at: now.toISOString(),
    store: target.store.kind,
    collections,
    files: files.length,
  };
  const name = backupName(now, target.appVersion);
  const file = path.join(backupDir, name);
  const { size } = await writeArchive(
    file,
    [
      { name: 'respaldo.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
      ...storeEntries,
      ...files,
    ],
    { secret: settings.key, appVersion: target.appVersion, createdAt: now },
  );
  if (target.azure) await uploadToAzure(target.azure, file, name);
  return { name, file, size, collections, files: files.length };
}

/** The archives' private container: the photos' container is publicly readable, archives never. */
const azureContainer = (azure: { connectionString: string; container: string }) =>
  azureContainerClient(azure.connectionString, `${azure.container}-respaldos`);

async function uploadToAzure(
  azure: { connectionString: string; container: string },
  file: string,
  name: string,
) {
  const container = await azureContainer(azure);
  await container.createIfNotExists();
  await container.getBlockBlobClient(name).uploadFile(file);
}

/** Deletes the archives the keeping rule lets go, in BACKUP_DIR and in Azure; answers their names. */
export async function pruneBackups(
  target: Pick<BackupTarget, 'azure'>,
  settings: Pick<BackupSettings, 'dir' | 'keep'>,
): Promise<string[]> {
  const dir = path.resolve(settings.dir);
  const local = await readdir(dir).catch(() => [] as string[]);
  const gone = archivesToPrune(local, settings.keep);
  for (const name of gone) await unlink(path.join(dir, name)).catch(() => undefined);
  if (target.azure) {
    const container = await azureContainer(target.azure);
    const names: string[] = [];
    for await (const blob of container.listBlobsFlat()) names.push(blob.name);
    for (const name of archivesToPrune(names, settings.keep))
      await container.deleteBlob(name).catch(() => undefined);
  }
  return gone;
}

const recordsOf = (store: Store) => store.collection<BackupRecord>(BACKUPS);

const setStatus = (store: Store, set: Partial<BackupRecord>) =>
  setById(recordsOf(store), BACKUP_STATUS_ID, set);

/** Makes a backup and records how it went (a failure alerts through `alert`); answers the outcome. */
export async function backupAndRecord(
  target: BackupTarget,
  settings: BackupSettings,
  alert: (message: string) => Promise<void>,
  now = new Date(),
): Promise<{ ok: true; name: string; size: number } | { ok: false; message: string }> {
  try {
    const made = await makeBackup(target, settings, now);
    await setStatus(target.store, { last_ok_at: now, last_ok_name: made.name, last_error: null });
    await pruneBackups(target, settings);
    return { ok: true, name: made.name, size: made.size };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await setStatus(target.store, { last_error: { at: now, message } });
    await alert(message);
    return { ok: false, message };
  }
}

/**
 * The nightly pass: after BACKUP_HOUR (Santo Domingo) one backup a night, claimed in the store so
 * that several instances make one; a claim left by a crashed instance is taken over after an hour.
 */
export async function nightlyBackup(
  target: BackupTarget,
  settings: BackupSettings,
  alert: (message: string) => Promise<void>,
  now = new Date(),
): Promise<boolean> {
  if (!settings.key) return false;
  const day = nightlyDue(now, settings.hour);
  if (!day) return false;
  const records = recordsOf(target.store);
  const id = `noche-${day}`;
  try {
    await records.insertOne({ _id: id, status: 'running', started_at: now });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    const claim = await records.findById(id);
    if (claim?.status !== 'running' || !claim.started_at) return false;
    if (now.getTime() - claim.started_at.getTime() < BACKUP_LEASE_MS) return false;
    const taken = await records.updateOne(
      { _id: id, status: 'running', started_at: claim.started_at },
      { set: { started_at: now } },
    );
    if (!taken) return false;
  }
  const outcome = await backupAndRecord(target, settings, alert, now);
  await records.updateOne({ _id: id }, { set: { status: outcome.ok ? 'done' : 'failed' } });
  return outcome.ok;
}
