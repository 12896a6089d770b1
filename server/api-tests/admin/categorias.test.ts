// Categories (spec 02 §3): defaults, the camp they belong to (named in every answer, fetched once
// per list), their order, and GET /categorias/findbycamp for the enrolment wizard.
import { describe, expect, it } from 'vitest';
import { spyOnFinds } from '../../../src/core/store/findSpy.ts';
import { adminKitPerTest, adminWrites, createCamp, createCategory, stored, UNKNOWN_ID } from './test-kit.ts';
import { refusal, success } from '../testing.ts';

const kit = adminKitPerTest();
const { create, update } = adminWrites(kit, 'categorias');

describe('POST /api/categorias/create', () => {
  it('applies the defaults (order 10, value "0") and names the camp', async () => {
    const camp = await createCamp(kit);
    const res = await create({ campament: camp._id, name: 'Mini (6 a 9 años)' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(
      success('Categoría creada', {
        campament: camp._id,
        campament_name: 'Campamento de Verano 2027',
        name: 'Mini (6 a 9 años)',
        value: '0',
        text: '',
        amount: 0,
        order: 10,
        status: 'active',
      }),
    );
    const category = await stored(kit, 'categorias', res.json().data._id);
    expect(category).toMatchObject({ order: 10, value: '0' });
    // The camp's name is looked up for answers, never copied into the record.
    expect(category).not.toHaveProperty('campament_name');
  });

  it('refuses a camp that does not exist or was deleted', async () => {
    const camp = await createCamp(kit);
    await kit.t.api({ method: 'GET', url: `/api/campamentos/delete/${camp._id}`, token: kit.admin });
    for (const campament of [UNKNOWN_ID, camp._id]) {
      const res = await create({ campament, name: 'Mini' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal('El campamento seleccionado no existe.'));
    }
    const badId = await create({ campament: 'campamento-1', name: 'Mini' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('El campo "campament" no tiene un formato válido.');
    expect(await kit.t.store.collection('categorias').count({})).toBe(0);
  });

  it('keeps an optional age range, refuses one upside down or outside 6-18, and removes it with null', async () => {
    const camp = await createCamp(kit);
    const createMini = (payload: Record<string, unknown>) =>
      create({ campament: camp._id, name: 'Mini', ...payload });
    const made = await createMini({ age_min: 6, age_max: 9 });
    expect(made.statusCode).toBe(201);
    expect(await stored(kit, 'categorias', made.json().data._id)).toMatchObject({ age_min: 6, age_max: 9 });

    const upsideDown = await createMini({ age_min: 12, age_max: 9 });
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json().message).toBe('La edad mínima no puede ser mayor que la edad máxima.');
    expect((await createMini({ age_max: 19 })).statusCode).toBe(400);
    expect(await kit.t.store.collection('categorias').count({})).toBe(1);

    const updateMade = (payload: Record<string, unknown>) =>
      update({ _id: made.json().data._id, ...payload });
    // Raising the minimum above the stored maximum is caught too.
    expect((await updateMade({ age_min: 10 })).json().message).toBe(
      'La edad mínima no puede ser mayor que la edad máxima.',
    );
    expect((await updateMade({ age_min: null, age_max: null })).statusCode).toBe(200);
    expect(await stored(kit, 'categorias', made.json().data._id)).toMatchObject({
      age_min: null,
      age_max: null,
    });
  });

  it('keeps value as text', async () => {
    const camp = await createCamp(kit);
    const category = await createCategory(kit, camp._id, { value: 5 });
    expect(category.value).toBe('5');
  });
});

describe('GET /api/categorias/listpop', () => {
  it('lists by order with each camp named, in one camp query for the whole list', async () => {
    const summer = await createCamp(kit, { code: 'CV2027' });
    const annual = await createCamp(kit, { code: 'PA2027', name: 'Programa Anual' });
    await createCategory(kit, summer._id, { name: 'Juvenil', order: 30 });
    await createCategory(kit, annual._id, { name: 'Mini', order: 10 });
    await createCategory(kit, summer._id, { name: 'Infantil', order: 20 });

    const finds: string[] = [];
    spyOnFinds(kit.t.store, finds);
    const res = await kit.t.api({ method: 'GET', url: '/api/categorias/listpop', token: kit.admin });
    expect(
      res
        .json()
        .data.map((category: { name: string; campament_name: string }) => [
          category.name,
          category.campament_name,
        ]),
    ).toEqual([
      ['Mini', 'Programa Anual'],
      ['Infantil', 'Campamento de Verano 2027'],
      ['Juvenil', 'Campamento de Verano 2027'],
    ]);
    expect(finds).toEqual(['categorias', 'campamentos']);
  });

  it('still names a deleted camp for its older categories', async () => {
    const camp = await createCamp(kit);
    await createCategory(kit, camp._id);
    await kit.t.api({ method: 'GET', url: `/api/campamentos/delete/${camp._id}`, token: kit.admin });
    const res = await kit.t.api({ method: 'GET', url: '/api/categorias/listpop', token: kit.admin });
    expect(res.json().data[0].campament_name).toBe('Campamento de Verano 2027');
  });
});

describe('GET /api/categorias/findbycamp/{campId}', () => {
  it("answers a parent with the camp's active categories by order", async () => {
    const camp = await createCamp(kit);
    const other = await createCamp(kit, { code: 'OTRO' });
    await createCategory(kit, camp._id, { name: 'Juvenil', order: 30 });
    await createCategory(kit, camp._id, { name: 'Mini', order: 10 });
    await createCategory(kit, camp._id, { name: 'Pausada', status: 'inactive' });
    const deleted = await createCategory(kit, camp._id, { name: 'Borrada' });
    await kit.t.api({ method: 'DELETE', url: `/api/categorias/delete/${deleted._id}`, token: kit.admin });
    await createCategory(kit, other._id, { name: 'De otro campamento' });

    const parent = await kit.t.api({
      method: 'GET',
      url: `/api/categorias/findbycamp/${camp._id}`,
      token: kit.parent,
    });
    expect(parent.statusCode).toBe(200);
    expect(parent.json()).toMatchObject({ status: 'SUCCESS', message: 'Categorías del campamento' });
    expect(parent.json().data.map((category: { name: string }) => category.name)).toEqual([
      'Mini',
      'Juvenil',
    ]);

    const admin = await kit.t.api({
      method: 'GET',
      url: `/api/categorias/findbycamp/${camp._id}`,
      token: kit.admin,
    });
    expect(admin.json().data.map((category: { name: string }) => category.name)).toEqual([
      'Mini',
      'Pausada',
      'Juvenil',
    ]);
  });

  it('answers 404 for a camp a parent may not enrol in', async () => {
    const camp = await createCamp(kit, { status: 'inactive' });
    await createCategory(kit, camp._id);
    for (const id of [camp._id, UNKNOWN_ID]) {
      const res = await kit.t.api({
        method: 'GET',
        url: `/api/categorias/findbycamp/${id}`,
        token: kit.parent,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Campamento no encontrado.');
    }
    expect(
      (await kit.t.api({ method: 'GET', url: `/api/categorias/findbycamp/${camp._id}`, token: kit.admin }))
        .statusCode,
    ).toBe(200);
  });
});

describe('DELETE /api/categorias/delete/{id}', () => {
  it('soft-deletes: gone from the lists, kept in the store', async () => {
    const camp = await createCamp(kit);
    const category = await createCategory(kit, camp._id);
    const res = await kit.t.api({
      method: 'DELETE',
      url: `/api/categorias/delete/${category._id}`,
      token: kit.admin,
    });
    expect(res.json()).toEqual({ status: 'SUCCESS', message: 'Categoría eliminada' });
    expect(await stored(kit, 'categorias', category._id)).toMatchObject({
      status: 'borrado',
      name: category.name,
    });
    const byCamp = await kit.t.api({
      method: 'GET',
      url: `/api/categorias/findbycamp/${camp._id}`,
      token: kit.admin,
    });
    expect(byCamp.json().data).toEqual([]);
  });
});
