// The real server as a process of its own (`node server/index.ts`), for the tests that must see
// what only processes show: a kill -9 (the crash suites), several instances on one database.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { hashPassword } from '../auth/password.ts';
import type { Store } from '../store/port.ts';
import { newUser } from '../../src/domain/accounts.ts';
import type { UserRecord } from '../../src/domain/records.ts';
import { ownFixturePhoto } from '../../src/core/checkout/fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const NODE = path.join(root, 'node_modules/.bin/node');

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts the server with exactly this environment (plus PATH). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(NODE, ['server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Resolves once the server answers its health check on `port`; throws if it exits or is late. */
export async function untilListening(server: ServerProcess, port: number, withinMs = 60_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The families a process test signs in as (familia0@correo.do …), written into the store before
 * the server starts, each with its child's photo uploaded (the fixture's), as before paying.
 */
export async function addFamilies(store: Store, count: number, password: string): Promise<void> {
  const hash = await hashPassword(password, { N: 1024, r: 8, p: 1 });
  const parents = await store
    .collection<UserRecord>('usuarios')
    .insertMany(Array.from({ length: count }, (_, i) => newUser(`familia${i}@correo.do`, hash)));
  for (const parent of parents) await ownFixturePhoto(store, parent._id);
}
