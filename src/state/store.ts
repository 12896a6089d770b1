// The Redux store of the shell: auth now, UI settings with the shell issue. makeStore lets every
// test build its own.
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import authSlice from './authSlice.ts';

const rootReducer = combineSlices(authSlice);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
