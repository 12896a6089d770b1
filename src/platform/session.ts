// The platform operator's session (issue 46): token and e-mail under a storage key of their own,
// apart from the parents' 'token' and the staff's 'gatekeeper_token'. Only the console's calls
// read it, and they send no school's account header: an operator's token never reaches a school.
import { useMemo, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../api/storage.ts';
import { storedSubscription } from '../lib/storedSubscription.ts';

export interface OperatorSession {
  token: string;
  email: string;
}

/** Its own key; not in STORAGE_KEYS, whose every key ships on every parent's page. */
const KEY = 'plataforma_session';

const { changed, subscribe } = storedSubscription();

const rawSession = () => readStored(KEY);

export function getOperatorSession(): OperatorSession | null {
  const raw = rawSession();
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as Partial<OperatorSession>;
    return typeof session.token === 'string' && typeof session.email === 'string'
      ? { token: session.token, email: session.email }
      : null;
  } catch {
    return null;
  }
}

export const getOperatorToken = (): string | null => getOperatorSession()?.token ?? null;

function save(session: OperatorSession | null): void {
  writeStored(KEY, session ? JSON.stringify(session) : null);
  changed();
}

export const startOperatorSession = (session: OperatorSession): void => save(session);
export const endOperatorSession = (): void => save(null);

/** The signed-in operator, following sign-in, sign-out and an expired token. */
export function useOperatorSession(): OperatorSession | null {
  const raw = useSyncExternalStore(subscribe, rawSession, () => null);
  return useMemo(() => (raw ? getOperatorSession() : null), [raw]);
}
