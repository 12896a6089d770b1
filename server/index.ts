// Entry point: read the configuration, open the store, prepare it, listen, and shut down
// gracefully (finish in-flight requests, close the store) on SIGTERM/SIGINT.
import { fileURLToPath } from 'node:url';
import { loadConfig, ConfigError } from './config.ts';
import { resolveJwtSecret } from './secrets.ts';
import { openStore } from './store/index.ts';
import { closeDataDir } from './private-files.ts';
import { buildApp, type AppDeps } from './app.ts';
import { prepareStore, settleInterrupted, startupBanner } from './bootstrap.ts';

/**
 * `hashing` is for the browser tests' server only (e2e/serve.ts): cheap scrypt parameters, since a
 * production hash costs about 0.4 s of CPU and those tests sign in some hundred times.
 */
export async function main({ hashing }: Pick<AppDeps, 'hashing'> = {}): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // The data folder holds the store, the photos, the e-mails and the secret: the school's alone,
  // including what an older version left readable by others (issue 53).
  await closeDataDir(config.dataDir);
  config.jwtSecret = await resolveJwtSecret(config);

  const store = await openStore({
    mongodbUri: config.mongodbUri,
    dataDir: config.dataDir,
    fsync: config.storeFsync,
  });
  // The app first: its modules create their indexes, which the seed then relies on.
  let app;
  try {
    app = await buildApp(config, { store, hashing });
  } catch (error) {
    // A setting only checkable by using it (AZUL's certificate): said plainly, and no start.
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const prepared = await prepareStore(store, config, hashing);
  // One process per embedded store: what a stop or crash left unfinished is settled before listening.
  // Servers sharing MongoDB settle another's leftovers after its lease instead (the reconciler).
  if (store.kind === 'embedded') {
    const settled = await settleInterrupted(app.core.deps);
    if (settled.paid + settled.released + settled.attempts > 0)
      app.log.warn({ settled }, 'settled payments left unfinished by the previous run');
  }
  app.outbox.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Closing compacts each school's embedded store: 10 s, and a little more per school (200
    // schools took 11 s to stop, docs/performance.md "Many schools").
    const timer = setTimeout(
      () => {
        app.log.error('graceful shutdown timed out; exiting');
        process.exit(1);
      },
      10_000 + 100 * app.schools.all().length,
    );
    timer.unref();
    try {
      await app.close();
      await store.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`${startupBanner(config, prepared, store.kind)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
