// Admin session (spec 02 §4, §9): the bearer token lives under localStorage 'gatekeeper_token',
// separate from the parents' 'token', and the admin's public fields beside it. Components follow it
// through `useAdminSession`, so a sign-out anywhere (the 'Salir' button, an expired token answered
// with 401) re-renders the guards at once.
import { useMemo, useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../api/storage.ts';
import type { PublicUser } from '../domain/schemas/accounts.ts';
import type { StaffRole } from '../domain/roles.ts';
import { storedSubscription } from '../lib/storedSubscription.ts';

export type AdminUser = Pick<PublicUser, '_id' | 'email' | 'name' | 'tipo' | 'role' | 'must_change_password'>;

const { changed: notify, subscribe } = storedSubscription();

export function getAdminToken(): string | null {
  return readStored(STORAGE_KEYS.adminToken) || null;
}

export function getAdminUser(): AdminUser | null {
  const raw = readStored(STORAGE_KEYS.adminUser);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as AdminUser;
  } catch {
    return null;
  }
}

/** The signed-in staff member's role; a session from before roles is an administrator's. */
export const adminRole = (): StaffRole => getAdminUser()?.role ?? 'administrador';

/**
 * Where a role starts and where its 'Inicio' leads (issue 25, issue 59): a coach on the camp day
 * (the dashboard's figures are the office's), the others on the dashboard.
 */
export const adminHome = (role: StaffRole): string =>
  role === 'entrenador' ? '/admin/dia' : '/admin/dashboard';

/** What the panel's session keeps of a signed-in staff account's public fields. */
export const adminUserOf = (user: AdminUser): AdminUser => ({
  _id: user._id,
  email: user.email,
  name: user.name,
  tipo: user.tipo,
  ...(user.role ? { role: user.role } : {}),
  ...(user.must_change_password ? { must_change_password: true } : {}),
});

export function startAdminSession(token: string, user: AdminUser): void {
  writeStored(STORAGE_KEYS.adminToken, token);
  writeStored(STORAGE_KEYS.adminUser, JSON.stringify(user));
  notify();
}

export function endAdminSession(): void {
  writeStored(STORAGE_KEYS.adminToken, null);
  writeStored(STORAGE_KEYS.adminUser, null);
  notify();
}

/** The admin token, re-read whenever the session starts or ends. */
const rawAdminUser = () => readStored(STORAGE_KEYS.adminUser) || null;

/** The signed-in staff member, following the session (a password changed, a sign-out). */
export function useAdminUser(): AdminUser | null {
  const raw = useSyncExternalStore(subscribe, rawAdminUser, () => null);
  return useMemo(() => (raw ? getAdminUser() : null), [raw]);
}

export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getAdminToken, () => null);
}
