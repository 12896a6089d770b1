// The admin area: its own lazy chunk, never loaded on the parents' pages. Frames for now; the
// panel is built with the admin issue.
import { Navigate, NavLink, Outlet, Route, Routes } from 'react-router-dom';
import { readStored, STORAGE_KEYS } from '../api/storage.ts';

function RequireAdmin() {
  return readStored(STORAGE_KEYS.adminToken) ? <Outlet /> : <Navigate to="/admin/login" replace />;
}

function AdminLogin() {
  return (
    <main className="container py-5" style={{ maxWidth: 420 }}>
      <h1 className="h4 text-center">Admin Panel</h1>
    </main>
  );
}

const ENTRIES = [
  ['dashboard', 'Dashboard'],
  ['campamentos', 'Campamentos'],
  ['categorias', 'Categorías'],
  ['semanas', 'Semanas'],
  ['cupones', 'Cupones'],
] as const;

function AdminLayout() {
  return (
    <div className="d-flex min-vh-100">
      <nav className="border-end p-3" style={{ width: 240 }} aria-label="Administración">
        {ENTRIES.map(([path, label]) => (
          <NavLink key={path} to={`/admin/${path}`} className="d-block py-1">
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="flex-grow-1">
        <header className="border-bottom p-3">
          <span className="h5">Panel de Administración</span>
        </header>
        <Outlet />
      </div>
    </div>
  );
}

export default function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<AdminLogin />} />
      <Route element={<RequireAdmin />}>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          {ENTRIES.map(([path, label]) => (
            <Route key={path} path={path} element={<h1 className="h4 p-3">{label}</h1>} />
          ))}
          <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
