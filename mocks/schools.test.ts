// Mock mode's two demo schools (issue 46): the configuration script picks the page's school from
// ?cuenta= and keeps it for the tab; the handlers answer each call with the school its
// x-account-id names, each on its own data, and a school's tokens mean nothing to the other.
import fs from 'node:fs';
import vm from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { errorEnvelope } from '../src/core/errors.ts';
import { AUTH_MESSAGES } from '../src/domain/accounts.ts';
import { handlers } from './handlers.ts';
import { demoCampIds, MOCK_CREDENTIALS, resetMockData } from './data.ts';
import { MOCK_SCHOOLS, mockConfigScript, SCHOOL_STORAGE_KEY } from './schools.ts';

const [basketball, tigers] = MOCK_SCHOOLS;

const server = setupServer(...handlers);
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await resetMockData();
});
afterEach(() => resetMockData());
afterAll(() => server.close());

/** The mock build's app-config.js run as a page load of `search`, on the tab's sessionStorage. */
function loadConfig(search: string, tab: Map<string, string>): string | undefined {
  const script = mockConfigScript(fs.readFileSync(new URL('./app-config.js', import.meta.url), 'utf8'));
  const window: { __APP_CONFIG__?: { accountId?: string } } & Record<string, unknown> = {
    location: { search },
    sessionStorage: {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => tab.set(key, value),
    },
  };
  vm.runInNewContext(script, { window, URLSearchParams });
  return window.__APP_CONFIG__?.accountId;
}

const api = (school: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) =>
  fetch(`http://mock.escuela.test/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-account-id': school,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function signIn(school: string, credentials: { email: string; password: string }) {
  const reply = await api(school, '/usuarios/login', { body: credentials });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { result: { _id: string; token: string } }).result;
}

describe('the demo schools of mock mode', () => {
  it('?cuenta= picks the page’s school, kept for the tab’s next pages; an unknown one is ignored', () => {
    const tab = new Map<string, string>();
    expect(loadConfig('', tab)).toBe(basketball.id);
    expect(loadConfig(`?cuenta=${tigers.id}`, tab)).toBe(tigers.id);
    expect(tab.get(SCHOOL_STORAGE_KEY)).toBe(tigers.id);
    // A reload, or another address without the parameter, stays on it.
    expect(loadConfig('?camp=abc', tab)).toBe(tigers.id);
    expect(loadConfig('?cuenta=otra-escuela', tab)).toBe(tigers.id);
    expect(loadConfig(`?cuenta=${basketball.id}`, tab)).toBe(basketball.id);
    // A new tab starts on the first school.
    expect(loadConfig('?cuenta=otra-escuela', new Map())).toBe(basketball.id);
  });

  it('answers each school from its own data', async () => {
    const { summer } = demoCampIds();
    const campName = async (school: string) => {
      const { token } = await signIn(school, MOCK_CREDENTIALS.parent);
      const reply = await api(school, `/campamentos/findbyid/${summer}`, { token });
      expect(reply.status).toBe(200);
      return JSON.stringify(await reply.json());
    };
    expect(await campName(basketball.id)).toContain('Campamento de Verano 2027');
    const tigersCamp = await campName(tigers.id);
    expect(tigersCamp).toContain('Campamento Los Tigres 2027');
    expect(tigersCamp).not.toContain('Campamento de Verano 2027');

    // A change in one school is not in the other.
    const { token } = await signIn(tigers.id, MOCK_CREDENTIALS.admin);
    const coupon = { code: 'TIGRES5', label: 'Solo Los Tigres', type: 'amount', percent: 0, amount: 5 };
    expect((await api(tigers.id, '/cupones/create', { token, body: coupon })).status).toBe(201);
    const validate = async (school: string) => {
      const parent = await signIn(school, MOCK_CREDENTIALS.parent);
      return api(school, '/cupones/validate', { token: parent.token, body: { coupon: 'TIGRES5' } });
    };
    expect((await validate(tigers.id)).status).toBe(200);
    expect((await validate(basketball.id)).status).not.toBe(200);
  });

  it("refuses one school's token on the other, though the fixtures' ids are the same", async () => {
    const parent = await signIn(basketball.id, MOCK_CREDENTIALS.parent);
    const profile = (school: string) =>
      api(school, `/usuarios/profile/${parent._id}`, { token: parent.token });
    expect((await profile(basketball.id)).status).toBe(200);
    const refused = await profile(tigers.id);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(errorEnvelope(AUTH_MESSAGES.missing));
  });

  it('refuses a header that names neither school, as the server does', async () => {
    for (const header of ['otra-escuela', '']) {
      const reply = await api(header, '/usuarios/login', { body: MOCK_CREDENTIALS.parent });
      expect(reply.status).toBe(403);
      expect(await reply.json()).toEqual(errorEnvelope(AUTH_MESSAGES.account));
    }
  });
});
