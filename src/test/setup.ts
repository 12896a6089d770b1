// Vitest setup of the "web" project (jsdom): jest-dom matchers, the MSW node server shared by
// all component tests, and a clean DOM + storage between tests.
import '@testing-library/jest-dom/vitest';
// jsdom has no canvas: the admin dashboard's charts (Chart.js) draw on this stand-in.
import 'vitest-canvas-mock';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetMocks, server } from '../../mocks/node.ts';

// findBy/waitFor give up after 1 s by default; with two test files sharing two cores, a screen can
// take longer than that to appear. A wait that succeeds is not slowed by a longer limit.
configure({ asyncUtilTimeout: 5000 });

// What /app-config.js sets in the browser; read by src/api/config.ts when first imported.
window.__APP_CONFIG__ = {
  accountId: 'test-account',
  apiBase: '/api',
  socialProviders: { google: false, facebook: false },
  schoolWebsite: 'https://escuela-baloncesto.example.org',
};

// jsdom has no ResizeObserver either; Chart.js watches its container's size with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom does not scroll (each wizard step scrolls to its top when it opens, 'Ver qué falta'
// scrolls to a field): no-ops here.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await resetMocks();
});

afterEach(async () => {
  cleanup(); // vitest globals are off, so Testing Library cannot register this itself
  server.resetHandlers();
  await resetMocks(); // the mock data and scenario do not leak from one test into the next
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => server.close());
