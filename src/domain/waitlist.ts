// The waiting list of a full week (issue 18): a family joins it for a week and a child; when places
// free (a cancellation, an expired hold, more capacity) the first in line gets them held for a day
// and an e-mail with the link; an offer nobody takes passes to the next. Pure: texts and shapes
// shared by the server, the mocks, the wizard, the profile and the admin panel.

/** Hours an offer's places stay held for the family, unless the camp says. */
export const WAITLIST_OFFER_DEFAULT_HOURS = 24;
export const WAITLIST_OFFER_MAX_HOURS = 168;
export const WAITLIST_CHILD_MAX = 80;

export const WAITLIST_STATUS_LABELS = {
  waiting: 'En espera',
  offered: 'Cupo ofrecido',
  accepted: 'Inscrito',
  expired: 'Oferta vencida',
  left: 'Salió de la lista',
  withdrawn: 'Retirada: la semana ya no se ofrece',
  removed: 'Quitada por la oficina',
} as const;
export const WAITLIST_STATUSES = /*#__PURE__*/ keysOf(WAITLIST_STATUS_LABELS);
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

import { WAITLIST_JOIN, waitlistPosition } from './waitlist-calendar.ts';
import { keysOf } from './choices.ts';

export { WAITLIST_JOIN, waitlistPosition };

export const WAITLIST_MESSAGES = {
  join: WAITLIST_JOIN,
  joinTitle: (week: string) => `Lista de espera de ${week}`,
  joinHelp:
    'Si se libera un cupo, se lo reservaremos y le avisaremos por correo. Tendrá un tiempo para completar la inscripción.',
  child: 'Nombre del participante',
  childRequired: 'Escriba el nombre del participante.',
  joined: (week: string, position: number) =>
    `Listo: está en la lista de espera de ${week}, en la posición ${position}. Le avisaremos por correo si se libera un cupo.`,
  already: 'Ya está en la lista de espera de esta semana.',
  notFull: 'Esta semana todavía tiene cupos: agréguela al carrito.',
  weekNotFound: 'La semana no existe o ya no está disponible.',
  notFound: 'No encontramos esa solicitud en la lista de espera.',
  left: 'Salió de la lista de espera.',
  leave: 'Salir de la lista',
  position: waitlistPosition,
  offered: (until: string) => `Cupo reservado para usted hasta el ${until}`,
  /** An offered week that runs several categories, until one is chosen on its row. */
  offerCategory: (week: string) => `Elija la categoría de ${week} y se agrega al carrito.`,
  moved: 'Orden de la lista actualizado.',
  changed: 'La lista cambió mientras tanto. Revise el orden e intente de nuevo.',
  cannotMove: 'Solo se puede mover a familias en espera, dentro de la misma semana.',
  offerSubject: (camp: string) => `Se liberó un cupo en ${camp}`,
  withdrawnSubject: (camp: string) => `Lista de espera de ${camp}: la semana ya no se ofrece`,
} as const;

/**
 * Staff running the line by hand (issue 54): a family that phoned, a removal, an offer now. Apart
 * from WAITLIST_MESSAGES so that the parents' pages, which read those, do not carry these.
 */
export const WAITLIST_OFFICE_MESSAGES = {
  added: (child: string, week: string, position: number) =>
    `${child} quedó en la lista de espera de ${week}, en la posición ${position}.`,
  noAccount:
    'No hay una cuenta con ese correo. La familia debe crear su cuenta en la página de inscripción: la oferta le llega por correo y la toma con esa cuenta.',
  emailRequired: 'Escriba el correo de la cuenta de la familia.',
  phoneInvalid: 'Escriba un teléfono válido, por ejemplo 809-555-0101.',
  alreadyStaff: 'Esa familia ya está en la lista de espera de esta semana.',
  notFullStaff: 'Esta semana todavía tiene cupos: inscriba a la familia en lugar de ponerla en espera.',
  removed: (child: string) => `${child} salió de la lista de espera.`,
  cannotRemove: 'Esa solicitud ya no está en la lista de espera.',
  offeredNow: (child: string, until: string) =>
    `Cupo ofrecido a ${child}: reservado hasta el ${until} y avisado por correo.`,
  firstInLine: (child: string) =>
    `No hay cupos libres en esta semana: ${child} quedó primero en la lista y recibirá el próximo cupo que se libere.`,
  cannotOffer: 'Solo se ofrece un cupo a una familia en espera.',
} as const;

/** One family's request, as the profile and the admin list show it. */
export interface WaitlistView {
  _id: string;
  campament: string;
  campament_name: string;
  week: string;
  week_name: string;
  child: string;
  status: WaitlistStatus;
  /** 1 = next to be offered; null once the family is no longer waiting. */
  position: number | null;
  created_at: string;
  offer_expires_at: string | null;
  /** Staff only: the family's e-mail. */
  email?: string;
  /** Staff only: the phone staff took on the call, else the account's ('' when neither). */
  phone?: string;
}
