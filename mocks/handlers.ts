// MSW handlers for every call of both catalogues (spec 01 §7, spec 02 §7), shared by the browser
// worker (mock mode) and msw/node (tests). The calls are the server's own (src/core/api, answered by
// the business core of the school the call names, on its in-memory store of ./data.ts); what is
// left here is routing: the
// testers' scenarios, the health probe, the photo upload, social sign-in and the bank's pages of
// 3-D Secure (./bank-pages.ts). The parity suite
// (mocks/parity) runs the same API tests against the server and these handlers.
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { API_ROUTES } from '../src/core/api/index.ts';
import { placesToTake } from '../src/core/checkout/steps.ts';
import { savePhoto } from '../src/core/photos.ts';
import { ApiError, errorEnvelope } from '../src/core/errors.ts';
import { FIXTURE_PHOTO } from '../src/core/checkout/fixtures.ts';
import type { CreateEnrolmentBody } from '../src/domain/enrolment.ts';
import { PHOTO_MESSAGES } from '../src/domain/photos.ts';
import type { Week } from '../src/domain/records.ts';
import type { SaveCartBody } from '../src/domain/schemas/carts.ts';
import { SOCIAL_MESSAGES } from '../src/domain/social.ts';
import { rememberUpload } from './data.ts';
import { apiPath, failure, guard, handlersOf, type Before } from './kit.ts';
import { activeScenario, COUPON_SERVICE_DOWN, SLOW_DELAY_MS } from './scenarios.ts';
import { schoolSettingsHandlers } from './school-settings.ts';
import { bankHandlers } from './bank-pages.ts';
import demoPhoto from './demo-photo.png';

export { apiPath };

// ---- social sign-in: no provider is configured in mock mode (app-config.js says so) ----------

const social = http.get(
  apiPath('/v1/auth/:provider'),
  () =>
    new HttpResponse(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Inicio de sesión</title></head>` +
        `<body><p>${SOCIAL_MESSAGES.notConfigured}</p></body></html>`,
      { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
    ),
);

// ---- photo upload (the multipart reading is the adapter's; the rules are src/core/photos.ts) ---

const uploads = http.post(apiPath('/inscripciones/uploadtoazurecdn'), async ({ request }) => {
  try {
    const { school, core, user } = await guard(request, 'user');
    if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data'))
      throw new ApiError(400, PHOTO_MESSAGES.missing);
    const file = (await request.formData()).get('foto');
    const bytes = file && typeof file !== 'string' ? new Uint8Array(await file.arrayBuffer()) : undefined;
    const url = await savePhoto(core.deps, user!._id, bytes);
    rememberUpload(school, url, user!._id);
    return HttpResponse.json(
      { success: true, message: PHOTO_MESSAGES.uploaded, result: url },
      { status: 201 },
    );
  } catch (error) {
    return failure(error);
  }
});

/**
 * The demo children's photo (issue 59): the fixtures name a server upload that mock mode has no
 * server for, so the same address answers with a drawn picture (a file of the mock build only).
 */
const fixturePhoto = http.get(FIXTURE_PHOTO, async () => {
  const picture = await fetch(demoPhoto);
  return new HttpResponse(await picture.arrayBuffer(), {
    headers: { 'content-type': 'image/png', 'cache-control': 'no-store' },
  });
});

/** The week 'semana-llena' filled, per school's data: one week fills, once (issue 59). */
const filledWeeks = new WeakMap<object, string>();

/**
 * 'semana-llena': the first week the family asks to hold or pay for fills up just then (another
 * family paid the last places), and holds nothing, so its cart gets no hold on it (the wizard says
 * it could not keep those places, with no countdown) and the checkout refuses it as the server
 * would (409), offering the open weeks and the waiting list. One week fills, once: a cart that
 * swapped it for an open week is held and paid as usual.
 */
const fillFirstWeek =
  (weekOf: (body: unknown) => string | undefined): Before =>
  async ({ body }, core) => {
    if (activeScenario() !== 'semana-llena') return;
    const { store } = core.deps;
    const first = weekOf(body);
    if (!first || filledWeeks.has(store)) return;
    const weeks = store.collection<Week>('semanas');
    const week = await weeks.findById(first);
    if (!week) return;
    filledWeeks.set(store, week._id);
    const full = week.quota_q > 0 ? week.quota_q : Math.max(week.quota_f, 1);
    await weeks.updateOne(
      { _id: week._id },
      { set: { quota_f: full, quota_q: full, holds: {}, hold_expiry: {} } },
    );
  };

const SCENARIO_BEFORE: Record<string, Before> = {
  'POST /carritos/:id': fillFirstWeek((body) => (body as SaveCartBody).places?.[0]?.week),
  'POST /inscripciones/create': fillFirstWeek((body) => placesToTake(body as CreateEnrolmentBody)[0]?.id),
};

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
  // The school's coupon service is down (not the tester's connection): a 503 that says so.
  if (scenario === 'cupon-caido' && pathname.endsWith('/api/cupones/validate'))
    return HttpResponse.json(errorEnvelope(COUPON_SERVICE_DOWN), { status: 503 });
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
  social,
  uploads,
  ...bankHandlers,
  fixturePhoto,
  ...schoolSettingsHandlers,
  ...API_ROUTES.flatMap((call) =>
    handlersOf(call, SCENARIO_BEFORE[`${[call.method].flat().join()} ${call.url}`]),
  ),
];

export { resetMockData } from './data.ts';
