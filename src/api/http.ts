// The one HTTP client of the front end: API base prefix, account header, bearer token,
// JSON in and out, and one error type carrying the server's (Spanish) message.
import { apiHeaders, apiUrl, takeEarly } from './early.ts';
import { readStored, STORAGE_KEYS } from './storage.ts';

export const NETWORK_ERROR_MESSAGE =
  'No fue posible conectar con el servidor. Por favor verifique su conexión a internet e intente de nuevo.';

/** Non-2xx answer (status = HTTP code) or transport failure (status = 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** True when the server was never reached. */
  get network(): boolean {
    return this.status === 0;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Plain values are sent as JSON; FormData (uploads) is sent as multipart. */
  body?: unknown;
  /** Bearer token: omitted → the stored parent token (localStorage 'token'); null → no Authorization. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: no x-account-id, for the platform's calls, which belong to no school. */
  account?: boolean;
}

export { apiUrl };

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const token = options.token === undefined ? readStored(STORAGE_KEYS.token) : options.token;
  const headers = apiHeaders(token);
  if (options.account === false) headers.delete('x-account-id');

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // fetch sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  let response: Response;
  let parsed: unknown;
  try {
    const url = apiUrl(path);
    const send = () => fetch(url, { method, headers, body: payload, signal });
    // A GET main.tsx started early with these headers: its answer, or a new try if it failed.
    const early = method === 'GET' && !options.headers ? takeEarly(url, token) : undefined;
    response = await (early ? early.catch(send) : send());
    parsed = parseBody(await response.text());
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) {
    throw new ApiError(
      response.status,
      serverMessage(parsed) ?? `El servidor respondió con un error (código ${response.status}).`,
      parsed,
    );
  }
  return parsed as T;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const httpClient = {
  get: <T = unknown>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(path: string, options?: Options) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
