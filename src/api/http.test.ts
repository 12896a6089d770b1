import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, request } from './http.ts';
import { appConfig } from './config.ts';

describe('request', () => {
  it('sends the account header, the stored token and JSON, and returns the parsed answer', async () => {
    localStorage.setItem('token', 'tok-123');
    let seen: { account: string | null; auth: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      mock.post('/api/cupones/validate', async ({ request: req }) => {
        seen = {
          account: req.headers.get('x-account-id'),
          auth: req.headers.get('authorization'),
          type: req.headers.get('content-type'),
          body: await req.json(),
        };
        return HttpResponse.json({ status: 'SUCCESS', data: { code: 'VERANO10' } });
      }),
    );
    const answer = await request<{ status: string }>('/cupones/validate', { body: { coupon: 'verano10' } });
    expect(answer).toEqual({ status: 'SUCCESS', data: { code: 'VERANO10' } });
    expect(seen).toEqual({
      account: appConfig.accountId,
      auth: 'Bearer tok-123',
      type: 'application/json',
      body: { coupon: 'verano10' },
    });
  });

  it("throws the server's Spanish message with the status", async () => {
    server.use(
      mock.post('/api/usuarios/login', () =>
        HttpResponse.json(
          { success: false, message: 'Correo electrónico o contraseña incorrectos.' },
          { status: 401 },
        ),
      ),
    );
    const error = await request('/usuarios/login', { body: {}, token: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Correo electrónico o contraseña incorrectos.' });
  });

  it('turns a network failure into a Spanish message', async () => {
    server.use(mock.get('/api/health', () => HttpResponse.error()));
    const error = (await request('/health').catch((e: unknown) => e)) as ApiError;
    expect(error.network).toBe(true);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
