import { Navigate, Outlet } from 'react-router-dom';
import { getAdminToken } from './adminSession.ts';

/** Every admin page but the login needs the admin token. */
export function AdminRoute() {
  return getAdminToken() ? <Outlet /> : <Navigate to="/admin/login" replace />;
}

/** An admin already signed in skips the login page. */
export function AdminPublicOnlyRoute() {
  return getAdminToken() ? <Navigate to="/admin/dashboard" replace /> : <Outlet />;
}
