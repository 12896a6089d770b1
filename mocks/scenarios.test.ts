// The testers' scenarios (mocks/scenarios.ts) produce the failures of the spec's error catalogues.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { CARD_MESSAGES, SANDBOX_CARDS } from '../src/domain/cards.ts';
import { weekFullMessage } from '../src/domain/enrolment.ts';
import { formatDop, priceCart } from '../src/domain/pricing.ts';
import { CONTACT, participant } from '../src/core/checkout/fixtures.ts';
import { handlers } from './handlers.ts';
import { demoCampIds, MOCK_CREDENTIALS, resetMockData } from './data.ts';
import { expectedAccountId } from './kit.ts';
import {
  COUPON_SERVICE_DOWN,
  initScenario,
  setScenario,
  SCENARIO_STORAGE_KEY,
  SLOW_DELAY_MS,
  type ScenarioId,
} from './scenarios.ts';

const server = setupServer(...handlers);
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await resetMockData();
});
afterEach(async () => {
  setScenario('normal');
  await resetMockData();
});
afterAll(() => server.close());

const api = (path: string, { token, body, form }: { token?: string; body?: unknown; form?: FormData } = {}) =>
  fetch(`http://mock.escuela.test/api${path}`, {
    method: body !== undefined || form ? 'POST' : 'GET',
    headers: {
      'x-account-id': expectedAccountId(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined
        ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }
        : {}),
    },
    body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });

async function parentToken(): Promise<string> {
  const reply = await api('/usuarios/login', { body: MOCK_CREDENTIALS.parent });
  return ((await reply.json()) as { result: { token: string } }).result.token;
}

/** A valid one-child, one-week request for week `index` of the summer camp. */
async function request(token: string, index: number, card: string = SANDBOX_CARDS.approved) {
  const { summer } = demoCampIds();
  const weeks = (await (await api(`/semanas/findbycamp/${summer}`, { token })).json()) as {
    data: {
      weekData: Array<{ _id: string; name: string; date: string; value: number; categories: string[] }>;
    };
  };
  const week = weeks.data.weekData[index]!;
  const price = priceCart({
    campType: 'campamento',
    lines: [{ cupo: 1, value: week.value }],
    membershipFee: 3500,
  });
  return {
    week,
    body: {
      campament: summer,
      listCalendar: [
        {
          id: week._id,
          name: week.name,
          date: week.date,
          // Infantil (10 a 13 años): the fixture child is 10.
          time: week.categories[1]!,
          quantity: 1,
          value: week.value,
          membership_id: '',
          cupo: 1,
        },
      ],
      // Not the fixtures' Pedro, who holds a place in week 1 (one place per child, issue 26).
      listParticipants: [participant(1, { first_name: 'Sofía' })],
      emergencyContact: CONTACT,
      cardHolder: 'Carmen Rodríguez',
      cardNumber: card,
      expDate: '12/2030',
      cvv: '123',
      termsandconditions: true,
      comprobantefiscal: false,
      amount: price.total,
      discount: price.discount,
      coupon: '',
    },
  };
}

describe('mock scenarios', () => {
  it('the normal run enrols with the test card', async () => {
    const token = await parentToken();
    const reply = await api('/inscripciones/create', { token, body: (await request(token, 0)).body });
    expect(reply.status).toBe(201);
    expect(((await reply.json()) as { result: { amountFormat: string } }).result.amountFormat).toBe(
      formatDop(4700),
    );
  });

  it('tarjeta-rechazada: the bank declines any card', async () => {
    setScenario('tarjeta-rechazada');
    const token = await parentToken();
    const reply = await api('/inscripciones/create', { token, body: (await request(token, 0)).body });
    expect(reply.status).toBe(402);
    expect(await reply.json()).toEqual({ success: false, status: 'ERROR', message: CARD_MESSAGES.declined });
  });

  it('semana-llena: the week fills as the cart asks to hold it, so no hold is granted and the payment is refused; a swapped week is held and paid', async () => {
    setScenario('semana-llena');
    const token = await parentToken();
    const { body, week } = await request(token, 0);
    const hold = async (weekId: string) => {
      const reply = await api(`/carritos/${demoCampIds().summer}`, {
        token,
        body: { weeks: [weekId], participants: 1, places: [{ week: weekId, count: 1 }] },
      });
      expect(reply.status).toBe(200);
      return ((await reply.json()) as { data: { expires_at: string | null; weeks: unknown[] } }).data;
    };
    // The hold and the scenario agree: the full week is not held (nothing held, no countdown).
    expect((await hold(week._id)).weeks).toEqual([{ _id: week._id, wanted: 1, held: 0, quota_f_left: 0 }]);
    const reply = await api('/inscripciones/create', { token, body });
    expect(reply.status).toBe(409);
    expect(await reply.json()).toEqual({ success: false, status: 'ERROR', message: weekFullMessage(week) });
    const weeks = (await (await api(`/semanas/findbycamp/${demoCampIds().summer}`, { token })).json()) as {
      data: { weekData: Array<{ quota_f_left: number }> };
    };
    expect(weeks.data.weekData[0]!.quota_f_left).toBe(0);
    // Paying again is refused again.
    expect((await api('/inscripciones/create', { token, body })).status).toBe(409);
    // One week fills, once: the family swaps it for week 3, which is held and paid.
    const swapped = await request(token, 2);
    expect((await hold(swapped.week._id)).weeks).toEqual([
      expect.objectContaining({ _id: swapped.week._id, wanted: 1, held: 1 }),
    ]);
    expect((await api('/inscripciones/create', { token, body: swapped.body })).status).toBe(201);
  });

  it('error-carga: the wizard and admin loads answer non-SUCCESS with a Spanish message', async () => {
    const token = await parentToken();
    setScenario('error-carga');
    for (const path of [
      `/semanas/findbycamp/${demoCampIds().summer}`,
      `/campamentos/findbyid/${demoCampIds().summer}`,
    ]) {
      const reply = await api(path, { token });
      expect(reply.status).toBe(500);
      const body = (await reply.json()) as { status: string; message: string };
      expect(body.status).toBe('ERROR');
      expect(body.message).toMatch(/^No fue posible cargar los datos/);
    }
  });

  it('cupon-caido: the coupon service answers that it is down, without blaming the connection', async () => {
    const token = await parentToken();
    setScenario('cupon-caido');
    const reply = await api('/cupones/validate', { token, body: { coupon: 'VERANO10' } });
    expect(reply.status).toBe(503);
    const body = (await reply.json()) as { message: string };
    expect(body.message).toBe(COUPON_SERVICE_DOWN);
    expect(body.message).not.toMatch(/conexión/);
  });

  it('error-foto: the upload fails', async () => {
    const token = await parentToken();
    setScenario('error-foto');
    const form = new FormData();
    form.append(
      'foto',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }),
      'foto.jpg',
    );
    const reply = await api('/inscripciones/uploadtoazurecdn', { token, form });
    expect(reply.ok).toBe(false);
  });

  it('error-guardar: admin saves fail with a message', async () => {
    setScenario('error-guardar');
    const login = await api('/usuarios/login', { body: MOCK_CREDENTIALS.admin });
    const { token } = ((await login.json()) as { result: { token: string } }).result;
    const reply = await api('/cupones/create', { token, body: { code: 'X1', label: 'X' } });
    expect(reply.status).toBe(500);
  });

  it('lento: every call waits', async () => {
    setScenario('lento');
    const started = Date.now();
    await api('/health');
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_DELAY_MS - 50);
  });

  it('reads the scenario from the URL and keeps it in sessionStorage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    } as Storage;
    expect(initScenario({ search: '?camp=1&escenario=cupon-caido' }, storage)).toBe('cupon-caido');
    expect(store.get(SCENARIO_STORAGE_KEY)).toBe('cupon-caido');
    expect(initScenario({ search: '' }, storage)).toBe('cupon-caido');
    expect(initScenario({ search: '?escenario=no-existe' }, storage)).toBe<ScenarioId>('cupon-caido');
    setScenario('normal', storage);
    expect(initScenario({ search: '' }, storage)).toBe('normal');
  });
});
