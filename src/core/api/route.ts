// One API call, described once for every adapter: method and path (under /api), who may call it,
// the shared TypeBox schemas of its input, its per-client limit, and what it does with the core.
// The server registers these with Fastify (server/http/routes.ts), the mocks with MSW
// (mocks/kit.ts); neither writes a call of its own.
import {
  ADMINISTRATION_ROLES,
  CAMP_DAY_ROLES,
  OFFICE_ROLES,
  ROLE_MESSAGES,
  type StaffRole,
} from '../../domain/roles.ts';
import { ApiError } from '../errors.ts';
import { Type, type Static, type TSchema } from 'typebox';
import { type UserRecord } from '../../domain/records.ts';
import { staffRoleOf } from '../../domain/roles.ts';
import type { Core } from '../services.ts';
import { EXPORT_COLUMNS, type ExportColumn } from '../admin/export.ts';

export type Audience = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteSchema {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** The successful answer's shape by status (src/domain/schemas/answers.ts); refusals use the error envelope. */
  response: Record<number, TSchema>;
}

type Input<S extends TSchema | undefined> = S extends TSchema ? Static<S> : undefined;

export interface Call<S extends RouteSchema> {
  params: Input<S['params']>;
  query: Input<S['querystring']>;
  body: Input<S['body']>;
  /** The signed-in user; never null on 'user' and 'admin' calls (the adapters' guards ran). */
  account: UserRecord | null;
  /** The client's address (sign-in throttling). */
  ip: string;
  header(name: string): string | undefined;
}

/** An answer with a status other than 200 (a plain return value answers 200). */
export class Answer {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    this.status = status;
    this.body = body;
  }
}

// The two Answers below are sent as their text, unserialised: each adapter checks for them first.

/** A small Spanish page instead of JSON (a link opened from an e-mail), escaped by its maker. */
export class HtmlAnswer extends Answer {
  declare readonly body: string;
}

/**
 * An answer already written as JSON text (a cached list's), sent as is: the server skips its
 * serialiser, so the text must be what the response schema would have written.
 */
export class JsonText extends Answer {
  declare readonly body: string;
}

/**
 * A download instead of JSON: the rows of an export, which each adapter writes in the asked format
 * (the server streams them; the mocks build the file in the browser).
 */
/** One worksheet of a file: its name, columns and rows. */
export interface FileSheet {
  sheet: string;
  columns: readonly ExportColumn<never>[];
  rows: AsyncIterable<object>;
}

/** A download's answers: each adapter writes the file itself (FileAnswer), so 200 carries no JSON. */
export const FileDownload = { 200: Type.Unknown() };

export class FileAnswer {
  readonly filename: string;
  readonly format: 'xlsx' | 'csv';
  readonly rows: AsyncIterable<object>;
  /** The columns (the enrolment export's by default) and the worksheet's name. */
  readonly columns: readonly ExportColumn<never>[];
  readonly sheet: string;
  /** Worksheets after the first (.xlsx only; a CSV holds the first). */
  readonly more: readonly FileSheet[];
  constructor(
    filename: string,
    format: 'xlsx' | 'csv',
    rows: AsyncIterable<object>,
    columns: readonly ExportColumn<never>[] = EXPORT_COLUMNS,
    sheet = 'Inscripciones',
    more: readonly FileSheet[] = [],
  ) {
    this.filename = filename;
    this.format = format;
    this.rows = rows;
    this.columns = columns;
    this.sheet = sheet;
    this.more = format === 'xlsx' ? more : [];
  }

  /** Every worksheet, the first one first. */
  get sheets(): FileSheet[] {
    return [{ sheet: this.sheet, columns: this.columns, rows: this.rows }, ...this.more];
  }
}

/** A file already made (a receipt's PDF), sent as is with its type and name. */
export class BytesAnswer {
  readonly filename: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  constructor(filename: string, contentType: string, bytes: Uint8Array) {
    this.filename = filename;
    this.contentType = contentType;
    this.bytes = bytes;
  }
}

export const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** What a call states besides its method, path and audience: who among staff, input, limit, work. */
export interface CallDeclaration<S extends RouteSchema = RouteSchema> {
  /** An 'admin' call's staff roles (issue 25): OFFICE_ROLES unless it says (src/domain/roles.ts). */
  roles?: readonly StaffRole[];
  schema: S;
  /** Calls per client and minute window on the server; `perAccount` counts per signed-in parent. */
  rateLimit?: RateLimit;
  handle(call: Call<S>, core: Core): Promise<unknown>;
}

export interface RateLimit {
  max: number;
  timeWindow: string;
  perAccount?: boolean;
  /** With perAccount: also at most this many per client address, whatever the accounts (issue 43). */
  perAddressMax?: number;
}

export interface ApiRoute<S extends RouteSchema = RouteSchema> extends CallDeclaration<S> {
  method: Method | Method[];
  /** Path under /api, Fastify style (':id'). */
  url: string;
  audience: Audience;
}

/** Declares a call with its input types inferred from its schemas. */
export const route = <S extends RouteSchema>(definition: ApiRoute<S>): ApiRoute => definition;

/**
 * Declares the calls of one audience (and, for staff, of the roles given): each states its method,
 * its path and the rest of its declaration.
 */
export const callsOf =
  (audience: Audience, roles?: readonly StaffRole[]) =>
  <S extends RouteSchema>(
    method: Method | Method[],
    url: string,
    declaration: CallDeclaration<S>,
  ): ApiRoute =>
    route({ method, url, audience, ...(roles ? { roles } : {}), ...declaration });

/** A call anyone may make (signing in, a link opened from an e-mail). */
export const publicCall = callsOf('public');
/** A call of a signed-in user: a parent, or staff acting as one. */
export const userCall = callsOf('user');
/** A staff call: the office's unless `roles` says otherwise. */
export const adminCall = callsOf('admin');
/** A staff call of administrators only (issue 25): staff accounts, settings and fiscal data. */
export const administratorCall = callsOf('admin', ADMINISTRATION_ROLES);
/** A staff call coaches may make too (issue 25): the rosters and the camp day. */
export const campDayCall = callsOf('admin', CAMP_DAY_ROLES);

/** At most `max` calls per signed-in account in the window (a minute unless said). */
export const perAccount = (max: number, timeWindow = '1 minute'): RateLimit => ({
  max,
  timeWindow,
  perAccount: true,
});

/** At most `max` calls per client address in the window (a minute unless said). */
export const perAddress = (max: number, timeWindow = '1 minute'): RateLimit => ({ max, timeWindow });

/** The signed-in user of a 'user' or 'admin' call. */
export const accountOf = (call: { account: UserRecord | null }): UserRecord => call.account!;

/** The admin of an 'admin' call and the address it came from, as the audit log records them. */
export const actorOf = (call: { account: UserRecord | null; ip: string }) => ({
  user: accountOf(call),
  ip: call.ip,
});

/** Whether a staff account may make an 'admin' call; refused with the Spanish reason otherwise. */
export function assertRole(route: Pick<ApiRoute, 'roles'>, account: UserRecord): void {
  const role = staffRoleOf(account);
  if (account.must_change_password) throw new ApiError(403, ROLE_MESSAGES.mustChangePassword);
  if (!role || !(route.roles ?? OFFICE_ROLES).includes(role))
    throw new ApiError(403, ROLE_MESSAGES.forbidden(role));
}
