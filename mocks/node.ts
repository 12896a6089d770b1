// The same handlers for tests running in Node (vitest, jsdom). Tests put the in-memory data and
// the scenario back between tests with resetMocks() (src/test/setup.ts), and may switch a
// scenario on with setScenario() (mocks/scenarios.ts).
import { setupServer } from 'msw/node';
import { handlers } from './handlers.ts';
import { resetMockData } from './data.ts';
import { setScenario } from './scenarios.ts';

export const server = setupServer(...handlers);

/** Fixtures back, sessions forgotten, scenario 'normal'. */
export async function resetMocks(): Promise<void> {
  setScenario('normal');
  await resetMockData();
}

export { resetMockData, setScenario };
export { MOCK_CREDENTIALS, demoCampIds, mockCore, sessions } from './data.ts';
