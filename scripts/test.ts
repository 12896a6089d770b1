// `npm test`: the checks, the unit tests and the browser tests, arranged so that both cores stay
// busy (docs/performance.md, "Test suite time"):
//
//   ESLint ─────────────────────────────────────┐
//   type check, Prettier, the two builds ─ Vitest ┴─ Playwright
//
// ESLint (type-aware rules, one process) outlasts the other checks by about 30 s, in which it kept
// the cores only 65-75% busy; Vitest starts beside it as soon as the type check, Prettier and the
// builds have passed. Playwright starts once everything before it passed. The checks' output is
// printed whole when each ends, so the logs do not interleave; Vitest and Playwright print live.
import { spawn } from 'node:child_process';

interface Result {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/** `npm run <name>` with its output kept, to print whole once it has ended. */
function runQuietly(name: string): Promise<Result> {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) =>
      resolve({
        name,
        code: code ?? 1,
        output: Buffer.concat(chunks).toString(),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

/** `npm run <name>` printing as it goes; resolves with its exit code. */
function runLive(name: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', name], { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function report(results: Result[]): boolean {
  for (const { name, code, output, seconds } of results) {
    process.stdout.write(
      `\n> npm run ${name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds.toFixed(0)} s\n${output}`,
    );
  }
  return results.every((result) => result.code === 0);
}

async function main(): Promise<number> {
  const lint = runQuietly('lint:code');
  const checked = report(
    await Promise.all(['typecheck', 'lint:format', 'lint:cycles', 'build:stale'].map(runQuietly)),
  );
  const unit = checked ? await runLive('test:unit') : 1;
  const linted = report([await lint]);
  if (!checked || unit !== 0 || !linted) return 1;
  return runLive('test:e2e');
}

process.exitCode = await main();
