import { afterEach, describe, expect, it, vi } from 'vitest';
import { openMemoryStore } from '../store/memory.ts';
import { spyOnFinds } from '../store/findSpy.ts';
import { seedDemoData } from '../seed.ts';
import { ADMIN_AREAS } from './areas.ts';
import { areaService } from './crud.ts';
import { enrolmentReads, PARENT_LIST_CACHE_MS } from './reads.ts';
import { newUser } from '../../domain/accounts.ts';
import type { Camp, UserRecord, Week } from '../../domain/records.ts';

const PARENT = { _id: 'a'.repeat(24), ...newUser('madre@correo.do', 'x') };

async function setUp() {
  const store = openMemoryStore();
  await seedDemoData(store);
  const area = (name: string) =>
    areaService(
      store,
      ADMIN_AREAS.find((config) => config.area === name)!,
    );
  const reads = enrolmentReads(store, { semanas: area('semanas'), categorias: area('categorias') });
  const camp = (await store.collection<Camp>('campamentos').find({})).find((c) => c.code === 'CV2027')!;
  const finds: string[] = [];
  const semanas = store.collection<Week>('semanas');
  // Counts the reads that reach the store (the cache is in front of them).
  spyOnFinds(store, finds);
  return { store, reads, camp, finds, semanas };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a parent's lists of a camp", () => {
  it('are read once for many parents, and again as soon as this process writes', async () => {
    const { reads, camp, finds, semanas } = await setUp();
    const first = await reads.weeks(PARENT, camp._id);
    const again = await reads.weeks(PARENT, camp._id);
    expect(again).toBe(first);
    expect(finds.filter((name) => name === 'semanas')).toHaveLength(1);
    const week = first[0] as unknown as Week;
    // A place taken (the checkout's guarded increment) shows on the next call.
    await semanas.incrementWithin(week._id, { field: 'quota_f', by: 1, limitField: 'quota_q' });
    const after = (await reads.weeks(PARENT, camp._id)) as unknown as Week[];
    expect(after.find((w) => w._id === week._id)!.quota_f).toBe(week.quota_f + 1);
    // A week switched off by staff leaves the list at once.
    await semanas.updateOne({ _id: week._id }, { set: { isChecked: false } });
    expect((await reads.weeks(PARENT, camp._id)).map((w) => w._id)).not.toContain(week._id);
  });

  it('are read again after a second even with no write here (another instance may have written)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { reads, camp, finds } = await setUp();
    await reads.weeks(PARENT, camp._id);
    vi.setSystemTime(Date.now() + PARENT_LIST_CACHE_MS - 1);
    await reads.weeks(PARENT, camp._id);
    expect(finds.filter((name) => name === 'semanas')).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2);
    await reads.weeks(PARENT, camp._id);
    expect(finds.filter((name) => name === 'semanas')).toHaveLength(2);
  });

  it('are frozen, so no caller can change them for the others', async () => {
    const { reads, camp } = await setUp();
    const weeks = (await reads.weeks(PARENT, camp._id)) as unknown as Week[];
    expect(() => {
      weeks[0]!.quota_f = 999;
    }).toThrow(TypeError);
  });

  it('never keep a refusal: each call for a closed camp asks the store again', async () => {
    const { store, reads, camp } = await setUp();
    await store.collection('campamentos').updateOne({ _id: camp._id }, { set: { status: 'inactive' } });
    // No write between the two calls: a kept refusal would be the very same error.
    const first: unknown = await reads.categories(PARENT, camp._id).catch((error: unknown) => error);
    const second: unknown = await reads.categories(PARENT, camp._id).catch((error: unknown) => error);
    expect(first).toMatchObject({ statusCode: 404 });
    expect(second).toMatchObject({ statusCode: 404 });
    expect(second).not.toBe(first);
    await store.collection('campamentos').updateOne({ _id: camp._id }, { set: { status: 'active' } });
    expect((await reads.categories(PARENT, camp._id)).length).toBeGreaterThan(0);
  });

  it('are never cached for an admin (the admin screens edit them)', async () => {
    const { reads, camp, finds } = await setUp();
    const admin: UserRecord = { ...PARENT, puede_admin_ofertas: true };
    await reads.weeks(admin, camp._id);
    await reads.weeks(admin, camp._id);
    expect(finds.filter((name) => name === 'semanas')).toHaveLength(2);
  });
});
