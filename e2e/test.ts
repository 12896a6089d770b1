// The browser tests' `test`: each Playwright worker gets a server of its own (e2e/serve.ts, the app
// as `npm start` runs it, with its own OAuth2 provider) on a fresh embedded store in a temporary
// folder. Workers then run side by side without seeing each other's records, so a test can still
// compare counts before and after what it did. The front end is built once, before any worker
// starts (e2e/global-setup.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

/** Worker n listens on BASE + 10n (the app) and BASE + 10n + 1 (its OAuth2 provider). */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const START_TIMEOUT_MS = 60_000;

export interface AppServer {
  url: string;
  /** DATA_DIR of the server: its store and its outbox of .eml files (e2e/outbox.ts). */
  dataDir: string;
}

async function waitForHealth(url: string, exited: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!gone && Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    gone ? 'the test server stopped while starting' : `the test server did not answer at ${url}`,
  );
}

export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const port = BASE_PORT + 10 * workerInfo.parallelIndex;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escuela-e2e-'));
      const child = spawn(process.execPath, ['e2e/serve.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          E2E_OAUTH_PORT: String(port + 1),
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          ADMIN_EMAIL: 'admin@e2e.do',
          ADMIN_PASSWORD: 'clave-e2e-123',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const exited = once(child, 'exit');
      const url = `http://localhost:${port}`;
      await waitForHealth(url, exited);
      // The outbox helper reads it; one server per worker process, so one value per process.
      process.env.E2E_DATA_DIR = dataDir;
      await use({ url, dataDir });
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 10_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.url),
});

export { expect } from '@playwright/test';
export type { Locator, Page, Request, TestInfo } from '@playwright/test';
