// The demo school a fresh embedded store starts with (DESIGN.md §2.17): one summer camp with
// eight weeks, one annual program with payment options, categories, coupons and lookups.
// Runs once per store (a marker in `meta` remembers it), so deleting demo records sticks.
// The mocks seed the same school, with ids of their own so the demo camps' addresses stay stable.
import type { Store } from './store/port.ts';
import { newId as storeId } from './store/common.ts';
import { demoSchool, type Lookup } from '../domain/demo.ts';
import type { Camp, Category, Coupon, Week } from '../domain/records.ts';
import type { FiscalSettings, NcfSequence } from '../domain/receipts.ts';

export const SEED_MARKER_ID = 'demo-seed';

export interface SeedResult {
  seeded: boolean;
  camps: Array<{ _id: string; name: string }>;
}

export async function seedDemoData(
  store: Store,
  now = new Date(),
  newId: () => string = storeId,
): Promise<SeedResult> {
  const meta = store.collection('meta');
  if (await meta.findById(SEED_MARKER_ID, { withDeleted: true })) return { seeded: false, camps: [] };

  const school = demoSchool(newId);
  await store.collection<Camp>('campamentos').insertMany(school.campamentos);
  await store.collection<Category>('categorias').insertMany(school.categorias);
  await store.collection<Week>('semanas').insertMany(school.semanas);
  await store.collection<Coupon>('cupones').insertMany(school.cupones);
  await store.collection<Lookup>('tipos').insertMany(school.tipos);
  await store.collection<Lookup>('estados').insertMany(school.estados);
  await store.collection<FiscalSettings>('ajustes').insertOne(school.fiscal);
  await store.collection<NcfSequence>('secuencias_ncf').insertMany(school.secuencias);

  await meta.insertOne({ _id: SEED_MARKER_ID, at: now });
  return {
    seeded: true,
    camps: school.campamentos.map(({ _id, name }) => ({ _id, name })),
  };
}
