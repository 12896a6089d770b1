// What every admin area does the same way, checked area by area: the create/find/list/update/delete
// round trip with its exact envelope and stored effect, who may call what, and bad input.
import { describe, expect, it } from 'vitest';
import { adminKitPerTest, createCamp, stored, UNKNOWN_ID } from './test-kit.ts';
import { refusal } from '../testing.ts';

const kit = adminKitPerTest();

interface AreaCase {
  area: string;
  /** The four texts an admin reads: created, updated, deleted, not found. */
  texts: [string, string, string, string];
  /** A valid create body (may create what it references). */
  body: () => Promise<Record<string, unknown>>;
  /** A text field and a new value for it, used for update, search and the operator check. */
  edit: [string, string];
  /** The area's find path (campamentos uses findbyid). */
  find?: string;
  /** Whether the area has a delete call. */
  deletes: boolean;
}

let counter = 0;
/** A fresh suffix, so that unique codes never clash between two bodies. */
const seq = () => String((counter += 1));

const campId = async () =>
  (await createCamp(kit, { code: `C${Math.random().toString(36).slice(2, 8)}` }))._id;

const AREAS: AreaCase[] = [
  {
    area: 'campamentos',
    texts: [
      'Campamento creado',
      'Campamento actualizado',
      'Campamento eliminado',
      'Campamento no encontrado.',
    ],
    body: async () => ({
      code: `PA${seq()}`,
      name: 'Programa Anual',
      membership: 3500,
      start_date: '2026-09-01',
      end_date: '2027-06-30',
    }),
    edit: ['name', 'Programa Anual 2026-2027'],
    find: 'findbyid',
    deletes: true,
  },
  {
    area: 'categorias',
    texts: ['Categoría creada', 'Categoría actualizada', 'Categoría eliminada', 'Categoría no encontrada.'],
    body: async () => ({ campament: await campId(), name: 'Infantil (10 a 13 años)' }),
    edit: ['name', 'Juvenil (14 a 18 años)'],
    deletes: true,
  },
  {
    area: 'semanas',
    texts: ['Semana creada', 'Semana actualizada', 'Semana eliminada', 'Semana no encontrada.'],
    body: async () => ({
      campament: await campId(),
      name: 'Semana 1',
      date: '14/06/2027 - 18/06/2027',
      value: 4700,
      quota_q: 30,
    }),
    edit: ['name', 'Semana de apertura'],
    deletes: true,
  },
  {
    area: 'cupones',
    texts: ['Cupón creado', 'Cupón actualizado', 'Cupón eliminado', 'Cupón no encontrado.'],
    body: async () => ({ code: `VERANO${seq()}`, label: '10% de verano', type: 'percent', percent: 10 }),
    edit: ['label', '10% de descuento de verano'],
    deletes: true,
  },
  {
    area: 'tipos',
    texts: ['Tipo creado', 'Tipo actualizado', 'Tipo eliminado', 'Tipo no encontrado.'],
    body: async () => ({ model: 'campamentos', code: `clinica${seq()}`, name: 'Clínica de tiro' }),
    edit: ['name', 'Clínica de tiro y defensa'],
    deletes: true,
  },
  {
    area: 'clientes',
    texts: ['Cliente creado', 'Cliente actualizado', 'Cliente eliminado', 'Cliente no encontrado.'],
    body: async () => ({ name: 'María Pérez', email: 'Maria@Correo.do', phone: '809-555-0101' }),
    edit: ['name', 'María Pérez de León'],
    deletes: false,
  },
  {
    area: 'participantes',
    texts: [
      'Participante creado',
      'Participante actualizado',
      'Participante eliminado',
      'Participante no encontrado.',
    ],
    body: async () => ({
      first_name: 'Luis',
      last_name: 'Pérez',
      age: 10,
      gender: 'Masculino',
      birth_date: '02/03/2017',
    }),
    edit: ['first_name', 'Luis Miguel'],
    deletes: true,
  },
  {
    area: 'contactos',
    texts: ['Contacto creado', 'Contacto actualizado', 'Contacto eliminado', 'Contacto no encontrado.'],
    body: async () => ({
      type: 'emergencia',
      first_name: 'Rosa',
      last_name: 'Díaz',
      phone_mobile: '829-555-0199',
      contact_form: 'Celular',
    }),
    edit: ['first_name', 'Rosa Elena'],
    deletes: true,
  },
  {
    area: 'calendarios',
    texts: [
      'Calendario creado',
      'Calendario actualizado',
      'Calendario eliminado',
      'Calendario no encontrado.',
    ],
    body: async () => ({ campament: await campId(), name: 'Torneo de cierre', date: '06/08/2027' }),
    edit: ['name', 'Torneo de clausura'],
    deletes: true,
  },
];

describe.each(AREAS.map((area) => [area.area, area] as const))(
  '/api/%s',
  (_name, { area, texts, body, edit, find = 'find', deletes }) => {
    const [created, updated, deleted, notFound] = texts;
    const [field, newValue] = edit;
    /** The area's create, update and GET calls, as the admin. */
    const post = async (payload?: Record<string, unknown>) =>
      kit.t.api({
        method: 'POST',
        url: `/api/${area}/create`,
        token: kit.admin,
        payload: payload ?? (await body()),
      });
    const change = (payload: Record<string, unknown>) =>
      kit.t.api({ method: 'POST', url: `/api/${area}/update`, token: kit.admin, payload });
    const get = (url: string) => kit.t.api({ method: 'GET', url, token: kit.admin });
    /** Creates a valid record and answers its id. */
    const createId = async (payload?: Record<string, unknown>) =>
      (await post(payload)).json().data._id as string;

    it('creates (201), finds, lists, updates and stores each change', async () => {
      const payload = await body();
      const create = await post(payload);
      expect(create.statusCode).toBe(201);
      const answer = create.json();
      expect(answer).toMatchObject({ status: 'SUCCESS', message: created, data: { status: 'active' } });
      const id = answer.data._id as string;
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      expect(await stored(kit, area, id)).toMatchObject({ [field]: payload[field], status: 'active' });

      const found = await get(`/api/${area}/${find}/${id}`);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({ status: 'SUCCESS', data: { _id: id, [field]: payload[field] } });

      const list = await get(`/api/${area}/listpop`);
      expect(list.statusCode).toBe(200);
      expect(Object.keys(list.json())).toEqual(['status', 'data']);
      expect(list.json().data.map((record: { _id: string }) => record._id)).toContain(id);

      const update = await change({ _id: id, [field]: newValue });
      expect(update.statusCode).toBe(200);
      expect(update.json()).toMatchObject({
        status: 'SUCCESS',
        message: updated,
        data: { _id: id, [field]: newValue },
      });
      expect(await stored(kit, area, id)).toMatchObject({ [field]: newValue });
    });

    it('answers an unknown id with 404 and a bad id with 400', async () => {
      const unknown = await get(`/api/${area}/${find}/${UNKNOWN_ID}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(refusal(notFound));
      const update = await change({ _id: UNKNOWN_ID, [field]: newValue });
      expect(update.statusCode).toBe(404);
      expect(update.json().message).toBe(notFound);
      const bad = await get(`/api/${area}/${find}/not-an-id`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(refusal('Identificador inválido.'));
    });

    it('refuses an operator object where text belongs, and a missing field, storing nothing', async () => {
      const payload = await body();
      const before = await kit.t.store.collection(area).count({});
      const operator = await post({ ...payload, [field]: { $ne: '' } });
      expect(operator.statusCode).toBe(400);
      expect(operator.json()).toEqual(refusal(`El campo "${field}" tiene un tipo de dato inválido.`));
      const { [field]: _left, ...missing } = payload;
      const incomplete = await post(missing);
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json().message).toBe(`Falta el campo obligatorio "${field}".`);
      const blank = await post({ ...payload, [field]: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(await kit.t.store.collection(area).count({})).toBe(before);
      // Nor through update.
      const id = await createId(payload);
      const sneaky = await change({ _id: id, [field]: { $gt: '' } });
      expect(sneaky.statusCode).toBe(400);
      expect(await stored(kit, area, id)).toMatchObject({ [field]: payload[field] });
    });

    it('drops unknown fields instead of storing them', async () => {
      const payload = { ...(await body()), isAdmin: true, deleted_at: '2020-01-01', $where: 'return true' };
      const create = await post(payload);
      expect(create.statusCode).toBe(201);
      const id = create.json().data._id as string;
      const record = await stored(kit, area, id);
      expect(record).not.toHaveProperty('isAdmin');
      expect(record).not.toHaveProperty('deleted_at');
      expect(record).not.toHaveProperty('$where');
      const update = await change({ _id: id, status: 'inactive', role: 'admin' });
      expect(update.statusCode).toBe(200);
      expect(await stored(kit, area, id)).toMatchObject({ status: 'inactive' });
      expect(await stored(kit, area, id)).not.toHaveProperty('role');
    });

    it('never sets status "borrado" through update', async () => {
      const id = await createId();
      const res = await change({ _id: id, status: 'borrado' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^El campo "status" /);
      expect(await stored(kit, area, id)).toMatchObject({ status: 'active' });
    });

    it(
      deletes
        ? 'soft-deletes through GET and DELETE: hidden from list and find, kept as "borrado"'
        : 'has no delete call',
      async () => {
        if (!deletes) {
          const id = await createId();
          const res = await get(`/api/${area}/delete/${id}`);
          expect(res.statusCode).toBe(404);
          expect(await stored(kit, area, id)).toMatchObject({ status: 'active' });
          return;
        }
        const ids: string[] = [];
        for (const method of ['GET', 'DELETE'] as const) {
          const id = await createId();
          ids.push(id);
          const res = await kit.t.api({ method, url: `/api/${area}/delete/${id}`, token: kit.admin });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ status: 'SUCCESS', message: deleted });
          expect(await stored(kit, area, id)).toMatchObject({ status: 'borrado' });
          const lookup = await get(`/api/${area}/${find}/${id}`);
          expect(lookup.statusCode).toBe(404);
          const again = await get(`/api/${area}/delete/${id}`);
          expect(again.statusCode).toBe(404);
          expect(again.json().message).toBe(notFound);
        }
        // A HEAD request (a link checker, a prefetch) deletes nothing.
        const keptId = await createId();
        const head = await kit.t.api({
          method: 'HEAD',
          url: `/api/${area}/delete/${keptId}`,
          token: kit.admin,
        });
        expect(head.statusCode).toBe(404);
        expect(await stored(kit, area, keptId)).toMatchObject({ status: 'active' });
        const list = await get(`/api/${area}/listpop`);
        const listed = list.json().data.map((record: { _id: string }) => record._id);
        for (const id of ids) expect(listed).not.toContain(id);
        const withStatus = await get(`/api/${area}/listpop?status=inactive`);
        expect(withStatus.json().data).toEqual([]);
      },
    );

    it('pages, searches and filters the list', async () => {
      const firstId = await createId();
      // A second record found by the new text, made inactive.
      const second = await post();
      expect(second.statusCode).toBe(201);
      const secondId = second.json().data._id as string;
      await change({ _id: secondId, [field]: newValue, status: 'inactive' });

      const page = await get(`/api/${area}/listpop?page=2&limit=1`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ status: 'SUCCESS', total: 2, page: 2, limit: 1 });
      expect(page.json().data).toHaveLength(1);
      const pageOne = await get(`/api/${area}/listpop?limit=1`);
      expect(pageOne.json()).toMatchObject({ total: 2, page: 1, limit: 1 });
      expect([pageOne.json().data[0]._id, page.json().data[0]._id].sort()).toEqual(
        [firstId, secondId].sort(),
      );

      const search = await get(`/api/${area}/listpop?q=${encodeURIComponent(newValue.toUpperCase())}`);
      expect(search.json().data.map((record: { _id: string }) => record._id)).toEqual([secondId]);
      const active = await get(`/api/${area}/listpop?status=active`);
      expect(active.json().data.map((record: { _id: string }) => record._id)).toEqual([firstId]);
    });
  },
);

describe('who may call the admin areas', () => {
  const id = UNKNOWN_ID;
  type Call = readonly [method: 'GET' | 'POST' | 'DELETE', url: string];
  const ADMIN_ROUTES: Call[] = [
    ['GET', '/api/dashboard'],
    ['GET', '/api/estados'],
    ...AREAS.flatMap(({ area, find = 'find', deletes }) => [
      ['GET', `/api/${area}/listpop`] as Call,
      ['POST', `/api/${area}/create`] as Call,
      ['POST', `/api/${area}/update`] as Call,
      ...(find === 'find' ? [['GET', `/api/${area}/find/${id}`] as Call] : []),
      ...(deletes
        ? [['GET', `/api/${area}/delete/${id}`] as Call, ['DELETE', `/api/${area}/delete/${id}`] as Call]
        : []),
    ]),
    ['GET', '/api/tipos/bymodel/campamentos'],
    ['GET', '/api/inscripciones/listpop'],
    ['GET', `/api/inscripciones/find/${id}`],
    ['GET', `/api/inscripciones/findbycamp/${id}`],
    ['POST', '/api/inscripciones/update'],
    ['GET', `/api/participantes/findbyinscription/${id}`],
    ['GET', '/api/contactos/findbytype/emergencia'],
    ['GET', `/api/calendarios/findbycamp/${id}`],
  ];
  const SIGNED_IN_ROUTES = [
    `/api/campamentos/findbyid/${id}`,
    `/api/semanas/findbycamp/${id}`,
    `/api/categorias/findbycamp/${id}`,
  ];

  it('refuses every admin route without a token (401) and to a parent (403), before reading the input', async () => {
    for (const [method, url] of ADMIN_ROUTES) {
      const anonymous = await kit.t.api({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual(refusal('Debe iniciar sesión para continuar.'));
      const parent = await kit.t.api({
        method,
        url,
        token: kit.parent,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(parent.statusCode, `${method} ${url}`).toBe(403);
      expect(parent.json().message).toBe('No tiene permisos de administrador para realizar esta acción.');
    }
  });

  it('lets any signed-in user call the three enrolment reads, but not anonymously', async () => {
    for (const url of SIGNED_IN_ROUTES) {
      expect((await kit.t.api({ method: 'GET', url })).statusCode, url).toBe(401);
      const parent = await kit.t.api({ method: 'GET', url, token: kit.parent });
      expect(parent.statusCode, url).toBe(404);
      expect(parent.json().message).toBe('Campamento no encontrado.');
    }
  });
});
