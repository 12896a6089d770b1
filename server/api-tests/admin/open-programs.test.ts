// GET /api/campamentos/abiertos (issue 59): the school's open camps and programs a family picks
// from, and the sign-in page names a link's camp from. Public; only what is open now, with its
// dates, ages, the price a child pays from (the wizard's pricing) and the places left.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import type { AnyDoc } from '../../store/port.ts';

/** 1 July 2027, 11:00 in Santo Domingo: the summer camp's first weeks are over. */
const NOW = new Date('2027-07-01T15:00:00Z');

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await buildTestApp({}, { deps: { clock: () => NOW } });
  admin = (await t.createUser({ admin: true })).token;
});
afterEach(async () => {
  await t.close();
});

async function create(area: string, payload: Record<string, unknown>): Promise<AnyDoc> {
  const res = await t.api({ method: 'POST', url: `/api/${area}/create`, token: admin, payload });
  if (res.statusCode !== 201) throw new Error(`${area} not created: ${res.body}`);
  return res.json().data as AnyDoc;
}

const camp = (code: string, overrides: Record<string, unknown>) =>
  create('campamentos', {
    code,
    name: code,
    description: `Descripción de ${code}`,
    membership: 3500,
    type: 'campamento',
    ...overrides,
  });

const week = (campament: string, overrides: Record<string, unknown>) =>
  create('semanas', { campament, name: 'Semana', value: 4700, quota_q: 30, ...overrides });

const list = async (token?: string) => {
  const res = await t.api({ method: 'GET', url: '/api/campamentos/abiertos', ...(token ? { token } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json<{ status: string; data: AnyDoc[] }>();
};

describe('GET /api/campamentos/abiertos', () => {
  it('lists the open camps and programs, by start date, with dates, ages, price from and places left', async () => {
    const summer = await camp('Verano 2027', { start_date: '2027-06-14', end_date: '2027-08-06' });
    await create('categorias', { campament: summer._id, name: 'Mini', age_min: 6, age_max: 9 });
    await create('categorias', { campament: summer._id, name: 'Juvenil', age_min: 14, age_max: 16 });
    await create('categorias', {
      campament: summer._id,
      name: 'Retirada',
      age_min: 18,
      age_max: 18,
      status: 'inactive',
    });
    // Over (its last day has passed): neither its price nor its places count.
    await week(summer._id, { date: '14/06/2027 - 18/06/2027', value: 3000, quota_q: 50 });
    await week(summer._id, { date: '05/07/2027 - 09/07/2027', value: 4700, quota_q: 30, quota_f: 12 });
    // Full: the cheaper price is not offered to a family any more.
    await week(summer._id, { date: '12/07/2027 - 16/07/2027', value: 4500, quota_q: 5, quota_f: 5 });
    // Not enabled, or deleted: not offered at all.
    await week(summer._id, { date: '19/07/2027 - 23/07/2027', value: 100, isChecked: false });
    const deleted = await week(summer._id, { date: '26/07/2027 - 30/07/2027', value: 200 });
    await t.api({ method: 'DELETE', url: `/api/semanas/delete/${deleted._id}`, token: admin });

    const annual = await camp('Programa 2027', {
      type: 'programaanual',
      start_date: '2027-01-10',
      end_date: '2027-12-15',
    });
    await create('categorias', { campament: annual._id, name: 'Infantil', age_min: 10, age_max: 13 });
    await week(annual._id, {
      name: 'Pago mensual',
      date: '10/01/2027 - 15/12/2027',
      value: 3900,
      quota_q: 10,
      quota_f: 4,
      plan_frequency: 'monthly',
      plan_instalments: 10,
      plan_first_due: '2027-01-10',
      plan_due_day: 10,
    });
    await week(annual._id, { name: 'Pago anual', date: '10/01/2027 - 15/12/2027', value: 35100, quota_q: 0 });

    // Not open: over, inactive, with nothing to pick, or deleted.
    const past = await camp('Semana Santa 2027', { start_date: '2027-03-22', end_date: '2027-03-26' });
    await week(past._id, { date: '22/03/2027 - 26/03/2027' });
    const inactive = await camp('Navidad 2027', {
      start_date: '2027-12-20',
      end_date: '2027-12-24',
      status: 'inactive',
    });
    await week(inactive._id, { date: '20/12/2027 - 24/12/2027' });
    await camp('Sin semanas', { start_date: '2027-10-01', end_date: '2027-10-05' });

    // Anonymous: the sign-in page asks before the family has an account.
    const answer = await list();
    expect(answer.status).toBe('SUCCESS');
    expect(answer.data).toEqual([
      {
        _id: annual._id,
        name: 'Programa 2027',
        type: 'programaanual',
        description: 'Descripción de Programa 2027',
        start: '2027-01-10',
        end: '2027-12-15',
        age_min: 10,
        age_max: 13,
        // The monthly option's first instalment and the membership: what 'Pagar' charges one child.
        price_from: 7400,
        // The yearly option has no limit.
        places_left: null,
        offered: 2,
        with_places: 2,
      },
      {
        _id: summer._id,
        name: 'Verano 2027',
        type: 'campamento',
        description: 'Descripción de Verano 2027',
        start: '2027-06-14',
        end: '2027-08-06',
        age_min: 6,
        // The inactive category's 18 does not count.
        age_max: 16,
        price_from: 4700,
        places_left: 18,
        offered: 2,
        with_places: 1,
      },
    ]);
    // A parent's token reads the same list.
    const parent = await t.createUser();
    expect((await list(parent.token)).data).toEqual(answer.data);
  });

  it('keeps a full camp in the list, with no place left and its price from any week', async () => {
    const full = await camp('Lleno', { start_date: '2027-07-05', end_date: '2027-07-16' });
    await week(full._id, { date: '05/07/2027 - 09/07/2027', value: 5200, quota_q: 2, quota_f: 2 });
    await week(full._id, { date: '12/07/2027 - 16/07/2027', value: 5000, quota_q: 1, quota_f: 1 });
    const [entry] = (await list()).data;
    expect(entry).toMatchObject({
      _id: full._id,
      age_min: 6,
      age_max: 18,
      price_from: 5000,
      places_left: 0,
      offered: 2,
      with_places: 0,
    });
  });

  it('answers an empty list when nothing is open, and sees a new camp at once', async () => {
    expect((await list()).data).toEqual([]);
    const opened = await camp('Nuevo', { start_date: '2027-09-01', end_date: '2027-09-05' });
    await week(opened._id, { date: '01/09/2027 - 05/09/2027' });
    expect((await list()).data.map((entry) => entry.name)).toEqual(['Nuevo']);
  });
});
