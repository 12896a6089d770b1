// The camp day (issue 25): at the gate, for a day and a week's category, each child with photo and
// medical alerts first; 'Llegó' marks the arrival with its time, 'Salió' the departure with the
// authorised person who took the child (from the enrolment's pick-up list). Anyone else needs an
// administrator's override with a note. Texts and shapes shared by the server, the mocks and the
// panel.
import type { RosterChild } from './staff.ts';

/** One child of the day: the roster's data and the day's marks. */
export interface CampDayChild extends RosterChild {
  category_name: string;
  arrived_at: string | null;
  arrived_by: string;
  left_at: string | null;
  left_by: string;
  /** Who took the child: 'Name (cédula)'. */
  picked_up_by: string;
  override_note: string;
}

export interface CampDayMark {
  /** '{day}|{enrolment id}:{slot}'. */
  _id: string;
  day: string;
  child_key: string;
  week: string;
  arrived_at: Date | null;
  arrived_by: string;
  left_at: Date | null;
  left_by: string;
  picked_up_by: string;
  override_note: string;
}

/** What 'Llegó' and 'Salió' send (a mark made offline carries the phone's time in `at`). */
export interface CampDayMarkBody {
  campament: string;
  week: string;
  key: string;
  day: string;
  at?: string;
  person?: number;
  other?: { name: string; id: string; note: string };
}

export const CAMP_DAY_MESSAGES = {
  arrived: (name: string) => `${name}: llegada marcada.`,
  left: (name: string, person: string) => `${name}: salida marcada, lo recogió ${person}.`,
  notAuthorized: (name: string, people: readonly string[]) =>
    people.length > 0
      ? `Solo pueden recoger a ${name}: ${people.join('; ')}. Para otra persona hace falta la autorización de un administrador con una nota.`
      : `${name} no tiene personas autorizadas en su inscripción: hace falta la autorización de un administrador con una nota.`,
  overrideNote: 'Escriba el nombre y la cédula de quien lo recoge y una nota de la autorización.',
  childNotFound: 'Ese niño no está inscrito en esta semana.',
  badDay: 'Escriba el día como AAAA-MM-DD.',
} as const;

const PICKUP_TIME = new Intl.DateTimeFormat('es-DO', {
  timeZone: 'America/Santo_Domingo',
  hour: 'numeric',
  minute: '2-digit',
});

/** The short e-mail a family gets when its child leaves (a camp's `pickup_notice`, issue 25). */
export function pickupNotice(input: { child: string; person: string; at: Date; camp: string }) {
  const time = PICKUP_TIME.format(input.at);
  return {
    subject: `${input.child} salió del campamento`,
    text:
      `${input.child} salió de ${input.camp} a las ${time} con ${input.person}.\n\n` +
      'Si no reconoce a esa persona, llame a la escuela de inmediato.',
  };
}

/** 'Ana Pérez (001-1234567-3)': a pick-up person as the marks and the messages write them. */
export const personLabel = (person: { name: string; id: string }): string =>
  person.id?.trim() ? `${person.name.trim()} (${person.id.trim()})` : person.name.trim();
