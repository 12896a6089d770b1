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

export async function backupCommand(config: Config, print: Print): Promise<number> {
  const key = config.backup.key;
  if (!key) {
    print(BACKUP_MESSAGES.noKey);
    print('Por ejemplo: BACKUP_KEY="una frase larga que solo conoce la escuela" npm run backup');
    return 1;
  }
  if (await serverAnswers(config)) {
    const answer = await fetch(`${localUrl(config)}/api/respaldos/ahora`, {
      method: 'POST',
      headers: { 'x-backup-proof': backupProof(key), 'x-account-id': config.accountId },
    });
    const body = (await answer.json().catch(() => ({}))) as { message?: string };
    print(body.message ?? `El servidor respondió ${answer.status}.`);
    if (answer.status === 404) print('El servidor que responde no tiene la misma BACKUP_KEY.');
    return answer.ok ? 0 : 1;
  }
  // No server: the folder is nobody else's now.
  const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, fsync: true });
  try {
    const outcome = await backupAndRecord(
      { store, dataDir: config.dataDir, appVersion: APP_VERSION },
      config.backup,
      async () => undefined,
    );
    print(outcome.ok ? `Respaldo guardado: ${outcome.name}` : outcome.message);
    return outcome.ok ? 0 : 1;
  } finally {
    await store.close();
  }
}

const isEmptyDir = async (dir: string) => {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
};

export async function restoreCommand(config: Config, args: string[], print: Print): Promise<number> {
  const archive = args.find((arg) => !arg.startsWith('--'));
  const replace = args.includes('--reemplazar');
  if (!archive) {
    print('Uso: npm run restore -- ARCHIVO.respaldo [--reemplazar]');
    return 1;
  }
  if (!config.backup.key) {
    print('Indique en BACKUP_KEY la clave con que se hizo el respaldo.');
    return 1;
  }
  if (await serverAnswers(config)) {
    print('El servidor está funcionando: deténgalo antes de restaurar.');
    return 1;
  }
  const dataDir = path.resolve(config.dataDir);
  if (!replace && !(await isEmptyDir(dataDir))) {
    print(BACKUP_MESSAGES.notEmpty(dataDir));
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const incoming = `${dataDir}.restaurando-${stamp}`;
  try {
    const { header, names } = await extractArchive(path.resolve(archive), config.backup.key, incoming);
    await rm(path.join(incoming, 'respaldo.json'), { force: true });
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
