// Builds the front end and its mock mode once, side by side, before the workers start their servers
// (e2e/test.ts): two servers starting at once would otherwise both find dist/ stale and build it
// twice. Then starts the mock mode's static server for the `mock` project. It is started here rather
// than as Playwright's webServer, which starts before the global setup and so would build the mock
// mode alone, one build after the other.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { buildBothIfStale } from '../scripts/start.ts';
import { MOCK_PORT } from './ports.ts';

const START_TIMEOUT_MS = 60_000;

const answers = (url: string) =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

export default async function globalSetup(): Promise<() => Promise<void>> {
  const url = `http://localhost:${MOCK_PORT}/`;
  // Something already there (a server left running) would be tested instead of this build.
  if (await answers(url)) throw new Error(`port ${MOCK_PORT} is taken: stop what runs at ${url} first`);
  await buildBothIfStale();
  const child = spawn(process.execPath, ['scripts/start-mock.ts'], {
    env: { ...process.env, PORT: String(MOCK_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  // Not left behind on the port if the runner ends without its teardown.
  process.once('exit', () => child.kill('SIGTERM'));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the mock-mode server did not answer at ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
}
