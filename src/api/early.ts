// GETs a first page needs, started by main.tsx with the page's own scripts instead of once the
// chunks that ask for them have downloaded and run (issue 23: the signed-in calendar's profile and
// camp calls came a round trip later, after the frame's and the wizard's chunks). request()
// (http.ts) takes each answer once, if recent; the paths come from the modules that ask for them.
import { appConfig } from './config.ts';
import { readStored, STORAGE_KEYS } from './storage.ts';

/** Absolute URL of an API path ('/semanas/findbycamp/1' → 'http://host/api/semanas/findbycamp/1'). */
export function apiUrl(path: string): string {
  const url = `${appConfig.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  return typeof location === 'undefined' ? url : new URL(url, location.href).href;
}

/** The headers of every API call: JSON, the school's account, the bearer token when there is one. */
export function apiHeaders(token: string | null): Headers {
  const headers = new Headers({ accept: 'application/json', 'x-account-id': appConfig.accountId });
  if (token) headers.set('authorization', `Bearer ${token}`);
  return headers;
}

/** How long an early answer stays good to take. */
const FRESH_MS = 30_000;

const started = new Map<string, { at: number; token: string | null; answer: Promise<Response> }>();

/** Starts the GETs of `paths` now, with the stored token, for request() to take. */
export function fetchEarly(paths: string[]): void {
  const token = readStored(STORAGE_KEYS.token);
  for (const path of paths) {
    const url = apiUrl(path);
    const answer = fetch(url, { headers: apiHeaders(token) });
    answer.catch(() => undefined); // a failure is request()'s to meet, when it asks again
    started.set(url, { at: Date.now(), token, answer });
  }
}

/** The early answer of a GET of `url` with `token`, once, if recent; else undefined. */
export function takeEarly(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  started.delete(url);
  if (!early || early.token !== token || Date.now() - early.at >= FRESH_MS) return undefined;
  return early.answer;
}
