// Bootstrap: runtime config, MSW in mock mode (before the first request), then render.
import 'admin-lte/dist/css/adminlte.css'; // AdminLTE 4's build already contains Bootstrap 5.3
import './app/theme.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { appConfig } from './api/config.ts';
import { App } from './app/App.tsx';
import { AppProviders } from './app/providers.tsx';
import { preloadFor } from './app/routeChunks.ts';
import { makeStore } from './app/store.ts';
import { selectIsLoggedIn } from './auth/authSlice.ts';
import { isMockServiceWorker, unregisterServiceWorkers } from './lib/serviceWorkers.ts';

async function bootstrap(): Promise<void> {
  if (!appConfig.accountId) {
    console.warn('app-config.js did not set accountId: API calls will be refused by the server.');
  }

  // DefinePlugin turns the test into a constant and webpack skips the dead branch, so outside
  // mock mode the MSW chunk is never built. Keep the import() inline here for that reason.
  if (__MOCK_API__) {
    await unregisterServiceWorkers(isMockServiceWorker);
    const { worker } = await import(/* webpackChunkName: "msw" */ '../mocks/browser.ts');
    await worker.start({ onUnhandledRequest: 'bypass' });
  } else {
    void unregisterServiceWorkers();
  }

  // The wizard opens each step at its top itself; the browser's own restoring on Back would
  // otherwise move the page a moment later.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

  const store = makeStore();
  // The first page's chunks (and a wizard step's camp data) download together, while React starts.
  preloadFor(location.pathname, selectIsLoggedIn(store.getState()), location.search);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root element missing from index.html');
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // A public page the server rendered ahead (src/prerender.tsx) is hydrated: its form stays on
  // screen while the scripts take over. Only for the address and the visitor it was made for: a
  // signed-in parent on /login is sent on, so that page is drawn anew.
  if (container.dataset.prerendered === location.pathname && !selectIsLoggedIn(store.getState())) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void bootstrap();
