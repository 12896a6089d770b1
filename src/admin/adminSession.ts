// Admin session: its bearer token lives under localStorage 'gatekeeper_token' (spec 02 §9),
// separate from the parents' 'token'.
import { readStored, STORAGE_KEYS, writeStored } from '../api/storage.ts';

export function getAdminToken(): string | null {
  return readStored(STORAGE_KEYS.adminToken) || null;
}

export function setAdminToken(token: string): void {
  writeStored(STORAGE_KEYS.adminToken, token);
}

export function clearAdminToken(): void {
  writeStored(STORAGE_KEYS.adminToken, null);
}
