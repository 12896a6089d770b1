// The server process as operators run it: start-up banner, clear config errors, graceful stop.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from './testing/build.ts';
import { FIXTURE_PNG_BASE64 } from '../src/core/checkout/fixtures.ts';

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

  it("keeps the data folder the school's alone: files 0600, folders 0700, older ones closed at start", async () => {
    dir = await makeTempDir();
    const data = path.join(dir, 'data');
    // A folder an older version left open to other users.
    await fs.mkdir(path.join(data, 'db'), { recursive: true, mode: 0o755 });
    await fs.chmod(data, 0o755);
    await fs.writeFile(path.join(data, 'db', 'antiguo.db'), '', { mode: 0o644 });
    const server = start({ DATA_DIR: data, ACCOUNT_ID: 'escuela-test' });
    await until(() => server.out().includes('Enrolment links:'));
    const url = /Server listening at (http:\/\/[^"]+)/.exec(server.out())![1]!;
    const call = (route: string, body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${url}/api${route}`, {
        method: 'POST',
        body,
        headers: { 'x-account-id': 'escuela-test', ...headers },
      });
    const json = { 'content-type': 'application/json' };
    // A parent registers, uploads a photo, and asks for a reset e-mail (the outbox's .eml file).
    const registered = await call(
      '/usuarios/create',
      JSON.stringify({ email: 'ana@correo.do', password: 'clave-ana' }),
      json,
    );
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const photo = new FormData();
    photo.append(
      'foto',
      new Blob([Buffer.from(FIXTURE_PNG_BASE64, 'base64')], { type: 'image/png' }),
      'p.png',
    );
    const uploaded = await call('/inscripciones/uploadtoazurecdn', photo, {
      authorization: `Bearer ${token}`,
    });
    expect(uploaded.status).toBe(201);
    expect((await call('/usuarios/forgot', JSON.stringify({ email: 'ana@correo.do' }), json)).status).toBe(
      200,
    );
    const outbox = path.join(data, 'outbox');
    let mails: string[] = [];
    for (let tries = 0; tries < 100 && mails.length === 0; tries += 1) {
      mails = await fs.readdir(outbox).catch(() => []);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mails.length).toBeGreaterThan(0);
    // Stopped: compaction has rewritten every datafile.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const modes: Record<string, string> = {};
    const walk = async (folder: string) => {
      for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
        const target = path.join(folder, entry.name);
        modes[path.relative(data, target)] = ((await fs.stat(target)).mode & 0o777).toString(8);
        if (entry.isDirectory()) await walk(target);
      }
    };
    modes['.'] = ((await fs.stat(data)).mode & 0o777).toString(8);
    await walk(data);
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining([
        '.',
        'db',
        'db/usuarios.db',
        'db/antiguo.db',
        'uploads',
        'outbox',
        'jwt-secret',
      ]),
    );
    expect(Object.keys(modes).some((name) => name.startsWith('uploads/'))).toBe(true);
    const open = Object.entries(modes).filter(([name, mode]) => {
      const folder = name === '.' || ['db', 'uploads', 'outbox'].includes(name);
      return mode !== (folder ? '700' : '600');
    });
    expect(open).toEqual([]);
  }, 40_000);
});
