// The mock API's data: for each demo school of mocks/schools.ts, the business core (src/core) on an
// in-memory store of its own, seeded with the same demo school as the server (src/core/seed.ts, with
// the school's few changes), plus an admin, a parent with known mock credentials and two paid
// enrolments of that parent, made by the real checkout pipeline a few days before today.
// resetMockData() brings all of it back (tests call it between tests).
import { createCore, type Core } from '../src/core/services.ts';
import { CONTACTS, WHATSAPP_OUTBOX, type WhatsAppContact } from '../src/core/messaging/whatsapp.ts';
import type { CoreDeps } from '../src/core/deps.ts';
import { ensureIndexes } from '../src/core/indexes.ts';
import { seedDemoData } from '../src/core/seed.ts';
import { openSnapshotMemoryStore, type MemorySnapshot } from '../src/core/store/memory.ts';
import { sha256Hex } from '../src/core/crypto.ts';
import { sandboxGateway } from '../src/core/checkout/gateway.ts';
import { demoCart, enrolmentRequest, ownFixturePhoto, participant } from '../src/core/checkout/fixtures.ts';
import { enrol } from '../src/core/checkout/pipeline.ts';
import { cardBrand, CARD_MESSAGES, last4 } from '../src/domain/cards.ts';
import { newUser } from '../src/domain/accounts.ts';
import type { Camp, UserRecord } from '../src/domain/records.ts';
import { FISCAL_SETTINGS_ID, type FiscalSettings } from '../src/domain/receipts.ts';
import { activeScenario } from './scenarios.ts';
import { MOCK_SCHOOLS, type MockSchool } from './schools.ts';
import { mockReceiptPdf } from './receipts.ts';
import { withBankChallenge } from './bank.ts';
import { demoCampIds, fixtureIds, MOCK_CREDENTIALS } from './fixtures.ts';

export { MOCK_CREDENTIALS, demoCampIds };

/** One demo school's mock API: its core, its sign-ins, and what the page keeps of them. */
export interface SchoolData {
  school: MockSchool;
  /** Null until first named (coreOf); then the core the handlers answer this school with. */
  core: Core | null;
  seeding: Promise<Core> | null;
  /** Whether the core started from the tester's saved data (its uploads are in them). */
  restored: boolean;
  /**
   * Bearer token → user id. Mock tokens are opaque, and both schools' fixtures have the same ids:
   * only the school that signed a token in knows it.
   */
  sessions: Map<string, string>;
  takeSnapshot: (() => MemorySnapshot) | null;
  saveTimer: ReturnType<typeof setTimeout> | null;
}

const schools: SchoolData[] = MOCK_SCHOOLS.map((school) => ({
  school,
  core: null,
  seeding: null,
  restored: false,
  sessions: new Map(),
  takeSnapshot: null,
  saveTimer: null,
}));
const [first] = schools as [SchoolData, ...SchoolData[]];

/** The school of an account id, if it is one of the mock schools. */
export const schoolData = (id: string | null): SchoolData | undefined =>
  schools.find((data) => data.school.id === id);

/** The first school's sign-ins (tests sign an admin in through it). */
export const sessions = first.sessions;

/** The page's storage key of a school: the first keeps the names it had alone, so saves stay. */
const keyOf = (key: string, { school }: SchoolData) =>
  school === first.school ? key : `${key}:${school.id}`;

let sessionStorageBacking: Storage | null = null;
const SESSIONS_KEY = 'msw-mock-sessions';

/** Kept in the page's storage in mock mode, so a reload keeps each school's sessions. */
export function persistSessionsIn(storage: Storage): void {
  sessionStorageBacking = storage;
  for (const data of schools)
    try {
      const saved = JSON.parse(storage.getItem(keyOf(SESSIONS_KEY, data)) ?? '[]') as Array<[string, string]>;
      for (const [token, userId] of saved) data.sessions.set(token, userId);
    } catch {
      // A broken entry only means signing in again.
    }
}

const UPLOADS_KEY = 'msw-mock-uploads';
const savedUploads = (data: SchoolData): Array<[string, string]> => {
  try {
    return JSON.parse(sessionStorageBacking?.getItem(keyOf(UPLOADS_KEY, data)) ?? '[]') as Array<
      [string, string]
    >;
  } catch {
    return [];
  }
};

/**
 * A photo uploaded in mock mode is remembered as its family's across reloads (the data starts
 * again on each load), so the wizard's restored photo is still accepted at payment (issue 43).
 */
export function rememberUpload(data: SchoolData, url: string, userId: string): void {
  const saved = [...savedUploads(data), [url, userId] as [string, string]].slice(-50);
  sessionStorageBacking?.setItem(keyOf(UPLOADS_KEY, data), JSON.stringify(saved));
}

/** Puts the remembered uploads back into the schools started from the fixtures (after persistSessionsIn). */
export async function restoreUploads(): Promise<void> {
  for (const data of schools) {
    if (data.restored || savedUploads(data).length === 0) continue;
    const { store } = (await coreOf(data)).deps;
    for (const [url, user_id] of savedUploads(data))
      await store.collection('uploads').insertOne({ url, user_id, created_at: new Date() });
  }
}

function signIn(data: SchoolData, userId: string): string {
  const token = `mock.${crypto.randomUUID()}`;
  data.sessions.set(token, userId);
  sessionStorageBacking?.setItem(keyOf(SESSIONS_KEY, data), JSON.stringify([...data.sessions]));
  return token;
}

// ---- the tester's data across reloads (issue 26): the whole store, saved after each change ----

const DATA_KEY = 'msw-mock-data';
/** Bumped when the saved shape changes: an older save is then set aside and the fixtures come back. */
const DATA_VERSION = 1;
let dataStorage: Storage | null = null;

/** Dates are tagged, so a reload gets Dates back (JSON would leave strings). */
function encode(snapshot: MemorySnapshot): string {
  return JSON.stringify(
    { version: DATA_VERSION, snapshot },
    function (this: Record<string, unknown>, key, value) {
      const raw = this[key];
      return raw instanceof Date ? { $date: raw.toISOString() } : (value as unknown);
    },
  );
}

function decode(text: string | null): MemorySnapshot | null {
  if (!text) return null;
  try {
    const saved = JSON.parse(text, (_key, value: unknown) =>
      value && typeof value === 'object' && typeof (value as { $date?: unknown }).$date === 'string'
        ? new Date((value as { $date: string }).$date)
        : value,
    ) as { version?: number; snapshot?: MemorySnapshot };
    return saved.version === DATA_VERSION && saved.snapshot ? saved.snapshot : null;
  } catch {
    return null;
  }
}

/** Saves a school's store now (a pending save included); a full storage only means it is not kept. */
function saveSchool(data: SchoolData): void {
  if (data.saveTimer) clearTimeout(data.saveTimer);
  data.saveTimer = null;
  if (!dataStorage || !data.takeSnapshot) return;
  try {
    dataStorage.setItem(keyOf(DATA_KEY, data), encode(data.takeSnapshot()));
  } catch (error) {
    console.warn('[msw] the mock data could not be kept for the next reload', error);
  }
}

/** Saves every school's store now (a pending save included). */
export function saveMockData(): void {
  for (const data of schools) saveSchool(data);
}

const scheduleSave = (data: SchoolData) => {
  if (!dataStorage || data.saveTimer) return;
  data.saveTimer = setTimeout(() => saveSchool(data), 250);
};

/**
 * Mock mode's start: each school's data as the tester's last page left them, or the fixtures the
 * first time (and after 'Reiniciar datos'). Answers whether saved data were restored.
 */
export async function startMockData(storage: Storage): Promise<boolean> {
  dataStorage = storage;
  for (const data of schools) {
    const saved = decode(storage.getItem(keyOf(DATA_KEY, data)));
    data.core = saved ? createCore(mockDeps(data, saved)) : null;
    Object.assign(data, { seeding: null, restored: saved !== null });
    await data.core?.deps.store.collection('usuarios').count({});
  }
  if (!first.core) {
    first.core = await seeded(first);
    saveSchool(first);
  }
  return schools.some((data) => data.restored);
}

/** 'Reiniciar datos': forgets the tester's data of every school; the next load starts from the fixtures. */
export function forgetMockData(storage: Storage): void {
  for (const data of schools) {
    if (data.saveTimer) clearTimeout(data.saveTimer);
    data.saveTimer = null;
    storage.removeItem(keyOf(DATA_KEY, data));
  }
  dataStorage = null;
}

/** The ports of a school's mock API: what a real deployment does with a server, done in the page. */
function mockDeps(data: SchoolData, saved?: MemorySnapshot): CoreDeps {
  const memory = openSnapshotMemoryStore(saved, () => scheduleSave(data));
  data.takeSnapshot = memory.snapshot;
  const store = memory.store;
  const sandbox = sandboxGateway({ store });
  return {
    store,
    // 'tarjeta-rechazada': the bank declines whatever card is used (kept cards too). The bank
    // challenges its 3-D Secure test card (./bank.ts).
    gateway: withBankChallenge({
      ...sandbox,
      name: 'mock',
      chargeSaved: (request) =>
        activeScenario() === 'tarjeta-rechazada'
          ? Promise.resolve({
              approved: false,
              reason: 'declined',
              message: CARD_MESSAGES.declined,
              brand: 'Tarjeta',
              last4: '',
            })
          : sandbox.chargeSaved(request),
      charge: (request) =>
        activeScenario() === 'tarjeta-rechazada'
          ? Promise.resolve({
              approved: false,
              reason: 'declined',
              message: CARD_MESSAGES.declined,
              brand: cardBrand(request.card.number),
              last4: last4(request.card.number),
            })
          : sandbox.charge(request),
      lookup: (reference) => sandbox.lookup(reference),
      refund: (request) => sandbox.refund(request),
    }),
    mailer: {
      async enqueue({ key, ...message }) {
        // Mock mode sends no e-mail: the reset link is shown in the console instead.
        if (message.kind === 'password-reset')
          console.info(`[msw] ${message.subject}: ${/https?:\S+/.exec(message.text)?.[0] ?? ''}`);
        // Kept as 'sent', so the admin's enrolment detail lists an order's e-mails as on the server.
        const outbox = store.collection('outbox');
        if (key && (await outbox.findById(key))) return;
        const now = new Date();
        await outbox.insertOne({
          ...(key ? { _id: key } : {}),
          ...message,
          status: 'sent',
          created_at: now,
          sent_at: now,
        });
      },
    },
    // WhatsApp as Meta's stand-in answers it (issue 56): each message accepted at once and then
    // 'sent' and 'delivered', so 'Avisos' and an order's messages show the statuses the server shows.
    whatsapp: {
      async enqueue({ key, ...message }) {
        const outbox = store.collection(WHATSAPP_OUTBOX);
        if (key && (await outbox.findById(key))) return;
        const now = new Date();
        await outbox.insertOne({
          ...(key ? { _id: key } : {}),
          ...message,
          user_id: message.user_id ?? null,
          status: 'delivered',
          wamid: `wamid.mock-${crypto.randomUUID()}`,
          attempts: 1,
          next_attempt_at: now,
          last_error: null,
          error_code: null,
          created_at: now,
          sent_at: now,
          status_at: now,
        });
      },
    },
    // In-memory only and mock mode only: a plain digest is enough.
    passwords: {
      hash: (password) => sha256Hex(`mock:${password}`),
      verify: async (password, hash) => (await sha256Hex(`mock:${password}`)) === hash,
    },
    sessions: { sign: (userId) => signIn(data, userId) },
    // PDFKit's browser build, loaded only when a receipt is drawn (never in the parents' bundle).
    receiptPdf: mockReceiptPdf,
    photos: {
      kind: 'mock',
      save(bytes, ext, mime) {
        // A blob: URL of the photo itself, so the wizard and the admin show it (jsdom has none).
        const url =
          typeof URL.createObjectURL === 'function'
            ? URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mime }))
            : `blob:${(globalThis as { location?: Location }).location?.origin ?? 'http://localhost'}/${crypto.randomUUID()}`;
        return Promise.resolve({ name: `${crypto.randomUUID()}.${ext}`, url });
      },
    },
    log: {
      error: (details, message) => console.error(`[msw] ${message}`, details),
      warn: (details, message) => console.warn(`[msw] ${message}`, details),
    },
    settings: {
      publicUrl: (globalThis as { location?: Location }).location?.origin ?? 'http://localhost',
      schoolWebsite: '',
    },
  };
}

first.core = createCore(mockDeps(first));

/** The first school's core (a new one after every reset): tests arrange their data through it. */
export const mockCore = (): Core => first.core!;

/** The cores of the schools started so far (the page's background passes run on each). */
export const startedCores = (): Core[] => schools.flatMap((data) => (data.core ? [data.core] : []));

async function seeded(data: SchoolData): Promise<Core> {
  const core = createCore(mockDeps(data));
  await seed(core, data.school);
  return core;
}

/** A school's core, seeded when first named: most pages and tests only ever call the first. */
export async function coreOf(data: SchoolData): Promise<Core> {
  if (data.core) return data.core;
  const seeding = (data.seeding ??= seeded(data));
  const core = await seeding;
  // A reset while it was seeded starts the school again: this core is then no longer its own.
  if (data.seeding === seeding) Object.assign(data, { core, seeding: null });
  return core;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** The demo data with a school's changes (mocks/schools.ts), before any order names its camps. */
async function seed(core: Core, school: MockSchool): Promise<void> {
  const { store } = core.deps;
  const ids = fixtureIds();
  await ensureIndexes(store, core.deps.log);
  await seedDemoData(store, new Date(), ids);
  const camps = school.changes?.camps ?? {};
  for (const [code, change] of Object.entries(camps))
    await store.collection<Camp>('campamentos').updateOne({ code }, { set: change });
  if (school.changes)
    await store
      .collection<FiscalSettings>('ajustes')
      .updateOne({ _id: FISCAL_SETTINGS_ID }, { set: { school_name: school.changes.schoolName } });
  const codeOf = (code: string) => camps[code]?.code ?? code;
  const users = store.collection<UserRecord>('usuarios');
  const user = async (email: string, password: string, overrides: Partial<UserRecord>) =>
    users.insertOne({
      _id: ids(),
      ...newUser(email, await core.deps.passwords.hash(password), {
        created_at: new Date('2026-01-10T14:00:00Z'),
        ...overrides,
      }),
    });
  await user(MOCK_CREDENTIALS.admin.email, MOCK_CREDENTIALS.admin.password, {
    name: 'Administración Escuela',
    tipo: 'admin',
  });
  const coach = await user(MOCK_CREDENTIALS.coach.email, MOCK_CREDENTIALS.coach.password, {
    name: 'Luis Entrenador',
    tipo: 'personal',
    role: 'entrenador',
  });
  const parent = await user(MOCK_CREDENTIALS.parent.email, MOCK_CREDENTIALS.parent.password, {
    name: 'Carmen Rodríguez',
    phone: '809-555-1234',
    address: 'Calle El Conde 12, Zona Colonial, Santo Domingo',
  });

  // The parent uploaded the children's photo (the fixture's), as the wizard does before paying.
  await ownFixturePhoto(store, parent._id);
  // Two paid enrolments of the parent (Pedro in week 1, María in week 2), recent enough for the
  // dashboard's chart: the checkout itself records them, then they are dated back.
  const cart = await demoCart(store, codeOf('CV2027'));
  // The coach runs the summer camp's first two weeks, where the fixture children are (issue 25).
  await users.updateOne(
    { _id: coach._id },
    { set: { assigned_weeks: cart.weeks.slice(0, 2).map((week) => week._id) } },
  );
  const children = [participant(1), participant(1, { first_name: 'María', gender: 'Femenino', age: '11' })];
  for (const [index, child] of children.entries()) {
    const body = { ...enrolmentRequest(cart, [[index]]), listParticipants: [child] };
    // The plain sandbox: a tester's 'tarjeta-rechazada' must not decline the fixtures themselves.
    await enrol({ ...core.deps, gateway: sandboxGateway() }, parent, body, `fixture-enrolment-${index}`);
    const paidAt = daysAgo(index === 0 ? 12 : 3);
    await store
      .collection('inscripciones')
      .updateOne(
        { idempotency_key: `fixture-enrolment-${index}` },
        { set: { created_at: paidAt, paid_at: paidAt } },
      );
  }
  // And Pedro on the annual program's monthly plan (issue 20), with autopay on the card he paid
  // with: 'Mis pagos' shows its schedule, and the next instalment can be paid.
  const annual = await demoCart(store, codeOf('PA2027'));
  const monthly = annual.weeks.findIndex((week) => week.name === 'Pago mensual');
  await enrol(
    // A sandbox on the mock store: it keeps the card where the mock gateway finds it.
    { ...core.deps, gateway: sandboxGateway({ store }) },
    parent,
    { ...enrolmentRequest(annual, [[monthly]]), listParticipants: [children[0]!], autopay: true },
    'fixture-enrolment-annual',
  );
  // The parent agreed to WhatsApp (issue 56): the office's 'Avisos' show her messages' statuses.
  await store.collection<WhatsAppContact>(CONTACTS).insertOne({
    _id: parent._id,
    number: '18095551234',
    consent_at: new Date('2026-01-10T14:00:00Z'),
    opted_out_at: null,
    unreachable_at: null,
  });
}

/** Back to the fixtures in every school: every change made by handlers is forgotten (sessions included). */
export async function resetMockData(): Promise<void> {
  for (const data of schools) {
    data.sessions.clear();
    Object.assign(data, { seeding: null, restored: false });
    // The first keeps answering until its new core is ready, as before there were two.
    if (data !== first) data.core = null;
  }
  first.core = await seeded(first);
}
