import { describe, expect, it } from 'vitest';
import { DEFAULT_USER, loginUser, logoutUser } from '../auth/authSlice.ts';
import { makeStore } from './store.ts';

describe('store: auth persistence', () => {
  it('writes the token to localStorage on login and removes it on logout', () => {
    const store = makeStore();
    store.dispatch(loginUser('jwt-9'));
    expect(localStorage.getItem('token')).toBe('jwt-9');
    expect(store.getState().auth.isLoggedIn).toBe(true);

    store.dispatch(logoutUser());
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth).toEqual({ isLoggedIn: false, token: null, currentUser: DEFAULT_USER });
  });

  it('reads the stored token when the store is created (page reload)', () => {
    localStorage.setItem('token', 'jwt-reload');
    expect(makeStore().getState().auth).toMatchObject({ isLoggedIn: true, token: 'jwt-reload' });
  });

  it('accepts a preloaded state', () => {
    const store = makeStore({ auth: { isLoggedIn: true, token: 't', currentUser: DEFAULT_USER } });
    expect(store.getState().auth.token).toBe('t');
  });
});
