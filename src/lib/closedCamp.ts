// An enrolment link to a camp the school has but that takes no enrolments now (issue 59): the
// sign-in page says so (src/auth/LinkedCamp.tsx) and remembers it here, and the enrolment then
// opens the list of open programs with the reason (src/enrolment/EnrolmentProvider.tsx) instead
// of that camp's calendar. Shared by the two features, so it lives in neither.
import { readStored, STORAGE_KEYS, writeStored } from '../api/storage.ts';

/**
 * The closed camp the sign-in page said the link names, kept for this tab (sessionStorage): a
 * reload between the sign-in page and the enrolment keeps it, and nothing of it outlives the tab.
 */
const KEY = 'closedCamp';

function stored(): { id: string; name: string } | null {
  try {
    const value: unknown = JSON.parse(readStored(KEY, 'sessionStorage') ?? 'null');
    const camp = value as { id?: unknown; name?: unknown } | null;
    return camp && typeof camp.id === 'string' && typeof camp.name === 'string'
      ? { id: camp.id, name: camp.name }
      : null;
  } catch {
    return null; // not ours (not JSON): no closed camp
  }
}

/** Set by the sign-in pages when the link's camp is closed; null when it is not (or no link). */
export function rememberClosedCamp(camp: { id: string; name: string } | null): void {
  writeStored(KEY, camp && JSON.stringify({ id: camp.id, name: camp.name }), 'sessionStorage');
}

/**
 * The link's closed camp when it is still the stored one: the enrolment then leads to the list of
 * open programs with the reason, not to that camp's calendar. Reads only (rendering may repeat).
 */
export function closedLinkedCamp(): { id: string; name: string } | null {
  const closed = stored();
  return closed && readStored(STORAGE_KEYS.campId)?.trim() === closed.id ? closed : null;
}

/** Forgets the closed camp (said once) and its stored id, so the enrolment no longer opens it. */
export function forgetClosedCamp(camp: { id: string }): void {
  if (readStored(STORAGE_KEYS.campId)?.trim() === camp.id) writeStored(STORAGE_KEYS.campId, null);
  if (stored()?.id === camp.id) rememberClosedCamp(null);
}
