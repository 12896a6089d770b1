// The MSW adapter of the shared call table (src/core/api), mirroring the server's
// (server/http/routes.ts): account header → that school's core → guard → input validated with the
// same TypeBox schemas (unknown fields dropped, Spanish messages naming the field) → the core's
// answer, refusals in the server's envelopes.
import { http, HttpResponse, type HttpHandler } from 'msw';
import Value from 'typebox/value';
import type { TSchema } from 'typebox';
import {
  Answer,
  FILE_TYPES,
  BytesAnswer,
  FileAnswer,
  HtmlAnswer,
  JsonText,
  type ApiRoute,
  type Audience,
  assertRole,
} from '../src/core/api/index.ts';
import { csvChunks, xlsxCells, xlsxColumns } from '../src/core/admin/export.ts';
import { ApiError, errorEnvelope, INTERNAL_ERROR_MESSAGE } from '../src/core/errors.ts';
import { AUTH_MESSAGES } from '../src/domain/accounts.ts';
import type { UserRecord } from '../src/domain/records.ts';
import { isAdmin } from '../src/domain/roles.ts';
import { schemaIssueMessage } from '../src/domain/validation.ts';
import type { Core } from '../src/core/services.ts';
import { coreOf, schoolData, type SchoolData } from './data.ts';
import { MOCK_SCHOOLS, mockSchool } from './schools.ts';

/** Any origin: the worker sees same-origin URLs, msw/node sees the absolute URLs of jsdom. */
export const apiPath = (path: string): string => `*/api${path}`;

/** The account id the page is configured with (window config, else the first mock school's). */
export function expectedAccountId(): string {
  const config = (globalThis as { __APP_CONFIG__?: { accountId?: string } }).__APP_CONFIG__;
  return config?.accountId ?? MOCK_SCHOOLS[0].id;
}

/**
 * The mock school a call's x-account-id names, as the server's account check; a page configured
 * with an id of no mock school (the component tests') is the first school's.
 */
function schoolOf(request: Request): SchoolData {
  const named = request.headers.get('x-account-id');
  const own = named === expectedAccountId() && !mockSchool(named);
  const data = schoolData(own ? MOCK_SCHOOLS[0].id : named);
  if (!data) throw new ApiError(403, AUTH_MESSAGES.account);
  return data;
}

interface TypeBoxIssue {
  keyword: string;
  instancePath: string;
  params: { requiredProperties?: string[]; pattern?: unknown };
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
export function validate(schema: TSchema, value: unknown, context: string): unknown {
  const converted = Value.Convert(schema, Value.Clean(schema, structuredClone(value)));
  const checked = withoutNullables(schema, converted);
  if (!Value.Check(schema, checked)) {
    const [first] = Value.Errors(schema, checked) as unknown as TypeBoxIssue[];
    const missing = first?.params.requiredProperties?.[0];
    throw new ApiError(
      400,
      schemaIssueMessage(
        first && {
          keyword: first.keyword,
          instancePath: first.instancePath,
          ...(missing ? { missing } : {}),
          pattern: first.params.pattern,
        },
        context,
      ),
    );
  }
  // Keep the nulls the schema allowed.
  return converted;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  const json = (request.headers.get('content-type') ?? '').includes('application/json');
  if (!json) {
    if (text === '') return undefined;
    throw new ApiError(415, 'Tipo de contenido no admitido.');
  }
  if (text === '') throw new ApiError(400, 'El cuerpo de la solicitud está vacío.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'El cuerpo de la solicitud no es un JSON válido.');
  }
}

/** The signed-in user of the request's bearer token, if the school signed it in and they are active. */
async function userOf(request: Request, school: SchoolData, core: Core): Promise<UserRecord | null> {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const userId = token ? school.sessions.get(token) : undefined;
  const user = userId ? await core.deps.store.collection<UserRecord>('usuarios').findById(userId) : null;
  return user?.status === 'active' ? user : null;
}

/** The school of the call and the guard of an audience, as the server's requireUser / requireAdmin. */
export async function guard(
  request: Request,
  audience: Audience,
  call?: Pick<ApiRoute, 'roles'>,
): Promise<{ school: SchoolData; core: Core; user: UserRecord | null }> {
  const school = schoolOf(request);
  const core = await coreOf(school);
  const user = await userOf(request, school, core);
  if (audience !== 'public' && !user) throw new ApiError(401, AUTH_MESSAGES.missing);
  if (audience === 'admin' && !isAdmin(user!)) throw new ApiError(403, AUTH_MESSAGES.notAdmin);
  // The call's staff roles (issue 25), as the server checks them.
  if (audience === 'admin') assertRole(call ?? {}, user!);
  return { school, core, user };
}

/** A refusal or an unexpected failure as the server's error handler answers it. */
export function failure(error: unknown): Response {
  if (error instanceof ApiError)
    return HttpResponse.json((error.body ?? errorEnvelope(error.message)) as never, {
      status: error.statusCode,
    });
  console.error('[msw] unexpected error', error);
  return HttpResponse.json(errorEnvelope(INTERNAL_ERROR_MESSAGE), { status: 500 });
}

/**
 * The answer as the server's serialiser writes it: dates as ISO text, and only the fields of the
 * call's response schema; an answer outside its schema is a bug, answered as a 500.
 */
function serialise(schema: TSchema | undefined, body: unknown): unknown {
  const json: unknown = JSON.parse(JSON.stringify(body));
  if (!schema) return json;
  const cleaned = Value.Clean(schema, json);
  if (!Value.Check(schema, cleaned)) {
    const [first] = Value.Errors(schema, cleaned) as unknown as TypeBoxIssue[];
    throw new Error(`answer outside its response schema at ${first?.instancePath ?? '?'}`);
  }
  return cleaned;
}

/** Optional work of a scenario before a call runs (e.g. another family takes the last places). */
export type Before = (call: { body: unknown }, core: Core) => Promise<void>;

/** One shared call as MSW handlers (one per method). */
export function handlersOf(call: ApiRoute, before?: Before): HttpHandler[] {
  return [call.method].flat().map((method) =>
    http[method.toLowerCase() as 'get' | 'post' | 'delete'](
      apiPath(call.url),
      async ({ request, params }) => {
        try {
          const { core, user: account } = await guard(request, call.audience, call);
          const { schema } = call;
          const query = Object.fromEntries(new URL(request.url).searchParams);
          const input = {
            params: schema.params ? validate(schema.params, params, 'params') : undefined,
            query: schema.querystring ? validate(schema.querystring, query, 'querystring') : undefined,
            body: schema.body ? validate(schema.body, await readJson(request), 'body') : undefined,
            account,
            ip: '127.0.0.1',
            header: (name: string) => request.headers.get(name) ?? undefined,
          };
          await before?.(input, core);
          const result = await call.handle(input, core);
          if (result instanceof FileAnswer) return await fileResponse(result);
          if (result instanceof BytesAnswer)
            return new HttpResponse(result.bytes as Uint8Array<ArrayBuffer>, {
              headers: {
                'content-type': result.contentType,
                'content-disposition': `attachment; filename="${result.filename}"`,
              },
            });
          if (result instanceof HtmlAnswer) return HttpResponse.html(result.body, { status: result.status });
          if (result instanceof JsonText)
            return new HttpResponse(result.body, {
              status: result.status,
              headers: { 'content-type': 'application/json' },
            });
          const [status, body] = result instanceof Answer ? [result.status, result.body] : [200, result];
          return HttpResponse.json(serialise(call.schema.response[status], body) as never, { status });
        } catch (error) {
          return failure(error);
        }
      },
    ),
  );
}

/** An export as the server sends it, built in the browser (exceljs loaded only when asked for). */
async function fileResponse(answer: FileAnswer): Promise<Response> {
  let body: BodyInit;
  if (answer.format === 'csv') {
    let text = '';
    for await (const chunk of csvChunks(answer.rows, answer.columns)) text += chunk;
    body = text;
  } else {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    for (const { sheet: name, columns, rows } of answer.sheets) {
      const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = xlsxColumns(columns);
      sheet.getRow(1).font = { bold: true };
      for await (const row of rows) sheet.addRow(xlsxCells(row, columns));
    }
    body = await workbook.xlsx.writeBuffer();
  }
  return new HttpResponse(body, {
    headers: {
      'content-type': FILE_TYPES[answer.format],
      'content-disposition': `attachment; filename="${answer.filename}"`,
    },
  });
}
