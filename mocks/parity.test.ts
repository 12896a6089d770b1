// Runs the API parity suite (mocks/parity/suite.ts) twice: against the real server (buildTestApp,
// demo seed, inject) and against the MSW handlers (msw/node, fetch). Same tests, same answers.
import { setupServer } from 'msw/node';
import type { InjectOptions } from 'fastify';
import { buildTestApp } from '../server/testing/build.ts';
import { seedDemoData } from '../src/core/seed.ts';
import { handlers } from './handlers.ts';
import { MOCK_CREDENTIALS, resetMockData } from './data.ts';
import { expectedAccountId } from './kit.ts';
import { paritySuite, type Call, type CallOptions, type Reply } from './parity/suite.ts';

/** The request as a browser would send it: JSON, or multipart for a form. */
function requestOf(method: string, url: string, accountId: string, options: CallOptions): Request {
  const headers = new Headers(options.headers);
  if (!options.noAccount && !headers.has('x-account-id')) headers.set('x-account-id', accountId);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return new Request(url, { method, headers, body });
}

async function replyOf(status: number, contentType: string, text: string): Promise<Reply> {
  return { status, text, body: contentType.includes('application/json') ? JSON.parse(text) : undefined };
}

paritySuite('real server', async () => {
  const t = await buildTestApp();
  await seedDemoData(t.store);
  await t.createUser({ ...MOCK_CREDENTIALS.admin, admin: true });
  await t.createUser(MOCK_CREDENTIALS.parent);
  const call: Call = async (method, path, options = {}) => {
    const request = requestOf(method, `http://localhost${path}`, t.config.accountId, options);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await t.app.inject({
      method,
      url: path,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    } as InjectOptions);
    return replyOf(response.statusCode, String(response.headers['content-type'] ?? ''), response.body);
  };
  return { call, credentials: MOCK_CREDENTIALS, close: () => t.close() };
});

paritySuite('MSW handlers', async () => {
  await resetMockData();
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const call: Call = async (method, path, options = {}) => {
    const response = await fetch(
      requestOf(method, `http://mock.escuela.test${path}`, expectedAccountId(), options),
    );
    return replyOf(response.status, response.headers.get('content-type') ?? '', await response.text());
  };
  return {
    call,
    credentials: MOCK_CREDENTIALS,
    close: async () => {
      server.close();
      await resetMockData();
    },
  };
});
