// A database of its own on a MongoDB-wire server for one test, dropped afterwards, so runs and
// tests never see each other's data (the store contract, the MongoDB variants of the API tests).
import { MongoClient } from 'mongodb';
import { openMongoStore } from '../store/mongo.ts';
import type { Store } from '../store/port.ts';

let databases = 0;

export function throwawayMongoDatabase(
  uri: string,
  prefix: string,
): { uri: string; open: () => Promise<Store>; drop: () => Promise<void> } {
  const dbName = `${prefix}_${process.pid}_${Date.now().toString(36)}_${(databases += 1)}`;
  // The same server with this database named in its path: a server process's MONGODB_URI.
  const named = new URL(uri);
  named.pathname = `/${dbName}`;
  return {
    uri: named.toString(),
    open: () => openMongoStore(uri, { dbName }),
    drop: async () => {
      const client = new MongoClient(uri);
      try {
        await client.db(dbName).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
}
