// Embedded adapter: one NeDB datafile per collection under `dir` (the collections themselves are
// src/core/store/nedb.ts). NeDB keeps each collection in memory and appends each change to the
// datafile before the operation resolves. That survives a killed process; with `fsync` each append
// is also flushed to the disk before it resolves, so it survives a power cut too.
import { compareSpanish } from '../../src/core/store/common.ts';
import { constants } from 'node:fs';
import { access, open, readFile, readdir, truncate, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { collectionsOf, Datastore, nextInCounters } from '../../src/core/store/nedb.ts';
import type { FullScanListener } from '../../src/core/store/nedb-candidates.ts';
import type { Store } from './port.ts';
import { countingWrites } from '../../src/core/store/revisions.ts';
import { serializeDocument } from './serialize.ts';
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
  /**
   * Rewrites each datafile with one line per document. A datafile nothing was appended to since it
   * was last written whole (NeDB's load writes it so) is compact already and left alone: most of an
   * idle school's 37 files, so a server of many schools stops and compacts hourly in a fraction of
   * the time, and rewrites no idle file on disk.
   */
  const compactAll = () =>
    Promise.all(
      [...datastores.values()].map(async (pending) => {
        const db = await pending;
        if (!appendedSinceCompaction.get(db)) return;
        // Cleared before: an append queued behind the compaction marks it again for the next one.
        appendedSinceCompaction.set(db, false);
        try {
          await db.compactDatafileAsync();
        } catch (error) {
          appendedSinceCompaction.set(db, true);
          throw error;
        }
      }),
    );

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
        lines: all.map((doc) => serializeDocument(doc)),
      }));
    },
    async close() {
      clearInterval(timer);
      // Leaves one line per document on disk, so the next start reads less.
      await compactAll();
    },
  });
}

/** Datastores with lines appended since their datafile was last written whole (loaded or compacted). */
const appendedSinceCompaction = new WeakMap<Datastore, boolean>();

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
  // Every write of a datastore appends its lines through this one method, inside the datastore's
  // queue. They go through one handle kept open: NeDB's own append opened and closed the file for
  // each write, which cost more CPU than the write itself. A compaction writes a new file and renames
  // it over the old one (flushed by NeDB before the rename), so the handle is opened again after it;
  // closing the old one waits for an operation still running on it.
  const persistence = db.persistence as unknown as { persistNewStateAsync(docs: unknown[]): Promise<void> };
  let handle: Promise<FileHandle> | null = null;
  const datafile = () => (handle ??= open(filename, 'a', PRIVATE_FILE_MODE));
  /** A handle no longer used (the file was replaced, or an operation on it failed) is closed. */
  const drop = (old: Promise<FileHandle>) => {
    if (handle === old) handle = null;
    void old.then((opened) => opened.close()).catch(() => undefined);
  };
  db.on('compaction.done', () => {
    if (handle) drop(handle);
  });
  // The flushes of `fsync` (below); null without it.
  let flusher: GroupFlush | null = null;
  persistence.persistNewStateAsync = async (docs) => {
    // As NeDB writes them (it has no serialisation hooks here): one line per document.
    let lines = '';
    for (const doc of docs) lines += serializeDocument(doc) + '\n';
    if (lines.length === 0) return;
    const opened = datafile();
    try {
      await (await opened).appendFile(lines, 'utf8');
    } catch (error) {
      drop(opened);
      throw error;
    }
    appendedSinceCompaction.set(db, true);
    flusher?.appended();
  };
  if (fsync) {
    // The flush is not awaited in the queue: a write is acknowledged (its operation resolves, below)
    // only after a flush that began once it was appended, and the writes appended meanwhile share
    // that flush (a group commit). The queue appends the next write while the disk flushes, instead
    // of waiting one flush per write. (Compaction already writes a temporary file, flushes it and
    // renames it.) As with MongoDB's journal, another request may read a write before it is on
    // disk; only its own caller waits for the disk.
    flusher = new GroupFlush(async () => {
      const opened = datafile();
      try {
        await (await opened).datasync();
      } catch (error) {
        // A handle that failed is not reused: the next write or flush opens the file again.
        drop(opened);
        throw error;
      }
    });
    const durable = flusher;
    const writes = db as unknown as Record<
      'insertAsync' | 'updateAsync' | 'removeAsync' | 'ensureIndexAsync' | 'removeIndexAsync',
      (...args: unknown[]) => Promise<unknown>
    >;
    for (const method of [
      'insertAsync',
      'updateAsync',
      'removeAsync',
      'ensureIndexAsync',
      'removeIndexAsync',
    ] as const) {
      const write = writes[method].bind(db);
      writes[method] = async (...args) => {
        const result = await write(...args);
        await durable.durable();
        return result;
      };
    }
    // The file may be new: its directory entry must reach the disk too.
    await flushToDisk(path.dirname(filename));
  }
  return db;
}

/**
 * One datafile's flushes: `appended()` counts each append, `durable()` resolves once a flush that
 * began after every append counted so far has finished. Callers that arrive while a flush runs
 * share the next one.
 */
export class GroupFlush {
  readonly #flush: () => Promise<void>;
  #appended = 0;
  /** Appends covered by the last flush that finished. */
  #flushed = 0;
  #running: Promise<void> | null = null;
  /** The running flush has fixed what it covers (appends after that wait for the next one). */
  #begun = false;
  #next: Promise<void> | null = null;

  constructor(flush: () => Promise<void>) {
    this.#flush = flush;
  }

  appended(): void {
    this.#appended += 1;
  }

  async durable(): Promise<void> {
    const target = this.#appended;
    while (this.#flushed < target) await this.#turn();
  }

  /** The flush to wait for: the one starting now, or the one after the flush under way. */
  #turn(): Promise<void> {
    if (!this.#running) return this.#start();
    if (!this.#begun) return this.#running;
    this.#next ??= this.#running.then(
      () => this.#afterRunning(),
      () => this.#afterRunning(),
    );
    return this.#next;
  }

  #afterRunning(): Promise<void> {
    this.#next = null;
    return this.#running ?? this.#start();
  }

  #start(): Promise<void> {
    // Started after the I/O callbacks already due: writes appended in the same turn share it.
    this.#begun = false;
    const running = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      this.#begun = true;
      const covers = this.#appended;
      await this.#flush();
      this.#flushed = Math.max(this.#flushed, covers);
    });
    this.#running = running;
    void running.then(
      () => this.#settle(running),
      () => this.#settle(running),
    );
    return running;
  }

  #settle(running: Promise<void>): void {
    if (this.#running === running) this.#running = null;
  }
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
