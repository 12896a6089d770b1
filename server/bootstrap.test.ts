import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openEmbeddedStore } from './store/embedded.ts';
import type { Store } from './store/port.ts';
import { GENERATED_ADMIN_EMAIL, prepareStore, startupBanner } from './bootstrap.ts';
import { verifyPassword } from './auth/password.ts';
import { makeTempDir, TEST_HASHING } from './testing/build.ts';
import type { UserRecord, Week } from '../src/domain/records.ts';

let dir: string;
let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
  await fs.rm(dir, { recursive: true, force: true });
});

async function fresh(env: Record<string, string> = {}) {
  dir = await makeTempDir();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...env });
  store = await openEmbeddedStore(path.join(dir, 'db'));
  return config;
}

describe('prepareStore on a fresh embedded store', () => {
  it('seeds the demo school: a summer camp of 8 weeks, an annual program, categories and coupons', async () => {
    const config = await fresh();
    const prepared = await prepareStore(store!, config, TEST_HASHING);
    expect(prepared.demoSeeded).toBe(true);
    expect(prepared.activeCamps.map((camp) => camp.name)).toEqual([
      'Programa Anual 2026-2027',
      'Campamento de Verano 2027',
    ]);

    const summer = await store!.collection('campamentos').findOne({ code: 'CV2027' });
    const summerWeeks = await store!
      .collection<Week>('semanas')
      .find({ campament: summer!._id }, { sort: { order: 1 } });
    expect(summerWeeks).toHaveLength(8);
    expect(summerWeeks[0]).toMatchObject({
      name: 'Semana 1',
      date: '14/06/2027 - 18/06/2027',
      value: 4700,
      quota_q: 30,
    });
    expect(summerWeeks.filter((week) => week.quota_f >= week.quota_q)).toHaveLength(1);
    expect(await store!.collection('categorias').count({ campament: summer!._id })).toBe(3);

    const annual = await store!.collection('campamentos').findOne({ type: 'programaanual' });
    expect(await store!.collection('semanas').count({ campament: annual!._id })).toBe(3);
    expect(await store!.collection('cupones').count({ code: 'VERANO10', status: 'active' })).toBe(1);
  });

  it('creates a generated admin once, shows the password once, and stores only a hash', async () => {
    const config = await fresh();
    const first = await prepareStore(store!, config, TEST_HASHING);
    expect(first.admin.email).toBe(GENERATED_ADMIN_EMAIL);
    expect(first.admin.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const admin = await store!.collection<UserRecord>('usuarios').findOne({ email: GENERATED_ADMIN_EMAIL });
    // A password shown in a terminal is changed at the first sign-in (issue 25).
    expect(admin).toMatchObject({ tipo: 'admin', must_change_password: true });
    expect(admin!.password_hash).not.toContain(first.admin.generatedPassword);
    expect(await verifyPassword(first.admin.generatedPassword!, admin!.password_hash)).toBe(true);

    const banner = startupBanner(config, first, 'embedded');
    expect(banner).toContain(`${config.publicUrl}/admin/login`);
    expect(banner).toContain(first.admin.generatedPassword);
    for (const camp of first.activeCamps)
      expect(banner).toContain(`${config.publicUrl}/login?camp=${camp._id}`);

    // A restart neither reseeds nor prints a password again.
    const second = await prepareStore(store!, config, TEST_HASHING);
    expect(second.demoSeeded).toBe(false);
    expect(second.admin.generatedPassword).toBeUndefined();
    expect(startupBanner(config, second, 'embedded')).not.toContain(first.admin.generatedPassword);
    expect(await store!.collection('campamentos').count({})).toBe(2);
    expect(await store!.collection('usuarios').count({})).toBe(1);
  });

  it('uses ADMIN_EMAIL/ADMIN_PASSWORD when given', async () => {
    const config = await fresh({ ADMIN_EMAIL: 'Direccion@Escuela.do', ADMIN_PASSWORD: 'clave-segura' });
    const prepared = await prepareStore(store!, config, TEST_HASHING);
    expect(prepared.admin).toEqual({ email: 'direccion@escuela.do', created: true });
    const admin = await store!.collection<UserRecord>('usuarios').findOne({ email: 'direccion@escuela.do' });
    expect(await verifyPassword('clave-segura', admin!.password_hash)).toBe(true);
  });

  it('does not reseed demo records an admin deleted', async () => {
    const config = await fresh();
    await prepareStore(store!, config, TEST_HASHING);
    const summer = await store!.collection('campamentos').findOne({ code: 'CV2027' });
    await store!.collection('campamentos').softDelete(summer!._id);
    const again = await prepareStore(store!, config, TEST_HASHING);
    expect(again.activeCamps.map((camp) => camp.name)).toEqual(['Programa Anual 2026-2027']);
  });

  it('seeds no demo data when SEED_DEMO=false', async () => {
    const config = await fresh({ SEED_DEMO: 'false' });
    const prepared = await prepareStore(store!, config, TEST_HASHING);
    expect(prepared.demoSeeded).toBe(false);
    expect(await store!.collection('campamentos').count({})).toBe(0);
  });
});
