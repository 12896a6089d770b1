import { Navigate, Outlet } from 'react-router-dom';
import { adminHome, adminRole, useAdminToken } from '../lib/adminSession.ts';

/** Every admin page but the login needs the admin token. */
export function AdminRoute() {
  return useAdminToken() ? <Outlet /> : <Navigate to="/admin/login" replace />;
}

/** An admin already signed in skips the login page. */
export function AdminPublicOnlyRoute() {
  return useAdminToken() ? <Navigate to={adminHome(adminRole())} replace /> : <Outlet />;
}
