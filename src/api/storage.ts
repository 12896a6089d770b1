// The localStorage keys of spec 01 §9, in one place.
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  adminToken: 'gatekeeper_token',
  /** The signed-in admin's public fields (JSON), beside the admin token (spec 02 §4). */
  adminUser: 'gatekeeper_user',
  campId: 'CampamentId',
} as const;

/** Where a value is kept: the browser's (localStorage, the default) or the tab's (sessionStorage). */
type StorageArea = 'localStorage' | 'sessionStorage';

export function readStored(key: string, area: StorageArea = 'localStorage'): string | null {
  try {
    return globalThis[area]?.getItem(key) ?? null;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as signed out.
    return null;
  }
}

export function writeStored(key: string, value: string | null, area: StorageArea = 'localStorage'): void {
  try {
    if (value === null) globalThis[area]?.removeItem(key);
    else globalThis[area]?.setItem(key, value);
  } catch {
    /* see readStored */
  }
}
