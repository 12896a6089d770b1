// Mock mode in the browser: the MSW service worker answers the API (loaded only with --env mock).
// Importing it picks the tester's scenario (?escenario=…, kept in sessionStorage), starts the mock
// data where the tester left them (or from the fixtures; 'Reiniciar datos' in the panel), keeps
// mock sessions across reloads, and shows the scenario panel.
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers.ts';
import { mockCore, persistSessionsIn, restoreUploads, saveMockData, startMockData } from './data.ts';
import { offerFreedPlaces } from '../src/core/checkout/waitlist.ts';
import { issuePendingReceipts } from '../src/core/receipts/pending-receipts.ts';
import { initScenario } from './scenarios.ts';
import { mountScenarioPanel } from './scenario-panel.ts';

initScenario(window.location, window.sessionStorage);
const restored = await startMockData(window.localStorage);
persistSessionsIn(window.localStorage);
if (!restored) await restoreUploads();
// A save still pending when the page goes (a reload right after paying) is made now.
window.addEventListener('pagehide', saveMockData);
mountScenarioPanel(document);
// Waiting lists move on as on the server's pass: offers that ran out pass to the next family, and
// places freed by an expired hold or more capacity are offered.
setInterval(() => void offerFreedPlaces(mockCore().deps).catch(() => undefined), 60_000);
// Fiscal receipts that waited for an NCF sequence are issued, as on the server.
setInterval(() => void issuePendingReceipts(mockCore().deps).catch(() => undefined), 60_000);

export const worker = setupWorker(...handlers);
