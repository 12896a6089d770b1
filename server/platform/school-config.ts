// What a school the platform created runs with (issue 46): the deployment's settings with its own
// account id, address, data folder and backup folder; no gateway or e-CF of its own until its
// administrators configure them ('Ajustes de la escuela', the next slice), and never another
// school's. Where its store lives: its own MongoDB database, or its own folder under DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Store } from '../store/port.ts';
import type { PaymentGateway } from '../../src/core/checkout/gateway.ts';
import { cardBrand, last4 } from '../../src/domain/cards.ts';
import type { SchoolRecord } from '../../src/domain/platform.ts';

/** The platform's own database / folder: the list of schools and the operators. */
export const PLATFORM_DATABASE = 'plataforma';
/** A school's MongoDB database: prefixed, so an id such as 'admin' never names MongoDB's own. */
export const schoolDatabase = (id: string): string => `cuenta-${id}`;

/** The folders under DATA_DIR that are not the default school's: the other schools' and the platform's. */
export const platformFolders = (dataDir: string): string[] => [
  path.join(dataDir, 'cuentas'),
  path.join(dataDir, PLATFORM_DATABASE),
];

/**
 * The settings of a created school: the deployment's, with what is the school's own. Its nightly
 * backups (on where the deployment's BACKUP_KEY is set) go to a folder of its own, one archive per
 * school, each restorable alone (`npm run restore -- --cuenta <id> ARCHIVO`).
 */
export function schoolConfig(config: Config, record: Pick<SchoolRecord, '_id' | 'hosts'>): Config {
  const base = new URL(config.publicUrl);
  const host = record.hosts[0];
  const publicUrl = host ? `${base.protocol}//${host}${base.port ? `:${base.port}` : ''}` : config.publicUrl;
  return {
    ...config,
    accountId: record._id,
    dataDir: path.join(config.dataDir, 'cuentas', record._id),
    publicUrl,
    schoolWebsite: publicUrl,
    // Sign-in with Google and Facebook is registered for the deployment's own school only.
    oauth: { google: null, facebook: null },
    ecf: null,
    // The deployment's WhatsApp number is the default school's: another school's families never
    // hear from it (each school its own number, in its own settings).
    whatsapp: null,
    backup: { ...config.backup, dir: path.join(config.backup.dir, 'cuentas', record._id) },
    adminEmail: undefined,
    adminPassword: undefined,
  };
}

/**
 * The gateway of a created school: the sandbox where the deployment runs the sandbox (development,
 * tests, demos); where it takes real cards, none until the school enters its own AZUL merchant:
 * the deployment's merchant must never collect another school's money.
 */
export function schoolGateway(config: Config): PaymentGateway | undefined {
  if (config.payments.gateway !== 'azul') return undefined;
  const refuse = async (request: { card: { number: string } }) => ({
    approved: false as const,
    reason: 'declined' as const,
    message: NOT_CONFIGURED,
    brand: cardBrand(request.card.number),
    last4: last4(request.card.number),
  });
  return {
    name: 'sin-configurar',
    charge: refuse,
    lookup: async () => null,
    refund: async () => ({ refunded: false, message: NOT_CONFIGURED }),
    saveCard: async () => ({ saved: false, reason: 'declined', message: NOT_CONFIGURED }),
    chargeSaved: async () => ({
      approved: false,
      reason: 'declined',
      message: NOT_CONFIGURED,
      brand: '',
      last4: '',
    }),
    deleteCard: async () => undefined,
  };
}

const NOT_CONFIGURED =
  'Esta escuela todavía no acepta pagos con tarjeta. Comuníquese con la escuela para completar la inscripción.';

export interface SchoolStores {
  /** Null while the deployment is one school (no platform operator set, nothing created before). */
  platform: Store | null;
  open(id: string): Promise<Store>;
  /** Closes school `id`'s store and removes its data for good (the platform deletes the school). */
  drop(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The platform's store and the created schools' stores, on MongoDB (one client) or the embedded
 * store. The platform is on once an operator is set (PLATFORM_ADMIN_EMAIL), or on the embedded
 * store while its folder exists (schools were created): a one-school server opens nothing new.
 */
export async function openSchoolStores(config: Config): Promise<SchoolStores> {
  const platformDir = path.join(config.dataDir, PLATFORM_DATABASE);
  const on = config.platform.adminEmail !== undefined || (!config.mongodbUri && fs.existsSync(platformDir));
  if (!on)
    return {
      platform: null,
      open: () => Promise.reject(new Error('no platform')),
      drop: () => Promise.reject(new Error('no platform')),
      close: async () => {},
    };
  if (config.mongodbUri) return mongoSchoolStores(config.mongodbUri);
  const { openEmbeddedStore } = await import('../store/embedded.ts');
  const opened = new Map<string, Store>();
  const open = async (dir: string) => {
    const store = await openEmbeddedStore(dir, { fsync: config.storeFsync });
    opened.set(dir, store);
    return store;
  };
  const schoolDir = (id: string) => path.join(config.dataDir, 'cuentas', id);
  return {
    platform: await open(path.join(platformDir, 'db')),
    open: (id) => open(path.join(schoolDir(id), 'db')),
    async drop(id) {
      const dir = path.join(schoolDir(id), 'db');
      await opened.get(dir)?.close();
      opened.delete(dir);
      await fs.promises.rm(schoolDir(id), { recursive: true, force: true });
    },
    close: async () => {
      await Promise.all([...opened.values()].map((store) => store.close()));
    },
  };
}

/**
 * The same on a MongoDB server: one client for every school's database. `prefix` goes before
 * each database's name (tests run side by side on one server; a deployment has none).
 */
export async function mongoSchoolStores(
  uri: string,
  prefix = '',
): Promise<SchoolStores & { names: string[] }> {
  const { connectMongo, openMongoStore } = await import('../store/mongo.ts');
  const client = await connectMongo(uri);
  const opened = new Map<string, Store>();
  const names: string[] = [];
  const open = async (dbName: string) => {
    const store = await openMongoStore(uri, { client, dbName: prefix + dbName });
    opened.set(prefix + dbName, store);
    names.push(prefix + dbName);
    return store;
  };
  return {
    names,
    platform: await open(PLATFORM_DATABASE),
    open: (id) => open(schoolDatabase(id)),
    async drop(id) {
      const name = prefix + schoolDatabase(id);
      await opened.get(name)?.close();
      opened.delete(name);
      await client.db(name).dropDatabase();
    },
    async close() {
      await Promise.all([...opened.values()].map((store) => store.close()));
      await client.close();
    },
  };
}
