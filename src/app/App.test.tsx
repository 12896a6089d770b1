import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from './App.tsx';
import { makeStore } from '../state/store.ts';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <Where />
      </MemoryRouter>
    </Provider>,
  );
}

describe('routes and guards', () => {
  it('sends an anonymous visitor from a wizard step to the sign-in page', async () => {
    renderAt('/calendario');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it('shows the calendar to a signed-in parent', async () => {
    localStorage.setItem('token', 'tok');
    renderAt('/calendario');
    expect(await screen.findByRole('heading', { name: 'Calendario de Inscripción' })).toBeInTheDocument();
    expect(screen.getByText('Proceso de Inscripción')).toBeInTheDocument();
  });

  it('saves the camp of an enrolment link even when the parent is already signed in, then goes to /', async () => {
    localStorage.setItem('token', 'tok');
    renderAt('/login?camp=abc');
    expect(await screen.findByRole('heading', { name: 'Calendario de Inscripción' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('CampamentId')).toBe('abc');
  });

  it.each(['/register', '/forgot-password', '/recover-password'])(
    'sends a signed-in parent away from %s',
    async (path) => {
      localStorage.setItem('token', 'tok');
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Calendario de Inscripción' })).toBeInTheDocument();
    },
  );

  it('asks for the admin sign-in on the admin area without an admin session', async () => {
    renderAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/login');
  });

  it('opens the admin dashboard with an admin session', async () => {
    localStorage.setItem('gatekeeper_token', 'admin-tok');
    renderAt('/admin');
    expect(await screen.findByText('Panel de Administración')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/dashboard');
  });

  it('says so for an unknown address', async () => {
    renderAt('/no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });
});
