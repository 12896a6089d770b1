// The shared compilers: one compiled function per schema and options across app instances, and
// Fastify's own behaviour kept (defaults applied, unknown fields removed, bad input refused).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schemaCompilers.ts';

const OPTIONS = { customOptions: { removeAdditional: 'all', useDefaults: true, coerceTypes: 'array' } };
const body = () => ({
  type: 'object',
  properties: { name: { type: 'string', minLength: 2 }, places: { type: 'integer', default: 25 } },
  required: ['name'],
});

type Build = (externals: unknown, options: unknown) => (route: unknown) => (data: unknown) => unknown;
const buildValidator = sharedSchemaCompilers.buildValidator as unknown as Build;
const buildSerializer = sharedSchemaCompilers.buildSerializer as unknown as Build;

describe('shared schema compilers', () => {
  it('gives two apps the same compiled validator for equal schemas, a new one for another part', () => {
    const route = (httpPart: string) => ({ schema: body(), method: 'POST', url: '/x', httpPart });
    const first = buildValidator({}, OPTIONS)(route('body'));
    const second = buildValidator({}, OPTIONS)(route('body'));
    expect(second).toBe(first);
    expect(buildValidator({}, OPTIONS)(route('querystring'))).not.toBe(first);
    // Other options (another Ajv) never share.
    expect(buildValidator({}, { customOptions: {} })(route('body'))).not.toBe(first);
  });

  it('gives the same serializer for equal response schemas', () => {
    const route = () => ({ schema: body(), method: 'GET', url: '/x', httpStatus: '200' });
    const first = buildSerializer({}, {})(route());
    expect(buildSerializer({}, {})(route())).toBe(first);
    expect(first({ name: 'Ana', places: 3, secret: 'x' })).toBe('{"name":"Ana","places":3}');
  });

  it('keeps validation as Fastify does it, in every app built', async () => {
    for (let i = 0; i < 2; i += 1) {
      const app = Fastify({
        ajv: OPTIONS as never,
        schemaController: { compilersFactory: sharedSchemaCompilers },
      });
      app.post('/x', { schema: { body: body() } }, async (request) => request.body);
      const ok = await app.inject({ method: 'POST', url: '/x', payload: { name: 'Ana', extra: 1 } });
      expect(ok.json()).toEqual({ name: 'Ana', places: 25 });
      const bad = await app.inject({ method: 'POST', url: '/x', payload: { name: 'A' } });
      expect(bad.statusCode).toBe(400);
      await app.close();
    }
  });
});
