// MSW handlers for every call of both catalogues (spec 01 §7, spec 02 §7), shared by the browser
// worker (mock mode) and msw/node (tests). They answer like the real server (server/modules/*):
// same envelopes, status codes, Spanish messages, validation, pricing (src/domain/pricing.ts) and
// card rules (src/domain/cards.ts), on the in-memory data of ./data.ts. The parity suite
// (mocks/parity) runs the same API tests against both.
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { ACCOUNT_MESSAGES as ACCOUNT, newUser, publicUser } from '../src/domain/accounts.ts';
import { Credentials, ForgotBody, ResetBody, UpdateUserBody } from '../src/domain/schemas/accounts.ts';
import {
  DASHBOARD_KINDS,
  DASHBOARD_RECENT_CAMPS,
  ID_INVALID_MESSAGE,
  NOUNS,
  recordMessages,
} from '../src/domain/admin-contract.ts';
import {
  cardBrand,
  cleanCardNumber,
  cleanExpiry,
  CARD_MESSAGES,
  sandboxRefusal,
} from '../src/domain/cards.ts';
import { COUPON_MESSAGES, couponRefusal, couponTerms, normalizeCouponCode } from '../src/domain/coupons.ts';
import { paidPerDay, percentage, type PaidEnrolment } from '../src/domain/dashboard.ts';
import { ValidateCouponBody } from '../src/domain/schemas/coupons.ts';
import {
  CARD_FIELDS,
  ENROLMENT_MESSAGES as M,
  formatPaymentDate,
  IDEMPOTENCY_KEY_PATTERN,
  weekFullMessage,
  type PaymentResult,
} from '../src/domain/enrolment.ts';
import { CreateEnrolmentBody } from '../src/domain/schemas/enrolment.ts';
import { PHOTO_ALLOWED_TYPES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../src/domain/photos.ts';
import { formatDop } from '../src/domain/pricing.ts';
import {
  isAdmin,
  type Camp,
  type Category,
  type Coupon,
  type Enrolment,
  type Week,
} from '../src/domain/records.ts';
import {
  cartWeekIds,
  checkCatalogue,
  checkRequest,
  pendingEnrolment,
  placesToTake,
  priceEnrolment,
} from '../src/core/checkout/steps.ts';
import {
  calendarRecords,
  clientRecord,
  contactRecords,
  membershipCode,
  membershipRecord,
  participantRecords,
  recordBase,
} from '../src/core/checkout/records.ts';
import { SOCIAL_MESSAGES } from '../src/domain/social.ts';
import { areaHandlers, services } from './areas.ts';
import { collection, insert, mockDb, nextSequence, saveSessions, type Doc, type MockUser } from './data.ts';
import {
  answer,
  apiPath,
  checkId,
  errorEnvelope,
  fail,
  listAnswer,
  MockError,
  route,
  sortDocs,
  STATUS_ALIASES,
  validate,
  visible,
} from './kit.ts';
import { activeScenario, SLOW_DELAY_MS } from './scenarios.ts';

export { apiPath };

const randomToken = (bytes: number) =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function signIn(user: MockUser): string {
  const token = `mock.${randomToken(24)}`;
  mockDb.sessions.set(token, user._id);
  saveSessions();
  return token;
}

const users = () => collection<MockUser>('usuarios');

/** The account `id`, if `account` may see it (themselves, or any for an admin). */
function readable(account: MockUser, id: string): MockUser {
  if (account._id !== id && !isAdmin(account)) fail(403, ACCOUNT.profileForbidden);
  const user = users().find((candidate) => candidate._id === id);
  return user ?? fail(404, ACCOUNT.userNotFound);
}

const objectIdParam = (id: string | undefined) =>
  /^[0-9a-f]{24}$/.test(id ?? '') ? id! : fail(400, ID_INVALID_MESSAGE);

/** The parts of a stored enrolment the activity view reads. */
interface EnrolmentDoc {
  _id: string;
  order_number: string;
  camp_name: string;
  lines: Array<{ name: string; date: string }>;
  participants: Array<{ first_name: string; last_name: string }>;
  amount: number;
  payment_status: string;
  created_at: Date;
  paid_at: Date | null;
}

// ---- usuarios (server/modules/usuarios) -----------------------------------------------------

const usuarios: HttpHandler[] = [
  ...route('post', '/usuarios/login', 'public', async ({ json }) => {
    const body = validate<{ email: string; password: string }>(Credentials, await json());
    const email = body.email.toLowerCase();
    const user = users().find((candidate) => candidate.email === email && candidate.status === 'active');
    if (!user || user.password !== body.password)
      fail(401, ACCOUNT.badCredentials, { success: false, message: ACCOUNT.badCredentials });
    return {
      success: true,
      message: ACCOUNT.loginOk,
      result: { ...publicUser(user!), token: signIn(user!) },
    };
  }),
  ...route('post', '/usuarios/create', 'public', async ({ json }) => {
    const body = validate<{ email: string; password: string }>(Credentials, await json());
    const email = body.email.toLowerCase();
    if (users().some((candidate) => candidate.email === email)) fail(409, ACCOUNT.emailTaken);
    const user = insert<MockUser>('usuarios', { ...newUser(email, ''), password: body.password });
    return answer(201, { token: signIn(user), _id: user._id });
  }),
  ...route('post', '/usuarios/forgot', 'public', async ({ json }) => {
    const { email } = validate<{ email: string }>(ForgotBody, await json());
    const user = users().find(
      (candidate) => candidate.email === email.toLowerCase() && candidate.status === 'active',
    );
    if (user) {
      const token = randomToken(32);
      mockDb.resets.set(token, user._id);
      // Mock mode has no e-mail: the link is shown in the console instead.
      console.info(`[msw] Enlace para restablecer la contraseña: /recover-password?token=${token}`);
    }
    return { status: 'SUCCESS', message: ACCOUNT.forgotSent };
  }),
  ...route('post', '/usuarios/reset', 'public', async ({ json }) => {
    const body = validate<{ token: string; password: string }>(ResetBody, await json());
    const userId = mockDb.resets.get(body.token);
    const user = users().find((candidate) => candidate._id === userId && candidate.status === 'active');
    if (!user) return fail(400, ACCOUNT.resetInvalid);
    user.password = body.password;
    for (const [token, owner] of mockDb.resets) if (owner === user._id) mockDb.resets.delete(token);
    return { status: 'SUCCESS', message: ACCOUNT.resetDone };
  }),
  ...route('get', '/usuarios/profile/:id', 'user', ({ params, user }) => ({
    result: publicUser(readable(user!, objectIdParam(params.id))),
  })),
  ...route('get', '/usuarios/find/:id', 'user', ({ params, user }) => ({
    status: 'SUCCESS',
    data: publicUser(readable(user!, objectIdParam(params.id))),
  })),
  ...route('post', '/usuarios/update', 'user', async ({ json, user }) => {
    const account = user!;
    const body = validate<Record<string, unknown> & { _id: string }>(UpdateUserBody, await json());
    const target = readable(account, body._id);
    const {
      _id,
      currentPassword,
      newPassword,
      tipo,
      puede_admin_ofertas,
      puede_admin_empleados,
      puede_admin_sucursales,
      status,
      ...contact
    } = body;
    const set: Record<string, unknown> = { ...contact };
    if (isAdmin(account)) {
      const roles = { tipo, puede_admin_ofertas, puede_admin_empleados, puede_admin_sucursales, status };
      for (const [key, value] of Object.entries(roles)) if (value !== undefined) set[key] = value;
      if (target._id === account._id && !isAdmin({ ...target, ...(set as Partial<MockUser>) }))
        fail(400, ACCOUNT.selfDemotion);
      if (target._id === account._id && set.status === 'inactive') fail(400, ACCOUNT.selfDemotion);
    }
    if (newPassword !== undefined) {
      if (target._id !== account._id) fail(403, ACCOUNT.profileForbidden);
      if (!currentPassword) fail(400, ACCOUNT.currentPasswordNeeded);
      if (currentPassword !== target.password) fail(400, ACCOUNT.wrongCurrentPassword);
      set.password = newPassword;
    }
    Object.assign(target, set, { updated_at: new Date() });
    void _id;
    return { status: 'SUCCESS', message: ACCOUNT.userUpdated, data: publicUser(target) };
  }),
  ...route('get', '/usuarios/activity', 'user', ({ user }) => {
    const account = user!;
    const enrolments = sortDocs(
      collection('inscripciones').filter((enrolment) => enrolment.user_id === account._id),
      { created_at: -1 },
    ) as unknown as EnrolmentDoc[];
    const summaries = enrolments.map((enrolment) => ({
      _id: enrolment._id,
      order_number: enrolment.order_number,
      camp_name: enrolment.camp_name,
      weeks: [...new Set(enrolment.lines.map((line) => `${line.name} (${line.date})`))],
      children: enrolment.participants.map((child) => `${child.first_name} ${child.last_name}`.trim()),
      amount: enrolment.amount,
      payment_status: enrolment.payment_status,
      created_at: enrolment.created_at.toISOString(),
      paid_at: enrolment.paid_at?.toISOString() ?? null,
    }));
    const timeline = [
      { at: account.created_at, kind: 'registered', text: 'Cuenta creada' },
      ...enrolments
        .filter((enrolment) => enrolment.payment_status === 'paid' && enrolment.paid_at)
        .map((enrolment) => ({
          at: enrolment.paid_at!,
          kind: 'enrolment-paid',
          text: `Inscripción pagada: ${enrolment.camp_name}, orden ${enrolment.order_number}`,
        })),
    ]
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .map((event) => ({ ...event, at: event.at.toISOString() }));
    return { status: 'SUCCESS', data: { enrolments: summaries, timeline } };
  }),
  ...route('get', '/usuarios/listpop', 'admin', ({ query }) =>
    listAnswer(query, users(), {
      area: 'usuarios',
      sort: { created_at: -1 },
      search: ['email', 'name'],
      present: (docs) => (docs as unknown as MockUser[]).map(publicUser),
    }),
  ),
];

// ---- social sign-in: no provider is configured in mock mode (app-config.js says so) ----------

const social = route(
  'get',
  '/v1/auth/:provider',
  'public',
  () =>
    new HttpResponse(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Inicio de sesión</title></head>` +
        `<body><p>${SOCIAL_MESSAGES.notConfigured}</p></body></html>`,
      { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
    ),
  { accountHeader: false },
);

// ---- the wizard's reads (server/modules/admin/enrolment-reads.ts) ----------------------------

const campNotFound = recordMessages(NOUNS.campamentos).notFound;

function campFor(id: string | undefined, user: MockUser): string {
  const campId = checkId(id);
  const camp = services.campamentos!.findVisible(campId);
  if (!camp || (!isAdmin(user) && camp.status !== 'active')) fail(404, campNotFound);
  return campId;
}

const enrolmentReads: HttpHandler[] = [
  ...route('get', '/semanas/findbycamp/:id', 'user', ({ params, user }) => {
    const campament = campFor(params.id, user!);
    const admin = isAdmin(user!);
    const weekData = services.semanas!.list(
      (week) =>
        week.campament === campament && (admin || (week.status === 'active' && week.isChecked === true)),
    );
    return { status: 'SUCCESS', message: 'Semanas del campamento', data: { uid: user!._id, weekData } };
  }),
  ...route('get', '/categorias/findbycamp/:id', 'user', ({ params, user }) => {
    const campament = campFor(params.id, user!);
    const admin = isAdmin(user!);
    const data = services.categorias!.list(
      (category) => category.campament === campament && (admin || category.status === 'active'),
    );
    return { status: 'SUCCESS', message: 'Categorías del campamento', data };
  }),
];

// ---- coupons (server/modules/checkout/coupons.ts) --------------------------------------------

function usableCoupon(code: string, now = new Date()): Coupon {
  const coupon = visible<Coupon & Doc>('cupones').find(
    (candidate) => candidate.code === normalizeCouponCode(code),
  );
  const refusal = couponRefusal(coupon ?? null, now);
  if (refusal) fail(coupon ? 400 : 404, refusal);
  return coupon!;
}

const coupons = route('post', '/cupones/validate', 'user', async ({ json }) => {
  const body = validate<{ coupon: string }>(ValidateCouponBody, await json());
  return {
    status: 'SUCCESS',
    message: COUPON_MESSAGES.applied,
    data: couponTerms(usableCoupon(body.coupon)),
  };
});

// ---- photo upload (server/uploads/routes.ts) -------------------------------------------------

/** JPEG, PNG or WebP by content (magic bytes), like `file-type`. */
function sniffImage(bytes: Uint8Array): (typeof PHOTO_ALLOWED_TYPES)[number] | undefined {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  const mime = starts([0xff, 0xd8, 0xff])
    ? 'image/jpeg'
    : starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      ? 'image/png'
      : starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)
        ? 'image/webp'
        : undefined;
  return PHOTO_ALLOWED_TYPES.find((type) => type.mime === mime);
}

const uploads = route('post', '/inscripciones/uploadtoazurecdn', 'user', async ({ request, user }) => {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data'))
    fail(400, PHOTO_MESSAGES.missing);
  const form = await request.formData();
  const file = form.get('foto');
  if (!file || typeof file === 'string' || file.size === 0) return fail(400, PHOTO_MESSAGES.missing);
  if (file.size > PHOTO_MAX_BYTES) fail(413, PHOTO_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes);
  if (!type) fail(400, PHOTO_MESSAGES.badType);
  // A blob: URL of the photo itself, so the wizard and the admin can show it in mock mode.
  const url =
    typeof URL.createObjectURL === 'function'
      ? URL.createObjectURL(new Blob([bytes], { type: type!.mime }))
      : `blob:${globalThis.location?.origin ?? 'http://localhost'}/${crypto.randomUUID()}`; // jsdom has none
  insert('uploads', {
    url,
    mime: type!.mime,
    size: bytes.length,
    storage: 'mock',
    user_id: user!._id,
    created_at: new Date(),
  });
  return answer(201, { success: true, message: PHOTO_MESSAGES.uploaded, result: url });
});

// ---- POST /inscripciones/create (server/modules/checkout/enrolments.ts) ---------------------

const refuse = (status: number, message: string): never => fail(status, message, { success: false, message });

function enrol(user: MockUser, body: CreateEnrolmentBody, key: string) {
  // The server's checkout steps (src/core/checkout/steps.ts) on the mock data.
  const invalid = checkRequest(body);
  if (invalid) refuse(invalid.status, invalid.message);
  const camp =
    visible<Camp & Doc>('campamentos').find((c) => c._id === body.campament && c.status === 'active') ?? null;
  const weekIds = cartWeekIds(body);
  const weeks = visible<Week & Doc>('semanas').filter(
    (week) =>
      weekIds.includes(week._id) &&
      week.campament === camp?._id &&
      week.status === 'active' &&
      week.isChecked,
  );
  const categories = visible<Category & Doc>('categorias').filter(
    (c) => c.campament === camp?._id && c.status === 'active',
  );
  const unavailable = checkCatalogue(body, camp, weeks, categories);
  if (unavailable || !camp) return refuse(unavailable?.status ?? 404, unavailable?.message ?? M.campNotFound);
  const weekById = new Map(weeks.map((week) => [week._id, week]));

  const declared = new Map<number, string>();
  for (const participant of body.listParticipants) {
    if (participant.membership_have !== 'SI') continue;
    const code = (participant.membership_id ?? '').trim().toUpperCase();
    const membership = visible('membresias').find((m) => m.code === code && m.status === 'active');
    if (!code || !membership) refuse(400, `${M.membershipInvalid} (Participante ${participant.id})`);
    declared.set(participant.id, code);
  }

  const coupon = body.coupon?.trim() ? usableCoupon(body.coupon) : null;
  const priced = priceEnrolment(body, camp, weeks, coupon, [...declared.keys()]);
  if ('status' in priced) return refuse(priced.status, priced.message);
  const { price } = priced;

  // Places: one per participant per week, all or none. The 'semana-llena' scenario fills the
  // cart's first week just now, as if another family had paid for its last places.
  const places = placesToTake(body);
  if (activeScenario() === 'semana-llena') {
    const first = weekById.get(places[0]!.id)!;
    first.quota_f = first.quota_q > 0 ? first.quota_q : 1;
    first.quota_q = first.quota_f;
  }
  const counts = places.map(({ id, count }) => ({ week: weekById.get(id)!, count }));
  const full = counts.find(({ week, count }) => week.quota_q > 0 && week.quota_f + count > week.quota_q);
  if (full) refuse(409, weekFullMessage(full.week));
  counts.forEach(({ week, count }) => (week.quota_f += count));
  const release = () =>
    counts.forEach(({ week, count }) => (week.quota_f = Math.max(week.quota_f - count, 0)));

  const cardNumber = cleanCardNumber(body.cardNumber);
  const orderNumber = String(1000 + nextSequence('orders'));
  const enrolment = insert<Enrolment & Doc>(
    'inscripciones',
    pendingEnrolment({
      orderNumber,
      userId: user._id,
      key,
      body,
      camp,
      weekById,
      codes: declared,
      coupon,
      price,
      cardBrand: cardBrand(cardNumber),
    }),
  );

  const refusal =
    activeScenario() === 'tarjeta-rechazada'
      ? { message: CARD_MESSAGES.declined }
      : sandboxRefusal(
          { number: cardNumber, expiry: cleanExpiry(body.expDate), cvv: body.cvv.trim() },
          new Date(),
        );
  if (refusal) {
    release();
    enrolment.payment_status = 'declined';
    refuse(402, refusal.message);
  }

  const paidAt = new Date();
  const authCode = String(100000 + Math.floor(Math.random() * 900000));
  const participants = body.listParticipants.map((participant) => {
    let code = declared.get(participant.id);
    if (!code) {
      code = membershipCode(nextSequence('memberships'));
      insert('membresias', membershipRecord(code, user._id, participant, enrolment, paidAt));
    }
    return { ...participant, membership_code: code };
  });
  Object.assign(enrolment, {
    payment_status: 'paid',
    status: 'active',
    auth_code: authCode,
    gateway_reference: `SBX-MOCK${randomToken(6).toUpperCase()}`,
    paid_at: paidAt,
    participants,
  });
  writeAdminRecords(user, enrolment, weekById, categories);

  const result: PaymentResult = {
    date_createdBO: formatPaymentDate(paidAt),
    orderId: orderNumber,
    authCode,
    amountFormat: formatDop(price.total),
  };
  return { status: 201, body: { success: true, message: M.success, result } };
}

/** The participantes, contactos, calendarios and clientes records the admin area lists. */
function writeAdminRecords(
  user: MockUser,
  enrolment: Enrolment,
  weekById: Map<string, Week>,
  categories: Doc[],
) {
  const base = recordBase(enrolment, user._id);
  const participantByCupo = new Map(
    participantRecords(base, enrolment).map((record) => [record.cupo, insert('participantes', record)._id]),
  );
  for (const record of calendarRecords(base, enrolment, weekById, categories, participantByCupo))
    insert('calendarios', record);
  for (const record of contactRecords(base, enrolment.contact)) insert('contactos', record);
  const client = clientRecord(user, enrolment);
  const existing = visible('clientes').find((doc) => doc.user_id === user._id);
  if (existing) Object.assign(existing, client, { updated_at: new Date() });
  else insert('clientes', { ...client, created_at: new Date() });
}

function requestHash(body: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(body)
      .filter(([key]) => !CARD_FIELDS.includes(key))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const checkout = route('post', '/inscripciones/create', 'user', async ({ json, request, user }) => {
  const body = validate<CreateEnrolmentBody>(CreateEnrolmentBody, await json());
  const key = request.headers.get('idempotency-key');
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) fail(400, M.idempotencyKey);
  const id = `${user!._id}:${key}`;
  const hash = requestHash(body as unknown as Record<string, unknown>);
  const previous = mockDb.attempts.get(id);
  if (previous) {
    if (previous.hash !== hash) fail(422, M.idempotencyReused);
    return answer(previous.status, previous.body);
  }
  let result: { status: number; body: unknown };
  try {
    result = enrol(user!, body, key!);
  } catch (error) {
    if (!(error instanceof MockError)) throw error;
    result = { status: error.status, body: error.body };
  }
  mockDb.attempts.set(id, { hash, ...result });
  return answer(result.status, result.body);
});

// ---- GET /dashboard (server/modules/admin/dashboard.ts) --------------------------------------

const ACTIVE = STATUS_ALIASES.active as readonly unknown[];

const dashboard = route('get', '/dashboard', 'admin', () => {
  const counts = Object.fromEntries(
    DASHBOARD_KINDS.map((kind) => {
      const docs = visible(kind);
      const active = docs.filter(
        (doc) => ACTIVE.includes(doc.status) || (kind === 'clientes' && ACTIVE.includes(doc.cliEstado)),
      ).length;
      return [kind, { total: docs.length, active }];
    }),
  ) as Record<(typeof DASHBOARD_KINDS)[number], { total: number; active: number }>;
  const recentCamps = sortDocs(
    visible('campamentos').filter((camp) => ACTIVE.includes(camp.status)),
    { start_date: -1, _id: -1 },
  )
    .slice(0, DASHBOARD_RECENT_CAMPS)
    .map(({ _id, name, type, code, start_date, end_date, membership }) => ({
      _id,
      name,
      type,
      code,
      start_date,
      end_date,
      membership,
    }));
  const share = (kind: (typeof DASHBOARD_KINDS)[number]) =>
    percentage(counts[kind].active, counts[kind].total);
  return {
    status: 'SUCCESS',
    data: {
      counts,
      recentCamps,
      percentages: {
        inscripciones: share('inscripciones'),
        cupones: share('cupones'),
        campamentos: share('campamentos'),
      },
      paidPerDay: paidPerDay(visible('inscripciones') as unknown as PaidEnrolment[], new Date()),
    },
  };
});

// ---- scenarios (mocks/scenarios.ts): checked before every other handler ---------------------

const LOAD_FAILURE = 'No fue posible cargar los datos en este momento. Por favor intente de nuevo más tarde.';
const SAVE_FAILURE =
  'No fue posible guardar los cambios en este momento. Por favor intente de nuevo más tarde.';
const ADMIN_WRITE =
  /\/api\/(campamentos|categorias|semanas|cupones|tipos|clientes|participantes|contactos|calendarios)\/(create|update|delete)\b|\/api\/inscripciones\/update$/;
const LOAD_CALL = /\/api\/([a-z]+\/(findbycamp|findbyid|listpop)\b|dashboard$|estados$)/;

const scenarios = http.all(apiPath('/*'), async ({ request }) => {
  const scenario = activeScenario();
  if (scenario === 'normal') return undefined;
  if (scenario === 'lento') {
    await delay(SLOW_DELAY_MS);
    return undefined;
  }
  const { pathname } = new URL(request.url);
  if (scenario === 'error-carga' && request.method === 'GET' && LOAD_CALL.test(pathname))
    return HttpResponse.json(errorEnvelope(LOAD_FAILURE), { status: 500 });
  if (scenario === 'cupon-caido' && pathname.endsWith('/api/cupones/validate')) return HttpResponse.error();
  if (scenario === 'error-foto' && pathname.endsWith('/api/inscripciones/uploadtoazurecdn'))
    return HttpResponse.json(errorEnvelope(PHOTO_MESSAGES.failed), { status: 500 });
  if (scenario === 'error-guardar' && ADMIN_WRITE.test(pathname))
    return HttpResponse.json(errorEnvelope(SAVE_FAILURE), { status: 500 });
  return undefined;
});

export const handlers: HttpHandler[] = [
  scenarios,
  // Same answer shape as the real server's health check.
  http.get(apiPath('/health'), () => HttpResponse.json({ status: 'ok', store: 'mock', uptime: 0 })),
  ...usuarios,
  ...social,
  ...enrolmentReads,
  ...coupons,
  ...uploads,
  ...checkout,
  ...dashboard,
  ...areaHandlers(),
];

export { resetMockData } from './data.ts';
