// `npm run dev`: the API server (restarted on change by node --watch) and webpack's dev server
// with hot reload, which proxies /api to it. Ctrl+C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const children: ChildProcess[] = [
  spawn(bin('node'), ['--watch-path=server', '--watch-path=src/domain', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('webpack'), ['serve', '--mode', 'development'], { cwd: root, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
