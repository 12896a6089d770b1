// Providers shared by the real bootstrap and the tests (the router is chosen by the caller).
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toasts } from '../lib/toasts.tsx';
import type { AppStore } from './store.ts';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <Toasts />
    </Provider>
  );
}
