// Route schemas compiled once per process, not once per app. Fastify builds a new Ajv and a new
// fast-json-stringify for every instance, and compiling the routes' schemas was about half the
// cost of building the app: the test suite builds several hundred apps, a server builds one. The
// compiled functions depend only on the schema and the options, so the same schema (compared by
// its JSON text: routes often build their schema objects inside the plugin) gets the same
// function. The compilers themselves are Fastify's own, with the options the app passes.
import type { FastifyServerOptions } from 'fastify';
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/** What Fastify hands a compiler for each part of each route. */
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
}
type Compiler<F> = (route: RouteSchema) => F;
type Factory<F> = (externalSchemas: unknown, options: unknown) => Compiler<F>;
type Validate = (data: unknown) => unknown;
type Serialize = (data: unknown) => string;

/** One memo per set of compiler options (the key), each keyed by the route part's schema text. */
function memo<F>(): (optionsKey: string, schema: unknown, build: () => F) => F {
  const byOptions = new Map<string, Map<string, F>>();
  return (optionsKey, schema, build) => {
    let compiled = byOptions.get(optionsKey);
    if (!compiled) byOptions.set(optionsKey, (compiled = new Map<string, F>()));
    const key = JSON.stringify(schema);
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, (fn = build()));
    return fn;
  };
}

// Ajv's own pool already shares one Ajv per set of external schemas and options across apps.
// (Its types describe the compile function as taking a bare schema; Fastify calls it with the
// route's definition, as below.)
const ajvPool = AjvCompiler() as unknown as Factory<Validate>;
const validators = memo<Validate>();

const buildValidator: Factory<Validate> = (externalSchemas, options) => {
  const compile = ajvPool(externalSchemas, options);
  const optionsKey = JSON.stringify([externalSchemas, options]);
  // The HTTP part is in the key: Fastify may hand the same schema for two parts.
  return (route) => validators(`${optionsKey}|${route.httpPart ?? ''}`, route.schema, () => compile(route));
};

const serializerSelector = SerializerSelector() as unknown as Factory<Serialize>;
const serializers = memo<Serialize>();

const buildSerializer: Factory<Serialize> = (externalSchemas, options) => {
  const compile = serializerSelector(externalSchemas, options);
  const optionsKey = JSON.stringify([externalSchemas, options]);
  return (route) => serializers(optionsKey, route.schema, () => compile(route));
};

/** For Fastify's `schemaController.compilersFactory`. */
export const sharedSchemaCompilers = { buildValidator, buildSerializer } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
