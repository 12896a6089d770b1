import { describe, expect, it } from 'vitest';
import { authReducer, DEFAULT_USER, initialAuthState, loadUser, loginUser, logoutUser } from './authSlice.ts';

describe('auth slice', () => {
  it('starts signed out without a stored token, and signed in with one', () => {
    expect(initialAuthState()).toEqual({ isLoggedIn: false, token: null, currentUser: DEFAULT_USER });
    localStorage.setItem('token', 'abc');
    expect(initialAuthState()).toMatchObject({ isLoggedIn: true, token: 'abc' });
  });

  it('stores the token on login and removes it on logout, resetting the user', () => {
    let state = authReducer(initialAuthState(), loginUser({ token: 'tok', userId: 'u1' }));
    expect(state).toMatchObject({ isLoggedIn: true, token: 'tok' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('userId')).toBe('u1');
    state = authReducer(state, loadUser({ email: 'ana@correo.do', picture: null }));
    expect(state.currentUser.email).toBe('ana@correo.do');
    state = authReducer(state, logoutUser());
    expect(state).toEqual({ isLoggedIn: false, token: null, currentUser: DEFAULT_USER });
    expect(localStorage.getItem('token')).toBeNull();
  });
});
