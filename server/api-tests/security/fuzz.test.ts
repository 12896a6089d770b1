// Property-based fuzzing of every operation in the OpenAPI document (fast-check): malformed
// bodies, params, queries, headers, tokens and content types. Whatever arrives, the server never
// answers 5xx, every refusal is the one Spanish envelope without framework words, and a refused
// request stores nothing. FUZZ_RUNS raises the count (npm run fuzz); a failure prints its seed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const COLLECTIONS = [
  'usuarios',
  'inscripciones',
  'campamentos',
  'categorias',
  'semanas',
  'cupones',
  'membresias',
  'uploads',
];

interface Operation {
  method: string;
  path: string;
}

let t: TestApp;
let operations: Operation[];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.store);
  tokens.parent = (await t.createUser()).token;
  tokens.admin = (await t.createUser({ admin: true })).token;
  await t.app.ready();
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
}, 60_000);
afterAll(() => t.close());

/** Values an attacker or a broken client sends where a field is expected. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '__proto__',
    'constructor',
    '$where',
    '{"$gt":""}',
    '../../etc/passwd',
    '%00',
    '\u0000\u0001\u001f',
    '<script>alert(1)</script>',
    'ñandú 🏀',
    '0123456789abcdef01234567',
    'ffffffffffffffffffffffff',
    'MB-0000-0000',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

const operatorObject = fc.constantFrom(
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  JSON.parse('{"__proto__": {"admin": true}}') as object,
  { constructor: { prototype: { tipo: 'admin' } } },
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nasty,
    operatorObject,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(
      fc.oneof(fc.string(), fc.constantFrom('__proto__', '$where', 'email', 'password', '_id', 'tipo')),
      tie('value'),
      {
        maxKeys: 6,
      },
    ),
  ),
})).value;

/** Deep nesting, far past what any form sends. */
const deep = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = 'x';
  for (let index = 0; index < depth; index += 1) value = { a: value };
  return value;
});

const body = fc.oneof(
  jsonValue.map((value) => ({ kind: 'json' as const, value })),
  deep.map((value) => ({ kind: 'json' as const, value })),
  fc
    .constantFrom('{', '{"a":', 'null', '[]', '"text"', '{"email": "a@b.do",}', '\u0000')
    .map((raw) => ({ kind: 'raw' as const, raw })),
  fc.constant({ kind: 'none' as const }),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'multipart/form-data; boundary=xyz',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin-99',
  'garbage',
  undefined,
);

// Mostly real tokens, so most requests get past the guards to validation and the services.
const authorization = fc.oneof(
  { arbitrary: fc.constantFrom('parent', 'admin').map((who) => `Bearer ${tokens[who]}`), weight: 8 },
  fc.constantFrom('bearer', 'BEARER', 'Basic', 'Bearer', '').chain((scheme) =>
    fc.oneof(
      fc.constant(`${scheme} ${tokens.parent}x`),
      fc.constant(`${scheme} eyJhbGciOiJub25lIn0.eyJzdWIiOnsiJG5lIjpudWxsfX0.`),
      fc.string().map((text) => `${scheme} ${text}`),
    ),
  ),
  fc.constant(undefined),
);

const request = fc.record({
  operation: fc.nat(),
  params: fc.array(nasty.map(String), { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(
    fc.constantFrom('page', 'limit', 'q', 'status', 'sort', 'campament', '__proto__', 'x'),
    nasty.map(String),
    {
      maxKeys: 4,
    },
  ),
  body,
  contentType,
  authorization,
  account: fc.oneof({ arbitrary: fc.constant('right'), weight: 18 }, fc.constantFrom('wrong', 'missing')),
});

/** A message in the one envelope: Spanish, no framework names (quoted field names aside). */
function englishOrFramework(message: string): boolean {
  const unquoted = message.replace(/"[^"]*"/g, '');
  return /FST_|\b(must|should|Bad Request|Not Found|Unauthorized|Internal|Unsupported|Error:|invalid|required|Expected)\b/i.test(
    unquoted,
  );
}

const counts = async () =>
  Promise.all(COLLECTIONS.map((name) => t.store.collection(name).count({}, { withDeleted: true })));

describe(`fuzzing every API operation (${RUNS} requests)`, () => {
  it('never answers 5xx, always the Spanish envelope, and a refused request stores nothing', async () => {
    expect(operations.length).toBeGreaterThan(40);
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const operation = operations[input.operation % operations.length]!;
        let index = 0;
        const url = operation.path.replace(/\{[^}]+\}/g, () =>
          encodeURIComponent(input.params[index++] ?? ''),
        );
        const query = new URLSearchParams(input.query).toString();
        const headers: Record<string, string> = {};
        if (input.account !== 'missing')
          headers['x-account-id'] = input.account === 'right' ? t.config.accountId : 'otra-escuela';
        if (input.authorization !== undefined) headers.authorization = input.authorization;
        if (input.contentType) headers['content-type'] = input.contentType;
        headers['idempotency-key'] = `fuzz-${Math.random().toString(36).slice(2)}-key-0000`;
        let payload: string | undefined;
        if (input.body.kind === 'json') payload = JSON.stringify(input.body.value) ?? 'null';
        else if (input.body.kind === 'raw') payload = input.body.raw;
        const before = await counts();
        const res = await t.app.inject({
          method: operation.method,
          url: query ? `${url}?${query}` : url,
          headers,
          ...(payload !== undefined && operation.method !== 'GET' ? { payload } : {}),
        } as InjectOptions);
        expect(res.statusCode, `${operation.method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        // Social sign-in answers the popup's HTML page, not JSON.
        if (operation.path.startsWith('/api/v1/auth')) return;
        if (res.statusCode >= 400) {
          const answer = res.json<{ success?: unknown; status?: unknown; message?: unknown }>();
          expect(answer, `${operation.method} ${url}`).toMatchObject({ success: false, status: 'ERROR' });
          expect(typeof answer.message).toBe('string');
          expect(
            englishOrFramework(answer.message as string),
            `${operation.method} ${url}: ${String(answer.message)}`,
          ).toBe(false);
          expect(await counts(), `${operation.method} ${url} stored something`).toEqual(before);
        }
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 240_000 },
    );
  }, 300_000);
});
