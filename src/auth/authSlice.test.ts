import { describe, expect, it } from 'vitest';
import {
  authSlice,
  DEFAULT_USER,
  initialAuthState,
  loadUser,
  loginUser,
  logoutUser,
  type AuthState,
} from './authSlice.ts';

const reducer = authSlice.reducer;
const anonymous: AuthState = { isLoggedIn: false, token: null, currentUser: DEFAULT_USER };

describe('auth slice', () => {
  it('starts logged out with the placeholder user when no token is stored', () => {
    expect(initialAuthState()).toEqual(anonymous);
    expect(DEFAULT_USER).toEqual({ email: 'usuario@correo.com', picture: null });
  });

  it('starts logged in when a token is stored', () => {
    localStorage.setItem('token', 'stored-jwt');
    expect(initialAuthState()).toEqual({ isLoggedIn: true, token: 'stored-jwt', currentUser: DEFAULT_USER });
  });

  it('loginUser stores the token and marks the session logged in', () => {
    expect(reducer(anonymous, loginUser('jwt-1'))).toEqual({
      isLoggedIn: true,
      token: 'jwt-1',
      currentUser: DEFAULT_USER,
    });
  });

  it('loadUser keeps the profile as the current user', () => {
    const user = { email: 'madre@correo.com', picture: 'https://cdn.example.org/foto.jpg' };
    const state = reducer(reducer(anonymous, loginUser('jwt-1')), loadUser(user));
    expect(state.currentUser).toEqual(user);
  });

  it('logoutUser clears the token and the current user', () => {
    const signedIn = reducer(
      reducer(anonymous, loginUser('jwt-1')),
      loadUser({ email: 'padre@correo.com', picture: null }),
    );
    expect(reducer(signedIn, logoutUser())).toEqual(anonymous);
  });
});
