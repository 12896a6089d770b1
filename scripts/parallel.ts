// `npm test`'s first phase side by side: `npx node scripts/parallel.ts typecheck lint:code
// lint:format build:stale` runs those npm scripts at once and fails when any fails (74 s on two
// cores against about 100 s one after the other, docs/performance.md). Each script's output is
// printed whole when it ends, so the logs do not interleave.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) throw new Error('Name the npm scripts to run, e.g. typecheck lint:code.');

const results = await Promise.all(
  names.map(
    (name) =>
      new Promise<{ name: string; code: number; output: string; seconds: number }>((resolve) => {
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
      }),
  ),
);

for (const { name, code, output, seconds } of results) {
  process.stdout.write(
    `\n> npm run ${name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds.toFixed(0)} s\n${output}`,
  );
}
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
