// Backups per school (issue 46): one archive per school in a folder of its own, the deployment's
// school's archive holding none of the other schools' folders, and each restorable alone
// (`npm run restore -- --cuenta X ARCHIVO`) without touching the others.
import { readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatformTestApp, type PlatformTestApp } from '../../testing/platform.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { demoCart, enrolmentRequest } from '../checkout/testing.ts';
import { backupProof } from '../../backup/route.ts';
import { extractArchive } from '../../backup/archive.ts';
import { restoreCommand } from '../../backup/commands.ts';
import { openEmbeddedStore } from '../../store/embedded.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { makeTempDir, TEST_ACCOUNT_ID } from '../../testing/build.ts';

const KEY = 'una frase larga que solo conoce la escuela';
let t: PlatformTestApp;
afterEach(async () => {
  await t?.close();
});

describe('backups per school (issue 46)', () => {
  it(
    'backs each school up alone, and restores one without touching the others',
    { timeout: 90_000 },
    async () => {
      t = await buildPlatformTestApp({
        BACKUP_KEY: KEY,
        BACKUP_DIR: path.join(await makeTempDir(), 'respaldos'),
      });
      const backupDir = t.config.backup.dir;
      await t.createSchool('norte');
      await seedDemoData(t.school('norte').store);
      const parent = await t.userIn('norte');
      const paid = await t.payIn(
        'norte',
        parent.token,
        enrolmentRequest(await demoCart(t.school('norte').store), [[0]]),
      );
      expect(paid.statusCode).toBe(201);
      // A file of the default school's, beside the other schools' folders in DATA_DIR.
      await mkdir(path.join(t.config.dataDir, 'outbox'), { recursive: true });
      await writeFile(path.join(t.config.dataDir, 'outbox', 'propia.eml'), 'de la escuela principal');

      const backup = (id: string) =>
        t.schoolApi(id, {
          method: 'POST',
          url: '/api/respaldos/ahora',
          headers: { 'x-backup-proof': backupProof(KEY) },
        });
      const own = await backup(TEST_ACCOUNT_ID);
      expect(own.statusCode, own.body).toBe(200);
      const north = await backup('norte');
      expect(north.statusCode, north.body).toBe(200);
      const northDir = path.join(backupDir, 'cuentas', 'norte');
      expect(await readdir(northDir)).toEqual([north.json().data.name]);

      // The default school's archive: its own files, nothing of 'norte' nor of the platform.
      /** The names in an archive, opened with the key. */
      const namesIn = async (folder: string, answer: typeof own) =>
        (
          await extractArchive(
            path.join(folder, answer.json().data.name),
            KEY,
            path.join(t.dir, folder.length.toString()),
          )
        ).names;
      const ownNames = await namesIn(backupDir, own);
      expect(ownNames).toContain('outbox/propia.eml');
      expect(
        ownNames.filter((name) => name.startsWith('cuentas/') || name.startsWith('plataforma/')),
      ).toEqual([]);
      // 'norte's archive: its store with its order.
      const northNames = await namesIn(northDir, north);
      expect(northNames).toContain('db/inscripciones.db');
      expect(northNames).not.toContain('outbox/propia.eml');

      // 'norte' is lost and restored alone, with the server stopped; the default school's data stays.
      // The server stops (its stores closed), its folders stay.
      await t.app.close();
      await t.store.close();
      const northData = path.join(t.config.dataDir, 'cuentas', 'norte');
      await rm(northData, { recursive: true, force: true });
      const said: string[] = [];
      const restored = await restoreCommand(
        { ...t.config, port: 1 },
        ['--cuenta', 'norte', path.join(northDir, north.json().data.name)],
        (line) => said.push(line),
      );
      expect(restored, said.join('\n')).toBe(0);
      const store = await openEmbeddedStore(path.join(northData, 'db'));
      const orders = await store.collection<Enrolment>('inscripciones').find({});
      expect(orders.map((order) => order.payment_status)).toEqual(['paid']);
      await store.close();
      expect(await readdir(path.join(t.config.dataDir, 'outbox'))).toContain('propia.eml');

      // The default school restored over its folder keeps the other schools' folders where they are.
      const again = await restoreCommand(
        { ...t.config, port: 1 },
        [path.join(backupDir, own.json().data.name), '--reemplazar'],
        (line) => said.push(line),
      );
      expect(again, said.join('\n')).toBe(0);
      expect(await readdir(path.join(t.config.dataDir, 'cuentas'))).toEqual(['norte']);
      expect(await readdir(path.join(t.config.dataDir))).toContain('plataforma');
      await rm(t.dir, { recursive: true, force: true });
      t = undefined as unknown as PlatformTestApp;
    },
  );
});
