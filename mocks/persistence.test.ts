// Mock mode keeps a tester's data across reloads and scenario switches (issue 26) until 'Reiniciar
// datos': an order paid in one page load is there, with its dates as dates, in the next; after the
// reset the fixtures come back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { handlers } from './handlers.ts';
import {
  forgetMockData,
  MOCK_CREDENTIALS,
  mockCore,
  resetMockData,
  saveMockData,
  startMockData,
} from './data.ts';
import { expectedAccountId } from './kit.ts';
import { demoCart, enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import type { Enrolment } from '../src/domain/records.ts';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  await resetMockData();
});

/** The page's localStorage, as far as mock mode uses it. */
class PageStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
}

const api = async (path: string, init: { token?: string; body?: unknown } = {}) =>
  fetch(`http://mock.escuela.test/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'x-account-id': expectedAccountId(),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

const orders = () => mockCore().deps.store.collection<Enrolment>('inscripciones').find({});

describe('mock mode keeps the tester’s data', () => {
  it('an order paid before a reload is there after it, until Reiniciar datos', async () => {
    const storage = new PageStorage();
    expect(await startMockData(storage)).toBe(false);
    const fixtures = (await orders()).length;
    const login = await api('/usuarios/login', { body: MOCK_CREDENTIALS.parent });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const body = enrolmentRequest(await demoCart(mockCore().deps.store), [[2]], { children: 'Prueba' });
    const paid = await api('/inscripciones/create', { token, body });
    expect(paid.status).toBe(201);
    const { orderId } = ((await paid.json()) as { result: { orderId: string } }).result;
    saveMockData();

    // A reload: the page starts again from what was kept.
    expect(await startMockData(storage)).toBe(true);
    const kept = (await orders()).find((order) => String(order.order_number) === String(orderId));
    expect(kept).toMatchObject({ payment_status: 'paid' });
    expect(kept!.created_at).toBeInstanceOf(Date);
    expect(await orders()).toHaveLength(fixtures + 1);
    // The order numbers go on from there (the counters were kept too).
    const next = await api('/inscripciones/create', {
      token,
      body: enrolmentRequest(await demoCart(mockCore().deps.store), [[2]], { children: 'Otra' }),
    });
    expect(Number(((await next.json()) as { result: { orderId: string } }).result.orderId)).toBe(
      Number(orderId) + 1,
    );

    // 'Reiniciar datos': the next load is the fixtures again.
    forgetMockData(storage);
    expect(await startMockData(storage)).toBe(false);
    expect(await orders()).toHaveLength(fixtures);
  });
});
