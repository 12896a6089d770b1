// The mock API's in-memory data set: the same demo school as server/seed/demo.ts (summer camp
// with 8 weeks, annual program with payment options, categories, coupons, lookups) plus an admin,
// a parent with known mock credentials and a few paid enrolments (paid a few days before the
// current date). Handlers change it for the rest of the run; resetMockData() brings the fixtures
// back (tests call it between tests).
import type { Camp, UserRecord, Week } from '../src/domain/records.ts';
import { demoSchool } from '../src/domain/demo.ts';
import { newUser } from '../src/domain/accounts.ts';

export type Doc = Record<string, unknown> & { _id: string };

/** Mock credentials (mock mode only: never used by the real server). */
export const MOCK_CREDENTIALS = {
  admin: { email: 'admin@escuela.do', password: 'admin123' },
  parent: { email: 'carmen@correo.do', password: 'clave123' },
} as const;

/** Mock users keep their password in clear: there is nothing to protect in memory. */
export type MockUser = UserRecord & Doc & { password: string };

export interface MockDb {
  collections: Map<string, Doc[]>;
  /** Bearer token → user id. */
  sessions: Map<string, string>;
  /** Reset token → user id (single use). */
  resets: Map<string, string>;
  /** `${userId}:${key}` → the first answer of that payment attempt. */
  attempts: Map<string, { hash: string; status: number; body: unknown }>;
  sequences: Map<string, number>;
  idCounter: number;
}

// Ids look like MongoDB ObjectIds and grow with creation, so "newest first" sorts by _id.
const ID_BASE = '66a1b2c3';
export function newId(db: MockDb = mockDb): string {
  db.idCounter += 1;
  return `${ID_BASE}${db.idCounter.toString(16).padStart(16, '0')}`;
}

export function collection<T extends Doc = Doc>(name: string, db: MockDb = mockDb): T[] {
  let docs = db.collections.get(name);
  if (!docs) {
    docs = [];
    db.collections.set(name, docs);
  }
  return docs as T[];
}

export function insert<T extends Doc>(name: string, record: Omit<T, '_id'> & { _id?: string }): T {
  const doc = { ...record, _id: record._id ?? newId() } as T;
  collection<T>(name).push(doc);
  return doc;
}

export function nextSequence(name: string): number {
  const next = (mockDb.sequences.get(name) ?? 0) + 1;
  mockDb.sequences.set(name, next);
  return next;
}

/** How long ago the two fixture enrolments were paid: recent, so the dashboard's chart shows them. */
const FIXTURE_PAID_DAYS_AGO = [12, 3] as const;
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

function seed(): void {
  const user = (email: string, password: string, overrides: Partial<MockUser>): MockUser =>
    insert<MockUser>('usuarios', {
      ...newUser(email, '', { created_at: new Date('2026-01-10T14:00:00Z'), ...overrides }),
      password,
    });
  user(MOCK_CREDENTIALS.admin.email, MOCK_CREDENTIALS.admin.password, {
    name: 'Administración Escuela',
    tipo: 'admin',
  });
  const parent = user(MOCK_CREDENTIALS.parent.email, MOCK_CREDENTIALS.parent.password, {
    name: 'Carmen Rodríguez',
    phone: '809-555-1234',
    address: 'Calle El Conde 12, Zona Colonial, Santo Domingo',
  });

  // The same demo school the server seeds (src/domain/demo.ts).
  const school = demoSchool(() => newId());
  for (const name of ['campamentos', 'categorias', 'semanas', 'cupones', 'tipos', 'estados'] as const) {
    for (const record of school[name]) insert(name, record as unknown as Doc);
  }
  const summer = collection<Camp & Doc>('campamentos').find((camp) => camp._id === school.summer._id)!;
  const weeks = collection<Week & Doc>('semanas').filter((week) => week.campament === summer._id);
  const summerCategories = school.categorias.filter((category) => category.campament === summer._id);

  // Two paid enrolments of the parent (weeks 1 and 2 of the summer camp).
  const children = [
    { first_name: 'Pedro', gender: 'Masculino', birth_date: '15/03/2016', age: '11' },
    { first_name: 'María', gender: 'Femenino', birth_date: '02/09/2018', age: '8' },
  ];
  children.forEach((child, index) => {
    const week = weeks[index]!;
    week.quota_f += 1;
    const order = String(1000 + nextSequence('orders'));
    const membership = `MB-${String(nextSequence('memberships')).padStart(6, '0')}`;
    const paidAt = daysAgo(FIXTURE_PAID_DAYS_AGO[index]!);
    const enrolment = insert('inscripciones', {
      order_number: order,
      user_id: parent._id,
      campament: summer._id,
      camp_name: summer.name,
      camp_type: summer.type,
      lines: [
        {
          id: week._id,
          name: week.name,
          date: week.date,
          time: summerCategories[index === 0 ? 1 : 0]!._id,
          quantity: 1,
          value: week.value,
          membership_id: '',
          cupo: 1,
        },
      ],
      participants: [{ id: 1, last_name: 'Rodríguez', ...child, membership_code: membership }],
      contact: { mother_name: 'Carmen Rodríguez', father_name: 'José Rodríguez', email: parent.email },
      amount: 4700,
      discount: 0,
      coupon: null,
      card: { holder: 'Carmen Rodríguez', brand: 'Visa', last4: '4242' },
      comprobantefiscal: false,
      rnc: '',
      rnc_nombre: '',
      payment_status: 'paid',
      auth_code: String(482910 + index),
      gateway_reference: `SBX-MOCK0000000${index}`,
      idempotency_key: `fixture-enrolment-${index}`,
      status: 'active',
      created_at: paidAt,
      paid_at: paidAt,
    });
    insert('membresias', {
      code: membership,
      user_id: parent._id,
      first_name: child.first_name,
      last_name: 'Rodríguez',
      birth_date: child.birth_date,
      campament: summer._id,
      order_number: order,
      issued_at: paidAt,
      status: 'active',
    });
    const base = {
      inscription: enrolment._id,
      order_number: order,
      campament: summer._id,
      user_id: parent._id,
      status: 'active',
      created_at: paidAt,
    };
    const participant = insert('participantes', {
      ...base,
      cupo: 1,
      ...child,
      last_name: 'Rodríguez',
      size: 'M',
      weight: '70',
      height: '4\'6"',
      school: 'Colegio San Judas',
      image: '',
      prohibited_foods: 'Ninguno',
      alergies: 'Ninguna',
      prohibited_drugs: 'Ninguno',
      activities_restrictions: 'Ninguna',
      membership_code: membership,
    });
    insert('calendarios', {
      ...base,
      week: week._id,
      name: week.name,
      date: week.date,
      category: summerCategories[index === 0 ? 1 : 0]!._id,
      category_name: summerCategories[index === 0 ? 1 : 0]!.name,
      cupo: 1,
      participant: participant._id,
      value: week.value,
      quantity: 1,
    });
    insert('contactos', {
      ...base,
      type: 'emergencia',
      first_name: 'Rosa',
      last_name: 'Martínez',
      phone_mobile: '849-555-1111',
      contact_form: 'Celular',
    });
  });
  insert('clientes', {
    user_id: parent._id,
    email: parent.email,
    name: 'Carmen Rodríguez',
    phone: '809-555-1234',
    address: parent.address,
    source: 'Instagram',
    cliEstado: 'active',
    status: 'active',
    last_order: '1002',
    created_at: daysAgo(FIXTURE_PAID_DAYS_AGO[0]),
  });
}

function emptyDb(): MockDb {
  return {
    collections: new Map(),
    sessions: new Map(),
    resets: new Map(),
    attempts: new Map(),
    sequences: new Map(),
    idCounter: 0,
  };
}

export const mockDb: MockDb = emptyDb();

/** Where sessions survive a page reload in mock mode (the fixtures' ids are stable). */
let sessionStorageBacking: Storage | null = null;
const SESSIONS_KEY = 'msw-mock-sessions';

export function persistSessionsIn(storage: Storage): void {
  sessionStorageBacking = storage;
  try {
    const saved = JSON.parse(storage.getItem(SESSIONS_KEY) ?? '[]') as Array<[string, string]>;
    for (const [token, userId] of saved) mockDb.sessions.set(token, userId);
  } catch {
    // A broken entry only means signing in again.
  }
}

export function saveSessions(): void {
  sessionStorageBacking?.setItem(SESSIONS_KEY, JSON.stringify([...mockDb.sessions]));
}

/** Back to the fixtures: every change made by handlers is forgotten (sessions included). */
export function resetMockData(): void {
  Object.assign(mockDb, emptyDb());
  seed();
}

resetMockData();

/** The demo camps' ids (stable for the whole run and across resets). */
export function demoCampIds(): { summer: string; annual: string } {
  const camps = collection('campamentos');
  return {
    summer: camps.find((camp) => camp.code === 'CV2027')!._id,
    annual: camps.find((camp) => camp.code === 'PA2027')!._id,
  };
}
