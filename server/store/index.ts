// Chooses the storage adapter: MongoDB when a URI is configured, else the embedded file store.
import path from 'node:path';
import type { Store } from './port.ts';

export interface StoreConfig {
  mongodbUri?: string;
  /** The app's data folder; the embedded store lives in its `db` subfolder. */
  dataDir: string;
  mongoDbName?: string;
  /** Embedded store only: flush each write to disk before acknowledging it. */
  fsync?: boolean;
}

export async function openStore(config: StoreConfig): Promise<Store> {
  // Imported on demand so that a deployment only loads the adapter it uses.
  if (config.mongodbUri) {
    const { openMongoStore } = await import('./mongo.ts');
    return openMongoStore(config.mongodbUri, { dbName: config.mongoDbName });
  }
  const { openEmbeddedStore } = await import('./embedded.ts');
  return openEmbeddedStore(path.join(config.dataDir, 'db'), { fsync: config.fsync });
}
