// The front-end builds: the app's (dist/) and the mock mode's (dist-mock/), each only when it is
// missing or older than its sources. `npm start`, the mock and AZUL starters and the browser tests
// use them; run directly (`npm run build:stale`, part of `npm test`), it makes both side by side.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_INPUTS = [
  'src',
  'public',
  'webpack.config.js',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale(rootDir = root, outDir = path.join(rootDir, 'dist'), mock = false): boolean {
  const built = path.join(outDir, 'index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  // The mock build also depends on the handlers and their data.
  const inputs = mock ? [...BUILD_INPUTS, 'mocks'] : BUILD_INPUTS;
  return inputs.some((input) => newestMtime(path.join(rootDir, input)) > builtAt);
}

const outDirOf = (mock: boolean) => path.join(root, mock ? 'dist-mock' : 'dist');
const webpackArgs = (mock: boolean) => ['--mode', 'production', ...(mock ? ['--env', 'mock'] : [])];
const WEBPACK = path.join(root, 'node_modules/.bin/webpack');

/**
 * Dates the build as of when it started. Webpack leaves a file alone when its new content is the
 * same (output.compareBeforeEmit), so after a rebuild that changed nothing in index.html, its date
 * would stay older than the sources and every later start would build again. The start, not the
 * end: a source saved while webpack ran is newer than the build, which then is stale.
 */
export function markBuilt(outDir: string, startedAt: Date): void {
  fs.utimesSync(path.join(outDir, 'index.html'), startedAt, startedAt);
}

function announce(mock: boolean): void {
  process.stdout.write(
    `Building the front end (${path.basename(outDirOf(mock))}/ is missing or older than its sources)…\n`,
  );
}

/** Whether a child process has neither exited nor been killed. */
export const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

class BuildFailed extends Error {
  readonly status: number | null;
  constructor(mock: boolean, status: number | null) {
    super(`The front-end build (${path.basename(outDirOf(mock))}/) failed; see the messages above.`);
    this.status = status;
  }
}

/**
 * One webpack run for the app or the mock mode, started now: `done` settles when it ends, dated
 * as built on success (markBuilt), rejected with a BuildFailed otherwise.
 */
function startBuild(mock: boolean): { child: ChildProcess; done: Promise<void> } {
  announce(mock);
  const startedAt = new Date();
  const child = spawn(WEBPACK, webpackArgs(mock), { cwd: root, stdio: 'inherit' });
  const done = once(child, 'exit').then((args) => {
    const [status] = args as [number | null];
    if (status !== 0) throw new BuildFailed(mock, status);
    markBuilt(outDirOf(mock), startedAt);
  });
  return { child, done };
}

/** Builds the front end (or the mock-mode build) when needed; exits when the build fails. */
export async function buildIfStale({ mock = false } = {}): Promise<void> {
  if (!buildIsStale(root, outDirOf(mock), mock)) return;
  try {
    await startBuild(mock).done;
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(error.status ?? 1);
  }
}

/**
 * Both builds (the app and the mock mode) when needed, side by side: a webpack run keeps about one
 * core busy, so on two cores the pair takes little longer than the slower of them. Rejects when a
 * build fails, once the other has been stopped (for a caller that reports errors itself, such as
 * the browser tests' global setup).
 */
export async function buildBothIfStale(): Promise<void> {
  const builds = [false, true].filter((mock) => buildIsStale(root, outDirOf(mock), mock)).map(startBuild);
  try {
    await Promise.all(builds.map((build) => build.done));
  } catch (error) {
    for (const { child } of builds) if (isRunning(child)) child.kill();
    await Promise.allSettled(builds.map((build) => build.done));
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildBothIfStale();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
