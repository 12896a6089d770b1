// The family's saved children and contacts (issue 26) as the participants and additional steps
// offer them: read once per step visit; a failure only means nothing is offered.
import { useEffect, useState } from 'react';
import { request } from '../api/http.ts';
import type { SavedFamily } from '../domain/saved-family.ts';

export const NO_SAVED_FAMILY: SavedFamily = { children: [], contact: null };

export async function loadSavedFamily(signal?: AbortSignal): Promise<SavedFamily> {
  const answer = await request<{ status: string; data?: SavedFamily }>('/familia/datos', { signal });
  return answer.status === 'SUCCESS' && answer.data ? answer.data : NO_SAVED_FAMILY;
}

/** The saved family, or null while it loads. */
export function useSavedFamily(): SavedFamily | null {
  const [family, setFamily] = useState<SavedFamily | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void loadSavedFamily(controller.signal)
      .catch(() => NO_SAVED_FAMILY)
      .then((loaded) => {
        if (!controller.signal.aborted) setFamily(loaded);
      });
    return () => controller.abort();
  }, []);
  return family;
}
