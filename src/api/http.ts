// The one HTTP client: API base, the account header on every call, the bearer token when there
// is one, JSON in and out, and errors that carry the server's Spanish message.
import { appConfig } from './config.ts';
import { readStored, STORAGE_KEYS } from './storage.ts';

export const NETWORK_ERROR_MESSAGE =
  'No fue posible conectar con el servidor. Por favor verifique su conexión a internet.';

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** True when the server was never reached (status 0). */
  get network(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Bearer token; the stored parent token when absent, none when null. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'x-account-id': appConfig.accountId, ...options.headers };
  const token = options.token === undefined ? readStored(STORAGE_KEYS.token) : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${appConfig.apiBase}${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const message =
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { message?: unknown }).message === 'string'
        ? (parsed as { message: string }).message
        : `Error ${response.status}`;
    throw new ApiError(response.status, message, parsed);
  }
  return parsed as T;
}
