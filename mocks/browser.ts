// Mock mode in the browser: the MSW service worker answers the API (loaded only with --env mock).
// Importing it picks the tester's scenario (?escenario=…, kept in sessionStorage), starts each demo
// school's mock data where the tester left them (or from the fixtures; 'Reiniciar datos' in the
// panel), keeps mock sessions across reloads, and shows the scenario panel. The page's school
// (?cuenta=…) was picked before, by the configuration script (mocks/app-config.js).
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers.ts';
import { persistSessionsIn, restoreUploads, saveMockData, startedCores, startMockData } from './data.ts';
import { offerFreedPlaces } from '../src/core/checkout/waitlist.ts';
import { issuePendingReceipts } from '../src/core/receipts/pending-receipts.ts';
import { initScenario } from './scenarios.ts';
import { mountScenarioPanel } from './scenario-panel.ts';

initScenario(window.location, window.sessionStorage);
await startMockData(window.localStorage);
persistSessionsIn(window.localStorage);
await restoreUploads();
// A save still pending when the page goes (a reload right after paying) is made now.
window.addEventListener('pagehide', saveMockData);
mountScenarioPanel(document);
// In every school started, as the server's passes: waiting lists move on (offers that ran out pass
// to the next family, places freed by an expired hold or more capacity are offered), and fiscal
// receipts that waited for an NCF sequence are issued.
setInterval(() => {
  for (const { deps } of startedCores()) {
    void offerFreedPlaces(deps).catch(() => undefined);
    void issuePendingReceipts(deps).catch(() => undefined);
  }
}, 60_000);

export const worker = setupWorker(...handlers);
