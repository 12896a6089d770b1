// Every JSON call the server answers declares the shape of its successful answer (a response
// schema, from src/domain/schemas): walked through the OpenAPI document Fastify builds from the
// registered routes, so a route added without one fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build.ts';
import { API_ROUTES } from '../../src/core/api/index.ts';

/** Calls that answer HTML or redirects (the OAuth popup), or a file (a school's export), not JSON. */
const NOT_JSON = [/^\/api\/v1\/auth\//, /^\/api\/docs/, /^\/api\/plataforma\/cuentas\/\{id\}\/exportar$/];
/** Meta's webhook subscription check answers its challenge as plain text, as Meta asks. */
const PLAIN_TEXT = ['GET /api/whatsapp/webhook'];

interface Operation {
  responses?: Record<string, { content?: unknown }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('response schemas', () => {
  it('every shared call declares its successful answer', () => {
    const missing = API_ROUTES.filter(
      (call) => !Object.keys(call.schema.response).some((status) => /^2\d\d$/.test(status)),
    ).map((call) => call.url);
    expect(missing).toEqual([]);
  });

  it('every JSON route the server registers under /api has a 2xx response schema', async () => {
    await t.app.ready();
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const apiPaths = Object.keys(document.paths).filter(
      (path) => path.startsWith('/api/') && !NOT_JSON.some((pattern) => pattern.test(path)),
    );
    // The table's calls plus the server's own (health, photo upload) are all there.
    expect(apiPaths.length).toBeGreaterThanOrEqual(new Set(API_ROUTES.map((call) => call.url)).size);
    const without = apiPaths.flatMap((path) =>
      Object.entries(document.paths[path]!)
        .filter(([, operation]) =>
          Object.entries(operation.responses ?? {}).every(
            ([status, answer]) => !/^2\d\d$/.test(status) || !answer.content,
          ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`)
        .filter((call) => !PLAIN_TEXT.includes(call)),
    );
    expect(without).toEqual([]);
  });
});
