// The browser tests' `test`: each Playwright worker gets a server of its own (e2e/serve.ts, the app
// as `npm start` runs it, with its own OAuth2 provider) on a fresh embedded store in a temporary
// folder. Workers then run side by side without seeing each other's records, so a test can still
// compare counts before and after what it did. The front end is built once, before any worker
// starts (e2e/global-setup.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { E2E_ADMIN } from './api.ts';
import { BASE_PORT } from './ports.ts';

export const START_TIMEOUT_MS = 60_000;

export interface AppServer {
  url: string;
  /** DATA_DIR of the server: its store and its outbox of .eml files (e2e/outbox.ts). */
  dataDir: string;
}

/** The health check's status, or null when nothing answers on that port. */
const health = (url: string): Promise<number | null> =>
  fetch(`${url}/api/health`).then(
    (res) => res.status,
    () => null,
  );

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (running(child) && Date.now() < deadline) {
    // Ours only if it is still running: a child that could not take the port has exited.
    if ((await health(url)) === 200 && running(child)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    running(child) ? `the test server did not answer at ${url}` : 'the test server stopped while starting',
  );
}

/**
 * Runs the app as `npm start` does (e2e/serve.ts) on a fresh embedded store for the whole of
 * `use`, on `port` (its OAuth2 provider on the next one); `env` adds settings (the AZUL stand-in).
 */
export async function runAppServer(
  port: number,
  use: (server: AppServer) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const url = `http://localhost:${port}`;
  // Something already there (a server left running, a developer's own) would be tested instead.
  if ((await health(url)) !== null) throw new Error(`port ${port} is taken: stop what runs at ${url} first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escuela-e2e-'));
  const child = spawn(process.execPath, ['e2e/serve.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      E2E_OAUTH_PORT: String(port + 1),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  // Stopped and cleaned up whatever happens: a server that failed to start included.
  try {
    await waitForHealth(url, child);
    // The outbox helper reads it; one server per worker process, so one value per process.
    process.env.E2E_DATA_DIR = dataDir;
    await use({ url, dataDir });
  } finally {
    if (running(child)) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => runAppServer(BASE_PORT + 10 * workerInfo.parallelIndex, use),
    { scope: 'worker', timeout: START_TIMEOUT_MS + 10_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.url),
});

/**
 * The browser tests with a server of their own on port offset `offset` of each worker's ten (its
 * OAuth2 provider on the next one), started with `env` (the AZUL or DGII stand-in).
 */
export const testWithOwnServer = (offset: number, env: Record<string, string>) =>
  test.extend<object, { appServer: AppServer }>({
    appServer: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
      async ({}, use, workerInfo) =>
        runAppServer(BASE_PORT + 10 * workerInfo.parallelIndex + offset, use, env),
      { scope: 'worker', timeout: START_TIMEOUT_MS + 10_000 },
    ],
  });

export { expect } from '@playwright/test';
export type { Locator, Page, Request, TestInfo } from '@playwright/test';
