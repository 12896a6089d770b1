// The enrolment link is /login?camp=<campId> (DESIGN.md §2.2): the camp id is kept in
// localStorage 'CampamentId' before any guard redirect, so a signed-in parent lands on that camp.
import { STORAGE_KEYS, writeStored } from '../api/storage.ts';

export const MISSING_CAMP_NOTE = 'campId does not exist or has no value: nothing stored under CampamentId.';

/** Stores `?camp=` when present and non-empty; otherwise only logs a note (spec 01 §1). */
export function rememberCampFromSearch(search: string): string | null {
  const campId = new URLSearchParams(search).get('camp')?.trim() ?? '';
  if (campId === '') {
    console.info(MISSING_CAMP_NOTE);
    return null;
  }
  writeStored(STORAGE_KEYS.campId, campId);
  return campId;
}
