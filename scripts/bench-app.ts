// The app the benchmarks load (`npm run bench`, scripts/api-costs.ts, scripts/bench-checkout.ts):
// the real server in this process, production settings at log level warn unless told otherwise, on
// a fresh embedded store with the demo data; for the API benchmarks also a parent's token and the
// demo summer camp. Not a test.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openEmbeddedStore } from '../server/store/embedded.ts';
import type { FullScanListener } from '../src/core/store/nedb-candidates.ts';
import { hashPassword, type ScryptParams } from '../server/auth/password.ts';
import { seedDemoData } from '../src/core/seed.ts';
import { newUser } from '../src/domain/accounts.ts';
import type { Camp, UserRecord } from '../src/domain/records.ts';

/**
 * The real server on a fresh embedded store with the demo data, listening on loopback. `env` adds
 * to or replaces the settings (the checkout benchmark runs test settings); `hashing` is the scrypt
 * cost of new passwords; `onFullScan` hears of each query that walked a whole collection;
 * `dataDir` starts it on a DATA_DIR made before (kept at close) instead of a new one.
 */
export async function startBenchServer(
  options: {
    env?: Record<string, string | undefined>;
    hashing?: ScryptParams;
    onFullScan?: FullScanListener;
    dataDir?: string;
  } = {},
) {
  const dir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'escuela-bench-')));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
    JWT_SECRET: 'b'.repeat(40),
    ...options.env,
  });
  const store = await openEmbeddedStore(path.join(dir, 'db'), {
    fsync: config.storeFsync,
    ...(options.onFullScan ? { onFullScan: options.onFullScan } : {}),
  });
  const app = await buildApp(config, {
    store,
    mailTransport: { send: async () => {} },
    ...(options.hashing ? { hashing: options.hashing } : {}),
  });
  await seedDemoData(store);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    store,
    config,
    url,
    close: async () => {
      await app.close();
      await store.close();
      if (!options.dataDir) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** `platform`: a platform operator is set, so that other schools can be created (issue 55). */
export async function benchApp(options: { staticDir?: string; platform?: boolean } = {}) {
  const server = await startBenchServer({
    env: {
      ...(options.staticDir ? { STATIC_DIR: options.staticDir } : {}),
      ADMIN_EMAIL: 'admin@bench.do',
      ADMIN_PASSWORD: 'clave-bench-123',
      ...(options.platform
        ? { PLATFORM_ADMIN_EMAIL: 'operador@bench.do', PLATFORM_ADMIN_PASSWORD: 'clave-de-la-plataforma' }
        : {}),
    },
  });
  const { app, store, config } = server;
  const parent = (
    await store
      .collection<UserRecord>('usuarios')
      .insertOne(
        newUser('bench.parent@correo.do', await hashPassword('clave-bench', { N: 1024, r: 8, p: 1 })),
      )
  )._id;
  const token = app.signToken(parent);
  const camp = (await store.collection<Camp>('campamentos').find({})).find((c) => c.code === 'CV2027')!;
  return {
    app,
    config,
    url: server.url,
    parent,
    token,
    camp,
    /** What the front end sends with a signed-in parent's call. */
    apiHeaders: { 'x-account-id': config.accountId, authorization: `Bearer ${token}` },
    close: server.close,
  };
}
