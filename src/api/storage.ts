// The localStorage keys of spec 01 §9, in one place.
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  adminToken: 'gatekeeper_token',
  /** The signed-in admin's public fields (JSON), beside the admin token (spec 02 §4). */
  adminUser: 'gatekeeper_user',
  campId: 'CampamentId',
} as const;

export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as signed out.
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* see readStored */
  }
}
