// Auth state of the shell (spec 01 §3, spec 02 §3): signed in when a token is stored.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored, STORAGE_KEYS, writeStored } from '../api/storage.ts';

export interface CurrentUser {
  email: string;
  picture: string | null;
  [field: string]: unknown;
}

export interface AuthState {
  isLoggedIn: boolean;
  token: string | null;
  currentUser: CurrentUser;
}

export const DEFAULT_USER: CurrentUser = { email: 'usuario@correo.com', picture: null };

export function initialAuthState(): AuthState {
  const token = readStored(STORAGE_KEYS.token);
  return { isLoggedIn: Boolean(token), token, currentUser: DEFAULT_USER };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginUser(state, action: PayloadAction<{ token: string; userId?: string }>) {
      writeStored(STORAGE_KEYS.token, action.payload.token);
      if (action.payload.userId) writeStored(STORAGE_KEYS.userId, action.payload.userId);
      state.token = action.payload.token;
      state.isLoggedIn = true;
    },
    logoutUser(state) {
      writeStored(STORAGE_KEYS.token, null);
      writeStored(STORAGE_KEYS.userId, null);
      state.token = null;
      state.isLoggedIn = false;
      state.currentUser = DEFAULT_USER;
    },
    loadUser(state, action: PayloadAction<CurrentUser>) {
      state.currentUser = action.payload;
    },
  },
  selectors: {
    selectIsLoggedIn: (state) => state.isLoggedIn,
    selectCurrentUser: (state) => state.currentUser,
  },
});

export const { loginUser, logoutUser, loadUser } = authSlice.actions;
export const { selectIsLoggedIn, selectCurrentUser } = authSlice.selectors;
export const authReducer = authSlice.reducer;
export default authSlice;
