// Protected admin frame (spec 02 §2): top bar 'Panel de Administración' with 'Salir',
// drawer (240 px on wide screens) with the five areas.
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { clearAdminToken } from './adminSession.ts';

// Absolute links: relative ones resolve against the /admin/* splat in React Router 7.
const ENTRIES = [
  { to: 'dashboard', label: 'Dashboard' },
  { to: 'campamentos', label: 'Campamentos' },
  { to: 'categorias', label: 'Categorías' },
  { to: 'semanas', label: 'Semanas' },
  { to: 'cupones', label: 'Cupones' },
] as const;

export function AdminLayout() {
  const navigate = useNavigate();

  function logout() {
    clearAdminToken();
    void navigate('/admin/login', { replace: true });
  }

  return (
    <div className="min-vh-100 d-flex flex-column">
      <header className="navbar bg-primary" data-bs-theme="dark">
        <div className="container-fluid">
          <span className="navbar-brand mb-0 h1">Panel de Administración</span>
          <button type="button" className="btn btn-outline-light btn-sm" onClick={logout}>
            Salir
          </button>
        </div>
      </header>
      <div className="d-flex flex-column flex-lg-row flex-grow-1">
        <nav className="bg-body-secondary border-end p-2 admin-drawer" aria-label="Administración">
          <ul className="nav nav-pills flex-lg-column gap-1">
            {ENTRIES.map((entry) => (
              <li key={entry.to} className="nav-item">
                <NavLink to={`/admin/${entry.to}`} className="nav-link">
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="flex-grow-1 p-3">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
