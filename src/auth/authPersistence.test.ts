import { describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { createAuthPersistence } from './authPersistence.ts';
import { authSlice, loginUser, logoutUser } from './authSlice.ts';

const makeStore = () =>
  configureStore({
    reducer: { auth: authSlice.reducer },
    middleware: (getDefault) => getDefault().prepend(createAuthPersistence()),
  });

describe('auth persistence', () => {
  it('stores the token and the user id on login and removes both on logout', () => {
    const store = makeStore();
    store.dispatch(loginUser('jwt-1', 'user-1'));
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('userId')).toBe('user-1');
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, token: 'jwt-1' });

    store.dispatch(logoutUser());
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it("does not keep an earlier account's id for a token given without one", () => {
    localStorage.setItem('userId', 'old-user');
    makeStore().dispatch(loginUser('jwt-2'));
    expect(localStorage.getItem('userId')).toBeNull();
  });
});
