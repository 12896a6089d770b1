// A lazy area's RTK Query API (the admin panel's, the platform console's) joins the app's store
// when the area's chunk first renders: its reducer and middleware, once per store. Lives in the
// app layer because only the app knows the store's root reducer.
import { useState } from 'react';
import { useStore } from 'react-redux';
import type { Middleware, Reducer } from '@reduxjs/toolkit';
import { rootReducer, type AppStore } from './store.ts';

interface LazyApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

const injected = new WeakMap<LazyApi, WeakSet<AppStore>>();

function inject(store: AppStore, api: LazyApi) {
  const stores = injected.get(api) ?? new WeakSet<AppStore>();
  injected.set(api, stores);
  if (stores.has(store)) return;
  stores.add(store);
  rootReducer.inject(api);
  store.addMiddleware(api.middleware);
  // The injected reducer gets its initial state on the next action.
  store.dispatch({ type: `${api.reducerPath}/injected` });
}

/** Injects `api` into the store of the tree before the area's first render. */
export function useInjectedApi(api: LazyApi): void {
  const store = useStore() as AppStore;
  useState(() => inject(store, api));
}
