// `npm start`: build the front end when dist/ is missing or older than its sources, then serve.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../server/index.ts';

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

/** Builds the front end (or the mock-mode build) when needed; exits when the build fails. */
export function buildIfStale({ mock = false } = {}): void {
  const outDir = path.join(root, mock ? 'dist-mock' : 'dist');
  if (buildIsStale(root, outDir, mock)) {
    process.stdout.write(
      `Building the front end (${path.basename(outDir)}/ is missing or older than its sources)…\n`,
    );
    const args = ['--mode', 'production', ...(mock ? ['--env', 'mock'] : [])];
    const result = spawnSync(path.join(root, 'node_modules/.bin/webpack'), args, {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      process.stderr.write('The front-end build failed; see the messages above.\n');
      process.exit(result.status ?? 1);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale();
  await main();
}
