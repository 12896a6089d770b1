// The mock API's data: the business core (src/core) on the in-memory store, seeded with the same
// demo school as the server (src/core/seed.ts), plus an admin, a parent with known mock
// credentials and two paid enrolments of that parent, made by the real checkout pipeline a few
// days before today. resetMockData() brings all of it back (tests call it between tests).
import { createCore, type Core } from '../src/core/services.ts';
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
import type { UserRecord } from '../src/domain/records.ts';
import { activeScenario } from './scenarios.ts';
import { mockReceiptPdf } from './receipts.ts';
import { demoCampIds, fixtureIds, MOCK_CREDENTIALS } from './fixtures.ts';

export { MOCK_CREDENTIALS, demoCampIds };

/** Bearer token → user id; kept in the page's storage in mock mode so a reload keeps the session. */
export const sessions = new Map<string, string>();
let sessionStorageBacking: Storage | null = null;
const SESSIONS_KEY = 'msw-mock-sessions';

export function persistSessionsIn(storage: Storage): void {
  sessionStorageBacking = storage;
  try {
    const saved = JSON.parse(storage.getItem(SESSIONS_KEY) ?? '[]') as Array<[string, string]>;
    for (const [token, userId] of saved) sessions.set(token, userId);
  } catch {
    // A broken entry only means signing in again.
  }
}

const UPLOADS_KEY = 'msw-mock-uploads';
const savedUploads = (): Array<[string, string]> => {
  try {
    return JSON.parse(sessionStorageBacking?.getItem(UPLOADS_KEY) ?? '[]') as Array<[string, string]>;
  } catch {
    return [];
  }
};

/**
 * A photo uploaded in mock mode is remembered as its family's across reloads (the data starts
 * again on each load), so the wizard's restored photo is still accepted at payment (issue 43).
 */
export function rememberUpload(url: string, userId: string): void {
  const saved = [...savedUploads(), [url, userId] as [string, string]].slice(-50);
  sessionStorageBacking?.setItem(UPLOADS_KEY, JSON.stringify(saved));
}

/** Puts the remembered uploads back into the fresh mock data (after persistSessionsIn). */
export async function restoreUploads(): Promise<void> {
  for (const [url, user_id] of savedUploads())
    await current.deps.store.collection('uploads').insertOne({ url, user_id, created_at: new Date() });
}

function signIn(userId: string): string {
  const token = `mock.${crypto.randomUUID()}`;
  sessions.set(token, userId);
  sessionStorageBacking?.setItem(SESSIONS_KEY, JSON.stringify([...sessions]));
  return token;
}

// ---- the tester's data across reloads (issue 26): the whole store, saved after each change ----

const DATA_KEY = 'msw-mock-data';
/** Bumped when the saved shape changes: an older save is then set aside and the fixtures come back. */
const DATA_VERSION = 1;
let dataStorage: Storage | null = null;
let takeSnapshot: (() => MemorySnapshot) | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

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

/** Saves the store now (a pending save included); a full storage only means the data is not kept. */
export function saveMockData(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  if (!dataStorage || !takeSnapshot) return;
  try {
    dataStorage.setItem(DATA_KEY, encode(takeSnapshot()));
  } catch (error) {
    console.warn('[msw] the mock data could not be kept for the next reload', error);
  }
}

const scheduleSave = () => {
  if (!dataStorage || saveTimer) return;
  saveTimer = setTimeout(saveMockData, 250);
};

/**
 * Mock mode's start: the tester's data as the last page left it, or the fixtures the first time
 * (and after 'Reiniciar datos'). Answers whether saved data were restored.
 */
export async function startMockData(storage: Storage): Promise<boolean> {
  dataStorage = storage;
  const saved = decode(storage.getItem(DATA_KEY));
  if (saved) {
    const core = createCore(mockDeps(saved));
    await core.deps.store.collection('usuarios').count({});
    current = core;
    return true;
  }
  await resetMockData();
  saveMockData();
  return false;
}

/** 'Reiniciar datos': forgets the tester's data; the next load starts from the fixtures. */
export function forgetMockData(storage: Storage): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  storage.removeItem(DATA_KEY);
  dataStorage = null;
}

/** The ports of the mock API: what a real deployment does with a server, done in the page. */
function mockDeps(saved?: MemorySnapshot): CoreDeps {
  const memory = openSnapshotMemoryStore(saved, scheduleSave);
  takeSnapshot = memory.snapshot;
  const store = memory.store;
  const sandbox = sandboxGateway({ store });
  return {
    store,
    // 'tarjeta-rechazada': the bank declines whatever card is used (kept cards too).
    gateway: {
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
    },
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
    // In-memory only and mock mode only: a plain digest is enough.
    passwords: {
      hash: (password) => sha256Hex(`mock:${password}`),
      verify: async (password, hash) => (await sha256Hex(`mock:${password}`)) === hash,
    },
    sessions: { sign: signIn },
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

let current: Core = createCore(mockDeps());

/** The core the handlers answer with (a new one after every reset). */
export const mockCore = (): Core => current;

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

async function seed(core: Core): Promise<void> {
  const { store } = core.deps;
  const ids = fixtureIds();
  await ensureIndexes(store, core.deps.log);
  await seedDemoData(store, new Date(), ids);
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
  const cart = await demoCart(store);
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
  const annual = await demoCart(store, 'PA2027');
  const monthly = annual.weeks.findIndex((week) => week.name === 'Pago mensual');
  await enrol(
    // A sandbox on the mock store: it keeps the card where the mock gateway finds it.
    { ...core.deps, gateway: sandboxGateway({ store }) },
    parent,
    { ...enrolmentRequest(annual, [[monthly]]), listParticipants: [children[0]!], autopay: true },
    'fixture-enrolment-annual',
  );
}

/** Back to the fixtures: every change made by handlers is forgotten (sessions included). */
export async function resetMockData(): Promise<void> {
  sessions.clear();
  const core = createCore(mockDeps());
  await seed(core);
  current = core;
}
