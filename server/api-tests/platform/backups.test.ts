// Backups per school (issue 46): one archive per school in a folder of its own, the deployment's
// school's archive holding none of the other schools' folders, and each restorable alone
// (`npm run restore -- --cuenta X ARCHIVO`) without touching the others.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { PLATFORM_MESSAGES } from '../../../src/domain/platform.ts';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatformTestApp, TEST_PLATFORM_KEY, type PlatformTestApp } from '../../testing/platform.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { demoCart, enrolmentRequest } from '../checkout/testing.ts';
import { backupProof } from '../../backup/route.ts';
import { extractArchive } from '../../backup/archive.ts';
import { restoreCommand } from '../../backup/commands.ts';
import { openEmbeddedStore } from '../../store/embedded.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import { makeTempDir, TEST_ACCOUNT_ID } from '../../testing/build.ts';
import { schoolNightlyBackup } from '../../platform/school.ts';

const KEY = 'una frase larga que solo conoce la escuela';
let t: PlatformTestApp | undefined;
afterEach(async () => {
  await t?.close();
});

describe('backups per school (issues 46, 55)', () => {
  it(
    'backs each school up alone, and restores one without touching the others',
    { timeout: 90_000 },
    async () => {
      const app = (t = await buildPlatformTestApp({
        BACKUP_KEY: KEY,
        BACKUP_DIR: path.join(await makeTempDir(), 'respaldos'),
      }));
      const backupDir = app.config.backup.dir;
      await app.createSchool('norte');
      await seedDemoData(app.school('norte').store);
      const parent = await app.userIn('norte');
      const paid = await app.payIn(
        'norte',
        parent.token,
        enrolmentRequest(await demoCart(app.school('norte').store), [[0]]),
      );
      expect(paid.statusCode).toBe(201);
      // A file of the default school's, beside the other schools' folders in DATA_DIR.
      await mkdir(path.join(app.config.dataDir, 'outbox'), { recursive: true });
      await writeFile(path.join(app.config.dataDir, 'outbox', 'propia.eml'), 'de la escuela principal');

      const backup = (id: string) =>
        app.schoolApi(id, {
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
            path.join(app.dir, folder.length.toString()),
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
      await app.app.close();
      await app.store.close();
      const northData = path.join(app.config.dataDir, 'cuentas', 'norte');
      await rm(northData, { recursive: true, force: true });
      const said: string[] = [];
      const restored = await restoreCommand(
        { ...app.config, port: 1 },
        ['--cuenta', 'norte', path.join(northDir, north.json().data.name)],
        (line) => said.push(line),
      );
      expect(restored, said.join('\n')).toBe(0);
      const store = await openEmbeddedStore(path.join(northData, 'db'));
      const orders = await store.collection<Enrolment>('inscripciones').find({});
      expect(orders.map((order) => order.payment_status)).toEqual(['paid']);
      await store.close();
      expect(await readdir(path.join(app.config.dataDir, 'outbox'))).toContain('propia.eml');

      // The default school restored over its folder keeps the other schools' folders where they are.
      const again = await restoreCommand(
        { ...app.config, port: 1 },
        [path.join(backupDir, own.json().data.name), '--reemplazar'],
        (line) => said.push(line),
      );
      expect(again, said.join('\n')).toBe(0);
      expect(await readdir(path.join(app.config.dataDir, 'cuentas'))).toEqual(['norte']);
      expect(await readdir(path.join(app.config.dataDir))).toContain('plataforma');
      await rm(app.dir, { recursive: true, force: true });
      t = undefined;
    },
  );
});

describe('exporting and deleting a school (issue 46)', () => {
  it('exports a school without its secrets, and deletes it only after that export and its id typed again', async () => {
    const app = (t = await buildPlatformTestApp({
      BACKUP_KEY: KEY,
      PLATFORM_KEY: TEST_PLATFORM_KEY,
      BACKUP_DIR: path.join(await makeTempDir(), 'respaldos'),
    }));
    await app.createSchool('cierre');
    await seedDemoData(app.school('cierre').store);
    const parent = await app.userIn('cierre');
    const cart = await demoCart(app.school('cierre').store);
    expect((await app.payIn('cierre', parent.token, enrolmentRequest(cart, [[0]]))).statusCode).toBe(201);
    const adminToken = await app.schoolAdminToken('cierre');
    const saved = await app.saveSchoolSettings('cierre', adminToken, {
      name: 'Cierre',
      azul_auth1: 'auth-uno-secreto',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const remove = (confirmacion: string) =>
      app.operatorApi('POST', '/cuentas/cierre/eliminar', { confirmacion });

    const early = await remove('cierre');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PLATFORM_MESSAGES.exportFirst);
    const exported = await app.operatorApi('GET', '/cuentas/cierre/exportar');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="cierre-respaldo-/);
    const file = path.join(app.dir, 'exportado.respaldo');
    await writeFile(file, exported.rawPayload);
    const { names } = await extractArchive(file, KEY, path.join(app.dir, 'exportado'));
    expect(names).toContain('db/inscripciones.db');
    const settings = await readFile(path.join(app.dir, 'exportado', 'db', 'ajustes.db'), 'utf8');
    expect(settings).toContain('"name":"Cierre"');
    expect(settings).not.toContain('secrets');

    const typo = await remove('cierra');
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe(PLATFORM_MESSAGES.confirmId);
    const removed = await remove('cierre');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('Escuela eliminada');
    // Gone: its id names no school, its folder is removed, the list lacks it.
    const after = await app.schoolApi('cierre', {
      method: 'GET',
      url: '/api/usuarios/activity',
      token: parent.token,
    });
    expect(after.statusCode).toBe(403);
    expect(await readdir(path.join(app.config.dataDir, 'cuentas'))).toEqual([]);
    const list = await app.operatorApi('GET', '/cuentas');
    expect(list.json().data.map((school: { id: string }) => school.id)).toEqual([TEST_ACCOUNT_ID]);
  });

  it("makes no nightly backup of a school whose administrators turned backups off; the others' go on", async () => {
    const app = (t = await buildPlatformTestApp({
      BACKUP_KEY: KEY,
      BACKUP_DIR: path.join(await makeTempDir(), 'respaldos'),
      BACKUP_HOUR: '0',
    }));
    await app.createSchool('norte');
    await app.createSchool('sur');
    const token = await app.schoolAdminToken('norte');
    const off = await app.saveSchoolSettings('norte', token, { backups: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.backups).toBe(false);

    const night = new Date('2027-06-15T08:00:00Z');
    expect(await schoolNightlyBackup(app.school('norte'), night)).toBe(false);
    expect(await schoolNightlyBackup(app.school('sur'), night)).toBe(true);
    const folder = (id: string) => path.join(app.config.backup.dir, 'cuentas', id);
    await expect(readdir(folder('norte'))).rejects.toThrow();
    expect(await readdir(folder('sur'))).toHaveLength(1);

    // Turned on again, the next night's pass backs it up.
    await app.saveSchoolSettings('norte', token, { backups: true });
    expect(await schoolNightlyBackup(app.school('norte'), new Date('2027-06-16T08:00:00Z'))).toBe(true);
    expect(await readdir(folder('norte'))).toHaveLength(1);
  });
});
