// The other areas of the catalogue (spec 02 §7): estados and tipos lookups, enrolments (read and
// status/note only), and the lists by enrolment, by type and by camp.
import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../src/core/seed.ts';
import { adminKitPerTest, createCamp, stored, UNKNOWN_ID } from './test-kit.ts';
import { refusal } from '../testing.ts';

const kit = adminKitPerTest();

const get = (url: string) => kit.t.api({ method: 'GET', url, token: kit.admin });
const post = (url: string, payload: Record<string, unknown>) =>
  kit.t.api({ method: 'POST', url, token: kit.admin, payload });
const names = (res: { json: () => { data: Array<{ name: string }> } }) =>
  res.json().data.map((record) => record.name);

describe('GET /api/estados', () => {
  it('lists the record states in the order they were defined', async () => {
    await seedDemoData(kit.t.store);
    const res = await get('/api/estados');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('SUCCESS');
    expect(res.json().data.map((state: { code: string }) => state.code)).toEqual([
      'active',
      'inactive',
      'borrado',
    ]);
  });
});

describe('/api/tipos', () => {
  it('lists the types of one model', async () => {
    await seedDemoData(kit.t.store);
    await post('/api/tipos/create', { model: 'cupones', code: 'percent', name: 'Porcentaje' });
    const res = await get('/api/tipos/bymodel/campamentos');
    expect(res.json()).toMatchObject({ status: 'SUCCESS' });
    expect(names(res)).toEqual(['Campamento', 'Programa anual']);
    const bad = await get('/api/tipos/bymodel/a%20b');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a code repeated within a model, not across models', async () => {
    await post('/api/tipos/create', { model: 'campamentos', code: 'clinica', name: 'Clínica' });
    const same = await post('/api/tipos/create', { model: 'campamentos', code: 'Clinica', name: 'Otra' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('Ya existe un tipo con ese código para ese modelo.');
    expect(
      (await post('/api/tipos/create', { model: 'calendarios', code: 'clinica', name: 'Clínica' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('/api/inscripciones', () => {
  /** Enrolments are written by the checkout; here they are placed in the store directly. */
  async function enrolments() {
    const summer = await createCamp(kit, { code: 'CV2027' });
    const annual = await createCamp(kit, { code: 'PA2027', name: 'Programa Anual' });
    const collection = kit.t.store.collection('inscripciones');
    const first = await collection.insertOne({
      campament: summer._id,
      order_number: 1001,
      amount: 9400,
      status: 'active',
      payment_status: 'paid',
      contact: { email: 'ana@correo.do' },
    });
    const second = await collection.insertOne({
      campament: annual._id,
      order_number: 1002,
      amount: 39000,
      status: 'active',
      payment_status: 'paid',
      contact: { email: 'luis@correo.do' },
    });
    return { summer, annual, first, second };
  }

  it('lists newest first with the camp named, finds one, and lists one camp', async () => {
    const { summer, first, second } = await enrolments();
    const list = await get('/api/inscripciones/listpop');
    expect(
      list
        .json()
        .data.map((enrolment: { _id: string; campament_name: string }) => [
          enrolment._id,
          enrolment.campament_name,
        ]),
    ).toEqual([
      [second._id, 'Programa Anual'],
      [first._id, 'Campamento de Verano 2027'],
    ]);
    const find = await get(`/api/inscripciones/find/${first._id}`);
    expect(find.json()).toMatchObject({ status: 'SUCCESS', data: { _id: first._id, amount: 9400 } });
    const byCamp = await get(`/api/inscripciones/findbycamp/${summer._id}`);
    expect(byCamp.json().data.map((enrolment: { _id: string }) => enrolment._id)).toEqual([first._id]);
    const search = await get('/api/inscripciones/listpop?q=LUIS@');
    expect(search.json().data.map((enrolment: { _id: string }) => enrolment._id)).toEqual([second._id]);
  });

  it('lets an admin change only the status and a note', async () => {
    const { first } = await enrolments();
    const res = await post('/api/inscripciones/update', {
      _id: first._id,
      status: 'inactive',
      admin_notes: 'Cancelada por la familia',
      amount: 1,
      campament: UNKNOWN_ID,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      message: 'Inscripción actualizada',
      data: { status: 'inactive', amount: 9400 },
    });
    expect(await stored(kit, 'inscripciones', first._id)).toMatchObject({
      status: 'inactive',
      admin_notes: 'Cancelada por la familia',
      amount: 9400,
    });
    const missing = await post('/api/inscripciones/update', { _id: UNKNOWN_ID, status: 'inactive' });
    expect(missing.json()).toEqual(refusal('Inscripción no encontrada.'));
  });

  it('never activates an enrolment that was not paid', async () => {
    const declined = await kit.t.store
      .collection('inscripciones')
      .insertOne({ order_number: '1003', payment_status: 'declined', status: 'inactive' });
    const res = await post('/api/inscripciones/update', { _id: declined._id, status: 'active' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Solo una inscripción pagada puede estar activa.');
    expect(await stored(kit, 'inscripciones', declined._id)).toMatchObject({ status: 'inactive' });
    const noted = await post('/api/inscripciones/update', {
      _id: declined._id,
      admin_notes: 'Tarjeta rechazada',
    });
    expect(noted.statusCode).toBe(200);
  });

  it('has no delete', async () => {
    const { first } = await enrolments();
    expect((await get(`/api/inscripciones/delete/${first._id}`)).statusCode).toBe(404);
    expect(await stored(kit, 'inscripciones', first._id)).toMatchObject({ status: 'active' });
  });
});

describe('lists by enrolment, type and camp', () => {
  it('GET /api/participantes/findbyinscription/{id}', async () => {
    const enrolment = await kit.t.store.collection('inscripciones').insertOne({ status: 'active' });
    await post('/api/participantes/create', {
      inscription: enrolment._id,
      first_name: 'Luis',
      last_name: 'Pérez',
    });
    await post('/api/participantes/create', { first_name: 'Otra', last_name: 'Niña' });
    const res = await get(`/api/participantes/findbyinscription/${enrolment._id}`);
    expect(res.json().data.map((participant: { first_name: string }) => participant.first_name)).toEqual([
      'Luis',
    ]);
    const orphan = await post('/api/participantes/create', {
      inscription: UNKNOWN_ID,
      first_name: 'Ana',
      last_name: 'Gil',
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().message).toBe('La inscripción seleccionada no existe.');
  });

  it('GET /api/contactos/findbytype/{type}', async () => {
    await post('/api/contactos/create', { type: 'emergencia', first_name: 'Rosa', email: 'Rosa@Correo.DO' });
    await post('/api/contactos/create', { type: 'autorizado', first_name: 'Pedro' });
    const res = await get('/api/contactos/findbytype/emergencia');
    expect(res.json().data).toEqual([
      expect.objectContaining({ first_name: 'Rosa', email: 'rosa@correo.do' }),
    ]);
    expect((await get('/api/contactos/findbytype/%24ne')).statusCode).toBe(400);
  });

  it('GET /api/calendarios/findbycamp/{id}', async () => {
    const camp = await createCamp(kit);
    const other = await createCamp(kit, { code: 'OTRO' });
    await post('/api/calendarios/create', { campament: camp._id, name: 'Torneo', order: 2 });
    await post('/api/calendarios/create', { campament: camp._id, name: 'Apertura', order: 1 });
    await post('/api/calendarios/create', { campament: other._id, name: 'Ajeno' });
    const res = await get(`/api/calendarios/findbycamp/${camp._id}`);
    expect(
      res
        .json()
        .data.map((entry: { name: string; campament_name: string }) => [entry.name, entry.campament_name]),
    ).toEqual([
      ['Apertura', 'Campamento de Verano 2027'],
      ['Torneo', 'Campamento de Verano 2027'],
    ]);
  });
});

describe('/api/clientes', () => {
  it('stores the e-mail in lower case and keeps cliEstado', async () => {
    const res = await post('/api/clientes/create', {
      name: 'María Pérez',
      email: 'Maria@Correo.DO',
      cliEstado: 'inactivo',
    });
    expect(res.statusCode).toBe(201);
    expect(await stored(kit, 'clientes', res.json().data._id)).toMatchObject({
      email: 'maria@correo.do',
      cliEstado: 'inactivo',
      status: 'active',
    });
    const bad = await post('/api/clientes/create', { name: 'Sin correo', email: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
  });
});
