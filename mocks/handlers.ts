// MSW handlers for the API, shared by the browser worker (mock mode) and msw/node (tests).
// Later issues add every call of both specs' catalogues here, built on src/domain contracts.
import { http, HttpResponse } from 'msw';

/** Any origin: the worker sees same-origin URLs, msw/node sees the absolute URLs of jsdom. */
export const apiPath = (path: string): string => `*/api${path}`;

export const handlers = [
  // Same answer shape as the real server's health check.
  http.get(apiPath('/health'), () => HttpResponse.json({ status: 'ok', store: 'mock', uptime: 0 })),
];
