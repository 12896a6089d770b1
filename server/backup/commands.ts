// `npm run backup` and `npm run restore -- ARCHIVE` (issue 27). The backup asks the running server
// (POST /api/respaldos/ahora: the store read from memory in one instant); with no server answering
// it opens the data folder itself. The restore checks the archive's checksum and key first, never
// overwrites a data folder that holds anything unless told (the old one is kept aside), and writes
// into a new folder renamed into place at the end, so a failed restore leaves nothing half done.
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openStore } from '../store/index.ts';
import { BACKUP_MESSAGES } from '../../src/domain/backup.ts';
import { BackupError, extractArchive } from './archive.ts';
import { backupAndRecord } from './backup.ts';
import { backupProof } from './route.ts';
import { APP_VERSION } from './version.ts';
import { platformFolders, schoolConfig, schoolDatabase } from '../platform/school-config.ts';
import { SCHOOL_ID_PATTERN } from '../../src/domain/platform.ts';

type Print = (line: string) => void;

/** The server's address on this machine (a server listening on every interface answers there too). */
const localUrl = (config: Config) =>
  `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${config.port}`;

/** Whether the server answers here; a refused connection is 'no'. */
async function serverAnswers(config: Config): Promise<boolean> {
  try {
    await fetch(`${localUrl(config)}/api/health`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * `--cuenta X` (issue 46): the settings of school X, whose data and archives live in folders of
 * their own; without it the deployment's own school.
 */
function schoolOf(config: Config, args: readonly string[]): { config: Config; own: boolean } | null {
  const at = args.indexOf('--cuenta');
  if (at === -1) return { config, own: true };
  const id = args[at + 1];
  if (!id || !new RegExp(SCHOOL_ID_PATTERN).test(id)) return null;
  return { config: schoolConfig(config, { _id: id, hosts: [] }), own: false };
}

/** The arguments that are not options nor an option's value. */
const plainArgs = (args: readonly string[]) =>
  args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--cuenta');

export async function backupCommand(
  deployment: Config,
  print: Print,
  args: readonly string[] = [],
): Promise<number> {
  const school = schoolOf(deployment, args);
  if (!school) {
    print('Uso: npm run backup [-- --cuenta ESCUELA]');
    return 1;
  }
  const { config } = school;
  const key = config.backup.key;
  if (!key) {
    print(BACKUP_MESSAGES.noKey);
    print('Por ejemplo: BACKUP_KEY="una frase larga que solo conoce la escuela" npm run backup');
    return 1;
  }
  if (await serverAnswers(deployment)) {
    const answer = await fetch(`${localUrl(deployment)}/api/respaldos/ahora`, {
      method: 'POST',
      headers: { 'x-backup-proof': backupProof(key), 'x-account-id': config.accountId },
    });
    const body = (await answer.json().catch(() => ({}))) as { message?: string };
    print(body.message ?? `El servidor respondió ${answer.status}.`);
    if (answer.status === 404) print('El servidor que responde no tiene la misma BACKUP_KEY.');
    return answer.ok ? 0 : 1;
  }
  // No server: the folder is nobody else's now. A created school's MongoDB database has its own
  // name (its archive holds its files; the database is backed up with MongoDB's tools).
  const store = await openStore({
    mongodbUri: config.mongodbUri,
    dataDir: config.dataDir,
    fsync: true,
    ...(school.own ? {} : { mongoDbName: schoolDatabase(config.accountId) }),
  });
  try {
    const outcome = await backupAndRecord(
      {
        store,
        dataDir: config.dataDir,
        appVersion: APP_VERSION,
        ...(school.own ? { skip: platformFolders(config.dataDir) } : {}),
      },
      config.backup,
      async () => undefined,
    );
    print(outcome.ok ? `Respaldo guardado: ${outcome.name}` : outcome.message);
    return outcome.ok ? 0 : 1;
  } finally {
    await store.close();
  }
}

/** Nothing in `dir` but the folders `apart` (absolute paths), which do not count. */
const isEmptyDir = async (dir: string, apart: readonly string[] = []) => {
  try {
    return (await readdir(dir)).every((name) => apart.includes(path.join(dir, name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
};

export async function restoreCommand(deployment: Config, args: string[], print: Print): Promise<number> {
  const archive = plainArgs(args)[0];
  const replace = args.includes('--reemplazar');
  const school = schoolOf(deployment, args);
  if (!archive || !school) {
    print('Uso: npm run restore -- [--cuenta ESCUELA] ARCHIVO.respaldo [--reemplazar]');
    return 1;
  }
  const { config } = school;
  if (!config.backup.key) {
    print('Indique en BACKUP_KEY la clave con que se hizo el respaldo.');
    return 1;
  }
  if (await serverAnswers(deployment)) {
    print('El servidor está funcionando: deténgalo antes de restaurar.');
    return 1;
  }
  const dataDir = path.resolve(config.dataDir);
  // The deployment's own school shares DATA_DIR with the other schools' folders: they stay.
  const others = school.own ? platformFolders(dataDir) : [];
  if (!replace && !(await isEmptyDir(dataDir, others))) {
    print(BACKUP_MESSAGES.notEmpty(dataDir));
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const incoming = `${dataDir}.restaurando-${stamp}`;
  try {
    const { header, names } = await extractArchive(path.resolve(archive), config.backup.key, incoming);
    await rm(path.join(incoming, 'respaldo.json'), { force: true });
    for (const folder of others)
      await rename(folder, path.join(incoming, path.basename(folder))).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      });
    if (!(await isEmptyDir(dataDir))) {
      const aside = `${dataDir}.antes-${stamp}`;
      await rename(dataDir, aside);
      print(`La carpeta anterior quedó en ${aside}.`);
    } else await rm(dataDir, { recursive: true, force: true });
    await rename(incoming, dataDir);
    print(
      `Respaldo del ${header.created_at} (versión ${header.app_version}) restaurado en ${dataDir}: ` +
        `${names.length - 1} archivos. Inicie el servidor con npm start; al arrancar pone los datos al día con esta versión (${APP_VERSION}).`,
    );
    return 0;
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    if (error instanceof BackupError) {
      print(error.message);
      return 1;
    }
    throw error;
  }
}
