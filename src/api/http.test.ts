import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { ApiError, httpClient, NETWORK_ERROR_MESSAGE, request } from './http.ts';
import { fetchEarly } from './early.ts';

/** Captures the request the client sent. */
function capture(method: 'get' | 'post', path: string, answer: () => Response = () => HttpResponse.json({})) {
  const seen: { request?: Request; body?: unknown } = {};
  server.use(
    http[method](`*/api${path}`, async ({ request: req }) => {
      seen.request = req.clone();
      const text = await req.text();
      seen.body = text === '' ? undefined : text;
      return answer();
    }),
  );
  return seen;
}

describe('http client', () => {
  it('calls the API base with the account header and returns parsed JSON', async () => {
    const seen = capture('get', '/campamentos/findbyid/c1', () =>
      HttpResponse.json({ status: 'SUCCESS', data: { name: 'Campamento de Verano' } }),
    );
    await expect(httpClient.get('/campamentos/findbyid/c1')).resolves.toEqual({
      status: 'SUCCESS',
      data: { name: 'Campamento de Verano' },
    });
    expect(new URL(seen.request!.url).pathname).toBe('/api/campamentos/findbyid/c1');
    expect(seen.request!.headers.get('x-account-id')).toBe('test-account');
    expect(seen.request!.headers.get('authorization')).toBeNull();
  });

  it('answers the health check through the shared mock handlers', async () => {
    await expect(httpClient.get('/health')).resolves.toEqual({ status: 'ok', store: 'mock', uptime: 0 });
  });

  it('sends the stored token as a bearer token', async () => {
    localStorage.setItem('token', 'parent-jwt');
    const seen = capture('get', '/usuarios/profile/u1');
    await httpClient.get('/usuarios/profile/u1');
    expect(seen.request!.headers.get('authorization')).toBe('Bearer parent-jwt');
  });

  it('uses a passed token instead of the stored one, and none when told so', async () => {
    localStorage.setItem('token', 'parent-jwt');
    const seen = capture('get', '/campamentos/listpop');
    await httpClient.get('/campamentos/listpop', { token: 'admin-jwt' });
    expect(seen.request!.headers.get('authorization')).toBe('Bearer admin-jwt');

    await httpClient.get('/campamentos/listpop', { token: null });
    expect(seen.request!.headers.get('authorization')).toBeNull();
    expect(seen.request!.headers.get('x-account-id')).toBe('test-account');
  });

  it('sends JSON bodies', async () => {
    const seen = capture('post', '/cupones/validate', () =>
      HttpResponse.json({ status: 'SUCCESS', data: { code: 'VERANO10' } }),
    );
    const answer = await httpClient.post('/cupones/validate', { coupon: 'verano10' });
    expect(answer).toEqual({ status: 'SUCCESS', data: { code: 'VERANO10' } });
    expect(seen.request!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen.body as string)).toEqual({ coupon: 'verano10' });
  });

  it('sends FormData as multipart, untouched', async () => {
    const seen = capture('post', '/inscripciones/uploadtoazurecdn', () =>
      HttpResponse.json({ result: '/u/x.png' }),
    );
    const form = new FormData();
    form.append('foto', new Blob(['png-bytes'], { type: 'image/png' }), 'foto.png');
    await request('/inscripciones/uploadtoazurecdn', { method: 'POST', body: form });
    expect(seen.request!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('returns undefined for an empty answer', async () => {
    capture('post', '/cupones/delete/1', () => new HttpResponse(null, { status: 204 }));
    await expect(httpClient.post('/cupones/delete/1')).resolves.toBeUndefined();
  });

  it("throws an ApiError with the server's message on a non-2xx answer", async () => {
    capture('post', '/usuarios/login', () =>
      HttpResponse.json(
        { success: false, status: 'ERROR', message: 'Correo o contraseña incorrectos' },
        { status: 401 },
      ),
    );
    const error = await httpClient
      .post('/usuarios/login', { email: 'a@b.do', password: 'x' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Correo o contraseña incorrectos',
      body: { success: false, status: 'ERROR', message: 'Correo o contraseña incorrectos' },
    });
  });

  it('falls back to a Spanish message when the error answer has none', async () => {
    capture('get', '/semanas/listpop', () => new HttpResponse('Bad Gateway', { status: 502 }));
    await expect(httpClient.get('/semanas/listpop')).rejects.toMatchObject({
      status: 502,
      message: 'El servidor respondió con un error (código 502).',
      body: 'Bad Gateway',
    });
  });

  it('throws a Spanish network message when the server cannot be reached', async () => {
    server.use(http.get('*/api/semanas/findbycamp/c1', () => HttpResponse.error()));
    const error = await httpClient.get('/semanas/findbycamp/c1').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE, network: true });
  });
});

describe('GETs started early (early.ts)', () => {
  /** The profile's answers, counted; `failFirst` drops the first connection. */
  function profileServer({ failFirst = false } = {}) {
    const asked = { times: 0, tokens: [] as Array<string | null> };
    server.use(
      http.get('*/api/usuarios/profile/u1', ({ request: req }) => {
        asked.times += 1;
        asked.tokens.push(req.headers.get('authorization'));
        if (failFirst && asked.times === 1) return HttpResponse.error();
        return HttpResponse.json({ result: { name: `respuesta ${asked.times}` } });
      }),
    );
    return asked;
  }

  it('gives request() the answer already on its way, once, with the same headers', async () => {
    localStorage.setItem('token', 'parent-jwt');
    const asked = profileServer();
    fetchEarly(['/usuarios/profile/u1']);
    await expect(httpClient.get('/usuarios/profile/u1')).resolves.toEqual({
      result: { name: 'respuesta 1' },
    });
    expect(asked.times).toBe(1);
    expect(asked.tokens).toEqual(['Bearer parent-jwt']);
    // Taken once: the next call asks the server.
    await expect(httpClient.get('/usuarios/profile/u1')).resolves.toEqual({
      result: { name: 'respuesta 2' },
    });
    localStorage.removeItem('token');
  });

  it('asks again after an early call that failed, one made with another token, or one too old', async () => {
    localStorage.setItem('token', 'parent-jwt');
    const asked = profileServer({ failFirst: true });
    fetchEarly(['/usuarios/profile/u1']);
    await expect(httpClient.get('/usuarios/profile/u1')).resolves.toEqual({
      result: { name: 'respuesta 2' },
    });

    fetchEarly(['/usuarios/profile/u1']);
    localStorage.setItem('token', 'otro-jwt'); // signed in anew meanwhile
    await expect(httpClient.get('/usuarios/profile/u1')).resolves.toEqual({
      result: { name: 'respuesta 4' },
    });

    const now = Date.now();
    fetchEarly(['/usuarios/profile/u1']);
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    try {
      await expect(httpClient.get('/usuarios/profile/u1')).resolves.toEqual({
        result: { name: 'respuesta 6' },
      });
    } finally {
      later.mockRestore();
    }
    expect(asked.times).toBe(6);
    localStorage.removeItem('token');
  });
});
