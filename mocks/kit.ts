// The mock API's plumbing, mirroring the real server's: the account header, the bearer guards,
// body validation with the shared TypeBox schemas (unknown fields dropped, Spanish messages naming
// the field), the error envelope, and listpop's paging/search. Handlers stay small on top of it.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { invalidFieldMessage } from '../src/domain/validation.ts';
import Value from 'typebox/value';
import type { TSchema } from 'typebox';
import { AUTH_MESSAGES } from '../src/domain/accounts.ts';
import {
  DEFAULT_PAGE_SIZE,
  ID_INVALID_MESSAGE,
  ID_PATTERN,
  LIST_MESSAGES,
  type ListArea,
} from '../src/domain/admin-contract.ts';
import { listCampFilter, listSort, type SortSpec } from '../src/domain/listing.ts';
import { isAdmin } from '../src/domain/records.ts';
import { collection, mockDb, type Doc, type MockUser } from './data.ts';

/** Any origin: the worker sees same-origin URLs, msw/node sees the absolute URLs of jsdom. */
export const apiPath = (path: string): string => `*/api${path}`;

/** The account id the real server would be configured with (window config, else its default). */
export function expectedAccountId(): string {
  const config = (globalThis as { __APP_CONFIG__?: { accountId?: string } }).__APP_CONFIG__;
  return config?.accountId ?? 'escuela-baloncesto';
}

export const INTERNAL_ERROR_MESSAGE = 'Error interno del servidor. Por favor intente de nuevo más tarde.';

export function errorEnvelope(message: string) {
  return { success: false as const, status: 'ERROR' as const, message };
}

/** A refusal: thrown by handlers, answered by `route` (same as the server's ApiError). */
export class MockError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.body = body ?? errorEnvelope(message);
  }
}

export const fail = (status: number, message: string, body?: unknown): never => {
  throw new MockError(status, message, body);
};

/** A handler's answer with its status (plain objects answer 200). */
export const answer = (status: number, body: unknown) => ({ __status: status, body });
type Answer = ReturnType<typeof answer>;

// ---- validation ------------------------------------------------------------------------------

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The server's validationMessage (server/http/errors.ts), from TypeBox's first error. */
function validationMessage(error: SchemaError | undefined, context: string): string {
  if (!error) return 'La solicitud no es válida.';
  const where = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (error.params.requiredProperties as string[] | undefined)?.[0];
  const field = missing ? [where, missing].filter(Boolean).join('.') : where || context;
  return invalidFieldMessage(error.keyword, field);
}

/** Null where the schema allows it (Ajv's `nullable`, which TypeBox does not read). */
function withoutNullables(schema: TSchema, value: unknown): unknown {
  const properties = (schema as { properties?: Record<string, { nullable?: boolean }> }).properties;
  if (!properties || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      ([key, item]) => !(item === null && properties[key]?.nullable),
    ),
  );
}

/** Checks `value` against a shared schema like the server's Ajv (extra fields dropped, coercion). */
export function validate<T>(schema: TSchema, value: unknown, context = 'body'): T {
  const cleaned = Value.Clean(schema, structuredClone(value));
  const converted = Value.Convert(schema, cleaned);
  const checked = withoutNullables(schema, converted);
  if (!Value.Check(schema, checked)) {
    const [first] = Value.Errors(schema, checked) as unknown as SchemaError[];
    throw new MockError(400, validationMessage(first, context));
  }
  // Keep the nulls the schema allowed.
  return converted as T;
}

const ID = new RegExp(ID_PATTERN);

export function checkId(id: string | readonly string[] | undefined): string {
  const text = typeof id === 'string' ? id : '';
  if (!ID.test(text)) fail(400, ID_INVALID_MESSAGE);
  return text;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  const json = (request.headers.get('content-type') ?? '').includes('application/json');
  if (!json) return text === '' ? undefined : fail(415, 'Tipo de contenido no admitido.');
  if (text === '') return fail(400, 'El cuerpo de la solicitud está vacío.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(400, 'El cuerpo de la solicitud no es un JSON válido.');
  }
}

// ---- routes ----------------------------------------------------------------------------------

export interface Context {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  user: MockUser | null;
  /** The JSON body, read lazily (uploads read the form themselves). */
  json: () => Promise<unknown>;
}

type Audience = 'public' | 'user' | 'admin';
type Method = 'get' | 'post' | 'delete';

export function userOf(request: Request): MockUser | null {
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer (.+)$/.exec(header)?.[1];
  const userId = token ? mockDb.sessions.get(token) : undefined;
  const user = collection<MockUser>('usuarios').find((candidate) => candidate._id === userId);
  return user && user.status === 'active' ? user : null;
}

/** One API route: account header → guard → handler, errors in the server's envelopes. */
export function route(
  methods: Method | Method[],
  path: string,
  audience: Audience,
  handler: (context: Context) => unknown,
  { accountHeader = true }: { accountHeader?: boolean } = {},
): HttpHandler[] {
  return [methods].flat().map((method) =>
    http[method](apiPath(path), async ({ request, params }) => {
      try {
        if (accountHeader && request.headers.get('x-account-id') !== expectedAccountId())
          fail(403, AUTH_MESSAGES.account);
        const user = userOf(request);
        if (audience !== 'public' && !user) fail(401, AUTH_MESSAGES.missing);
        if (audience === 'admin' && !isAdmin(user!)) fail(403, AUTH_MESSAGES.notAdmin);
        const result = await handler({
          request,
          params: params as Record<string, string>,
          query: new URL(request.url).searchParams,
          user,
          json: () => readJson(request),
        });
        if (result instanceof Response) return result;
        const { __status = 200, body = result } = (result ?? {}) as Partial<Answer>;
        return HttpResponse.json(body as never, { status: __status });
      } catch (error) {
        if (error instanceof MockError)
          return HttpResponse.json(error.body as never, { status: error.status });
        console.error('[msw] unexpected error', error);
        return HttpResponse.json(errorEnvelope(INTERNAL_ERROR_MESSAGE), { status: 500 });
      }
    }),
  );
}

// ---- queries ---------------------------------------------------------------------------------

export type { SortSpec };

export function valueAt(doc: Doc, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], doc);
}

const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : value);

export function sortDocs<T extends Doc>(docs: T[], spec: SortSpec): T[] {
  return [...docs].sort((a, b) => {
    for (const [field, direction] of Object.entries(spec)) {
      const x = comparable(valueAt(a, field)) as string | number | undefined;
      const y = comparable(valueAt(b, field)) as string | number | undefined;
      if (x === y) continue;
      if (x === undefined || x === null) return -direction;
      if (y === undefined || y === null) return direction;
      return (x < y ? -1 : 1) * direction;
    }
    return 0;
  });
}

/** Records that are not soft-deleted (what the store's reads see). */
export const visible = <T extends Doc>(name: string): T[] =>
  collection<T>(name).filter((doc) => doc.status !== 'borrado');

export const STATUS_ALIASES = { active: ['active', 'activo'], inactive: ['inactive', 'inactivo'] } as const;

/**
 * The server's listAnswer: everything, or one page with total/page/limit; `q`, `status` and
 * `campament` filter; `sort` orders (src/domain/listing.ts), else the list's own `sort`.
 */
export function listAnswer(
  query: URLSearchParams,
  docs: Doc[],
  {
    area,
    sort: defaultSort,
    search,
    present,
  }: { area: ListArea; sort: SortSpec; search: string[]; present: (docs: Doc[]) => unknown[] },
) {
  const raw = Object.fromEntries(query);
  const number = (text: string | undefined, max: number, name: string) => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > max)
      fail(
        400,
        `El campo "${name}" ${/^\d+$/.test(text) ? 'está fuera del rango permitido' : 'tiene un tipo de dato inválido'}.`,
      );
    return value;
  };
  const page = number(raw.page, 100_000, 'page');
  const limit = number(raw.limit, 100, 'limit');
  if (raw.status !== undefined && raw.status !== 'active' && raw.status !== 'inactive')
    fail(400, 'El campo "status" no tiene un valor permitido.');
  if (raw.campament !== undefined) checkId(raw.campament);
  const sort = listSort(area, raw.sort, defaultSort) ?? fail(400, LIST_MESSAGES.sortNotAllowed);
  const byCamp = listCampFilter(area, raw.campament) ?? fail(400, LIST_MESSAGES.campamentNotAllowed);
  let found = docs.filter((doc) => byCamp.campament === undefined || doc.campament === byCamp.campament);
  if (raw.status) {
    const aliases = STATUS_ALIASES[raw.status as 'active' | 'inactive'] as readonly string[];
    found = found.filter((doc) => aliases.includes(doc.status as string));
  }
  const q = raw.q?.trim().toLowerCase();
  if (q && search.length > 0)
    found = found.filter((doc) =>
      search.some((field) => {
        const value = valueAt(doc, field);
        return typeof value === 'string' && value.toLowerCase().includes(q);
      }),
    );
  found = sortDocs(found, sort);
  if (page === undefined && limit === undefined) return { status: 'SUCCESS', data: present(found) };
  const p = page ?? 1;
  const l = limit ?? DEFAULT_PAGE_SIZE;
  return {
    status: 'SUCCESS',
    data: present(found.slice((p - 1) * l, p * l)),
    total: found.length,
    page: p,
    limit: l,
  };
}
