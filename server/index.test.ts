// The server process as operators run it: start-up banner, clear config errors, graceful stop.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from './testing/build.ts';

const root = path.resolve(import.meta.dirname, '..');
const node = path.join(root, 'node_modules/.bin/node');
let dir: string;
afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(node, ['server/index.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      DATA_DIR: dir,
      PORT: '0',
      LOG_LEVEL: 'info',
      STATIC_DIR: path.join(dir, 'dist'),
      ...env,
    },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err };
}

async function until(check: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('server process', () => {
  it('prints the banner, answers, and stops cleanly on SIGTERM', async () => {
    dir = await makeTempDir();
    const server = start({});
    await until(
      () =>
        /Server listening at (http:\/\/[^"]+)/.test(server.out()) &&
        server.out().includes('Enrolment links:'),
    );
    const url = /Server listening at (http:\/\/[^"]+)/.exec(server.out())![1]!;
    expect(server.out()).toContain('Admin panel:');
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.out()).toContain('shutting down');
  }, 30_000);

  it('refuses to start with a wrong setting and names it', async () => {
    dir = await makeTempDir();
    const server = start({ PORT: 'ochenta', NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.err()).toContain('PORT must be a whole number');
    expect(server.err()).toContain('JWT_SECRET is required in production');
  });
});
