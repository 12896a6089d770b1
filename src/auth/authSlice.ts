// Parent session state (spec 01 §3 "Auth state"): logged in = a token is stored.
// Reducers stay pure; authPersistence.ts mirrors the token into localStorage.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored, STORAGE_KEYS } from '../api/storage.ts';

export interface CurrentUser {
  email: string;
  picture: string | null;
}

export interface AuthState {
  isLoggedIn: boolean;
  token: string | null;
  currentUser: CurrentUser;
}

/** Placeholder shown until the profile call answers (spec 02 §3). */
export const DEFAULT_USER: CurrentUser = { email: 'usuario@correo.com', picture: null };

/** Read at store creation, so a reload keeps the session. */
export function initialAuthState(): AuthState {
  const token = readStored(STORAGE_KEYS.token) || null;
  return { isLoggedIn: token !== null, token, currentUser: DEFAULT_USER };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** `loginUser(token, userId?)`: authPersistence.ts keeps both in localStorage ('token', 'userId'). */
    loginUser: {
      reducer(state, action: PayloadAction<{ token: string; userId: string | null }>) {
        state.isLoggedIn = true;
        state.token = action.payload.token;
      },
      prepare: (token: string, userId?: string) => ({ payload: { token, userId: userId ?? null } }),
    },
    logoutUser(state) {
      state.isLoggedIn = false;
      state.token = null;
      state.currentUser = DEFAULT_USER;
    },
    loadUser(state, action: PayloadAction<CurrentUser>) {
      state.currentUser = action.payload;
    },
  },
  selectors: {
    selectIsLoggedIn: (state) => state.isLoggedIn,
    selectToken: (state) => state.token,
    selectCurrentUser: (state) => state.currentUser,
  },
});

export const { loginUser, logoutUser, loadUser } = authSlice.actions;
export const { selectIsLoggedIn, selectToken, selectCurrentUser } = authSlice.selectors;
