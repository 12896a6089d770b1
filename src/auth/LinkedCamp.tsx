// The camp or program of the enrolment link the sign-in pages were opened with (issue 59), named
// so the family knows where signing in leads: `?camp=`, else the id the link stored (the
// registration page is reached from the login's link). The page works the same without it.
// On the sign-in page the server has already written the name into the page rendered ahead
// (src/domain/linkedCampSlot.ts), and said so when the camp is closed (inactive, over): read from
// there, and asked for only when it is not (the public list GET /campamentos/abiertos, which names
// open camps only). A closed camp's link leads to the list after signing in (useSignedIn.ts).
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { request } from '../api/http.ts';
import { readStored, STORAGE_KEYS } from '../api/storage.ts';
import type { OpenProgram } from '../domain/programs.ts';
import { PROGRAM_TEXTS as T } from '../domain/program-texts.ts';
import { rememberClosedCamp } from '../lib/closedCamp.ts';
import { LINKED_CAMP_SLOT } from '../domain/linkedCampSlot.ts';

/** The link's camp: `?camp=`, else the one the link stored (none while rendering ahead). */
function linkedCampId(search: string): string {
  const param = new URLSearchParams(search).get('camp')?.trim();
  if (param || typeof window === 'undefined') return param ?? '';
  return readStored(STORAGE_KEYS.campId)?.trim() ?? '';
}

/** The link's camp as the page names it. */
interface Named {
  name: string;
  /** The camp takes no enrolments now (issue 59): said instead of 'Se inscribe en'. */
  closed: boolean;
}

/**
 * The camp already on the page: the server's (rendered ahead), or the one the page before showed
 * (from the sign-in page to the registration page). Rendering ahead, the stand-in, closed when the
 * id is the closed camp's stand-in.
 */
function namedOnPage(campId: string): Named | null {
  if (!campId) return null;
  if (typeof document === 'undefined')
    return { name: LINKED_CAMP_SLOT.name, closed: campId === LINKED_CAMP_SLOT.closedId };
  const shown = document.querySelectorAll<HTMLElement>('[data-linked-camp]');
  for (const element of shown)
    if (element.dataset.linkedCamp === campId)
      return {
        name: element.querySelector('strong')?.textContent ?? '',
        closed: element.dataset.closed !== undefined,
      };
  return null;
}

export function LinkedCamp() {
  const { search } = useLocation();
  const campId = useMemo(() => linkedCampId(search), [search]);
  // Read once per camp, as the page first renders it (hydrating the server's markup).
  const onPage = useMemo(() => namedOnPage(campId), [campId]);
  const [asked, setAsked] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    if (!campId || onPage?.name) return;
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
  const named: Named | null = onPage?.name
    ? onPage
    : asked?.id === campId && asked.name
      ? { name: asked.name, closed: false }
      : null;
  // Signing in then leads to the list, not to a camp that takes no enrolments.
  useEffect(
    () => rememberClosedCamp(named?.closed ? { id: campId, name: named.name } : null),
    [campId, named?.closed, named?.name],
  );
  if (!named) return null;
  return named.closed ? (
    <p className="alert alert-warning py-2 text-center" data-linked-camp={campId} data-closed="">
      {/* One text node each side of the name: the page as served reads as plain text. */}
      {`${T.closed[0]} `}
      <strong>{named.name}</strong>
      {` ${T.closed[1]} ${T.closedNext}`}
    </p>
  ) : (
    <p className="alert alert-info py-2 text-center" data-linked-camp={campId}>
      {`${T.linked} `}
      <strong>{named.name}</strong>
    </p>
  );
}
