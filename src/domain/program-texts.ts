// The texts of the school's open camps and programs (issue 59), as the parents' list
// (src/shell/ProgramsPage.tsx) and the sign-in pages (src/auth/LinkedCamp.tsx) show them. Apart from
// ./programs.ts (the list's rule, with the pricing it needs), so the sign-in page's first download
// carries the texts alone (its budget: e2e/bundle.spec.ts).
import { isAnnualProgram } from './camp-types.ts';
import type { OpenProgram } from './programs.ts';

/** 'YYYY-MM-DD' as parents read it, 'DD/MM/YYYY'. */
const shown = (day: string) => day.split('-').reverse().join('/');

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The list's texts (es-DO), shared by the list and its tests. */
export const PROGRAM_TEXTS = {
  title: 'Elija el programa',
  intro:
    'Estos son los campamentos y programas abiertos de la escuela. Elija uno para inscribir a sus hijos.',
  none: 'La escuela no tiene campamentos ni programas abiertos ahora.',
  failed: 'No fue posible cargar los programas de la escuela.',
  dates: (program: Pick<OpenProgram, 'start' | 'end'>) =>
    `Del ${shown(program.start)} al ${shown(program.end)}`,
  ages: (program: Pick<OpenProgram, 'age_min' | 'age_max'>) =>
    `De ${program.age_min} a ${program.age_max} años`,
  /** A camp's week, or an annual program's first payment (first instalment and membership). */
  priceFrom: (program: Pick<OpenProgram, 'type'>, amount: string) =>
    isAnnualProgram(program.type)
      ? `Desde ${amount} al inscribirse (primera cuota y membresía)`
      : `Desde ${amount} por semana`,
  places: (program: Pick<OpenProgram, 'type' | 'places_left' | 'offered' | 'with_places'>) => {
    if (program.with_places === 0)
      return isAnnualProgram(program.type)
        ? 'Sin plazas disponibles'
        : 'Sin plazas disponibles: todas las semanas están agotadas';
    if (program.places_left === null) return 'Plazas disponibles';
    if (isAnnualProgram(program.type))
      return program.places_left === 1 ? 'Queda 1 plaza' : `Quedan ${program.places_left} plazas`;
    return `Plazas en ${program.with_places} de ${plural(program.offered, 'semana', 'semanas')} (hasta ${program.places_left} por semana)`;
  },
  choose: 'Inscribirse',
  /** A full camp still takes requests for its waiting list, from its calendar. */
  waitlist: 'Ver semanas y lista de espera',
  current: 'Inscripción en curso',
  /** An enrolment link's camp on the sign-in pages, open: the one the parent enrols in. */
  linked: 'Se inscribe en:',
  /**
   * An enrolment link to a camp the school has but that takes no enrolments now: said on the
   * sign-in pages, around its name, and where signing in leads instead (the list).
   */
  closed: ['Las inscripciones de', 'están cerradas.'],
  closedNext: 'Al entrar podrá elegir otro programa de la escuela.',
  closedChoose: 'Elija otro programa de la lista.',
} as const;
