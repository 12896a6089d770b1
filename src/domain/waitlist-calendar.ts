// The waiting list's two texts the calendar shows on a full week's row (./waitlist.ts holds the
// rest): a module of their own, so the calendar's download carries only these two.
export const WAITLIST_JOIN = 'Unirme a la lista de espera';
export const waitlistPosition = (position: number) => `Posición ${position} en la lista de espera`;
