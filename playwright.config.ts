// Browser tests on a Chromium that `npm install` brings (e2e/browser.ts: CHROMIUM_PATH, else the
// one inside @sparticuz/chromium, else a system one). Each worker starts the real server of its
// own (e2e/test.ts: `npm start`'s server plus a local OAuth2 provider for Google sign-in) on a fresh
// embedded store, so two workers run side by side; the front end and its mock mode are built once
// before, and the mock mode's static server started (e2e/global-setup.ts).
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chooseChromium } from './e2e/browser.ts';
import { MOCK_PORT } from './e2e/ports.ts';

const chromium = chooseChromium();
if (!process.env.TEST_WORKER_INDEX)
  console.log(`Browser tests on ${chromium.source}: ${chromium.executablePath}`);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Files are shared out between the workers; the tests of one file run in order. Two workers keep
  // both cores of a small machine busy (88% measured); larger machines get half their cores.
  fullyParallel: false,
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    locale: 'es-DO',
    timezoneId: 'America/Santo_Domingo',
    trace: 'off',
    // Pictures of the flows are taken on request (E2E_SCREENSHOTS=1, e2e/shots.ts); a failure
    // leaves one of its page as it was (a viewport shot as each test ends, kept only on failure).
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium.executablePath,
      env: { ...process.env, ...chromium.env },
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      // 3-D Secure is a phone journey with a server of its own (the AZUL stand-in): not started twice.
      testIgnore: /mock-mode\.spec\.ts|three-ds\.spec\.ts/,
      // A desktop user who asked for less motion: toasts and dialogs come and go at once (the phone
      // and mock projects keep the animations), so staff-like walks wait for no entrance or exit.
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' },
    },
    {
      name: 'phone',
      // e-CF is office work with a server of its own (DGII's stand-in): checked at the desk's width.
      testIgnore: /mock-mode\.spec\.ts|ecf\.spec\.ts/,
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } },
    },
    // Testers' mock mode: the front end alone, MSW answering in the browser, no API server.
    {
      name: 'mock',
      testMatch: /mock-mode\.spec\.ts/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 740 },
        baseURL: `http://localhost:${MOCK_PORT}`,
      },
    },
  ],
});
