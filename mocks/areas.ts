// The admin areas of spec 02 §7 for the mocks: the same declarations as server/modules/admin/areas.ts
// (schemas, defaults, uniqueness, references, rules, order), turned into handlers by one small CRUD
// helper. The parity suite (mocks/parity) keeps both in step.
import type { HttpHandler } from 'msw';
import type { TObject } from 'typebox';
import {
  ADMIN_MESSAGES,
  CALENDAR_DEFAULTS,
  CAMP_DEFAULTS,
  CATEGORY_DEFAULTS,
  CLIENT_DEFAULTS,
  CONTACT_DEFAULTS,
  COUPON_DEFAULTS,
  CalendarCreate,
  CalendarUpdate,
  CampCreate,
  CampUpdate,
  CategoryCreate,
  CategoryUpdate,
  ClientCreate,
  ClientUpdate,
  ContactCreate,
  ContactUpdate,
  CouponCreate,
  CouponUpdate,
  InscriptionUpdate,
  NOUNS,
  PARTICIPANT_DEFAULTS,
  ParticipantCreate,
  ParticipantUpdate,
  TYPE_DEFAULTS,
  TypeCreate,
  TypeUpdate,
  WEEK_DEFAULTS,
  WeekCreate,
  WeekUpdate,
  recordMessages,
  type AdminArea,
  type Noun,
} from '../src/domain/admin-contract.ts';
import {
  ANNUAL_TYPE_ALIASES,
  CAMP_TYPES,
  isAdmin as isAdminUser,
  placesLeft,
} from '../src/domain/records.ts';
import { normalizeCouponCode } from '../src/domain/coupons.ts';
import { collection, insert, type Doc } from './data.ts';
import {
  answer,
  checkId,
  fail,
  listAnswer,
  route,
  sortDocs,
  validate,
  visible,
  type SortSpec,
} from './kit.ts';

type Fields = Record<string, unknown>;

interface Reference {
  field: string;
  collection: string;
  noun: Noun;
  populateAs?: string;
}

export interface MockArea {
  area: AdminArea;
  noun: Noun;
  list?: string;
  find?: { path: string; audience?: 'admin' | 'user'; parentStatus?: 'active' };
  create?: boolean;
  update?: boolean;
  delete?: boolean;
  lookups?: Array<{ path: string; field: string; param: 'id' | 'model' | 'type' }>;
  createBody?: TObject;
  updateBody?: TObject;
  defaults?: Fields;
  dates?: Record<string, 'day' | 'endOfDay'>;
  normalise?: (fields: Fields) => void;
  search: string[];
  sort: SortSpec;
  references?: Reference[];
  unique?: Array<{ fields: string[]; message: string }>;
  rules?: (record: Fields, changes: Fields) => void;
  beforeCreate?: (record: Fields) => void;
  derive?: (record: Doc) => Doc;
}

const campReference = (populate: boolean): Reference => ({
  field: 'campament',
  collection: 'campamentos',
  noun: NOUNS.campamentos,
  ...(populate ? { populateAs: 'campament_name' } : {}),
});
const inscriptionReference: Reference = {
  field: 'inscription',
  collection: 'inscripciones',
  noun: NOUNS.inscripciones,
};
const NEWEST_FIRST: SortSpec = { _id: -1 };
const BUILT_IN_CAMP_TYPES = new Set<string>([...Object.keys(CAMP_TYPES), ...ANNUAL_TYPE_ALIASES]);

export function withPlacesLeft(week: Doc): Doc {
  const left = placesLeft({ quota_q: Number(week.quota_q ?? 0), quota_f: Number(week.quota_f ?? 0) });
  return { ...week, quota_f_left: Number.isFinite(left) ? left : null };
}

export const AREAS: MockArea[] = [
  {
    area: 'campamentos',
    noun: NOUNS.campamentos,
    list: 'listpop',
    find: { path: 'findbyid', audience: 'user', parentStatus: 'active' },
    create: true,
    update: true,
    delete: true,
    createBody: CampCreate,
    updateBody: CampUpdate,
    defaults: CAMP_DEFAULTS,
    dates: { start_date: 'day', end_date: 'day' },
    search: ['name', 'code'],
    sort: { start_date: -1, _id: -1 },
    unique: [{ fields: ['code'], message: ADMIN_MESSAGES.campCodeTaken }],
    rules(camp, changes) {
      if (
        ('start_date' in changes || 'end_date' in changes) &&
        (camp.end_date as Date).getTime() < (camp.start_date as Date).getTime()
      )
        fail(400, ADMIN_MESSAGES.campDatesOrder);
      if ('type' in changes && typeof camp.type === 'string' && !BUILT_IN_CAMP_TYPES.has(camp.type)) {
        const known = visible('tipos').some(
          (tipo) => tipo.model === 'campamentos' && tipo.code === camp.type,
        );
        if (!known) fail(400, ADMIN_MESSAGES.campTypeUnknown);
      }
    },
  },
  {
    area: 'categorias',
    noun: NOUNS.categorias,
    list: 'listpop',
    find: { path: 'find' },
    create: true,
    update: true,
    delete: true,
    createBody: CategoryCreate,
    updateBody: CategoryUpdate,
    defaults: CATEGORY_DEFAULTS,
    search: ['name', 'text'],
    sort: { order: 1, name: 1, _id: 1 },
    references: [campReference(true)],
  },
  {
    area: 'semanas',
    noun: NOUNS.semanas,
    list: 'listpop',
    find: { path: 'find' },
    create: true,
    update: true,
    delete: true,
    createBody: WeekCreate,
    updateBody: WeekUpdate,
    defaults: WEEK_DEFAULTS,
    normalise(week) {
      if (Array.isArray(week.categories)) week.categories = [...new Set(week.categories)];
    },
    search: ['name', 'date', 'notes'],
    sort: { order: 1, _id: 1 },
    references: [campReference(true)],
    rules(week, changes) {
      if (!('categories' in changes) && !('campament' in changes)) return;
      const ids = (week.categories as string[] | undefined) ?? [];
      const belonging = collection('categorias').filter(
        (category) => ids.includes(category._id) && category.campament === week.campament,
      );
      if (belonging.length !== ids.length) fail(400, ADMIN_MESSAGES.weekCategoriesOutsideCamp);
    },
    beforeCreate(week) {
      if (typeof week.order === 'number') return;
      const orders = visible('semanas')
        .filter((other) => other.campament === week.campament)
        .map((other) => other.order)
        .filter((order): order is number => typeof order === 'number');
      week.order = orders.length ? Math.max(...orders) + 1 : 1;
    },
    derive: withPlacesLeft,
  },
  {
    area: 'cupones',
    noun: NOUNS.cupones,
    list: 'listpop',
    find: { path: 'find' },
    create: true,
    update: true,
    delete: true,
    createBody: CouponCreate,
    updateBody: CouponUpdate,
    defaults: COUPON_DEFAULTS,
    dates: { date: 'endOfDay' },
    normalise(coupon) {
      if (typeof coupon.code === 'string') coupon.code = normalizeCouponCode(coupon.code);
    },
    search: ['code', 'label'],
    sort: NEWEST_FIRST,
    unique: [{ fields: ['code'], message: ADMIN_MESSAGES.couponCodeTaken }],
  },
  { area: 'estados', noun: NOUNS.estados, list: '', search: ['name', 'code'], sort: { _id: 1 } },
  {
    area: 'tipos',
    noun: NOUNS.tipos,
    list: 'listpop',
    find: { path: 'find' },
    lookups: [{ path: 'bymodel', field: 'model', param: 'model' }],
    create: true,
    update: true,
    delete: true,
    createBody: TypeCreate,
    updateBody: TypeUpdate,
    defaults: TYPE_DEFAULTS,
    search: ['name', 'code', 'model'],
    sort: { model: 1, name: 1, _id: 1 },
    unique: [{ fields: ['model', 'code'], message: ADMIN_MESSAGES.typeCodeTaken }],
  },
  {
    area: 'inscripciones',
    noun: NOUNS.inscripciones,
    list: 'listpop',
    find: { path: 'find' },
    lookups: [{ path: 'findbycamp', field: 'campament', param: 'id' }],
    update: true,
    updateBody: InscriptionUpdate,
    search: ['order_number', 'contact.email', 'contact.mother_name', 'contact.father_name', 'rnc_nombre'],
    sort: NEWEST_FIRST,
    rules(enrolment, changes) {
      const payment = enrolment.payment_status;
      if (changes.status === 'active' && payment !== undefined && payment !== 'paid')
        fail(400, ADMIN_MESSAGES.unpaidEnrolment);
    },
    references: [campReference(true)],
  },
  {
    area: 'clientes',
    noun: NOUNS.clientes,
    list: 'listpop',
    find: { path: 'find' },
    create: true,
    update: true,
    createBody: ClientCreate,
    updateBody: ClientUpdate,
    defaults: CLIENT_DEFAULTS,
    normalise(client) {
      if (typeof client.email === 'string') client.email = client.email.toLowerCase();
    },
    search: ['name', 'email', 'document_id', 'phone'],
    sort: NEWEST_FIRST,
  },
  {
    area: 'participantes',
    noun: NOUNS.participantes,
    list: 'listpop',
    find: { path: 'find' },
    lookups: [{ path: 'findbyinscription', field: 'inscription', param: 'id' }],
    create: true,
    update: true,
    delete: true,
    createBody: ParticipantCreate,
    updateBody: ParticipantUpdate,
    defaults: PARTICIPANT_DEFAULTS,
    search: ['first_name', 'last_name', 'school', 'membership_id'],
    sort: NEWEST_FIRST,
    references: [inscriptionReference],
  },
  {
    area: 'contactos',
    noun: NOUNS.contactos,
    list: 'listpop',
    find: { path: 'find' },
    lookups: [{ path: 'findbytype', field: 'type', param: 'type' }],
    create: true,
    update: true,
    delete: true,
    createBody: ContactCreate,
    updateBody: ContactUpdate,
    defaults: CONTACT_DEFAULTS,
    normalise(contact) {
      if (typeof contact.email === 'string') contact.email = contact.email.toLowerCase();
    },
    search: ['first_name', 'last_name', 'name', 'mother_name', 'father_name', 'email', 'phone_mobile'],
    sort: NEWEST_FIRST,
    references: [inscriptionReference],
  },
  {
    area: 'calendarios',
    noun: NOUNS.calendarios,
    list: 'listpop',
    find: { path: 'find' },
    lookups: [{ path: 'findbycamp', field: 'campament', param: 'id' }],
    create: true,
    update: true,
    delete: true,
    createBody: CalendarCreate,
    updateBody: CalendarUpdate,
    defaults: CALENDAR_DEFAULTS,
    search: ['name', 'date'],
    sort: { order: 1, _id: 1 },
    references: [campReference(true)],
  },
];

/** A date value as the server stores it (server/modules/admin/crud.ts toDate). */
function toDate(value: string, kind: 'day' | 'endOfDay', field: string): Date {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day)
    fail(400, ADMIN_MESSAGES.invalidDate(field));
  if (value.length > 10) return new Date(value);
  return kind === 'day'
    ? new Date(Date.UTC(year, month - 1, day, 12))
    : new Date(`${value}T23:59:59.999-04:00`);
}

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date
    ? a.getTime() === b.getTime()
    : JSON.stringify(a) === JSON.stringify(b);

/** The data operations of one area (also used by the dashboard and the enrolment reads). */
export function areaService(config: MockArea) {
  const messages = recordMessages(config.noun);
  const required = new Set(config.createBody?.required ?? []);

  const present = (docs: Doc[]): Doc[] => {
    const populated = docs.map((doc) => {
      const copy: Doc = structuredClone(doc);
      for (const reference of config.references ?? []) {
        if (!reference.populateAs) continue;
        const target = collection(reference.collection).find((other) => other._id === doc[reference.field]);
        copy[reference.populateAs] = typeof target?.name === 'string' ? target.name : null;
      }
      return copy;
    });
    return config.derive ? populated.map(config.derive) : populated;
  };

  const normalise = (input: Fields): Fields => {
    const fields: Fields = {};
    for (const [key, value] of Object.entries(input)) {
      fields[key] = typeof value === 'string' ? value.trim() : value;
      if (required.has(key) && fields[key] === '') fail(400, ADMIN_MESSAGES.blank(key));
    }
    for (const [field, kind] of Object.entries(config.dates ?? {})) {
      const value = fields[field];
      if (value === '') fields[field] = null;
      else if (typeof value === 'string') fields[field] = toDate(value, kind, field);
    }
    config.normalise?.(fields);
    return fields;
  };

  const check = (record: Fields, changes: Fields, selfId?: string) => {
    for (const reference of config.references ?? []) {
      const id = changes[reference.field];
      if (typeof id !== 'string') continue;
      if (!visible(reference.collection).some((other) => other._id === id))
        fail(400, recordMessages(reference.noun).missingReference);
    }
    for (const rule of config.unique ?? []) {
      if (!rule.fields.some((field) => field in changes)) continue;
      const clash = collection(config.area).some(
        (other) =>
          other._id !== selfId &&
          rule.fields.every((field) => {
            const [a, b] = [other[field], record[field]];
            return typeof a === 'string' && typeof b === 'string'
              ? a.toLowerCase() === b.toLowerCase()
              : a === b;
          }),
      );
      if (clash) fail(409, rule.message);
    }
    config.rules?.(record, changes);
  };

  return {
    config,
    messages,
    present,
    list: (filter: (doc: Doc) => boolean = () => true) =>
      present(sortDocs(visible(config.area).filter(filter), config.sort)),
    findVisible: (id: string) => visible(config.area).find((doc) => doc._id === id),
    create(input: Fields): Doc {
      const record = normalise({ ...structuredClone(config.defaults ?? {}), ...input });
      check(record, record);
      config.beforeCreate?.(record);
      return present([insert(config.area, { ...record, created_at: new Date() })])[0]!;
    },
    update(id: string, input: Fields): Doc {
      const existing = visible(config.area).find((doc) => doc._id === id);
      if (!existing) return fail(404, messages.notFound);
      const changes = Object.fromEntries(
        Object.entries(normalise(input)).filter(([key, value]) => !same(existing[key], value)),
      );
      check({ ...existing, ...changes }, changes, id);
      if (Object.keys(changes).length > 0) Object.assign(existing, changes, { updated_at: new Date() });
      return present([existing])[0]!;
    },
  };
}

export type AreaService = ReturnType<typeof areaService>;

export const services = Object.fromEntries(
  AREAS.map((config) => [config.area, areaService(config)]),
) as Record<string, AreaService>;

/** listpop / find / lookups / create / update / delete of every area, as the server registers them. */
export function areaHandlers(): HttpHandler[] {
  return AREAS.flatMap((config) => {
    const service = services[config.area]!;
    const base = `/${config.area}`;
    const handlers: HttpHandler[] = [];
    if (config.list !== undefined)
      handlers.push(
        ...route('get', config.list ? `${base}/${config.list}` : base, 'admin', ({ query }) =>
          listAnswer(query, visible(config.area), {
            area: config.area,
            sort: config.sort,
            search: config.search,
            present: service.present,
          }),
        ),
      );
    if (config.find) {
      const { path, audience = 'admin', parentStatus } = config.find;
      handlers.push(
        ...route('get', `${base}/${path}/:id`, audience, ({ params, user }) => {
          const id = checkId(params.id);
          const found = service.findVisible(id);
          const admin = user && audience === 'user' ? isAdminUser(user) : true;
          if (!found || (!admin && parentStatus && found.status !== parentStatus))
            return fail(404, service.messages.notFound);
          const [data] = service.present([found]);
          return audience === 'user'
            ? { status: 'SUCCESS', message: service.messages.found, data }
            : { status: 'SUCCESS', data };
        }),
      );
    }
    for (const lookup of config.lookups ?? [])
      handlers.push(
        ...route('get', `${base}/${lookup.path}/:${lookup.param}`, 'admin', ({ params }) => {
          const value = params[lookup.param] ?? '';
          if (lookup.param === 'id') checkId(value);
          else if (!/^[A-Za-z0-9_-]{1,60}$/.test(value))
            fail(400, `El campo "${lookup.param}" no tiene un formato válido.`);
          return { status: 'SUCCESS', data: service.list((doc) => doc[lookup.field] === value) };
        }),
      );
    if (config.create && config.createBody) {
      const schema = config.createBody;
      handlers.push(
        ...route('post', `${base}/create`, 'admin', async ({ json }) => {
          const data = service.create(validate<Fields>(schema, await json()));
          return answer(201, { status: 'SUCCESS', message: service.messages.created, data });
        }),
      );
    }
    if (config.update && config.updateBody) {
      const schema = config.updateBody;
      handlers.push(
        ...route('post', `${base}/update`, 'admin', async ({ json }) => {
          const { _id, ...fields } = validate<Fields & { _id: string }>(schema, await json());
          return { status: 'SUCCESS', message: service.messages.updated, data: service.update(_id, fields) };
        }),
      );
    }
    if (config.delete)
      handlers.push(
        ...route(['get', 'delete'], `${base}/delete/:id`, 'admin', ({ params }) => {
          const found = service.findVisible(checkId(params.id));
          if (!found) return fail(404, service.messages.notFound);
          Object.assign(found, { status: 'borrado', deleted_at: new Date() });
          return { status: 'SUCCESS', message: service.messages.deleted };
        }),
      );
    return handlers;
  });
}
