// A staff member who signed in on the parents' page (issue 45) is taken to the panel, signed in
// there. Loaded only for a non-family account, in the panel's own chunk ("admin"): the sign-in
// page's bytes do not grow for families.
import { isAdmin, type StaffFields } from '../domain/roles.ts';
import { adminHome, adminUserOf, startAdminSession, type AdminUser } from './adminSession.ts';

/** Starts the panel's session and answers where the panel starts for this role; null for a family. */
export function staffSignedIn(token: string, user: AdminUser & Omit<StaffFields, 'role'>): string | null {
  if (!isAdmin(user)) return null;
  startAdminSession(token, adminUserOf(user));
  return adminHome(user.role ?? 'administrador');
}
