// Runs the store contract against every adapter: the embedded and in-memory stores always, MongoDB
// when a server is reachable (MONGODB_URI, else a throwaway mongodb-memory-server), otherwise a
// visible skip.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { describeStoreContract } from './contract.ts';
import { openEmbeddedStore } from './embedded.ts';
import { openMongoStore } from './mongo.ts';
import { openMemoryStore } from '../../src/core/store/memory.ts';

const MEMORY_SERVER_TIMEOUT_MS = 15_000;

type MongoTarget = { uri: string; stop(): Promise<void> } | { reason: string };

const oneLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');

async function findMongo(): Promise<MongoTarget> {
  const uri = process.env.MONGODB_URI;
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
    return { reason: `no MONGODB_URI and mongodb-memory-server could not start: ${oneLine(error)}` };
  } finally {
    clearTimeout(timer);
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
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  let databases = 0;
  describeStoreContract('mongodb', async () => {
    // A database of its own per test, dropped afterwards, so runs never see each other's data.
    const dbName = `store_contract_${runId}_${(databases += 1)}`;
    return {
      open: () => openMongoStore(uri, { dbName }),
      cleanup: async () => {
        const client = new MongoClient(uri);
        try {
          await client.db(dbName).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  });
  afterAll(() => mongo.stop());
} else {
  console.warn(`MongoDB store contract SKIPPED: ${mongo.reason}`);
  describe.skip(`mongodb store contract (skipped: ${mongo.reason})`, () => {
    it('runs the store contract against MongoDB', () => {});
  });
}
