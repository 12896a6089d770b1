// The camp day (issue 25): at the gate, for a day and a week's category, each child with photo and
// medical alerts first; 'Llegó' marks the arrival with its time, 'Salió' the departure with the
// authorised person who took the child (from the enrolment's pick-up list). Anyone else needs an
// administrator's override with a note. Texts and shapes shared by the server, the mocks and the
// panel.
import type { RosterChild } from './staff.ts';
import type { StaffRole } from './roles.ts';
import { readWeekDates } from './weeks.ts';

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

/**
 * What 'Llegó' and 'Salió' send. A mark made offline still carries the phone's time in `at`; the
 * server ignores it and stores its own clock (issue 53).
 */
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
  badDay: 'Ese día no existe: escríbalo como AAAA-MM-DD (por ejemplo, 2027-06-14).',
  notCampDay: (days: readonly string[]) =>
    days.length > 0
      ? `Ese día no es de esta semana: se marca del ${dayLabel(days[0]!)} al ${dayLabel(days.at(-1)!)}.`
      : 'Esta semana no tiene fechas: no se pueden tomar marcas.',
  onlyToday: (today: string) =>
    `Un entrenador marca solo el día de hoy (${dayLabel(today)}); para corregir otro día, pídalo a la oficina.`,
  noArrival: (name: string) =>
    `${name} no tiene la llegada marcada ese día: marque primero «Llegó» y después la salida.`,
} as const;

const PICKUP_TIME = new Intl.DateTimeFormat('es-DO', {
  timeZone: 'America/Santo_Domingo',
  hour: 'numeric',
  minute: '2-digit',
});

/** The short e-mail a family gets when its child leaves (a camp's `pickup_notice`, issue 25). */
/** '4:05 p. m.' in Santo Domingo: when a child left, as the family reads it. */
export const pickupTime = (at: Date): string => PICKUP_TIME.format(at);

export function pickupNotice(input: { child: string; person: string; at: Date; camp: string }) {
  const time = pickupTime(input.at);
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

// Which days a week's marks are taken on (issue 53), shared by the server and the page. A day is
// 'YYYY-MM-DD' (the page's date input, Santo Domingo's calendar); a week's dates are
// 'DD/MM/YYYY - DD/MM/YYYY'. Every day from the first date to the last is a camp day, weekends in
// the range included: the school's own dates decide (a Monday-to-Friday week has five).

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 3600_000;
/** The longest range read as camp days: the annual program runs ten months (a typo stays small). */
const MAX_CAMP_DAYS = 366;

/** The UTC midnight of a real 'YYYY-MM-DD' (leap years respected; years 2000-2099), else null. */
function dayTime(day: string): number | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  return year >= 2000 &&
    year <= 2099 &&
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === date
    ? time
    : null;
}

/** A day that exists on the calendar, written 'YYYY-MM-DD' ('2027-02-30' and '0000-00-00' do not). */
export const isCalendarDay = (day: string): boolean => dayTime(day) !== null;

/** A week's camp days, 'YYYY-MM-DD' in order; none when its dates cannot be read. */
export function campDaysOf(weekDates: string): string[] {
  const read = readWeekDates(weekDates);
  if (!read || 'problem' in read) return [];
  const [first, last] = [dayTime(read.first), dayTime(read.last)];
  if (first === null || last === null || (last - first) / DAY_MS >= MAX_CAMP_DAYS) return [];
  const days: string[] = [];
  for (let time = first; time <= last; time += DAY_MS) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

/**
 * The days a staff member may mark in a week: the office and administrators any camp day (to
 * correct), a coach only today (Santo Domingo's `today`), when today is one of the week's.
 */
export function markableDays(weekDates: string, role: StaffRole | null, today: string): string[] {
  const days = campDaysOf(weekDates);
  return role === 'entrenador' ? days.filter((day) => day === today) : days;
}

const DAY_NAME = new Intl.DateTimeFormat('es-DO', { timeZone: 'UTC', weekday: 'long' });

/** 'lunes 14/06/2027': a day as the page and the messages name it. */
export function dayLabel(day: string): string {
  const time = dayTime(day);
  if (time === null) return day;
  return `${DAY_NAME.format(new Date(time))} ${day.split('-').reverse().join('/')}`;
}

/** Why a mark (or a day's list) on `day` is refused for this week and role, or null: 400 or 403. */
export function dayRefusal(
  day: string,
  weekDates: string,
  role: StaffRole | null,
  today: string,
): { status: 400 | 403; message: string } | null {
  if (!isCalendarDay(day)) return { status: 400, message: CAMP_DAY_MESSAGES.badDay };
  const days = campDaysOf(weekDates);
  if (!days.includes(day)) return { status: 400, message: CAMP_DAY_MESSAGES.notCampDay(days) };
  if (role === 'entrenador' && day !== today)
    return { status: 403, message: CAMP_DAY_MESSAGES.onlyToday(today) };
  return null;
}
