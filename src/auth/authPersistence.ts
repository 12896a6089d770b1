// Keeps localStorage 'token' (and 'userId') in step with the auth slice, so the HTTP client and a reload see it;
// the reducers themselves stay pure.
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { STORAGE_KEYS, writeStored } from '../api/storage.ts';
import { loginUser, logoutUser } from './authSlice.ts';

export function createAuthPersistence() {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: loginUser,
    effect: ({ payload }) => {
      writeStored(STORAGE_KEYS.token, payload.token);
      writeStored(STORAGE_KEYS.userId, payload.userId);
    },
  });
  listener.startListening({
    actionCreator: logoutUser,
    effect: () => {
      writeStored(STORAGE_KEYS.token, null);
      writeStored(STORAGE_KEYS.userId, null);
    },
  });
  return listener.middleware;
}
