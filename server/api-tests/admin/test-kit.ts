// Shared arrangements of the admin tests: an app with an admin and a parent signed in, and the
// records the admin areas reference.
import { afterEach, beforeEach } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import type { AnyDoc } from '../../store/port.ts';

export interface AdminKit {
  t: TestApp;
  /** An administrator's token. */
  admin: string;
  /** A parent's token (signed in, not an administrator). */
  parent: string;
  parentId: string;
}

export async function adminKit(): Promise<AdminKit> {
  const t = await buildTestApp();
  const admin = await t.createUser({ admin: true });
  const parent = await t.createUser();
  return { t, admin: admin.token, parent: parent.token, parentId: parent.user._id };
}

/**
 * The kit of each test of a file: a new one before each test (and `arrange`d, when given), closed
 * after it. The object answered stays the same, so functions of the file may close over it.
 */
export function adminKitPerTest(arrange?: (kit: AdminKit) => Promise<unknown>): AdminKit {
  const kit = {} as AdminKit;
  beforeEach(async () => {
    Object.assign(kit, await adminKit());
    await arrange?.(kit);
  });
  afterEach(async () => {
    await kit.t.close();
  });
  return kit;
}

/** POST /api/<area>/create and /api/<area>/update as the kit's admin. */
export const adminWrites = (kit: AdminKit, area: string) => ({
  create: (payload: Record<string, unknown>) =>
    kit.t.api({ method: 'POST', url: `/api/${area}/create`, token: kit.admin, payload }),
  update: (payload: Record<string, unknown>) =>
    kit.t.api({ method: 'POST', url: `/api/${area}/update`, token: kit.admin, payload }),
});

/** Creates a record of an admin area through the API (`what` names it when that fails). */
async function createThrough(kit: AdminKit, area: string, what: string, payload: Record<string, unknown>) {
  const res = await adminWrites(kit, area).create(payload);
  if (res.statusCode !== 201) throw new Error(`${what} not created: ${res.body}`);
  return res.json().data as AnyDoc;
}

/** An id nothing has. */
export const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

export const campBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'CV2027',
  name: 'Campamento de Verano 2027',
  description: 'Ocho semanas de baloncesto.',
  membership: 3500,
  start_date: '2027-06-14',
  end_date: '2027-08-06',
  type: 'campamento',
  payment_terms: 'Pago con tarjeta.',
  ...overrides,
});

/** Creates a camp through the API, as an admin would. */
export async function createCamp(kit: AdminKit, overrides: Record<string, unknown> = {}): Promise<AnyDoc> {
  return createThrough(kit, 'campamentos', 'camp', campBody(overrides));
}

/** A creator of a camp's records of `area`, with the fixture values unless overridden. */
const createInCamp =
  (area: string, what: string, defaults: Record<string, unknown>) =>
  (kit: AdminKit, campament: string, overrides: Record<string, unknown> = {}): Promise<AnyDoc> =>
    createThrough(kit, area, what, { campament, ...defaults, ...overrides });

export const createCategory = createInCamp('categorias', 'category', { name: 'Mini (6 a 9 años)' });

export const createWeek = createInCamp('semanas', 'week', {
  name: 'Semana 1',
  date: '14/06/2027 - 18/06/2027',
  value: 4700,
  quota_q: 30,
});

/** The stored record, soft-deleted ones included. */
export const stored = (kit: AdminKit, collection: string, id: string) =>
  kit.t.store.collection(collection).findById(id, { withDeleted: true });
