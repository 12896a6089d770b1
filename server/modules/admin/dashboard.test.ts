// GET /api/dashboard (spec 02 §2): the nine counts, the recent camps and the three percentages,
// computed from counts and one limited query.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed/demo.ts';
import type { Store } from '../../store/port.ts';
import { adminKit, createCamp, type AdminKit } from './test-kit.ts';

let kit: AdminKit;
beforeEach(async () => {
  kit = await adminKit();
  await seedDemoData(kit.t.store);
});
afterEach(async () => {
  await kit.t.close();
});

const dashboard = () => kit.t.api({ method: 'GET', url: '/api/dashboard', token: kit.admin });

describe('GET /api/dashboard', () => {
  it('counts the demo school', async () => {
    const res = await dashboard();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('SUCCESS');
    expect(body.data.counts).toEqual({
      campamentos: { total: 2, active: 2 },
      categorias: { total: 6, active: 6 },
      semanas: { total: 11, active: 11 },
      inscripciones: { total: 0, active: 0 },
      participantes: { total: 0, active: 0 },
      clientes: { total: 0, active: 0 },
      cupones: { total: 3, active: 3 },
      contactos: { total: 0, active: 0 },
      calendarios: { total: 0, active: 0 },
    });
    expect(body.data.percentages).toEqual({ inscripciones: 0, cupones: 100, campamentos: 100 });
    expect(body.data.recentCamps).toEqual([
      {
        _id: expect.any(String),
        name: 'Campamento de Verano 2027',
        type: 'campamento',
        code: 'CV2027',
        start_date: '2027-06-14T12:00:00.000Z',
        end_date: '2027-08-06T12:00:00.000Z',
        membership: 3500,
      },
      {
        _id: expect.any(String),
        name: 'Programa Anual 2026-2027',
        type: 'programaanual',
        code: 'PA2027',
        start_date: '2026-09-01T12:00:00.000Z',
        end_date: '2027-06-30T12:00:00.000Z',
        membership: 3500,
      },
    ]);
  });

  it('counts active records ("active" or "activo", clients also by cliEstado), leaves deleted ones out, and rounds the percentages', async () => {
    const store = kit.t.store;
    const week = await store.collection('semanas').findOne({ name: 'Semana 1' });
    await kit.t.api({ method: 'GET', url: `/api/semanas/delete/${week!._id}`, token: kit.admin });
    const coupon = await store.collection('cupones').findOne({ code: 'VERANO10' });
    await kit.t.api({
      method: 'POST',
      url: '/api/cupones/update',
      token: kit.admin,
      payload: { _id: coupon!._id, status: 'inactive' },
    });
    await store
      .collection('inscripciones')
      .insertMany([{ status: 'active' }, { status: 'activo' }, { status: 'inactive' }]);
    await store.collection('clientes').insertMany([
      { name: 'A', cliEstado: 'activo' },
      { name: 'B', status: 'active' },
      { name: 'C', cliEstado: 'inactivo' },
    ]);
    await createCamp(kit, { code: 'OTRO', status: 'inactive' });

    const { data } = (await dashboard()).json();
    expect(data.counts.semanas).toEqual({ total: 10, active: 10 });
    expect(data.counts.cupones).toEqual({ total: 3, active: 2 });
    expect(data.counts.inscripciones).toEqual({ total: 3, active: 2 });
    expect(data.counts.clientes).toEqual({ total: 3, active: 2 });
    expect(data.counts.campamentos).toEqual({ total: 3, active: 2 });
    expect(data.percentages).toEqual({ inscripciones: 67, cupones: 67, campamentos: 67 });
    expect(data.recentCamps.map((camp: { code: string }) => camp.code)).toEqual(['CV2027', 'PA2027']);
  });

  it('lists at most 6 active camps, the latest first', async () => {
    for (const year of [2020, 2021, 2022, 2023, 2024, 2025, 2028]) {
      await createCamp(kit, { code: `V${year}`, start_date: `${year}-06-15`, end_date: `${year}-08-07` });
    }
    const { data } = (await dashboard()).json();
    expect(data.recentCamps.map((camp: { code: string }) => camp.code)).toEqual([
      'V2028',
      'CV2027',
      'PA2027',
      'V2025',
      'V2024',
      'V2023',
    ]);
    expect(data.counts.campamentos).toEqual({ total: 9, active: 9 });
  });

  it('reads counts, not whole collections: one find (the recent camps) and two counts per kind', async () => {
    const calls = spyOnReads(kit.t.store);
    expect((await dashboard()).statusCode).toBe(200);
    expect(calls.find).toEqual([{ collection: 'campamentos', limit: 6 }]);
    expect(calls.count).toHaveLength(18);
    expect(new Set(calls.count)).toEqual(
      new Set([
        'campamentos',
        'categorias',
        'semanas',
        'inscripciones',
        'participantes',
        'clientes',
        'cupones',
        'contactos',
        'calendarios',
      ]),
    );
  });
});

/** Records every `find` (with its limit) and `count` the app makes from now on. */
function spyOnReads(store: Store) {
  const calls = {
    find: [] as Array<{ collection: string; limit: number | undefined }>,
    count: [] as string[],
  };
  const collection = store.collection.bind(store);
  store.collection = ((name: string) => {
    const real = collection(name);
    return {
      ...real,
      find: (...args: Parameters<typeof real.find>) => {
        calls.find.push({ collection: name, limit: args[1]?.limit });
        return real.find(...args);
      },
      count: (...args: Parameters<typeof real.count>) => {
        calls.count.push(name);
        return real.count(...args);
      },
    };
  }) as Store['collection'];
  return calls;
}
