// Shared arrangements of the admin tests: an app with an admin and a parent signed in, and the
// records the admin areas reference.
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
  const res = await kit.t.api({
    method: 'POST',
    url: '/api/campamentos/create',
    token: kit.admin,
    payload: campBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`camp not created: ${res.body}`);
  return res.json().data as AnyDoc;
}

export async function createCategory(
  kit: AdminKit,
  campament: string,
  overrides: Record<string, unknown> = {},
): Promise<AnyDoc> {
  const res = await kit.t.api({
    method: 'POST',
    url: '/api/categorias/create',
    token: kit.admin,
    payload: { campament, name: 'Mini (6 a 9 años)', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`category not created: ${res.body}`);
  return res.json().data as AnyDoc;
}

export async function createWeek(
  kit: AdminKit,
  campament: string,
  overrides: Record<string, unknown> = {},
): Promise<AnyDoc> {
  const res = await kit.t.api({
    method: 'POST',
    url: '/api/semanas/create',
    token: kit.admin,
    payload: {
      campament,
      name: 'Semana 1',
      date: '14/06/2027 - 18/06/2027',
      value: 4700,
      quota_q: 30,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`week not created: ${res.body}`);
  return res.json().data as AnyDoc;
}

/** The stored record, soft-deleted ones included. */
export const stored = (kit: AdminKit, collection: string, id: string) =>
  kit.t.store.collection(collection).findById(id, { withDeleted: true });
