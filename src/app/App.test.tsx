import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node.ts';
import { loginUser, logoutUser } from '../auth/authSlice.ts';
import { MISSING_CAMP_NOTE } from '../auth/campParam.ts';
import { currentAddress, FIRST_SCREEN, renderApp } from '../test/renderApp.tsx';
import { signInAdmin } from '../admin/testing.ts';
import { stubMatchMedia } from '../shell/testing.ts';

const PARENT_ID = '64b000000000000000000001';

/** A stored session whose profile check succeeds (the shell shows its pages 1 s after it). */
function signIn() {
  localStorage.setItem('token', 'jwt-1');
  localStorage.setItem('userId', PARENT_ID);
  // The enrolment link the family followed: without one the wizard's addresses send it to the
  // school's list of programs (src/shell/ProgramsPage.test.tsx).
  localStorage.setItem('CampamentId', 'campamento-del-enlace');
  server.use(
    http.get('*/api/usuarios/profile/:id', () =>
      HttpResponse.json({ result: { _id: PARENT_ID, email: 'madre@correo.do', picture: null } }),
    ),
    http.get('*/api/usuarios/activity', () =>
      HttpResponse.json({ status: 'SUCCESS', data: { enrolments: [], timeline: [], memberships: [] } }),
    ),
  );
}

/** Waits for a page's heading: signed-in pages wait for the shell's session check and its 1 s pause. */
async function expectHeading(name: string) {
  expect(await screen.findByRole('heading', { name }, FIRST_SCREEN)).toBeInTheDocument();
}

describe('App routes and guards', () => {
  let info: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => info.mockRestore());

  it('sends an anonymous visitor from /calendario to the login', async () => {
    renderApp('/calendario');
    await expectHeading('Iniciar sesión');
    expect(screen.queryByText('Calendario de Inscripción')).not.toBeInTheDocument();
    expect(currentAddress()).toBe('/login');
  });

  it('shows the calendar step to a signed-in parent', async () => {
    signIn();
    renderApp('/calendario');
    await expectHeading('Proceso de Inscripción');
    expect(screen.getByRole('heading', { name: 'Calendario de Inscripción' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Escuela de baloncesto' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Calendario de Inscripción · Escuela de Baloncesto'));
  });

  it('shows the calendar at / too', async () => {
    signIn();
    renderApp('/');
    await expectHeading('Calendario de Inscripción');
  });

  it.each([
    ['/participantes', 'Información de participante(s)'],
    ['/adicional', 'Información adicional'],
    ['/pago', 'Confirmación y Pago'],
  ])('shows the frame of %s to a signed-in parent', async (path, title) => {
    signIn();
    renderApp(path);
    await expectHeading(title);
  });

  it('sends /confirmacion without a paid enrolment to the calendar', async () => {
    signIn();
    renderApp('/confirmacion');
    await expectHeading('Calendario de Inscripción');
    expect(currentAddress()).toBe('/calendario');
  });

  it('stores ?camp= before redirecting a signed-in parent away from /login', async () => {
    signIn();
    renderApp('/login?camp=abc');
    await expectHeading('Calendario de Inscripción');
    expect(localStorage.getItem('CampamentId')).toBe('abc');
    expect(currentAddress()).toBe('/');
  });

  it('stores ?camp= for an anonymous visitor and shows the login', async () => {
    renderApp('/login?camp=camp-2025');
    await expectHeading('Iniciar sesión');
    expect(localStorage.getItem('CampamentId')).toBe('camp-2025');
  });

  it('only logs a note when /login has no camp', async () => {
    renderApp('/login');
    await expectHeading('Iniciar sesión');
    expect(localStorage.getItem('CampamentId')).toBeNull();
    expect(info).toHaveBeenCalledWith(MISSING_CAMP_NOTE);
  });

  it.each(['/register', '/forgot-password', '/recover-password'])(
    'sends a signed-in parent from %s to the enrolment',
    async (path) => {
      signIn();
      renderApp(path);
      await expectHeading('Calendario de Inscripción');
      expect(currentAddress()).toBe('/');
    },
  );

  it.each([
    ['/register', 'Registrar una nueva cuenta'],
    ['/forgot-password', '¿Olvidó su contraseña?'],
    ['/recover-password', 'Cambiar contraseña'],
  ])('shows %s to anonymous visitors', async (path, title) => {
    renderApp(path);
    await expectHeading(title);
  });

  it('follows the session: logging in leaves the login, logging out returns to it', async () => {
    const { store } = renderApp('/login');
    await expectHeading('Iniciar sesión');

    signIn();
    act(() => {
      store.dispatch(loginUser('jwt-2', PARENT_ID));
    });
    await expectHeading('Calendario de Inscripción');
    expect(localStorage.getItem('token')).toBe('jwt-2');

    act(() => {
      store.dispatch(logoutUser());
    });
    await expectHeading('Iniciar sesión');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('loads the profile page (lazy shell chunk) for a signed-in parent', async () => {
    signIn();
    renderApp('/profile');
    await expectHeading('Perfil');
  });

  it('sends /admin/dashboard without an admin token to the admin login', async () => {
    localStorage.setItem('token', 'parent-token-is-not-an-admin-token');
    renderApp('/admin/dashboard');
    await expectHeading('Admin Panel');
    expect(screen.queryByText('Panel de Administración')).not.toBeInTheDocument();
    expect(currentAddress()).toBe('/admin/login');
  });

  it('keeps the admin menu out of the tab order on a phone until it is opened', async () => {
    stubMatchMedia(); // no query matches: narrower than the docked menu's 992 px
    try {
      await signInAdmin();
      renderApp('/admin/dashboard');
      await expectHeading('Dashboard');
      const drawer = document.getElementById('admin-drawer');
      expect(drawer).toHaveAttribute('inert');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Mostrar u ocultar el menú' }));
      expect(drawer).not.toHaveAttribute('inert');
    } finally {
      // jsdom has no matchMedia of its own: the other tests see a wide screen again.
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('opens the admin dashboard at /admin with an admin token, and Salir ends the admin session', async () => {
    await signInAdmin();
    renderApp('/admin');
    await expectHeading('Dashboard');
    expect(screen.getByText('Panel de Administración')).toBeInTheDocument();
    expect(currentAddress()).toBe('/admin/dashboard');
    for (const entry of ['Dashboard', 'Campamentos', 'Categorías', 'Semanas', 'Cupones']) {
      expect(screen.getByRole('link', { name: entry })).toBeInTheDocument();
    }

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Cupones' }));
    await expectHeading('Cupones');
    // Each page names itself in the tab and the history (a <title> React moves into <head>).
    await waitFor(() => expect(document.title).toBe('Cupones · Administración · Escuela de Baloncesto'));

    await user.click(screen.getByRole('button', { name: 'Salir' }));
    await expectHeading('Admin Panel');
    await waitFor(() => expect(document.title).toBe('Admin Panel · Escuela de Baloncesto'));
    expect(localStorage.getItem('gatekeeper_token')).toBeNull();
  });

  it('shows a Spanish 404 for unknown paths', async () => {
    renderApp('/no-existe');
    await expectHeading('Página no encontrada');
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });

  it('shows the 404 for unknown admin paths too', async () => {
    renderApp('/admin/no-existe');
    await expectHeading('Página no encontrada');
  });
});
