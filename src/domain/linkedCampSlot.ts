// The sign-in pages rendered ahead for an enrolment link (issue 59): src/prerender.tsx renders
// /login and /register once with these stand-ins for the link's camp, and the server
// (server/http/frontend.ts) writes the real id and name in their place for each `?camp=` it
// serves. The name is then in the first paint: it used to come after a request, above the form,
// and moved it (CLS 0.043, and the late box became the page's largest paint).

/**
 * Stand-ins the server replaces; letters only, so React writes them as they are. `closedId` stands
 * for a camp that exists but takes no enrolments now: the page says so instead of naming it as the
 * one the parent enrols in.
 */
export const LINKED_CAMP_SLOT = {
  id: 'linkedcampidslot',
  closedId: 'closedcampidslot',
  name: 'LinkedCampNameSlot',
} as const;

/** The pages rendered with the stand-ins, each under `<path>?camp` and `<path>?camp&closed`. */
export const LINKED_CAMP_PAGES = ['/login', '/register'] as const;

/** The key of a page rendered with the stand-ins, for an open camp or a closed one. */
export const linkedPageKey = (pathname: string, closed = false) =>
  `${pathname}?camp${closed ? '&closed' : ''}`;
