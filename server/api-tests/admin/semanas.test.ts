// Weeks (spec 02 §3, DESIGN.md §2.5): defaults, places left derived in every answer, categories of
// the week's own camp, order, and GET /semanas/findbycamp for the enrolment wizard.
import { describe, expect, it } from 'vitest';
import {
  adminKitPerTest,
  adminWrites,
  createCamp,
  createCategory,
  createWeek,
  stored,
  UNKNOWN_ID,
} from './test-kit.ts';
import { refusal, success } from '../testing.ts';
import { WEEK_MESSAGES } from '../../../src/domain/weeks.ts';

const kit = adminKitPerTest();

const { create, update } = adminWrites(kit, 'semanas');

describe('POST /api/semanas/create', () => {
  it('applies the defaults and answers quota_f_left null for a week without a limit', async () => {
    const camp = await createCamp(kit);
    const res = await create({ campament: camp._id, name: 'Semana 1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(
      success('Semana creada', {
        campament_name: 'Campamento de Verano 2027',
        quantity: 0,
        quota_q: 0,
        quota_f: 0,
        quota_f_left: null,
        isChecked: true,
        categories: [],
        order: 1,
        status: 'active',
      }),
    );
    const week = await stored(kit, 'semanas', res.json().data._id);
    expect(week).toMatchObject({ quota_q: 0, quota_f: 0, isChecked: true });
    expect(week).not.toHaveProperty('quota_f_left');
  });

  it('puts a week without an order after the last week of its camp', async () => {
    const camp = await createCamp(kit);
    await createWeek(kit, camp._id, { name: 'Semana 5', order: 5 });
    expect((await createWeek(kit, camp._id, { name: 'Semana 6' })).order).toBe(6);
    expect((await createWeek(kit, camp._id, { name: 'Semana 0', order: 0 })).order).toBe(0);
  });

  it.each([
    [{ date: '2027-06-14' }, 'El campo "date" no tiene un formato válido.'],
    [{ quota_q: -1 }, 'El campo "quota_q" está fuera del rango permitido.'],
    [{ quota_f: 1.5 }, 'El campo "quota_f" tiene un tipo de dato inválido.'],
    [{ month_of_year: 13 }, 'El campo "month_of_year" está fuera del rango permitido.'],
    [{ name: ['Semana', 'Uno'] }, 'El campo "name" tiene un tipo de dato inválido.'],
    [{ campament: UNKNOWN_ID }, 'El campamento seleccionado no existe.'],
  ])('refuses %j', async (change, message) => {
    const camp = await createCamp(kit);
    const res = await create({ campament: camp._id, name: 'Semana 1', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await kit.t.store.collection('semanas').count({})).toBe(0);
  });

  it("takes categories of the week's camp only", async () => {
    const camp = await createCamp(kit);
    const other = await createCamp(kit, { code: 'OTRO' });
    const mine = await createCategory(kit, camp._id);
    const foreign = await createCategory(kit, other._id);
    const ok = await createWeek(kit, camp._id, { categories: [mine._id, mine._id] });
    expect(ok.categories).toEqual([mine._id]);
    for (const categories of [[mine._id, foreign._id], [UNKNOWN_ID]]) {
      const res = await create({ campament: camp._id, name: 'Semana 2', categories });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Las categorías seleccionadas no pertenecen al campamento de la semana.',
      );
    }
    // Moving a week to another camp needs that camp's categories.
    const move = await update({ _id: ok._id, campament: other._id });
    expect(move.statusCode).toBe(400);
    expect((await update({ _id: ok._id, campament: other._id, categories: [foreign._id] })).statusCode).toBe(
      200,
    );
  });
});

describe('places: quota_f_left = max(quota_q - quota_f, 0)', () => {
  it.each([
    [30, 0, 30],
    [30, 27, 3],
    [30, 30, 0],
    [30, 31, 0],
    [0, 12, null],
  ])('quota_q %i, quota_f %i → %s in create, find, list and update', async (quota_q, quota_f, left) => {
    const camp = await createCamp(kit);
    // A capacity below the places taken is saved once confirmed (the office's issue).
    const week = await createWeek(kit, camp._id, { quota_q, quota_f, confirm: true });
    expect(week.quota_f_left).toBe(left);
    const find = await kit.t.api({ method: 'GET', url: `/api/semanas/find/${week._id}`, token: kit.admin });
    expect(find.json().data.quota_f_left).toBe(left);
    const list = await kit.t.api({ method: 'GET', url: '/api/semanas/listpop', token: kit.admin });
    expect(list.json().data[0].quota_f_left).toBe(left);
    const renamed = await update({ _id: week._id, name: 'Semana renombrada' });
    expect(renamed.json().data.quota_f_left).toBe(left);
  });

  it('lets an admin correct quota_f with a whole number of at least 0', async () => {
    const camp = await createCamp(kit);
    const week = await createWeek(kit, camp._id, { quota_q: 30 });
    const res = await update({ _id: week._id, quota_f: 12 });
    expect(res.json()).toMatchObject({
      message: 'Semana actualizada',
      data: { quota_f: 12, quota_f_left: 18 },
    });
    expect(await stored(kit, 'semanas', week._id)).toMatchObject({ quota_f: 12 });
    for (const quota_f of [-1, 2.5, 'doce']) {
      expect((await update({ _id: week._id, quota_f })).statusCode).toBe(400);
    }
    expect(await stored(kit, 'semanas', week._id)).toMatchObject({ quota_f: 12 });
  });

  it('leaves places taken meanwhile alone when an update does not change quota_f', async () => {
    const camp = await createCamp(kit);
    const week = await createWeek(kit, camp._id, { quota_q: 30 });
    // A parent pays while the admin has the week open.
    await kit.t.store
      .collection('semanas')
      .incrementWithin(week._id, { field: 'quota_f', by: 1, limitField: 'quota_q' });
    const res = await update({ _id: week._id, value: 4900 });
    expect(res.json().data).toMatchObject({ value: 4900, quota_f: 1, quota_f_left: 29 });
  });
});

describe('GET /api/semanas/findbycamp/{campId}', () => {
  it("answers a parent with the camp's active, enabled weeks by order, with the places left and the parent's id", async () => {
    const camp = await createCamp(kit);
    await createWeek(kit, camp._id, { name: 'Semana 2', order: 2, quota_q: 30, quota_f: 27 });
    await createWeek(kit, camp._id, { name: 'Semana 1', order: 1, quota_q: 30 });
    await createWeek(kit, camp._id, { name: 'Semana 3', order: 3, status: 'inactive' });
    await createWeek(kit, camp._id, { name: 'Semana 4', order: 4, isChecked: false });
    const deleted = await createWeek(kit, camp._id, { name: 'Semana 5', order: 5 });
    await kit.t.api({ method: 'GET', url: `/api/semanas/delete/${deleted._id}`, token: kit.admin });

    const res = await kit.t.api({
      method: 'GET',
      url: `/api/semanas/findbycamp/${camp._id}`,
      token: kit.parent,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['status', 'message', 'data']);
    expect(body.status).toBe('SUCCESS');
    expect(body.data.uid).toBe(kit.parentId);
    expect(
      body.data.weekData.map((week: { name: string; quota_f_left: number }) => [
        week.name,
        week.quota_f_left,
      ]),
    ).toEqual([
      ['Semana 1', 30],
      ['Semana 2', 3],
    ]);

    const admin = await kit.t.api({
      method: 'GET',
      url: `/api/semanas/findbycamp/${camp._id}`,
      token: kit.admin,
    });
    expect(admin.json().data.weekData.map((week: { name: string }) => week.name)).toEqual([
      'Semana 1',
      'Semana 2',
      'Semana 3',
      'Semana 4',
    ]);
  });

  it("writes a parent's cached list as the schema would: same fields, JSON type, each parent's own id", async () => {
    const camp = await createCamp(kit);
    await createWeek(kit, camp._id, { name: 'Semana 1', order: 1, quota_q: 30, quota_f: 2, categories: [] });
    const url = `/api/semanas/findbycamp/${camp._id}`;
    const first = await kit.t.api({ method: 'GET', url, token: kit.parent });
    const other = await kit.t.createUser();
    const second = await kit.t.api({ method: 'GET', url, token: other.token });
    const admin = await kit.t.api({ method: 'GET', url, token: kit.admin });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(first.json().data.uid).toBe(kit.parentId);
    expect(second.json().data.uid).toBe(other.user._id);
    // The cached text carries exactly what the response schema writes for the admin's fresh list.
    expect(second.json().data.weekData).toEqual(admin.json().data.weekData);
    expect(second.json()).toEqual({ ...admin.json(), data: { ...admin.json().data, uid: other.user._id } });
    const categories = await kit.t.api({
      method: 'GET',
      url: `/api/categorias/findbycamp/${camp._id}`,
      token: kit.parent,
    });
    expect(categories.json()).toEqual({ status: 'SUCCESS', message: 'Categorías del campamento', data: [] });
  });

  it('answers 404 to a parent for an inactive, deleted or unknown camp', async () => {
    const inactive = await createCamp(kit, { code: 'I', status: 'inactive' });
    const deleted = await createCamp(kit, { code: 'D' });
    await createWeek(kit, inactive._id);
    await kit.t.api({ method: 'GET', url: `/api/campamentos/delete/${deleted._id}`, token: kit.admin });
    for (const id of [inactive._id, deleted._id, UNKNOWN_ID]) {
      const res = await kit.t.api({ method: 'GET', url: `/api/semanas/findbycamp/${id}`, token: kit.parent });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(refusal('Campamento no encontrado.'));
    }
    const bad = await kit.t.api({ method: 'GET', url: '/api/semanas/findbycamp/semana', token: kit.parent });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identificador inválido.');
  });
});

describe('GET /api/semanas/listpop', () => {
  it('keeps data an array, sorted by order', async () => {
    const camp = await createCamp(kit);
    await createWeek(kit, camp._id, { name: 'B', order: 2 });
    await createWeek(kit, camp._id, { name: 'A', order: 1 });
    const res = await kit.t.api({ method: 'GET', url: '/api/semanas/listpop', token: kit.admin });
    expect(Array.isArray(res.json().data)).toBe(true);
    expect(res.json().data.map((week: { name: string }) => week.name)).toEqual(['A', 'B']);
  });
});

describe("a week's dates and places (the office's issue: weeks that cannot exist)", () => {
  const DATES = WEEK_MESSAGES;

  it.each([
    ['31/02/2027 - 35/02/2027', DATES.noSuchDay('31/02/2027')],
    ['14/06/2027 - 35/06/2027', DATES.noSuchDay('35/06/2027')],
    ['23/12/2026 - 21/12/2026', DATES.reversed('23/12/2026', '21/12/2026')],
  ])('refuses %s with the field named, in create and update, changing nothing', async (date, message) => {
    const camp = await createCamp(kit);
    const created = await create({ campament: camp._id, name: 'Semana 1', date, confirm: true });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(refusal(message));
    expect(message).toContain('«Fechas»');
    expect(await kit.t.store.collection('semanas').count({})).toBe(0);

    const week = await createWeek(kit, camp._id);
    const updated = await update({ _id: week._id, date, confirm: true });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().message).toBe(message);
    expect(await stored(kit, 'semanas', week._id)).toMatchObject({ date: '14/06/2027 - 18/06/2027' });
  });

  it("warns of days outside the camp's (409) and saves them once confirmed", async () => {
    // The kit's camp runs from 14/06/2027 to 06/08/2027.
    const camp = await createCamp(kit);
    const outside = { campament: camp._id, name: 'Semana 9', date: '09/08/2027 - 13/08/2027' };
    const warned = await create(outside);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toEqual({
      status: 'ERROR',
      success: false,
      confirm: true,
      message:
        'Las fechas de la semana (09/08/2027 - 13/08/2027) quedan fuera de las del campamento ' +
        '(14/06/2027 - 06/08/2027). Confirme para guardarla así.',
    });
    expect(await kit.t.store.collection('semanas').count({})).toBe(0);

    const saved = await create({ ...outside, confirm: true });
    expect(saved.statusCode).toBe(201);
    const id = saved.json().data._id as string;
    expect(await stored(kit, 'semanas', id)).toMatchObject({ date: '09/08/2027 - 13/08/2027' });
    expect(await stored(kit, 'semanas', id)).not.toHaveProperty('confirm');

    // An update moving a week out of its camp is asked the same; other edits of it are not.
    const week = await createWeek(kit, camp._id);
    const moved = await update({ _id: week._id, date: '07/06/2027 - 11/06/2027' });
    expect(moved.statusCode).toBe(409);
    expect(await stored(kit, 'semanas', week._id)).toMatchObject({ date: '14/06/2027 - 18/06/2027' });
    expect((await update({ _id: week._id, date: '07/06/2027 - 11/06/2027', confirm: true })).statusCode).toBe(
      200,
    );
    expect((await update({ _id: week._id, name: 'Semana 0' })).statusCode).toBe(200);
  });

  it('warns of a capacity below the places taken (409) and saves it once confirmed', async () => {
    const camp = await createCamp(kit);
    const week = await createWeek(kit, camp._id, { quota_q: 5, quota_f: 4 });
    const warned = await update({ _id: week._id, quota_q: 3 });
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({
      confirm: true,
      message:
        'La capacidad (3) es menor que los cupos ocupados (4): la semana quedará agotada. ' +
        'Confirme para guardarla así.',
    });
    expect(await stored(kit, 'semanas', week._id)).toMatchObject({ quota_q: 5, quota_f: 4 });
    expect((await create({ campament: camp._id, name: 'Semana 2', quota_q: 3, quota_f: 4 })).statusCode).toBe(
      409,
    );

    const confirmed = await update({ _id: week._id, quota_q: 3, confirm: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ quota_q: 3, quota_f: 4, quota_f_left: 0 });
    // The capacity equal to the places taken, or no limit, needs nothing confirmed.
    expect((await update({ _id: week._id, quota_q: 4 })).statusCode).toBe(200);
    expect((await update({ _id: week._id, quota_q: 0 })).statusCode).toBe(200);
  });
});
