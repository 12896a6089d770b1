// MSW handlers: the stand-in for the API (testers' mock mode and the front end's tests). Every
// call of both catalogues is added here by the MSW issue; for now the health check.
import { http, HttpResponse } from 'msw';

export const handlers = [
  http.get('/api/health', () => HttpResponse.json({ status: 'ok', store: 'mock', uptime: 0 })),
];
