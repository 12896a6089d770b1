// Prepares a store for the app: the admin account, and the demo school on a fresh store.
// Indexes belong to the API modules, which create them when the app is built (before this runs).
import crypto from 'node:crypto';
import type { Config } from './config.ts';
import type { Store } from './store/port.ts';
import type { Camp, UserRecord } from '../src/domain/records.ts';
import { enrolmentLink } from '../src/domain/records.ts';
import { ADMIN_TIPOS } from '../src/domain/roles.ts';
import { hashPassword, type ScryptParams } from './auth/password.ts';
import { seedDemoData } from '../src/core/seed.ts';
import { newUser } from '../src/domain/accounts.ts';
import type { CoreDeps } from '../src/core/deps.ts';
import { reconcilePayments, type ReconcileReport } from '../src/core/checkout/reconciler.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@escuela.do';

export interface AdminAccount {
  email: string;
  /** Present only when the password was generated now: it is shown once and never again. */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Makes sure an administrator exists: ADMIN_EMAIL/ADMIN_PASSWORD when given (created if missing),
 * otherwise a generated account on a store that has no administrator yet.
 */
export async function ensureAdmin(
  store: Store,
  config: Config,
  hashing?: ScryptParams,
): Promise<AdminAccount> {
  const users = store.collection<UserRecord>('usuarios');
  if (config.adminEmail && config.adminPassword) {
    const existing = await users.findOne({ email: config.adminEmail }, { withDeleted: true });
    if (existing) return { email: existing.email, created: false };
    await users.insertOne(newAdmin(config.adminEmail, await hashPassword(config.adminPassword, hashing)));
    return { email: config.adminEmail, created: true };
  }
  const anyAdmin = await users.findOne({ tipo: { $in: [...ADMIN_TIPOS] } });
  if (anyAdmin) return { email: anyAdmin.email, created: false };
  const password = crypto.randomBytes(12).toString('base64url');
  // A password printed in a terminal is changed at the first sign-in (issue 25).
  await users.insertOne({
    ...newAdmin(GENERATED_ADMIN_EMAIL, await hashPassword(password, hashing)),
    must_change_password: true,
  });
  return { email: GENERATED_ADMIN_EMAIL, generatedPassword: password, created: true };
}

function newAdmin(email: string, passwordHash: string): Omit<UserRecord, '_id'> {
  return newUser(email, passwordHash, {
    name: 'Administrador',
    tipo: 'admin',
    puede_admin_ofertas: true,
    puede_admin_empleados: true,
    puede_admin_sucursales: true,
  });
}

export interface PreparedStore {
  admin: AdminAccount;
  demoSeeded: boolean;
  activeCamps: Array<{ _id: string; name: string }>;
}

export async function prepareStore(
  store: Store,
  config: Config,
  hashing?: ScryptParams,
): Promise<PreparedStore> {
  const demo = config.seedDemo ? await seedDemoData(store) : { seeded: false };
  const admin = await ensureAdmin(store, config, hashing);
  const activeCamps = (
    await store.collection<Camp>('campamentos').find({ status: 'active' }, { sort: { start_date: 1 } })
  ).map(({ _id, name }) => ({ _id, name }));
  return { admin, demoSeeded: demo.seeded, activeCamps };
}

/** Passes enough for any backlog a crash can leave; a pass that settles nothing ends it sooner. */
const MAX_RESTART_PASSES = 50;

/**
 * Before a single-process store (the embedded one) takes requests again, what the last process left
 * unfinished is settled: attempts and pending payments of requests that died with it, places held
 * for orders that were never paid. Nothing else can be working on them, so no lease is awaited.
 */
export async function settleInterrupted(deps: CoreDeps): Promise<ReconcileReport> {
  const total: ReconcileReport = { paid: 0, released: 0, completed: 0, unresolved: 0, attempts: 0 };
  for (let pass = 0; pass < MAX_RESTART_PASSES; pass += 1) {
    const report = await reconcilePayments(deps, { afterRestart: true });
    for (const key of Object.keys(total) as Array<keyof ReconcileReport>) total[key] += report[key];
    if (report.paid + report.released + report.completed + report.attempts === 0) break;
  }
  return total;
}

/** The start-up banner: where the app is, how to reach the admin panel, the enrolment links. */
export function startupBanner(config: Config, prepared: PreparedStore, storeKind: string): string {
  const lines = [
    '',
    '  Escuela de baloncesto: inscripciones',
    `  App:            ${config.publicUrl}/`,
    `  Admin panel:    ${config.publicUrl}/admin/login`,
    `  Store:          ${storeKind}${storeKind === 'embedded' ? ` (${config.dataDir})` : ''}`,
  ];
  if (prepared.admin.generatedPassword) {
    lines.push(
      `  Admin account:  ${prepared.admin.email} / ${prepared.admin.generatedPassword}`,
      '                  (generated now and shown only once: write it down or set ADMIN_EMAIL/ADMIN_PASSWORD)',
    );
  } else {
    lines.push(`  Admin account:  ${prepared.admin.email}`);
  }
  if (prepared.activeCamps.length > 0) {
    lines.push('  Enrolment links:');
    for (const camp of prepared.activeCamps) {
      lines.push(`    ${camp.name}: ${enrolmentLink(config.publicUrl, camp._id)}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}
