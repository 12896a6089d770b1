// Embedded adapter: one NeDB datafile per collection under `dir` (the collections themselves are
// src/core/store/nedb.ts). NeDB keeps each collection in memory and appends each change to the
// datafile before the operation resolves. That survives a killed process; with `fsync` each append
// is also flushed to the disk before it resolves, so it survives a power cut too.
import { compareSpanish } from '../../src/core/store/common.ts';
import { constants } from 'node:fs';
import { access, open, readFile, readdir, truncate } from 'node:fs/promises';
import path from 'node:path';
import { collectionsOf, Datastore, nextInCounters } from '../../src/core/store/nedb.ts';
import type { FullScanListener } from '../../src/core/store/nedb-candidates.ts';
import type { Store } from './port.ts';
import { countingWrites } from '../../src/core/store/revisions.ts';
import model from '@seald-io/nedb/lib/model.js';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';

const EXTENSION = '.db';
const COUNTERS = 'counters';
const COMPACTION_INTERVAL_MS = 60 * 60 * 1000;
const NEWLINE = 0x0a;

export interface EmbeddedOptions {
  /** Flush every write to the disk before acknowledging it (on in production: config STORE_FSYNC). */
  fsync?: boolean;
  /** Hears of every query that walked a whole collection (no index narrowed it): tests count them. */
  onFullScan?: FullScanListener;
}

export async function openEmbeddedStore(
  dir: string,
  { fsync = false, onFullScan }: EmbeddedOptions = {},
): Promise<Store> {
  await makePrivateDir(dir);
  const datastores = new Map<string, Promise<Datastore>>();

  const datastore = (name: string): Promise<Datastore> => {
    let db = datastores.get(name);
    if (!db) {
      db = loadDatastore(path.join(dir, name + EXTENSION), fsync);
      datastores.set(name, db);
    }
    return db;
  };
  const compactAll = () =>
    Promise.all([...datastores.values()].map(async (db) => (await db).compactDatafileAsync()));

  // Load what already exists now, so that a damaged datafile stops startup instead of a later request.
  const files = (await readdir(dir)).filter((file) => file.endsWith(EXTENSION));
  await Promise.all(files.map((file) => datastore(file.slice(0, -EXTENSION.length))));

  // Our own timer rather than NeDB's setAutocompactionInterval: NeDB drops the compaction promise,
  // so a failed compaction (disk full) would be an unhandled rejection and kill the process.
  const timer = setInterval(() => {
    compactAll().catch((error: unknown) =>
      process.emitWarning(`Embedded store compaction failed: ${String(error)}`),
    );
  }, COMPACTION_INTERVAL_MS);
  timer.unref();

  return countingWrites({
    kind: 'embedded',
    collection: collectionsOf(datastore, onFullScan),
    async nextSequence(name) {
      return nextInCounters(await datastore(COUNTERS), name);
    },
    async ping() {
      await access(dir, constants.R_OK | constants.W_OK);
    },
    async snapshot() {
      // Every datastore is loaded first (the awaits); then one synchronous pass reads them all, so
      // no write can land between two collections: the backup holds one instant of the school.
      const loaded = await Promise.all(
        [...datastores.entries()].map(async ([name, db]) => ({ name, db: await db })),
      );
      const docs = loaded.map(({ name, db }) => ({ name, docs: db.getAllData() }));
      // Serialised as NeDB writes its own compacted datafile: one line per document.
      return docs.map(({ name, docs: all }) => ({
        name,
        lines: all.map((doc) => model.serialize(doc)),
      }));
    },
    async close() {
      clearInterval(timer);
      // Leaves one line per document on disk, so the next start reads less.
      await compactAll();
    },
  });
}

async function loadDatastore(filename: string, fsync: boolean): Promise<Datastore> {
  await dropTornTail(filename);
  // Once a torn tail is cut off, every line must parse: any other bad line is real damage, and refusing
  // to start beats NeDB's default of silently dropping up to 10% of the records.
  const db = new Datastore({
    filename,
    corruptAlertThreshold: 0,
    compareStrings: compareSpanish,
    // The school's data is its own (issue 53): datafiles, and the copies compaction renames over them.
    modes: { fileMode: PRIVATE_FILE_MODE, dirMode: PRIVATE_DIR_MODE },
  });
  await db.loadDatabaseAsync();
  if (fsync) {
    // Every write of a datastore appends through this one method, inside the datastore's queue, and
    // the operation resolves after it: flushing here makes each acknowledged write durable.
    // (Compaction already writes a temporary file, flushes it and renames it.)
    const persistence = db.persistence as unknown as { persistNewStateAsync(docs: unknown[]): Promise<void> };
    const append = persistence.persistNewStateAsync.bind(persistence);
    persistence.persistNewStateAsync = async (docs) => {
      await append(docs);
      if (docs.length > 0) await flushToDisk(filename);
    };
    // The file may be new: its directory entry must reach the disk too.
    await flushToDisk(path.dirname(filename));
  }
  return db;
}

async function flushToDisk(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A crash (power loss, or a kill between two writes of a large append) can leave the last line
 * half-written. That write was never acknowledged, so it is cut off rather than counted as corruption.
 */
async function dropTornTail(filename: string): Promise<void> {
  let content: Buffer;
  try {
    content = await readFile(filename);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (content.length === 0 || content[content.length - 1] === NEWLINE) return;
  const keep = content.lastIndexOf(NEWLINE) + 1;
  process.emitWarning(`${filename}: dropped a partially written last line (${content.length - keep} bytes)`);
  await truncate(filename, keep);
}
