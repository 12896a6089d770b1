// Test helper: a fresh app on a fresh embedded store in a temporary folder, with logs captured.
import { ownFixturePhoto } from '../../src/core/checkout/fixtures.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { buildApp, type AppDeps } from '../app.ts';
import { openEmbeddedStore } from '../store/embedded.ts';
import type { Store } from '../store/port.ts';
import { hashPassword, type ScryptParams } from '../auth/password.ts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserRecord } from '../../src/domain/records.ts';
import type { MailMessage, Transport } from '../mail/outbox.ts';
import { newUser } from '../../src/domain/accounts.ts';

/** Cheap scrypt parameters for tests only; production hashes use OWASP_SCRYPT. */
export const TEST_HASHING: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  config: Config;
  dir: string;
  /** Every log line written so far, parsed. */
  logs: () => Array<Record<string, unknown>>;
  rawLogs: () => string;
  /** E-mails handed to the transport so far. */
  mails: MailMessage[];
  /** Injects an API call with the account header, and the bearer token when given. */
  api: (options: ApiCall) => Promise<LightMyRequestResponse>;
  /** Creates an active user (a parent unless `admin`) and returns it with a valid token. */
  createUser: (options?: {
    email?: string;
    password?: string;
    admin?: boolean;
  }) => Promise<{ user: UserRecord; token: string }>;
  close: () => Promise<void>;
}

export type ApiCall = Omit<InjectOptions, 'headers'> & {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  token?: string;
  headers?: Record<string, string>;
};

export const TEST_ACCOUNT_ID = 'escuela-test';

/**
 * Closes what a test opened (apps, stand-ins), in the order given, and answers as many
 * `undefined`s, so an `afterEach` empties its variables for the next test in one line:
 * `[t, meta] = await closeAll(t, meta)`.
 */
export async function closeAll<T extends Array<{ close(): Promise<unknown> } | undefined>>(
  ...opened: T
): Promise<{ [K in keyof T]: undefined }> {
  for (const thing of opened) await thing?.close();
  return opened.map(() => undefined) as { [K in keyof T]: undefined };
}

let userCounter = 0;

export async function makeTempDir(prefix = 'escuela-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export interface BuildOptions {
  /** Runs before the app is built, e.g. to write a fake front-end build into config.staticDir. */
  beforeBuild?: (config: Config) => Promise<void>;
  /** Replacements for the app's dependencies (e.g. a payment gateway that fails). */
  deps?: Partial<AppDeps>;
  /** Another store than a fresh embedded one (the MongoDB variants), and how to remove it after. */
  store?: { open: () => Promise<Store>; drop: () => Promise<void> };
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dir = await makeTempDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: path.join(dir, 'data'),
    STATIC_DIR: path.join(dir, 'dist'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ACCOUNT_ID: TEST_ACCOUNT_ID,
    ...env,
  });
  await options.beforeBuild?.(config);
  const store = options.store
    ? await options.store.open()
    : await openEmbeddedStore(path.join(config.dataDir, 'db'));
  const stream = new PassThrough();
  let raw = '';
  stream.on('data', (chunk: Buffer) => {
    raw += chunk.toString('utf8');
  });
  const mails: MailMessage[] = [];
  const mailTransport: Transport = {
    send: async (item) => {
      mails.push(item);
    },
  };
  const app = await buildApp(config, {
    store,
    logStream: stream,
    mailTransport,
    hashing: TEST_HASHING,
    ...options.deps,
  });
  const api: TestApp['api'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        'x-account-id': config.accountId,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    } as InjectOptions);
  const createUser: TestApp['createUser'] = async ({
    email,
    password = 'clave-segura',
    admin = false,
  } = {}) => {
    userCounter += 1;
    const user = await store.collection<UserRecord>('usuarios').insertOne(
      newUser(
        (email ?? `usuario${userCounter}@correo.do`).toLowerCase(),
        await hashPassword(password, TEST_HASHING),
        {
          name: admin ? 'Administradora' : 'Madre de prueba',
          tipo: admin ? 'admin' : 'cliente',
        },
      ),
    );
    // The family has uploaded its child's photo (the fixture's), as the wizard does before paying.
    await ownFixturePhoto(store, user._id);
    return { user, token: app.signToken(user._id) };
  };
  return {
    mails,
    api,
    createUser,
    app,
    store,
    config,
    dir,
    rawLogs: () => raw,
    logs: () =>
      raw
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    close: async () => {
      await app.close();
      await store.close();
      await options.store?.drop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
