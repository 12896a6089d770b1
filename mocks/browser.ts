import { setupWorker } from 'msw/browser';
import { handlers } from './handlers.ts';

export async function startMockWorker(): Promise<void> {
  await setupWorker(...handlers).start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
  });
}
