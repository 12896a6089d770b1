// Backups (issue 27): a school's data backed up while families pay, restored into an empty folder,
// and a server started on it finds every order, photo, e-mail, membership and receipt as it was;
// an archive with a wrong key, cut short or with one byte changed is refused in Spanish.
import { mkdir, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staffKit, type StaffKit } from '../api-tests/staff/testing.ts';
import { enrolmentRequest } from '../api-tests/checkout/testing.ts';
import { buildApp } from '../app.ts';
import { openEmbeddedStore } from '../store/embedded.ts';
import { FIXTURE_PNG_BASE64 } from '../../src/core/checkout/fixtures.ts';
import { BACKUP_MESSAGES, backupNameParts } from '../../src/domain/backup.ts';
import type { Enrolment } from '../../src/domain/records.ts';
import { extractArchive } from './archive.ts';
import { backupAndRecord, makeBackup, nightlyBackup, pruneBackups } from './backup.ts';
import { BlobServiceClient } from '@azure/storage-blob';
import { startAzurite } from '../testing/azurite.ts';
import { restoreCommand } from './commands.ts';
import type { Config } from '../config.ts';

const KEY = 'una frase larga que solo conoce la escuela';
let kit: StaffKit | undefined;
afterEach(async () => {
  await kit?.t.close();
  kit = undefined;
});

/** Every file under a folder with its bytes, by relative path. */
async function filesOf(dir: string, base = dir): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    if ((await stat(file)).isDirectory())
      for (const [key, value] of await filesOf(file, base)) found.set(key, value);
    else found.set(path.relative(base, file), await readFile(file));
  }
  return found;
}

/** The school with a photo, an e-mail in the outbox folder, and some paid orders. */
async function school() {
  kit = await staffKit();
  const k = kit;
  const photo = new FormData();
  photo.append(
    'foto',
    new Blob([new Uint8Array(Buffer.from(FIXTURE_PNG_BASE64, 'base64'))], { type: 'image/png' }),
    'p.png',
  );
  const uploaded = await k.t.api({
    method: 'POST',
    url: '/api/inscripciones/uploadtoazurecdn',
    token: k.parent,
    payload: photo,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const image = uploaded.json().result as string;
  await mkdir(path.join(k.t.config.dataDir, 'outbox'), { recursive: true });
  await writeFile(
    path.join(k.t.config.dataDir, 'outbox', 'confirmacion-1001.eml'),
    'Subject: Inscripción confirmada\n\nGracias',
  );
  const pay = async (weeks: number[][], children: string) => {
    const body = enrolmentRequest(k.cart, weeks, { children });
    body.listParticipants = body.listParticipants.map((child) => ({ ...child, image }));
    const res = await k.pay(k.parent, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().result.orderId as string;
  };
  await pay([[0, 1], [0]], 'A');
  await pay([[2]], 'B');
  return { k, pay, image };
}

const settings = (dir: string) => ({ key: KEY, dir, hour: 3, keep: { daily: 14, weekly: 8 } });

describe('backups', () => {
  it('backs up while families pay; restored into an empty folder, a server finds everything as it was', async () => {
    const { k, pay, image } = await school();
    const backupDir = path.join(k.t.dir, 'respaldos');
    const target = { store: k.t.store, dataDir: k.t.config.dataDir, appVersion: '0.1.0' };
    const paidBefore = (
      await k.t.store.collection<Enrolment>('inscripciones').find({ payment_status: 'paid' })
    ).map((order) => order.order_number);

    // Families pay while the backup is made.
    const paying = Promise.all(['C', 'D', 'E', 'F'].map((tag, index) => pay([[3 + (index % 3)]], tag)));
    const made = await makeBackup(target, settings(backupDir), new Date('2027-06-14T07:00:00Z'));
    await paying;
    expect(backupNameParts(made.name)).toEqual({ day: '2027-06-14', time: '030000' });
    expect(made.name).toBe('respaldo-2027-06-14-030000-v0.1.0.respaldo');

    // Restored into an empty folder: every order paid before the backup, with its photo.
    const restored = path.join(k.t.dir, 'restaurado');
    const { header, names } = await extractArchive(made.file, KEY, restored);
    expect(header.app_version).toBe('0.1.0');
    expect(names).toContain('outbox/confirmacion-1001.eml');
    const store = await openEmbeddedStore(path.join(restored, 'db'));
    try {
      const orders = await store.collection<Enrolment>('inscripciones').find({ payment_status: 'paid' });
      for (const number of paidBefore) expect(orders.map((order) => order.order_number)).toContain(number);
      // What the backup holds is one instant: every order it has is whole, with its places taken
      // (the demo weeks start with places the seed took: compared with the live school's).
      const placesBeyondOrders = async (from: typeof store) => {
        // An order caught mid-checkout (pending) holds its places too, as a crash would leave it.
        const all = await from
          .collection<Enrolment>('inscripciones')
          .find({ payment_status: { $in: ['paid', 'pending', 'unknown'] } });
        const weeks = await from
          .collection<{ _id: string; quota_f: number }>('semanas')
          .find({}, { sort: { _id: 1 } });
        return weeks.map(
          (week) =>
            week.quota_f - all.flatMap((order) => order.lines).filter((line) => line.id === week._id).length,
        );
      };
      expect(await placesBeyondOrders(store)).toEqual(await placesBeyondOrders(k.t.store));
    } finally {
      await store.close();
    }
    const photoName = image.slice('/uploads/'.length);
    expect(await readFile(path.join(restored, 'uploads', photoName))).toEqual(
      await readFile(path.join(k.t.config.dataDir, 'uploads', photoName)),
    );

    // Once the payments are done, a second backup restored is the school to the byte.
    const again = await makeBackup(target, settings(backupDir), new Date('2027-06-15T07:00:00Z'));
    const second = path.join(k.t.dir, 'restaurado-2');
    await extractArchive(again.file, KEY, second);
    const copy = await openEmbeddedStore(path.join(second, 'db'));
    try {
      for (const name of Object.keys(again.collections)) {
        const live = await k.t.store.collection(name).find({}, { sort: { _id: 1 }, withDeleted: true });
        const back = await copy.collection(name).find({}, { sort: { _id: 1 }, withDeleted: true });
        expect(back, `collection ${name}`).toEqual(live);
      }
      expect(again.collections.inscripciones).toBe(6);
      expect(again.collections.membresias).toBeGreaterThan(0);
      expect(again.collections.comprobantes).toBeGreaterThan(0);
      expect(again.collections.outbox).toBeGreaterThan(0);
      // Every file of the data folder but the store's (whose contents were compared above).
      const live = await filesOf(k.t.config.dataDir);
      const back = await filesOf(second);
      for (const [name, bytes] of live)
        if (!name.startsWith('db')) expect(back.get(name), name).toEqual(bytes);
      // A server started on it: the admin finds the orders and the photo is served.
      const app = await buildApp({ ...k.t.config, dataDir: second }, { store: copy });
      try {
        const photo = await app.inject({ method: 'GET', url: image });
        expect(photo.statusCode).toBe(200);
        const admin = await copy.collection('usuarios').findOne({ email: 'direccion@escuela.do' });
        const list = await app.inject({
          method: 'GET',
          url: '/api/inscripciones/lista?limit=50',
          headers: {
            authorization: `Bearer ${app.signToken(admin!._id)}`,
            'x-account-id': k.t.config.accountId,
          },
        });
        expect(list.json().total).toBe(6);
      } finally {
        await app.close();
      }
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('refuses a wrong key, a cut archive and a changed byte, in Spanish, and writes nothing', async () => {
    const { k } = await school();
    const backupDir = path.join(k.t.dir, 'respaldos');
    const made = await makeBackup(
      { store: k.t.store, dataDir: k.t.config.dataDir, appVersion: '0.1.0' },
      settings(backupDir),
    );
    const into = (name: string) => path.join(k.t.dir, name);
    await expect(extractArchive(made.file, 'otra clave de dieciséis letras', into('a'))).rejects.toThrow(
      BACKUP_MESSAGES.wrongKey,
    );

    const bytes = await readFile(made.file);
    const flipped = path.join(backupDir, 'volteado.respaldo');
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    await writeFile(flipped, changed);
    await expect(extractArchive(flipped, KEY, into('b'))).rejects.toThrow(BACKUP_MESSAGES.checksum);

    const cut = path.join(backupDir, 'cortado.respaldo');
    await writeFile(cut, bytes);
    await truncate(cut, bytes.length - 1000);
    await expect(extractArchive(cut, KEY, into('c'))).rejects.toThrow(BACKUP_MESSAGES.checksum);

    const other = path.join(backupDir, 'otro.respaldo');
    await writeFile(other, 'no es un respaldo');
    await expect(extractArchive(other, KEY, into('d'))).rejects.toThrow(BACKUP_MESSAGES.notAnArchive);
    for (const name of ['a', 'b', 'c', 'd']) expect([...(await filesOf(into(name))).keys()]).toEqual([]);

    // The restore command: a data folder with data is not overwritten unless told; then kept aside.
    const config = {
      ...k.t.config,
      port: 1,
      host: '127.0.0.1',
      dataDir: k.t.config.dataDir,
      backup: settings(backupDir),
    } as Config;
    const said: string[] = [];
    expect(await restoreCommand(config, [made.file], (line) => said.push(line))).toBe(1);
    expect(said).toEqual([BACKUP_MESSAGES.notEmpty(path.resolve(k.t.config.dataDir))]);
    const empty = { ...config, dataDir: into('vacia') };
    expect(await restoreCommand(empty, [flipped], (line) => said.push(line))).toBe(1);
    expect(said.at(-1)).toBe(BACKUP_MESSAGES.checksum);
    expect(await restoreCommand(empty, [made.file], (line) => said.push(line))).toBe(0);
    expect((await filesOf(into('vacia'))).has(path.join('db', 'inscripciones.db'))).toBe(true);
    expect(await restoreCommand(empty, [made.file, '--reemplazar'], (line) => said.push(line))).toBe(0);
    expect(said.some((line) => line.startsWith('La carpeta anterior quedó en '))).toBe(true);
  }, 60_000);

  it('makes one backup a night after its hour, records it, keeps 14 daily and 8 weekly, and alerts on failure', async () => {
    const { k } = await school();
    const backupDir = path.join(k.t.dir, 'respaldos');
    const target = { store: k.t.store, dataDir: k.t.config.dataDir, appVersion: '0.1.0' };
    const alerts: string[] = [];
    const alert = async (message: string) => void alerts.push(message);
    // 02:59 in Santo Domingo: not yet; 03:10: made; a second pass that night: nothing more.
    expect(await nightlyBackup(target, settings(backupDir), alert, new Date('2027-06-14T06:59:00Z'))).toBe(
      false,
    );
    expect(await nightlyBackup(target, settings(backupDir), alert, new Date('2027-06-14T07:10:00Z'))).toBe(
      true,
    );
    expect(await nightlyBackup(target, settings(backupDir), alert, new Date('2027-06-14T07:20:00Z'))).toBe(
      false,
    );
    expect(await readdir(backupDir)).toEqual(['respaldo-2027-06-14-031000-v0.1.0.respaldo']);
    const dashboard = async () =>
      (await k.t.api({ method: 'GET', url: '/api/dashboard', token: k.admin })).json().data.backup;
    // The test app has no BACKUP_KEY: the dashboard says to set one.
    expect((await dashboard()).warning).toBe(BACKUP_MESSAGES.noKey);

    // Thirty nights later: 14 daily ones and the newest of each of the 8 weeks before are kept.
    for (let day = 15; day <= 44; day += 1) {
      const at = new Date(Date.UTC(2027, 5, day, 7, 10));
      expect(await nightlyBackup(target, settings(backupDir), alert, at)).toBe(true);
    }
    const kept = (await readdir(backupDir)).filter((name) => name.endsWith('.respaldo'));
    expect(kept.length).toBeGreaterThanOrEqual(14);
    expect(kept.length).toBeLessThanOrEqual(14 + 8);
    expect(kept.sort().at(-1)).toBe('respaldo-2027-07-14-031000-v0.1.0.respaldo');
    expect(kept).not.toContain('respaldo-2027-06-16-031000-v0.1.0.respaldo');

    // A backup folder that cannot be written: recorded, alerted, shown on the dashboard.
    const blocked = path.join(k.t.dir, 'bloqueado');
    await writeFile(blocked, 'un archivo, no una carpeta');
    const failed = await backupAndRecord(target, settings(path.join(blocked, 'dentro')), alert, new Date());
    expect(failed.ok).toBe(false);
    expect(alerts).toHaveLength(1);
    const status = await k.t.store.collection('respaldos').findById('estado');
    expect(status?.last_error).toMatchObject({ message: expect.any(String) });
  }, 120_000);
});

describe('backups with the photos in Azure (Azurite)', () => {
  let azurite: Awaited<ReturnType<typeof startAzurite>> | undefined;
  afterEach(() => azurite?.stop());

  it('copies each archive to a private container beside the photos one, and keeps it as the folder', async () => {
    azurite = await startAzurite();
    const { k } = await school();
    const azure = { connectionString: azurite.connectionString, container: 'fotos' };
    const target = { store: k.t.store, dataDir: k.t.config.dataDir, appVersion: '0.1.0', azure };
    const backupDir = path.join(k.t.dir, 'respaldos');
    const made = await makeBackup(target, settings(backupDir), new Date('2027-06-14T07:10:00Z'));
    const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(
      'fotos-respaldos',
    );
    const blobs: string[] = [];
    for await (const blob of container.listBlobsFlat()) blobs.push(blob.name);
    expect(blobs).toEqual([made.name]);
    // Private: no anonymous read of the container or its blobs (the photos' container is public).
    expect((await container.getAccessPolicy()).blobPublicAccess).toBeUndefined();
    const copy = path.join(k.t.dir, 'desde-azure.respaldo');
    await container.getBlockBlobClient(made.name).downloadToFile(copy);
    await expect(extractArchive(copy, KEY, path.join(k.t.dir, 'de-azure'))).resolves.toMatchObject({
      header: { app_version: '0.1.0' },
    });
    // The keeping rule applies there too.
    await pruneBackups(target, { dir: backupDir, keep: { daily: 1, weekly: 1 } });
    await makeBackup(target, settings(backupDir), new Date('2027-06-20T07:10:00Z'));
    await pruneBackups(target, { dir: backupDir, keep: { daily: 1, weekly: 1 } });
    const after: string[] = [];
    for await (const blob of container.listBlobsFlat()) after.push(blob.name);
    expect(after).toEqual(['respaldo-2027-06-20-031000-v0.1.0.respaldo']);
  }, 60_000);
});
