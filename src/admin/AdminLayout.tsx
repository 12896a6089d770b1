// Protected admin frame (spec 02 §2) on AdminLTE 4: top bar 'Panel de Administración' with
// 'Salir' and a 'Cerrar Sesión' item, a 240 px drawer with the areas (an overlay on phones and
// tablets, closed by a tap outside or on a link), dark mode from the shell's UI settings.
import './admin.css';
import { useState, useSyncExternalStore } from 'react';
import { Dropdown } from 'react-bootstrap';
import { Outlet, useNavigate } from 'react-router-dom';
import { NavLink } from '../lib/links.tsx';
import { LOGO_URL as logo } from '../lib/logo.ts';
import { useAppSelector } from '../lib/hooks.ts';
import { useDocumentTheme } from '../lib/useDocumentTheme.ts';
import { adminHome, adminRole, endAdminSession, useAdminUser } from '../lib/adminSession.ts';
import { PasswordDialog, PasswordForm, PASSWORD_TEXTS } from './PasswordDialog.tsx';
import { notifySuccess } from './feedback.ts';
import { SignOutButton, StaffMain } from './StaffFrame.tsx';
import { ADMINISTRATION_ROLES, CAMP_DAY_ROLES, OFFICE_ROLES, type StaffRole } from '../domain/roles.ts';

// Absolute links: relative ones resolve against the /admin/* splat in React Router 7. Each entry
// shows to the roles whose calls its screen makes (issue 25; the server enforces the same).
export const ADMIN_MENU: ReadonlyArray<{ to: string; label: string; roles: readonly StaffRole[] }> = [
  { to: '/admin/dashboard', label: 'Dashboard', roles: OFFICE_ROLES },
  { to: '/admin/campamentos', label: 'Campamentos', roles: OFFICE_ROLES },
  { to: '/admin/categorias', label: 'Categorías', roles: OFFICE_ROLES },
  { to: '/admin/semanas', label: 'Semanas', roles: OFFICE_ROLES },
  { to: '/admin/cupones', label: 'Cupones', roles: OFFICE_ROLES },
  { to: '/admin/inscripciones', label: 'Inscripciones', roles: OFFICE_ROLES },
  { to: '/admin/listas', label: 'Listas', roles: CAMP_DAY_ROLES },
  { to: '/admin/dia', label: 'Día de campamento', roles: CAMP_DAY_ROLES },
  { to: '/admin/esperas', label: 'Lista de espera', roles: OFFICE_ROLES },
  { to: '/admin/avisos', label: 'Avisos', roles: CAMP_DAY_ROLES },
  { to: '/admin/cuentas', label: 'Cuentas por cobrar', roles: OFFICE_ROLES },
  { to: '/admin/comprobantes', label: 'Comprobantes fiscales', roles: ADMINISTRATION_ROLES },
  { to: '/admin/auditoria', label: 'Auditoría', roles: OFFICE_ROLES },
  { to: '/admin/usuarios', label: 'Usuarios', roles: ADMINISTRATION_ROLES },
  { to: '/admin/ajustes', label: 'Ajustes de la escuela', roles: ADMINISTRATION_ROLES },
];

/** A filled 16 px icon of the panel's header, drawn by one path. */
function Glyph({ path }: { path: string }) {
  return (
    <svg width="1.25em" height="1.25em" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const MENU_PATH = 'M1.5 3h13v1.5h-13zm0 4.25h13v1.5h-13zm0 4.25h13V13h-13z';
const USER_PATH = 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6m-5 6s-1 0-1-1 1-4 6-4 6 3 6 4-1 1-1 1z';

/** AdminLTE's sidebar-expand-lg breakpoint: the drawer is docked from 992 px, an overlay below. */
const DOCKED = '(min-width: 992px)';
function useDockedDrawer(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(DOCKED);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(DOCKED).matches ?? true,
    () => true,
  );
}

export function AdminLayout() {
  const navigate = useNavigate();
  const darkMode = useAppSelector((state) => state.ui.darkMode);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const docked = useDockedDrawer();
  const user = useAdminUser();
  const role = adminRole();
  const [changingPassword, setChangingPassword] = useState(false);
  useDocumentTheme(darkMode);

  function logout() {
    endAdminSession();
    void navigate('/admin/login', { replace: true });
  }

  return (
    <div
      className={`app-wrapper layout-fixed sidebar-expand-lg admin-wrapper${drawerOpen ? ' sidebar-open' : ''}`}
    >
      <nav className="app-header navbar navbar-expand bg-body" aria-label="Barra superior">
        <div className="container-fluid">
          <ul className="navbar-nav align-items-center flex-shrink-1 min-w-0">
            <li className="nav-item d-lg-none">
              <button
                type="button"
                className="nav-link btn admin-tap"
                aria-label="Mostrar u ocultar el menú"
                aria-expanded={drawerOpen}
                aria-controls="admin-drawer"
                onClick={() => setDrawerOpen((open) => !open)}
              >
                <Glyph path={MENU_PATH} />
              </button>
            </li>
            <li className="nav-item">
              <span className="navbar-brand mb-0 h1 admin-title">Panel de Administración</span>
            </li>
          </ul>
          <ul className="navbar-nav ms-auto align-items-center gap-1">
            <li className="nav-item">
              <Dropdown align="end">
                <Dropdown.Toggle variant="link" className="nav-link admin-tap" id="admin-user-menu">
                  <span className="d-none d-md-inline">{user?.email ?? 'Administrador'}</span>
                  <span className="d-md-none">
                    <Glyph path={USER_PATH} />
                    <span className="visually-hidden">Cuenta</span>
                  </span>
                </Dropdown.Toggle>
                <Dropdown.Menu>
                  <Dropdown.Item as="button" onClick={() => setChangingPassword(true)}>
                    Cambiar contraseña
                  </Dropdown.Item>
                  <Dropdown.Item as="button" onClick={logout}>
                    Cerrar Sesión
                  </Dropdown.Item>
                </Dropdown.Menu>
              </Dropdown>
            </li>
            <li className="nav-item">
              <SignOutButton onClick={logout} />
            </li>
          </ul>
        </div>
      </nav>
      <aside
        id="admin-drawer"
        className="app-sidebar bg-body-secondary shadow"
        data-bs-theme="dark"
        // Off screen on phones until opened: out of the tab order and of assistive tech too.
        inert={!docked && !drawerOpen}
      >
        <div className="sidebar-brand">
          <NavLink to={adminHome(role)} className="brand-link" onClick={() => setDrawerOpen(false)}>
            <img src={logo} alt="" className="brand-image" width={33} height={33} />
            <span className="brand-text fw-light ms-2">Administración</span>
          </NavLink>
        </div>
        <div className="sidebar-wrapper">
          <nav className="mt-2" aria-label="Administración">
            <ul className="nav sidebar-menu flex-column">
              {ADMIN_MENU.filter((entry) => entry.roles.includes(role)).map((entry) => (
                <li key={entry.to} className="nav-item">
                  <NavLink to={entry.to} className="nav-link" onClick={() => setDrawerOpen(false)}>
                    <p>{entry.label}</p>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      <StaffMain>
        {user?.must_change_password ? (
          // A generated start-up password: changed before anything else (issue 25).
          <section className="card" aria-labelledby="forced-password-title">
            <div className="card-body">
              <h1 id="forced-password-title" className="h4">
                {PASSWORD_TEXTS.forcedTitle}
              </h1>
              <p>{PASSWORD_TEXTS.forced}</p>
              <PasswordForm onDone={(message) => notifySuccess(message)} />
            </div>
          </section>
        ) : (
          <Outlet />
        )}
      </StaffMain>
      <PasswordDialog
        show={changingPassword}
        onClose={(message) => {
          setChangingPassword(false);
          if (message) notifySuccess(message);
        }}
      />
      {/* Phones: a tap outside the open drawer closes it (AdminLTE's overlay). */}
      <div className="sidebar-overlay" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
    </div>
  );
}
