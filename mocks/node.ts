// The same handlers for tests running in Node (vitest, jsdom).
import { setupServer } from 'msw/node';
import { handlers } from './handlers.ts';

export const server = setupServer(...handlers);
