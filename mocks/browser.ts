// Mock mode in the browser: the MSW service worker answers the API (loaded only with --env mock).
// Importing it seeds the mock data, picks the tester's scenario (?escenario=…, kept in
// sessionStorage), keeps mock sessions across reloads, and shows the scenario panel.
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers.ts';
import { persistSessionsIn, resetMockData } from './data.ts';
import { initScenario } from './scenarios.ts';
import { mountScenarioPanel } from './scenario-panel.ts';

initScenario(window.location, window.sessionStorage);
await resetMockData();
persistSessionsIn(window.localStorage);
mountScenarioPanel(document);

export const worker = setupWorker(...handlers);
