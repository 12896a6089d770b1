// Backup benchmark (not a test, issue 27): a school of 10,000 paid orders, each child with a photo,
// on the embedded store; times a backup and a restore and gives the archive's size. The orders are
// copies of one real checkout (new ids and numbers); each photo is 20 KB of random bytes, as a
// phone's JPEG does not compress. Run: `npm run bench:backup` (BENCH_ORDERS, BENCH_PHOTO_KB).
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeTempDir } from '../server/testing/build.ts';
import { staffKit } from '../server/api-tests/staff/testing.ts';
import { enrolmentRequest } from '../server/api-tests/checkout/testing.ts';
import { makeBackup } from '../server/backup/backup.ts';
import { extractArchive } from '../server/backup/archive.ts';
import type { Enrolment } from '../src/domain/records.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PHOTO_KB = Number(process.env.BENCH_PHOTO_KB ?? 20);
const KEY = 'clave de la prueba de rendimiento';

const kit = await staffKit();
const { t } = kit;
const paid = await kit.pay(kit.parent, enrolmentRequest(kit.cart, [[0, 1]]));
if (paid.statusCode !== 201) throw new Error(paid.body);
const model = (await t.store.collection<Enrolment>('inscripciones').findOne({ payment_status: 'paid' }))!;
const orders = t.store.collection<Enrolment>('inscripciones');
const uploads = path.join(t.config.dataDir, 'uploads');
await mkdir(uploads, { recursive: true });
for (let start = 0; start < ORDERS; start += 500) {
  const batch: Enrolment[] = [];
  for (let index = start; index < Math.min(start + 500, ORDERS); index += 1) {
    const photo = `${randomBytes(16).toString('hex')}.jpg`;
    await writeFile(path.join(uploads, photo), randomBytes(PHOTO_KB * 1024));
    const { _id: _omit, ...rest } = model;
    batch.push({
      ...rest,
      order_number: String(20_000 + index),
      participants: model.participants.map((child) => ({ ...child, image: `/uploads/${photo}` })),
    } as Enrolment);
  }
  await orders.insertMany(batch);
}

const dir = await makeTempDir('escuela-bench-backup-');
// The snapshot is the part that holds the server's event loop (one synchronous pass).
let started = performance.now();
await t.store.snapshot!();
const snapshotMs = performance.now() - started;
started = performance.now();
const made = await makeBackup(
  { store: t.store, dataDir: t.config.dataDir, appVersion: '0.1.0' },
  { key: KEY, dir: path.join(dir, 'respaldos') },
);
const backupMs = performance.now() - started;
started = performance.now();
await extractArchive(made.file, KEY, path.join(dir, 'restaurado'));
const restoreMs = performance.now() - started;

console.log(
  JSON.stringify(
    {
      orders: made.collections.inscripciones,
      files: made.files,
      photo_kb: PHOTO_KB,
      archive_mb: Math.round((made.size / 1024 / 1024) * 10) / 10,
      snapshot_ms: Math.round(snapshotMs),
      backup_s: Math.round(backupMs / 100) / 10,
      restore_s: Math.round(restoreMs / 100) / 10,
    },
    null,
    2,
  ),
);
await t.close();
await rm(dir, { recursive: true, force: true });
