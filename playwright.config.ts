// Browser tests on a Chromium that `npm install` brings (e2e/browser.ts: CHROMIUM_PATH, else the
// one inside @sparticuz/chromium, else a system one). Each worker starts the real server of its
// own (e2e/test.ts: `npm start`'s server plus a local OAuth2 provider for Google sign-in) on a fresh
// embedded store, so two workers run side by side; the front end and its mock mode are built once
// before, and the mock mode's static server started (e2e/global-setup.ts).
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chooseChromium } from './e2e/browser.ts';
import { MOCK_PORT } from './e2e/ports.ts';

/**
 * Each journey runs at the width of the person who walks it (docs/performance.md, "Test suite
 * time"): a parent's on a phone, the office's at a desk, and a few, such as the enrolment itself
 * and every screen's accessibility, at both. The AZUL stand-in's 3-D Secure is a phone journey and
 * DGII's e-CF office work, each with a server of its own.
 */
const specs = (...names: string[]) => names.map((name) => new RegExp(`/${name}\\.spec\\.ts$`));
const MOCK_MODE = specs('mock-mode');
const PHONE_ONLY = specs(
  'account',
  'camp-day',
  'holds',
  'phone-journey',
  'phone-width',
  'programs',
  'self-cancel',
  'social',
  'tap-targets',
  'three-ds',
);
const DESK_ONLY = specs('changes', 'ecf', 'keyboard', 'platform', 'receipts', 'staff');
/**
 * The phone's 3-D Secure walk (18 s) has a server of its own, the AZUL stand-in's. A free worker
 * takes a test for the server it already runs before any other, so inside the phone project this
 * walk waited for every other phone test and ran last, alone; a project of its own, second, starts
 * it early.
 */
const OWN_PHONE_PROJECT = specs('three-ds', 'programs');
const PHONE = { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } };

const chromium = chooseChromium();
if (!process.env.TEST_WORKER_INDEX)
  console.log(`Browser tests on ${chromium.source}: ${chromium.executablePath}`);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Files are shared out between the workers; the tests of one file run in order. The tests wait
  // a good part of their time (servers, timers, animations): on 2 cores, three workers kept the
  // cores 85% busy against 68% with two, and the run took 3.9 instead of 4.5 minutes.
  fullyParallel: false,
  workers: Math.max(3, Math.round(os.availableParallelism() * 1.5)),
  retries: 0,
  timeout: 30_000,
  // Three workers on two cores make each test about a fifth slower: a wait that succeeds is not
  // slowed by a longer limit, and one that fails still fails, later.
  expect: { timeout: 10_000 },
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
    // Testers' mock mode: the front end alone, MSW answering in the browser, no API server. First:
    // its walks are among the longest, and the workers take tests in the projects' order.
    {
      name: 'mock',
      testMatch: MOCK_MODE,
      use: { ...PHONE, baseURL: `http://localhost:${MOCK_PORT}` },
    },
    { name: 'phone-azul', testMatch: OWN_PHONE_PROJECT, use: PHONE },
    {
      name: 'desktop',
      testIgnore: [...MOCK_MODE, ...PHONE_ONLY],
      // A desktop user who asked for less motion: toasts and dialogs come and go at once (the phone
      // and mock projects keep the animations), so staff-like walks wait for no entrance or exit.
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' },
    },
    { name: 'phone', testIgnore: [...MOCK_MODE, ...DESK_ONLY, ...OWN_PHONE_PROJECT], use: PHONE },
  ],
});
