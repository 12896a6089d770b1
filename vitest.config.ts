import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { useMemoryTmpdir } from './scripts/test-tmpdir.ts';
import LongestFirst from './scripts/vitest-sequencer.ts';

// The apps' stores and the crash suite's servers in memory-backed temporary folders when the
// machine has them (scripts/test-tmpdir.ts); the workers inherit the setting.
useMemoryTmpdir();

// The browser code runs in jsdom, the server, domain and mocks in Node.
const NODE_TESTS = [
  'server/**/*.test.ts',
  'src/domain/**/*.test.ts',
  'src/core/**/*.test.ts',
  'mocks/**/*.test.ts',
  'scripts/**/*.test.ts',
];
/** Node tests that replace a module (vi.mock) need a module graph of their own. */
const MOCKS_MODULES = ['server/store/fsync.test.ts'];
/** The same in the browser code: a module replaced (vi.mock) or loaded again (vi.resetModules). */
const WEB_MOCKS_MODULES = [
  'src/auth/LoginPage.test.tsx',
  'src/auth/RegisterPage.test.tsx',
  'src/lib/nextPages.test.tsx',
  'src/enrolment/formRules.test.ts',
];
/**
 * The component tests: jsdom, in worker threads rather than child processes (whole runs took 127
 * and 133 s against 137 and 147 s with processes only, on 2 cores). The Node projects stay in
 * processes: one of their tests reads the process's memory (rss), which threads would share.
 */
const WEB = {
  environment: 'jsdom',
  pool: 'threads' as const,
  setupFiles: ['./src/test/setup.ts'],
  // A worker's first render loads the app's lazy chunks, seconds on two busy cores (FIRST_SCREEN).
  testTimeout: 20000,
};

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    // Vitest leaves one core free by default, which on a 2-core machine means one file at a time.
    // The tests spend much of their time waiting (files, child processes, timers: the crash suite
    // restarts servers, the shell waits its 1-second pause), so files overlap well beyond the
    // cores: on 2 cores a whole run took 358 s with two workers and 239 s with three.
    maxWorkers: Math.max(3, os.availableParallelism()),
    // The longest files first, also on a machine without Vitest's cache (scripts/vitest-sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          ...WEB,
          // Files share one jsdom and one module graph per worker, as the Node projects do:
          // 47 s against 81 s for this project (`npx vitest run --project web`, 2 cores). Each test
          // still renders its own app and store; the setup file empties the page and storage.
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/domain/**', 'src/core/**', ...WEB_MOCKS_MODULES],
        },
      },
      { extends: true, test: { name: 'web-isolated', ...WEB, include: WEB_MOCKS_MODULES } },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
          exclude: MOCKS_MODULES,
          // Files share one module graph per worker: importing the server for every file cost more
          // than a third of this project's time. Each test still builds its own app and store.
          isolate: false,
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: MOCKS_MODULES,
          testTimeout: 20000,
        },
      },
    ],
  },
});
