// The mock data set's fixtures are usable as they are: the paid demo enrolments (two camp weeks and
// an annual plan's first payment) fall within the dashboard chart's last 30 days, whatever today's
// date is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import type { DashboardAnswer } from '../src/domain/dashboard.ts';
import { handlers } from './handlers.ts';
import { MOCK_CREDENTIALS, resetMockData } from './data.ts';
import { expectedAccountId } from './kit.ts';
import { setScenario } from './scenarios.ts';

const server = setupServer(...handlers);
beforeAll(async () => {
  await resetMockData();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

const api = async (path: string, init: { token?: string; body?: unknown } = {}) => {
  const response = await fetch(`http://mock.escuela.test/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'x-account-id': expectedAccountId(),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return response.json() as Promise<Record<string, unknown>>;
};

describe('mock data', () => {
  it("shows the demo school's paid enrolments on the dashboard chart", async () => {
    const login = (await api('/usuarios/login', { body: MOCK_CREDENTIALS.admin })) as {
      result: { token: string };
    };
    const { data } = (await api('/dashboard', { token: login.result.token })) as unknown as DashboardAnswer;
    const bars = data.paidPerDay.filter((entry) => entry.count > 0);
    // Two camp weeks (12 and 3 days ago) and today's first payment of the annual plan.
    expect(bars.map((entry) => [entry.count, entry.amount])).toEqual([
      [1, 4700],
      [1, 4700],
      [1, 3900 + 3500],
    ]);
  });

  it('seeds its paid fixtures even while a tester has the declined-card scenario on', async () => {
    setScenario('tarjeta-rechazada');
    try {
      await resetMockData();
    } finally {
      setScenario('normal');
    }
    const login = (await api('/usuarios/login', { body: MOCK_CREDENTIALS.parent })) as {
      result: { token: string };
    };
    const { data } = (await api('/usuarios/activity', { token: login.result.token })) as {
      data: { enrolments: Array<{ order_number: string; payment_status: string; amount: number }> };
    };
    expect(
      data.enrolments.map(({ order_number, payment_status, amount }) => [
        order_number,
        payment_status,
        amount,
      ]),
    ).toEqual([
      ['1003', 'paid', 3900 + 3500],
      ['1002', 'paid', 4700],
      ['1001', 'paid', 4700],
    ]);
  });
});

describe('mock mode’s coach (issue 25)', () => {
  it('signs in to the rosters and the camp day, and is refused the dashboard', async () => {
    const login = (await api('/usuarios/login', { body: MOCK_CREDENTIALS.coach })) as {
      result: { token: string; role: string };
    };
    expect(login.result.role).toBe('entrenador');
    const token = login.result.token;
    const camps = (await api('/campamentos/listpop', { token })) as { status: string };
    expect(camps.status).toBe('SUCCESS');
    // Assigned the summer camp's first two weeks: their rosters hold the fixture children.
    const summer = (
      (await api('/campamentos/listpop', { token })) as { data: Array<{ _id: string; type: string }> }
    ).data.find((camp) => camp.type === 'campamento')!;
    const rosters = (await api(`/inscripciones/listas?campament=${summer._id}`, { token })) as {
      data: Array<{ week_name: string; categories: Array<{ children: Array<{ name: string }> }> }>;
    };
    expect(
      rosters.data.map((week) => [week.week_name, week.categories.flatMap((group) => group.children).length]),
    ).toEqual([
      ['Semana 1', 1],
      ['Semana 2', 1],
    ]);
    const dashboard = (await api('/dashboard', { token })) as { message: string };
    expect(dashboard.message).toBe('Su rol (Entrenador) no permite esta acción. Pídala a un administrador.');
  });
});
