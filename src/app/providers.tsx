// Providers shared by the real bootstrap and the tests (the router is chosen by the caller).
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import type { AppStore } from './store.ts';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      {/* Spec 02 §9: top-right, 3 s, newest on top, not draggable, pause on hover, close on click. */}
      <ToastContainer
        position="top-right"
        autoClose={3000}
        newestOnTop
        draggable={false}
        pauseOnHover
        closeOnClick
      />
    </Provider>
  );
}
