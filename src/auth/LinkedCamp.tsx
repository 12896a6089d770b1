// The camp or program of the enrolment link the sign-in pages were opened with (issue 59), named
// so the family knows where signing in leads: `?camp=`, else the id the link stored (the
// registration page is reached from the login's link). Only open camps are named: the public list
// of the school's (GET /campamentos/abiertos). The page works the same without it.
// On the sign-in page the server has already written the name into the page rendered ahead
// (src/domain/linkedCampSlot.ts): it is read from there, and asked for only when it is not.
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { request } from '../api/http.ts';
import { readStored, STORAGE_KEYS } from '../api/storage.ts';
import type { OpenProgram } from '../domain/programs.ts';
import { LINKED_CAMP_SLOT } from '../domain/linkedCampSlot.ts';

/** The link's camp: `?camp=`, else the one the link stored (none while rendering ahead). */
function linkedCampId(search: string): string {
  const param = new URLSearchParams(search).get('camp')?.trim();
  if (param || typeof window === 'undefined') return param ?? '';
  return readStored(STORAGE_KEYS.campId)?.trim() ?? '';
}

/**
 * The name already on the page for this camp: the server's (rendered ahead), or the one the page
 * before showed (from the sign-in page to the registration page). Rendering ahead, the stand-in.
 */
function nameOnPage(campId: string): string {
  if (!campId) return '';
  if (typeof document === 'undefined') return LINKED_CAMP_SLOT.name;
  const shown = document.querySelectorAll<HTMLElement>('[data-linked-camp]');
  for (const element of shown)
    if (element.dataset.linkedCamp === campId) return element.querySelector('strong')?.textContent ?? '';
  return '';
}

export function LinkedCamp() {
  const { search } = useLocation();
  const campId = useMemo(() => linkedCampId(search), [search]);
  // Read once per camp, as the page first renders it (hydrating the server's markup).
  const onPage = useMemo(() => nameOnPage(campId), [campId]);
  const [asked, setAsked] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    if (!campId || onPage) return;
    const controller = new AbortController();
    request<{ data: Array<Pick<OpenProgram, '_id' | 'name'>> }>('/campamentos/abiertos', {
      signal: controller.signal,
    })
      .then((answer) =>
        setAsked({ id: campId, name: answer.data.find((camp) => camp._id === campId)?.name ?? '' }),
      )
      // Without the name the family still signs in and lands on the link's camp.
      .catch(() => undefined);
    return () => controller.abort();
  }, [campId, onPage]);
  const name = onPage || (asked?.id === campId ? asked.name : '');
  return name ? (
    <p className="alert alert-info py-2 text-center" data-linked-camp={campId}>
      Se inscribe en: <strong>{name}</strong>
    </p>
  ) : null;
}
