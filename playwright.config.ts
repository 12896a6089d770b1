// Browser tests on a Chromium that `npm install` brings (e2e/browser.ts: CHROMIUM_PATH, else the
// one inside @sparticuz/chromium, else a system one). The web server is the real one (e2e/serve.ts: `npm start`'s build-when-stale and server, plus a
// local OAuth2 provider for Google sign-in) on a fresh embedded store in a temporary folder.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chooseChromium } from './e2e/browser.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Set once in the runner and inherited by the workers, so tests can read the server's outbox.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'escuela-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const chromium = chooseChromium();
if (!process.env.TEST_WORKER_INDEX)
  console.log(`Browser tests on ${chromium.source}: ${chromium.executablePath}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'es-DO',
    timezoneId: 'America/Santo_Domingo',
    trace: 'off',
    launchOptions: {
      executablePath: chromium.executablePath,
      env: { ...process.env, ...chromium.env },
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /mock-mode\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: /mock-mode\.spec\.ts/,
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } },
    },
    // Testers' mock mode: the front end alone, MSW answering in the browser, no API server.
    {
      name: 'mock',
      testMatch: /mock-mode\.spec\.ts/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 740 },
        baseURL: `http://localhost:${PORT + 2}`,
      },
    },
  ],
  webServer: [
    {
      command: 'node scripts/start-mock.ts',
      url: `http://localhost:${PORT + 2}/`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: { PORT: String(PORT + 2), PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH ?? ''}` },
    },
    {
      command: 'node e2e/serve.ts',
      url: `http://localhost:${PORT}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        // The local OAuth2 provider listens next to the app (see e2e/serve.ts).
        E2E_OAUTH_PORT: String(PORT + 1),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'admin@e2e.do',
        ADMIN_PASSWORD: 'clave-e2e-123',
        PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH ?? ''}`,
      },
    },
  ],
});
