// Mock mode in the browser: the MSW service worker answers the API (loaded only with --env mock).
// Importing it also picks the tester's scenario (?escenario=…, kept in sessionStorage), keeps
// mock sessions across reloads, and shows the scenario panel.
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers.ts';
import { persistSessionsIn } from './data.ts';
import { initScenario } from './scenarios.ts';
import { mountScenarioPanel } from './scenario-panel.ts';

initScenario(window.location, window.sessionStorage);
persistSessionsIn(window.localStorage);
mountScenarioPanel(document);

export const worker = setupWorker(...handlers);
