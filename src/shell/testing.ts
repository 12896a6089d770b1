// Test helpers of the shell: a signed-in parent whose profile check succeeds, and the
// matchMedia that jsdom lacks (react-bootstrap's Offcanvas asks for it).
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node.ts';
import type { Activity } from './accountApi.ts';

export const PARENT = {
  _id: '64b0000000000000000000aa',
  email: 'madre@correo.do',
  name: 'Ana Pérez',
  picture: null,
  phone: '809-555-1234',
  address: 'Calle El Conde 101',
  tipo: 'cliente',
  puede_admin_ofertas: false,
  puede_admin_empleados: false,
  puede_admin_sucursales: false,
  status: 'active',
  created_at: '2026-05-01T12:00:00.000Z',
};

export const NO_ACTIVITY: Activity = { enrolments: [], timeline: [], memberships: [] };

/** Stores a session and answers its profile check (and the profile page's activity). */
export function signInParent(activity: Activity = NO_ACTIVITY) {
  localStorage.setItem('token', 'jwt-parent');
  localStorage.setItem('userId', PARENT._id);
  server.use(
    http.get('*/api/usuarios/profile/:id', () => HttpResponse.json({ result: PARENT })),
    http.get('*/api/usuarios/activity', () => HttpResponse.json({ status: 'SUCCESS', data: activity })),
  );
}

export function stubMatchMedia() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
