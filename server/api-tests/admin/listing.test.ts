// What every list call (GET /api/{area}/listpop, GET /api/usuarios/listpop) does with `sort` and
// `campament` (ListQuery, src/domain/listing.ts): allowed fields only, ties broken by _id so
// pages are stable, and the camp filter on the areas whose records carry a camp.
import { describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '../../../src/domain/listing.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { adminKitPerTest, createCamp } from './test-kit.ts';
import { refusal } from '../testing.ts';

let summer: string;
let annual: string;
const kit = adminKitPerTest(async (fresh) => {
  await seedDemoData(fresh.t.store);
  const camps = await fresh.t.store.collection('campamentos').find({});
  summer = camps.find((camp) => camp.code === 'CV2027')!._id;
  annual = camps.find((camp) => camp.code === 'PA2027')!._id;
});

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON read field by field */
const list = async (url: string, token = kit.admin) => {
  const res = await kit.t.api({ method: 'GET', url, token });
  return { status: res.statusCode, body: res.json<any>() };
};
const field = (name: string) => (body: any) => body.data.map((record: any) => record[name]);
const names = field('name');
const ids = field('_id');

describe('sort', () => {
  it("orders by an allowed field, ascending or with '-' descending", async () => {
    await createCamp(kit, {
      code: 'AB2028',
      name: 'Academia de Base',
      start_date: '2028-01-10',
      end_date: '2028-03-01',
    });
    const byName = await list('/api/campamentos/listpop?sort=name');
    expect(byName.status).toBe(200);
    expect(names(byName.body)).toEqual([
      'Academia de Base',
      'Campamento de Verano 2027',
      'Programa Anual 2026-2027',
    ]);
    expect(names((await list('/api/campamentos/listpop?sort=-name')).body)).toEqual([
      'Programa Anual 2026-2027',
      'Campamento de Verano 2027',
      'Academia de Base',
    ]);
    expect(field('code')((await list('/api/campamentos/listpop?sort=start_date')).body)).toEqual([
      'PA2027',
      'CV2027',
      'AB2028',
    ]);
    const weeks = await list(`/api/semanas/listpop?campament=${annual}&sort=-value`);
    expect(names(weeks.body)).toEqual(['Pago anual', 'Pago trimestral', 'Pago mensual']);
  });

  it('breaks ties by _id in the same direction, so -field is the exact reverse', async () => {
    // The eight summer weeks all cost RD$4,700.
    const ascending = await list(`/api/semanas/listpop?campament=${summer}&sort=value`);
    const byId = [...ids(ascending.body)].sort();
    expect(ids(ascending.body)).toEqual(byId);
    const descending = await list(`/api/semanas/listpop?campament=${summer}&sort=-value`);
    expect(ids(descending.body)).toEqual([...byId].reverse());
    expect(names(descending.body)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map((n) => `Semana ${n}`));
  });

  it('pages through ties without repeating or skipping a record', async () => {
    for (let n = 1; n <= 7; n += 1) {
      await kit.t.api({
        method: 'POST',
        url: '/api/cupones/create',
        token: kit.admin,
        payload: { code: `IGUAL${n}`, label: 'Mismo porcentaje', percent: 5 },
      });
    }
    for (const sort of ['percent', '-percent', 'label']) {
      const whole = await list(`/api/cupones/listpop?sort=${sort}`);
      expect(whole.body.data).toHaveLength(10);
      const paged: string[] = [];
      for (const page of [1, 2, 3, 4]) {
        const answer = await list(`/api/cupones/listpop?sort=${sort}&page=${page}&limit=3`);
        expect(answer.body).toMatchObject({ status: 'SUCCESS', total: 10, page, limit: 3 });
        paged.push(...ids(answer.body));
      }
      expect(paged).toEqual(ids(whole.body));
    }
  });

  it("keeps the area's own order without sort (or with an empty one)", async () => {
    const plain = await list('/api/semanas/listpop');
    expect(ids((await list('/api/semanas/listpop?sort=')).body)).toEqual(ids(plain.body));
    expect(field('code')((await list('/api/campamentos/listpop')).body)).toEqual(['CV2027', 'PA2027']);
  });

  it('refuses a field the area does not allow, with the envelope', async () => {
    for (const url of [
      '/api/campamentos/listpop?sort=description',
      '/api/campamentos/listpop?sort=-',
      '/api/campamentos/listpop?sort=--name',
      '/api/semanas/listpop?sort=quota_f_left',
      '/api/semanas/listpop?sort=campament_name&page=1',
      '/api/cupones/listpop?sort=name',
      '/api/usuarios/listpop?sort=password_hash',
    ]) {
      const answer = await list(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body).toEqual(refusal(LIST_MESSAGES.sortNotAllowed));
    }
    expect(LIST_MESSAGES.sortNotAllowed).toBe('El campo "sort" no tiene un valor permitido.');
  });

  it('sorts the users list too', async () => {
    const answer = await list('/api/usuarios/listpop?sort=-email');
    const emails = field('email')(answer.body) as string[];
    expect(emails).toHaveLength(2);
    expect(emails).toEqual([...emails].sort().reverse());
  });
});

describe('campament', () => {
  it('lists only that camp’s records, and counts only those', async () => {
    const weeks = await list(`/api/semanas/listpop?campament=${annual}&page=1&limit=2`);
    expect(weeks.body).toMatchObject({ status: 'SUCCESS', total: 3, page: 1, limit: 2 });
    expect(names(weeks.body)).toEqual(['Pago mensual', 'Pago trimestral']);
    const summerWeeks = await list(`/api/semanas/listpop?campament=${summer}`);
    expect(summerWeeks.body.data).toHaveLength(8);
    expect(summerWeeks.body.data.every((week: any) => week.campament === summer)).toBe(true);
    const categories = await list(`/api/categorias/listpop?campament=${summer}&page=1`);
    expect(categories.body).toMatchObject({ total: 3 });
    const filtered = await list(`/api/semanas/listpop?campament=${summer}&q=semana 1&status=active&page=1`);
    expect(filtered.body.total).toBe(1);
    const none = await list(`/api/semanas/listpop?campament=${'0'.repeat(24)}&page=1`);
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  it('filters enrolments and calendars by camp', async () => {
    await kit.t.store.collection('inscripciones').insertMany([
      { order_number: '1001', campament: summer, payment_status: 'paid', status: 'active' },
      { order_number: '1002', campament: annual, payment_status: 'paid', status: 'active' },
      { order_number: '1003', campament: summer, payment_status: 'declined', status: 'inactive' },
    ]);
    const enrolments = await list(`/api/inscripciones/listpop?campament=${summer}&sort=order_number&page=1`);
    expect(enrolments.body).toMatchObject({ total: 2 });
    expect(field('order_number')(enrolments.body)).toEqual(['1001', '1003']);
    await kit.t.api({
      method: 'POST',
      url: '/api/calendarios/create',
      token: kit.admin,
      payload: { campament: annual, name: 'Torneo de cierre' },
    });
    const calendars = await list(`/api/calendarios/listpop?campament=${annual}`);
    expect(names(calendars.body)).toEqual(['Torneo de cierre']);
    expect((await list(`/api/calendarios/listpop?campament=${summer}`)).body.data).toEqual([]);
  });

  it('refuses an invalid id, and the filter on areas whose records have no camp', async () => {
    for (const value of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', '']) {
      const answer = await list(`/api/semanas/listpop?campament=${value}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(refusal('Identificador inválido.'));
    }
    for (const area of ['campamentos', 'cupones', 'clientes', 'participantes', 'contactos', 'usuarios']) {
      const answer = await list(`/api/${area}/listpop?campament=${summer}`);
      expect(answer.status, area).toBe(400);
      expect(answer.body).toEqual(refusal(LIST_MESSAGES.campamentNotAllowed));
    }
  });
});
