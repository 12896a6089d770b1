// Camps (spec 02 §3, §5): required fields, dates stored as dates, unique codes, types, and the
// enrolment wizard's GET /campamentos/findbyid for parents.
import { describe, expect, it } from 'vitest';
import { adminKitPerTest, adminWrites, campBody, createCamp, stored } from './test-kit.ts';
import { refusal } from '../testing.ts';

const kit = adminKitPerTest();

const { create, update } = adminWrites(kit, 'campamentos');

describe('POST /api/campamentos/create', () => {
  it('stores the camp with dates as Date values and the defaults of what was not sent', async () => {
    const res = await create({
      code: 'CV2027',
      name: 'Campamento de Verano 2027',
      membership: 3500,
      start_date: '2027-06-14',
      end_date: '2027-08-06T16:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      code: 'CV2027',
      membership: 3500,
      // A date-only value is kept at noon UTC: the same day in Santo Domingo and everywhere near.
      start_date: '2027-06-14T12:00:00.000Z',
      end_date: '2027-08-06T16:00:00.000Z',
      description: '',
      type: 'campamento',
      payment_terms: '',
      status: 'active',
    });
    const camp = await stored(kit, 'campamentos', data._id);
    expect(camp?.start_date).toBeInstanceOf(Date);
    expect((camp?.end_date as Date).toISOString()).toBe('2027-08-06T16:00:00.000Z');
  });

  it.each(['code', 'name', 'membership', 'start_date', 'end_date'])('requires %s', async (field) => {
    const { [field]: _dropped, ...body } = campBody() as Record<string, unknown>;
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(`Falta el campo obligatorio "${field}".`));
    expect(await kit.t.store.collection('campamentos').count({})).toBe(0);
  });

  it.each([
    ['membership', 'tres mil', 'El campo "membership" tiene un tipo de dato inválido.'],
    ['membership', -1, 'El campo "membership" está fuera del rango permitido.'],
    ['membership', 3500.5, 'El campo "membership" tiene un tipo de dato inválido.'],
    ['start_date', '14/06/2027', 'El campo "start_date" no tiene un formato válido.'],
    ['start_date', '2027-02-30', 'El campo "start_date" no es una fecha válida.'],
    ['end_date', { $gt: '' }, 'El campo "end_date" tiene un tipo de dato inválido.'],
    ['type', 'clinica', 'El tipo de campamento no es válido.'],
    ['end_date', '2027-06-01', 'La fecha de fin debe ser igual o posterior a la fecha de inicio.'],
  ])('refuses %s = %j', async (field, value, message) => {
    const res = await create(campBody({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await kit.t.store.collection('campamentos').count({})).toBe(0);
  });

  it('accepts a type an admin added to the types list of camps', async () => {
    await kit.t.api({
      method: 'POST',
      url: '/api/tipos/create',
      token: kit.admin,
      payload: { model: 'campamentos', code: 'clinica', name: 'Clínica' },
    });
    const res = await create(campBody({ type: 'clinica' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.type).toBe('clinica');
  });

  it('refuses a code another camp has (409), whatever its case, even a deleted one', async () => {
    const first = await createCamp(kit, { code: 'CV2027' });
    for (const code of ['CV2027', ' cv2027 ']) {
      const res = await create(campBody({ code }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(refusal('Ya existe un campamento con ese código.'));
    }
    await kit.t.api({ method: 'GET', url: `/api/campamentos/delete/${first._id}`, token: kit.admin });
    expect((await create(campBody({ code: 'CV2027' }))).statusCode).toBe(409);
    expect(await kit.t.store.collection('campamentos').count({}, { withDeleted: true })).toBe(1);
  });
});

describe('POST /api/campamentos/update', () => {
  it('changes only what was sent and keeps the date order', async () => {
    const camp = await createCamp(kit);
    const res = await update({ _id: camp._id, membership: 4000, end_date: '2027-08-13' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      message: 'Campamento actualizado',
      data: { membership: 4000, end_date: '2027-08-13T12:00:00.000Z', name: camp.name },
    });
    const before = await update({ _id: camp._id, end_date: '2027-06-01' });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe('La fecha de fin debe ser igual o posterior a la fecha de inicio.');
    expect(((await stored(kit, 'campamentos', camp._id))?.end_date as Date).toISOString()).toBe(
      '2027-08-13T12:00:00.000Z',
    );
  });

  it("refuses another camp's code but not the camp's own", async () => {
    await createCamp(kit, { code: 'CV2027' });
    const other = await createCamp(kit, { code: 'PA2027' });
    expect((await update({ _id: other._id, code: 'cv2027' })).statusCode).toBe(409);
    expect((await update({ _id: other._id, code: 'PA2027', name: 'Programa Anual' })).statusCode).toBe(200);
  });
});

describe('GET /api/campamentos/listpop', () => {
  it('lists the most recent camps first', async () => {
    await createCamp(kit, { code: 'V2026', start_date: '2026-06-15', end_date: '2026-08-07' });
    await createCamp(kit, { code: 'V2028', start_date: '2028-06-12', end_date: '2028-08-04' });
    await createCamp(kit, { code: 'V2027' });
    const res = await kit.t.api({ method: 'GET', url: '/api/campamentos/listpop', token: kit.admin });
    expect(res.json().data.map((camp: { code: string }) => camp.code)).toEqual(['V2028', 'V2027', 'V2026']);
  });

  it('searches names and codes as literal text', async () => {
    await createCamp(kit, { code: 'V2027', name: 'Verano (niños) 2027' });
    await createCamp(kit, { code: 'PA2027', name: 'Programa Anual' });
    const search = async (q: string) =>
      (
        await kit.t.api({
          method: 'GET',
          url: `/api/campamentos/listpop?q=${encodeURIComponent(q)}`,
          token: kit.admin,
        })
      )
        .json()
        .data.map((camp: { code: string }) => camp.code);
    expect(await search('(NIÑOS)')).toEqual(['V2027']);
    expect(await search('pa20')).toEqual(['PA2027']);
    expect(await search('.*')).toEqual([]);
    expect(await search('  ')).toHaveLength(2);
  });

  it('refuses a bad page, limit or status', async () => {
    // 'page=1e309' reads as Infinity (found by the fuzz suite: it used to answer 500).
    for (const query of [
      'page=0',
      'limit=101',
      'limit=0',
      'status=borrado',
      'page=uno',
      'page=1e309',
      'limit=1e400',
    ]) {
      const res = await kit.t.api({
        method: 'GET',
        url: `/api/campamentos/listpop?${query}`,
        token: kit.admin,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status).toBe('ERROR');
    }
  });
});

describe('GET /api/campamentos/findbyid/{id}', () => {
  it('answers a parent with an active camp in the envelope the wizard reads', async () => {
    const camp = await createCamp(kit);
    const res = await kit.t.api({
      method: 'GET',
      url: `/api/campamentos/findbyid/${camp._id}`,
      token: kit.parent,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', message: 'Campamento encontrado', data: camp });
  });

  it('hides inactive camps from parents but not from admins, and deleted camps from both', async () => {
    const camp = await createCamp(kit);
    await kit.t.api({
      method: 'POST',
      url: '/api/campamentos/update',
      token: kit.admin,
      payload: { _id: camp._id, status: 'inactive' },
    });
    const parent = await kit.t.api({
      method: 'GET',
      url: `/api/campamentos/findbyid/${camp._id}`,
      token: kit.parent,
    });
    expect(parent.statusCode).toBe(404);
    expect(parent.json()).toEqual(refusal('Campamento no encontrado.'));
    const admin = await kit.t.api({
      method: 'GET',
      url: `/api/campamentos/findbyid/${camp._id}`,
      token: kit.admin,
    });
    expect(admin.json().data.status).toBe('inactive');
    await kit.t.api({ method: 'DELETE', url: `/api/campamentos/delete/${camp._id}`, token: kit.admin });
    expect(
      (await kit.t.api({ method: 'GET', url: `/api/campamentos/findbyid/${camp._id}`, token: kit.admin }))
        .statusCode,
    ).toBe(404);
  });
});
