// Builds the front end and its mock mode once, side by side, before the workers start their servers
// (e2e/test.ts): two servers starting at once would otherwise both find dist/ stale and build it
// twice. Then starts the mock mode's static server for the `mock` project. It is started here rather
// than as Playwright's webServer, which starts before the global setup and so would build the mock
// mode alone, one build after the other.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildBothIfStale, isRunning as running } from '../scripts/build.ts';
import { MOCK_PORT } from './ports.ts';

const START_TIMEOUT_MS = 60_000;
const root = path.resolve(import.meta.dirname, '..');

/** Whether anything answers at the URL, whatever its status. */
const answers = (url: string) =>
  fetch(url).then(
    () => true,
    () => false,
  );

export default async function globalSetup(): Promise<() => Promise<void>> {
  const url = `http://localhost:${MOCK_PORT}/`;
  // Something already there (a server left running) would be tested instead of this build.
  if (await answers(url)) throw new Error(`port ${MOCK_PORT} is taken: stop what runs at ${url} first`);
  await buildBothIfStale();
  // The run's accessibility scans, claimed by the workers (e2e/a11y.ts); the workers inherit it.
  const axeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escuela-axe-'));
  process.env.E2E_AXE_DIR = axeDir;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start-mock.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(MOCK_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  // Not left behind on the port when the runner exits without its teardown (a runner killed by a
  // signal still leaves it, as Playwright's webServer did).
  process.once('exit', () => child.kill('SIGTERM'));
  const deadline = Date.now() + START_TIMEOUT_MS;
  // Ours only if it is still running: a child that could not take the port has exited.
  while (!((await answers(url)) && running(child))) {
    if (!running(child) || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(
        running(child)
          ? `the mock-mode server did not answer at ${url}`
          : 'the mock-mode server stopped while starting',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    fs.rmSync(axeDir, { recursive: true, force: true });
    if (running(child)) child.kill('SIGTERM');
    await exited;
  };
}
