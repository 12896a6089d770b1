// The data folder is the school's alone (issue 53, item 10): minors' medical data, photos, e-mails
// and the signing secret. Whatever the server creates under DATA_DIR is readable by its own user
// only, whatever the umask, and a folder left more open by an older version is closed at start.
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the folder (and any missing parent) for the server's user alone. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** What the server keeps in DATA_DIR: the embedded store, local photos, the e-mail files, the secret. */
const OWN_ENTRIES = ['db', 'uploads', 'outbox', 'jwt-secret'];

/**
 * Closes the data folder and what the server keeps in it to other users (files 0600, folders
 * 0700), for data written before this rule. Only the server's own entries are walked, so a
 * DATA_DIR pointed at a shared folder has nothing else changed; symbolic links are left alone.
 */
export async function closeDataDir(dataDir: string): Promise<void> {
  await makePrivateDir(dataDir);
  await closeMode(dataDir, PRIVATE_DIR_MODE);
  for (const name of OWN_ENTRIES) await closeTree(path.join(dataDir, name));
}

async function closeTree(target: string): Promise<void> {
  const info = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (info?.isFile()) await closeMode(target, PRIVATE_FILE_MODE, info.mode);
  if (!info?.isDirectory()) return;
  await closeMode(target, PRIVATE_DIR_MODE, info.mode);
  for (const entry of await readdir(target)) await closeTree(path.join(target, entry));
}

async function closeMode(target: string, mode: number, current?: number): Promise<void> {
  if (((current ?? (await lstat(target)).mode) & 0o777) === mode) return;
  try {
    await chmod(target, mode);
  } catch (error) {
    // Another user's file (a mounted volume): said, and the server still starts.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    process.emitWarning(`${target}: could not restrict it to the server's user (${mode.toString(8)})`);
  }
}
