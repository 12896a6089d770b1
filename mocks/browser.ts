// Mock mode in the browser: the MSW service worker answers the API (loaded only with --env mock).
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers.ts';

export const worker = setupWorker(...handlers);
