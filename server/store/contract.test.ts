// Runs the store contract against every adapter: the embedded and in-memory stores always, MongoDB
// when a server is reachable (TEST_MONGODB_URI, which .ci/run points at a FerretDB it starts, or
// MONGODB_URI, else a throwaway mongodb-memory-server), otherwise a visible skip.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { describeStoreContract } from './contract.ts';
import { openEmbeddedStore } from './embedded.ts';
import { throwawayMongoDatabase } from '../testing/mongo.ts';
import { openMemoryStore } from '../../src/core/store/memory.ts';

const MEMORY_SERVER_TIMEOUT_MS = 15_000;

type MongoTarget = { uri: string; stop(): Promise<void> } | { reason: string };

const oneLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');

async function findMongo(): Promise<MongoTarget> {
  const uri = process.env.TEST_MONGODB_URI || process.env.MONGODB_URI;
  if (uri) return { uri, stop: async () => {} };

  // Offline the binary download cannot succeed: one attempt instead of three with back-off fails fast.
  process.env.MONGOMS_MAX_RETRIES ??= '1';
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const starting = MongoMemoryServer.create();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`not started within ${MEMORY_SERVER_TIMEOUT_MS / 1000} s`)),
      MEMORY_SERVER_TIMEOUT_MS,
    );
  });
  try {
    const server = await Promise.race([starting, timeout]);
    return { uri: server.getUri(), stop: async () => void (await server.stop()) };
  } catch (error) {
    // A start that completes after the timeout must not leave a mongod running.
    starting.then((server) => server.stop()).catch(() => {});
    return {
      reason: `no TEST_MONGODB_URI or MONGODB_URI (CI starts FerretDB where Go is installed: .ci/ferretdb.sh), and mongodb-memory-server could not start: ${oneLine(error)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** What answers at `uri`: FerretDB says so (and its version) in buildInfo. */
async function mongoServerKind(uri: string): Promise<{ version: string; ferretdb?: string }> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    return {
      version: String(info.version),
      ...(info.ferretdbVersion ? { ferretdb: String(info.ferretdbVersion) } : {}),
    };
  } finally {
    await client.close();
  }
}

describeStoreContract('embedded', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'store-contract-'));
  return { open: () => openEmbeddedStore(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
});

describeStoreContract('memory', () => {
  // Lives as long as the object: "reopening" it is handing out the same store again.
  const store = openMemoryStore();
  return Promise.resolve({ open: () => Promise.resolve(store), cleanup: () => Promise.resolve() });
});

const mongo = await findMongo();
if ('uri' in mongo) {
  const { uri } = mongo;
  const server = await mongoServerKind(uri);
  console.warn(
    server.ferretdb
      ? `MongoDB store contract on FerretDB ${server.ferretdb} (its updates are not atomic: the adapter's writes take a per-document lock there, docs/decisions.md issue 57)`
      : `MongoDB store contract on MongoDB ${server.version}`,
  );
  describeStoreContract('mongodb', async () => {
    const database = throwawayMongoDatabase(uri, 'store_contract');
    return { open: database.open, cleanup: database.drop };
  });
  afterAll(() => mongo.stop());
} else {
  console.warn(`MongoDB store contract SKIPPED: ${mongo.reason}`);
  describe.skip(`mongodb store contract (skipped: ${mongo.reason})`, () => {
    it('runs the store contract against MongoDB', () => {});
  });
}
