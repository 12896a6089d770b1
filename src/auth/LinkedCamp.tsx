// The camp or program of the enrolment link the sign-in pages were opened with (issue 59), named
// so the family knows where signing in leads: `?camp=`, else the id the link stored (the
// registration page is reached from the login's link). Only open camps are named: the public list
// of the school's (GET /campamentos/abiertos). The page works the same without it.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { request } from '../api/http.ts';
import { readStored, STORAGE_KEYS } from '../api/storage.ts';
import type { OpenProgram } from '../domain/programs.ts';

export function LinkedCamp() {
  const { search } = useLocation();
  const [name, setName] = useState('');
  useEffect(() => {
    const campId = new URLSearchParams(search).get('camp')?.trim() || readStored(STORAGE_KEYS.campId)?.trim();
    if (!campId) return;
    const controller = new AbortController();
    request<{ data: Array<Pick<OpenProgram, '_id' | 'name'>> }>('/campamentos/abiertos', {
      signal: controller.signal,
    })
      .then((answer) => setName(answer.data.find((camp) => camp._id === campId)?.name ?? ''))
      // Without the name the family still signs in and lands on the link's camp.
      .catch(() => undefined);
    return () => controller.abort();
  }, [search]);
  return name ? (
    <p className="alert alert-info py-2 text-center">
      Se inscribe en: <strong>{name}</strong>
    </p>
  ) : null;
}
