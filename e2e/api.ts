// Direct API calls of the browser tests (arranging data, checking what the server stored), with
// the account header the front end sends.
import { FIXTURE_PNG_BASE64 } from '../src/core/checkout/fixtures.ts';
import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { enrolmentRequest, type DemoCart } from '../src/core/checkout/fixtures.ts';
import type { CreateEnrolmentBody } from '../src/domain/enrolment.ts';
import { santoDomingoDay } from '../src/domain/days.ts';

export const E2E_ADMIN = { email: 'admin@e2e.do', password: 'clave-e2e-123' } as const;

/** The deployment's own school: the account the e2e server's pages carry. */
export const E2E_ACCOUNT = 'escuela-baloncesto';

/** `account`: another school of the deployment (issue 46), reached with its header. */
export async function api(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  data?: unknown,
  account = E2E_ACCOUNT,
) {
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { 'x-account-id': account, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(data ? { data } : {}),
  });
  return res.json();
}

/** A new parent account, signed in on the page's next load (its token in localStorage). */
export async function newParent(page: Page, email: string, password = 'clave-e2e-padre') {
  const parent = await api(page, 'POST', '/usuarios/create', undefined, { email, password });
  await page.addInitScript(
    ([token, id]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('userId', id);
      }
    },
    [parent.token, parent._id],
  );
  return { ...parent, email, password } as { token: string; _id: string; email: string; password: string };
}

/** Signs the page's next loads in as the e2e administrator (the admin panel's own session). */
export async function adminSession(page: Page) {
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('gatekeeper_token', token);
      localStorage.setItem('gatekeeper_user', user);
    },
    [admin.result.token, JSON.stringify({ _id: admin.result._id, email: admin.result.email })],
  );
}

/** A demo camp's stored record by its code (CV2027 the summer camp), as the admin lists it. */
export async function demoCamp(page: Page, code = 'CV2027') {
  const admin = await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN);
  const camps = await api(page, 'GET', '/campamentos/listpop', admin.result.token);
  return {
    camp: camps.data.find((camp: { code: string }) => camp.code === code),
    adminToken: admin.result.token as string,
  };
}

/** The demo summer camp (code CV2027) as the wizard loads it, read with the parent's token. */
export const demoSummerCart = (page: Page, token: string) => demoCartOf(page, token, 'CV2027');

/** A demo camp by code (CV2027, or PA2027 the annual program) as the wizard loads it. */
export async function demoCartOf(page: Page, token: string, code: string): Promise<DemoCart> {
  const summer = (await demoCamp(page, code)).camp._id as string;
  const [weeks, categories, camp] = await Promise.all([
    api(page, 'GET', `/semanas/findbycamp/${summer}`, token),
    api(page, 'GET', `/categorias/findbycamp/${summer}`, token),
    api(page, 'GET', `/campamentos/findbyid/${summer}`, token),
  ]);
  return { camp: camp.data, weeks: weeks.data.weekData, categories: categories.data };
}

/** A 1×1 PNG: the photo a parent uploads before paying. */
const PNG = Buffer.from(FIXTURE_PNG_BASE64, 'base64');

/**
 * Pays an enrolment as the parent (a new idempotency key); the raw answer, for its status. The
 * children's photo is uploaded first, as the wizard does: the checkout keeps only the account's own.
 */
export async function payAs(page: Page, token: string, body: CreateEnrolmentBody) {
  const headers = { 'x-account-id': 'escuela-baloncesto', authorization: `Bearer ${token}` };
  const upload = await page.request.post('/api/inscripciones/uploadtoazurecdn', {
    headers,
    multipart: { foto: { name: 'foto.png', mimeType: 'image/png', buffer: PNG } },
  });
  const photo = ((await upload.json()) as { result: string }).result;
  return page.request.post('/api/inscripciones/create', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { ...body, listParticipants: body.listParticipants.map((child) => ({ ...child, image: photo })) },
  });
}

/** 'DD/MM/YYYY' of the Santo Domingo day `days` from today. */
export const dayFromToday = (days: number) =>
  santoDomingoDay(new Date(Date.now() + days * 24 * 3600_000))
    .split('-')
    .reverse()
    .join('/');

/**
 * A camp of the test's own running around today (two days ago to two days ahead, so the camp day
 * and the gate are open), with both categories the enrolment fixture may name and one week of ten
 * places, 'Semana de hoy'; answers its week's dates ('DD/MM/YYYY - DD/MM/YYYY').
 */
export async function campAroundToday(
  page: Page,
  admin: string,
  { code, name }: { code: string; name: string },
) {
  const isoOf = (date: string) => date.split('/').reverse().join('-');
  const weekDates = `${dayFromToday(-2)} - ${dayFromToday(2)}`;
  const camp = (
    await api(page, 'POST', '/campamentos/create', admin, {
      code,
      name,
      membership: 0,
      start_date: isoOf(dayFromToday(-2)),
      end_date: isoOf(dayFromToday(2)),
    })
  ).data as { _id: string };
  const categories: Array<{ _id: string }> = [];
  for (const category of ['Mini (6 a 9 años)', 'Infantil (10 a 13 años)'])
    categories.push(
      (await api(page, 'POST', '/categorias/create', admin, { campament: camp._id, name: category })).data,
    );
  const week = await api(page, 'POST', '/semanas/create', admin, {
    campament: camp._id,
    name: 'Semana de hoy',
    date: weekDates,
    value: 4700,
    quota_q: 10,
    categories: categories.map((category) => category._id),
    isChecked: true,
  });
  expect(week.status, JSON.stringify(week)).toBe('SUCCESS');
  return { weekDates };
}

/** A camp of its own with one week of one place, so holding it disturbs no other test. */
export async function onePlaceCamp(page: Page, tag: string) {
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  const camp = (
    await api(page, 'POST', '/campamentos/create', admin, {
      code: `RES-${tag}`,
      name: `Campamento con reserva ${tag}`,
      membership: 0,
      start_date: '2027-06-14',
      end_date: '2027-06-18',
    })
  ).data as { _id: string };
  const categories = [];
  for (const name of ['Mini (6 a 9 años)', 'Infantil (10 a 13 años)'])
    categories.push(
      (await api(page, 'POST', '/categorias/create', admin, { campament: camp._id, name })).data,
    );
  const week = (
    await api(page, 'POST', '/semanas/create', admin, {
      campament: camp._id,
      name: 'Semana única',
      date: '14/06/2027 - 18/06/2027',
      value: 4700,
      quota_q: 1,
      categories: categories.map((category: { _id: string }) => category._id),
      isChecked: true,
    })
  ).data as { _id: string };
  return { admin, camp, week, categories };
}

/** `onePlaceCamp` with its only place paid by another family, signed up under `payerEmail`. */
export async function soldOutOnePlaceCamp(page: Page, tag: string, payerEmail: string) {
  const arranged = await onePlaceCamp(page, tag);
  const payer = await api(page, 'POST', '/usuarios/create', undefined, {
    email: payerEmail,
    password: 'clave-e2e-padre',
  });
  const cart = { camp: arranged.camp, weeks: [arranged.week], categories: arranged.categories };
  const paid = await payAs(page, payer.token, enrolmentRequest(cart as unknown as DemoCart, [[0]]));
  expect(paid.status()).toBe(201);
  return arranged;
}

export interface Week {
  _id: string;
  campament: string;
  name: string;
  date: string;
  value: number;
  quota_q: number;
}

/** A camp of its own (so filling a week disturbs no other test): one category, three weeks. */
export async function threeWeekCamp(page: Page, tag: string) {
  const admin = (await api(page, 'POST', '/usuarios/login', undefined, E2E_ADMIN)).result.token as string;
  const camp = (
    await api(page, 'POST', '/campamentos/create', admin, {
      code: `TEL-${tag}`,
      name: `Campamento del teléfono ${tag}`,
      membership: 0,
      start_date: '2027-06-14',
      end_date: '2027-07-02',
      payment_terms: 'Pago completo al inscribir.',
    })
  ).data as { _id: string };
  const category = (
    await api(page, 'POST', '/categorias/create', admin, {
      campament: camp._id,
      name: 'Infantil (10 a 13 años)',
      age_min: 10,
      age_max: 13,
    })
  ).data as { _id: string };
  const weeks: Week[] = [];
  for (const [index, date] of [
    '14/06/2027 - 18/06/2027',
    '21/06/2027 - 25/06/2027',
    '28/06/2027 - 02/07/2027',
  ].entries()) {
    const week = await api(page, 'POST', '/semanas/create', admin, {
      campament: camp._id,
      name: `Semana ${index + 1}`,
      date,
      value: 4700,
      quota_q: 5,
      categories: [category._id],
      isChecked: true,
    });
    weeks.push(week.data as Week);
  }
  return { admin, camp, category, weeks };
}
