import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOCK_CREDENTIALS } from '../../mocks/data.ts';
import { server } from '../../mocks/node.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts.ts';
import { currentAddress, renderApp } from '../test/renderApp.tsx';
import { ADMIN_LOGIN_MESSAGES } from './AdminLoginPage.tsx';

async function openLogin() {
  renderApp('/admin/login');
  expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
  return userEvent.setup();
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Usuario o correo electrónico'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
}

describe('admin sign-in', () => {
  it('asks for both fields before calling the server', async () => {
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText(ADMIN_LOGIN_MESSAGES.userRequired)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_LOGIN_MESSAGES.passwordRequired)).toBeInTheDocument();
    // The error is tied to its field for screen readers.
    expect(screen.getByLabelText('Usuario o correo electrónico')).toHaveAccessibleDescription(
      expect.stringContaining(ADMIN_LOGIN_MESSAGES.userRequired),
    );
    expect(localStorage.getItem('gatekeeper_token')).toBeNull();
  });

  it('signs an administrator in, keeps token and user, and opens the dashboard', async () => {
    const user = await openLogin();
    await signIn(user, MOCK_CREDENTIALS.admin.email, MOCK_CREDENTIALS.admin.password);
    expect(await screen.findByText(ADMIN_LOGIN_MESSAGES.success)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(currentAddress()).toBe('/admin/dashboard');
    expect(localStorage.getItem('gatekeeper_token')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('gatekeeper_user')!)).toMatchObject({
      email: MOCK_CREDENTIALS.admin.email,
    });
    // The parents' session is a different one.
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refuses a parent with the spec message and keeps no session', async () => {
    const user = await openLogin();
    await signIn(user, MOCK_CREDENTIALS.parent.email, MOCK_CREDENTIALS.parent.password);
    expect(await screen.findByText(ADMIN_LOGIN_MESSAGES.notAdmin)).toBeInTheDocument();
    expect(localStorage.getItem('gatekeeper_token')).toBeNull();
    expect(currentAddress()).toBe('/admin/login');
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
  });

  it("shows the server's message for a wrong password", async () => {
    const user = await openLogin();
    await signIn(user, MOCK_CREDENTIALS.admin.email, 'otra-clave');
    expect(await screen.findByText(ACCOUNT_MESSAGES.badCredentials)).toBeInTheDocument();
    expect(localStorage.getItem('gatekeeper_token')).toBeNull();
  });

  it("falls back to 'Credenciales incorrectas' when the refusal has no message", async () => {
    server.use(
      http.post('*/api/usuarios/login', () => HttpResponse.json({ success: false }, { status: 200 })),
    );
    const user = await openLogin();
    await signIn(user, MOCK_CREDENTIALS.admin.email, 'x12345');
    expect(await screen.findByText(ADMIN_LOGIN_MESSAGES.badCredentials)).toBeInTheDocument();
  });

  it("says 'Error al conectar con el servidor' when the server cannot be reached", async () => {
    server.use(http.post('*/api/usuarios/login', () => HttpResponse.error()));
    const user = await openLogin();
    await signIn(user, MOCK_CREDENTIALS.admin.email, MOCK_CREDENTIALS.admin.password);
    expect(await screen.findByText(ADMIN_LOGIN_MESSAGES.network)).toBeInTheDocument();
  });

  it("says 'Error inesperado al iniciar sesión' when the answer makes no sense", async () => {
    server.use(http.post('*/api/usuarios/login', () => new HttpResponse('<html>', { status: 200 })));
    const user = await openLogin();
    await signIn(user, MOCK_CREDENTIALS.admin.email, MOCK_CREDENTIALS.admin.password);
    expect(await screen.findByText(ADMIN_LOGIN_MESSAGES.unexpected)).toBeInTheDocument();
  });

  it('sends /admin to the login without a session, and an expired token back to it', async () => {
    localStorage.setItem('gatekeeper_token', 'expired-token');
    renderApp('/admin/campamentos');
    // The first admin call answers 401: the session ends and the guard shows the login.
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(currentAddress()).toBe('/admin/login');
    expect(localStorage.getItem('gatekeeper_token')).toBeNull();
  });
});
