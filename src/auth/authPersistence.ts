// Keeps localStorage 'token' (and 'userId') in step with the auth slice, so the HTTP client and a reload see it;
// the reducers themselves stay pure.
import type { Middleware } from '@reduxjs/toolkit';
import { STORAGE_KEYS, writeStored } from '../api/storage.ts';
import { loginUser, logoutUser } from './authSlice.ts';

/**
 * A plain middleware that writes once the reducer has run. RTK's listener middleware did the same
 * for these two actions, but brought its tasks, conditions and cancellation (about 1.5 KB gzip) into
 * the first download of every page.
 */
export function createAuthPersistence(): Middleware {
  return () => (next) => (action) => {
    const result = next(action);
    if (loginUser.match(action)) {
      writeStored(STORAGE_KEYS.token, action.payload.token);
      writeStored(STORAGE_KEYS.userId, action.payload.userId);
    } else if (logoutUser.match(action)) {
      writeStored(STORAGE_KEYS.token, null);
      writeStored(STORAGE_KEYS.userId, null);
    }
    return result;
  };
}
