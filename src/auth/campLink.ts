// The enrolment link is /login?camp=<id> (spec 01 §1, DESIGN.md §2.2): the camp is remembered
// before any redirect, so a parent who is already signed in lands on that camp too.
import { STORAGE_KEYS, writeStored } from '../api/storage.ts';

export function saveCampFromSearch(search: string): string | null {
  const camp = new URLSearchParams(search).get('camp')?.trim() ?? '';
  if (!camp) {
    console.info('El campId no existe o no tiene valor.');
    return null;
  }
  writeStored(STORAGE_KEYS.campId, camp);
  return camp;
}
