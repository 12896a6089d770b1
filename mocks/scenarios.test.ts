// The testers' scenarios (mocks/scenarios.ts) produce the failures of the spec's error catalogues.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { CARD_MESSAGES, SANDBOX_CARDS } from '../src/domain/cards.ts';
import { weekFullMessage } from '../src/domain/enrolment.ts';
import { formatDop, priceCart } from '../src/domain/pricing.ts';
import { CONTACT, demoCart, enrolmentRequest, participant } from '../src/core/checkout/fixtures.ts';
import {
  AUTHENTICATION_MESSAGES,
  BANK_STEP_RECEIVED,
  CHALLENGE_SIMULATOR,
  CHALLENGE_TEST_CARD,
} from '../src/domain/authentication.ts';
import { MOCK_SCHOOLS } from './schools.ts';
import { handlers } from './handlers.ts';
import { coreOf, demoCampIds, MOCK_CREDENTIALS, resetMockData, schoolData } from './data.ts';
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

/**
 * Mock mode's bank (issue 59, ./bank.ts): the 3-D Secure challenge card is held for the bank's step
 * as on the server; the frame's page is the bank's simulator, and its answer settles the payment.
 */
describe("mock mode's bank: the 3-D Secure challenge", () => {
  /** The bank's frame for `session`: its page, and the cRes each of its answers posts. */
  async function bankFrame(session: string) {
    const reply = await api(`/autenticacion-3ds/${session}`);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await reply.text();
    const answers = Object.fromEntries(
      [...html.matchAll(/data-cres="([^"]+)"[^>]*>([A-Za-z]+)</g)].map(([, cres, outcome]) => [
        outcome,
        cres,
      ]),
    );
    return { html, answers };
  }

  /** The simulator's answer `outcome`, posted as its page posts it; then the step's state. */
  async function answer(token: string, session: string, outcome: keyof typeof CHALLENGE_SIMULATOR.outcomes) {
    const { answers } = await bankFrame(session);
    const posted = await fetch(`http://mock.escuela.test/api/autenticacion-3ds/${session}/fin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-account-id': expectedAccountId() },
      body: `cRes=${encodeURIComponent(answers[outcome])}`,
    });
    expect(await posted.text()).toContain(BANK_STEP_RECEIVED);
    return (await (await api(`/inscripciones/autenticacion/${session}`, { token })).json()) as {
      state: string;
      answer?: {
        statusCode: number;
        body: { success: boolean; message?: string; result?: { amountFormat: string } };
      };
    };
  }

  it('the wizard: held for the bank, its simulator framed; Yes pays, Unavailable charges nothing and says why', async () => {
    const token = await parentToken();
    const { body } = await request(token, 0, CHALLENGE_TEST_CARD.number);
    const held = await api('/inscripciones/create', { token, body });
    expect(held.status).toBe(202);
    const { authentication, message } = (await held.json()) as {
      message: string;
      authentication: { session: string; kind: string };
    };
    expect(message).toBe(AUTHENTICATION_MESSAGES.authenticating);
    expect(authentication.kind).toBe('challenge');
    const status = await api(`/inscripciones/autenticacion/${authentication.session}`, { token });
    expect(await status.json()).toMatchObject({ state: 'challenge' });
    const { html, answers } = await bankFrame(authentication.session);
    expect(html).toContain(CHALLENGE_SIMULATOR.title);
    expect(html).toContain(CHALLENGE_SIMULATOR.prompt);
    expect(Object.keys(answers)).toEqual(['Yes', 'No', 'Attempt', 'Rejected', 'Unavailable']);

    const paid = await answer(token, authentication.session, 'Yes');
    expect(paid).toMatchObject({ state: 'done', answer: { statusCode: 201, body: { success: true } } });
    expect(paid.answer!.body.result!.amountFormat).toBe(formatDop(body.amount));
    // Settled: the frame says the answer is in, the step takes no second answer.
    expect((await bankFrame(authentication.session)).html).toContain(BANK_STEP_RECEIVED);

    const again = await request(token, 2, CHALLENGE_TEST_CARD.number);
    const second = (await (await api('/inscripciones/create', { token, body: again.body })).json()) as {
      authentication: { session: string };
    };
    const refused = await answer(token, second.authentication.session, 'Unavailable');
    expect(refused).toMatchObject({
      state: 'done',
      answer: {
        statusCode: 402,
        body: { success: false, message: AUTHENTICATION_MESSAGES.notAuthenticated },
      },
    });
    // Nothing charged: the week's place went back.
    const weeks = (await (await api(`/semanas/findbycamp/${demoCampIds().summer}`, { token })).json()) as {
      data: { weekData: Array<{ _id: string; quota_f: number }> };
    };
    const before = again.week as unknown as { quota_f: number };
    expect(weeks.data.weekData.find((week) => week._id === again.week._id)!.quota_f).toBe(before.quota_f);
  });

  it("'Mis pagos': the challenge card kept for autopay is challenged again for an instalment, then paid once", async () => {
    const token = await parentToken();
    const core = await coreOf(schoolData(expectedAccountId()) ?? schoolData(MOCK_SCHOOLS[0].id)!);
    const annual = await demoCart(core.deps.store, 'PA2027');
    const monthly = annual.weeks.findIndex((week) => week.name === 'Pago mensual');
    const body = {
      ...enrolmentRequest(annual, [[monthly]], { card: CHALLENGE_TEST_CARD.number, children: 'B' }),
      autopay: true,
    };
    const held = (await (await api('/inscripciones/create', { token, body })).json()) as {
      authentication: { session: string };
    };
    const paid = await answer(token, held.authentication.session, 'Yes');
    expect(paid.answer!.statusCode).toBe(201);
    const ledgers = (await (await api('/pagos', { token })).json()) as {
      data: Array<{
        enrolment: { _id: string; order_number: string };
        lines: Array<{ _id: string; owed: number; state: string }>;
      }>;
    };
    const orderId = (paid.answer!.body.result as unknown as { orderId: string }).orderId;
    const ledger = ledgers.data.find((each) => each.enrolment.order_number === orderId)!;
    // The family's card on file is the challenge card, kept with the approval.
    const card = (await (await api('/tarjetas', { token })).json()) as {
      data: { brand: string; last4: string };
    };
    expect(card.data).toMatchObject({ brand: 'Visa', last4: '0059' });
    const next = ledger.lines.find((line) => line.state !== 'pagada')!;

    const instalment = await api(`/pagos/cuota/${ledger.enrolment._id}`, {
      token,
      body: { cuota: next._id, amount: next.owed, saved: true },
    });
    expect(instalment.status).toBe(202);
    const { authentication } = (await instalment.json()) as {
      authentication: { session: string; kind: string };
    };
    expect(authentication.kind).toBe('challenge');
    expect((await answer(token, authentication.session, 'Yes')).state).toBe('done');
    const after = (await (await api('/pagos', { token })).json()) as typeof ledgers;
    const line = after.data
      .find((each) => each.enrolment._id === ledger.enrolment._id)!
      .lines.find((each) => each._id === next._id)!;
    expect(line.state).toBe('pagada');
  });
});
