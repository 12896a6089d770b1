// The Redux store. `combineSlices` lets later areas (ui slice, admin RTK Query) be added or
// injected lazily without touching the parents' entry chunk.
import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { authSlice } from '../auth/authSlice.ts';
import { createAuthPersistence } from '../auth/authPersistence.ts';
import { createUiPersistence } from '../shell/uiPersistence.ts';
import { uiSlice } from '../shell/uiSlice.ts';

export const rootReducer = combineSlices(authSlice, uiSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  // Lazy areas (the admin panel's RTK Query API) add their middleware when their chunk loads.
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(createAuthPersistence(), createUiPersistence()).concat(dynamic.middleware),
  });
  return Object.assign(store, { addMiddleware: dynamic.addMiddleware });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

// Gives the typed hooks of src/lib/hooks.ts the real store types. (Inside this block names
// resolve in hooks.ts first, hence AppStore['dispatch'] rather than its AppDispatch.)
declare module '../lib/hooks.ts' {
  interface StoreTypes {
    state: RootState;
    dispatch: AppStore['dispatch'];
  }
}
