// The admin area's entry (its own lazy chunk): before the panel renders, its RTK Query API is
// injected into the app's store (reducer and middleware), once per store. Lives in the app layer
// because only the app knows the store's root reducer.
import { useState } from 'react';
import { useStore } from 'react-redux';
import { AdminApp } from '../admin/AdminApp.tsx';
import { adminApi } from '../admin/api.ts';
import { rootReducer, type AppStore } from './store.ts';

const injected = new WeakSet<AppStore>();

function injectAdminApi(store: AppStore) {
  if (injected.has(store)) return;
  injected.add(store);
  rootReducer.inject(adminApi);
  store.addMiddleware(adminApi.middleware);
  // The injected reducer gets its initial state on the next action.
  store.dispatch({ type: 'adminApi/injected' });
}

export function AdminArea() {
  const store = useStore() as AppStore;
  useState(() => injectAdminApi(store));
  return <AdminApp />;
}
