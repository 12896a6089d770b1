// Bootstrap: in mock mode start MSW before the first request; otherwise remove any leftover
// service worker (spec 02 §9). Then render the app with its store, router and toasts.
import 'admin-lte/dist/css/adminlte.css';
import './app/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { App } from './app/App.tsx';
import { makeStore } from './state/store.ts';

async function prepare(): Promise<void> {
  if (process.env.MOCK_API === 'true') {
    const { startMockWorker } = await import(/* webpackChunkName: "mocks" */ '../mocks/browser.ts');
    await startMockWorker();
    return;
  }
  const registrations = (await navigator.serviceWorker?.getRegistrations?.()) ?? [];
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

await prepare();
const store = makeStore();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
        <ToastContainer
          position="top-right"
          autoClose={3000}
          newestOnTop
          draggable={false}
          pauseOnHover
          closeOnClick
        />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
