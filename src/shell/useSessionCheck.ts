// Start-up session check of the signed-in shell (spec 01 §4, spec 02 §2): fetch the stored
// user's profile; on success keep it as the current user, on failure log out. Either way the
// answer is followed by a 1 s pause before the content (or, logged out, the login) shows.
import { useEffect, useState } from 'react';
import { fetchProfile } from '../api/accounts.ts';
import { readStored, STORAGE_KEYS } from '../api/storage.ts';
import { loadUser, logoutUser } from '../auth/authSlice.ts';
import { useAppDispatch } from '../lib/hooks.ts';

/** Spec 02 §9: delay after the profile load. */
export const SESSION_REVEAL_DELAY_MS = 1000;

/** True once the profile check has answered and the pause has passed. */
export function useSessionCheck(): boolean {
  const dispatch = useAppDispatch();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function check(): Promise<boolean> {
      // Without the user id (kept at sign-in) the session cannot be checked: sign in again.
      const userId = readStored(STORAGE_KEYS.userId);
      if (!userId) return false;
      try {
        dispatch(loadUser(await fetchProfile(userId)));
        return true;
      } catch {
        return false;
      }
    }

    void check().then((valid) => {
      if (controller.signal.aborted) return;
      timer = setTimeout(() => {
        if (valid) setReady(true);
        else dispatch(logoutUser()); // the route guard then shows the login
      }, SESSION_REVEAL_DELAY_MS);
    });

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [dispatch]);

  return ready;
}
