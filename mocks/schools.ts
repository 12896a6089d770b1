// The demo schools of mock mode (issue 46: many schools per deployment). Each has a store and a
// core of its own (mocks/data.ts); the page is one school's, picked with `?cuenta=<id>` in the
// address or the scenario panel and kept in sessionStorage. No imports: the mock build reads this
// file too, to write the schools into the static configuration script (mocks/app-config.js).

export interface MockSchool {
  /** The account id, sent as x-account-id (the page's `accountId`). */
  id: string;
  /** As the scenario panel lists it. */
  label: string;
  /**
   * What the school changes in the shared demo data (src/domain/demo.ts), so a tester sees at once
   * which school the page is: its camps by their seeded code, and its fiscal name.
   */
  changes?: {
    camps: Record<string, { code: string; name: string; description: string }>;
    schoolName: string;
  };
}

/** The first is the default: the demo school the server seeds too. */
export const MOCK_SCHOOLS: readonly [MockSchool, MockSchool] = [
  { id: 'escuela-baloncesto', label: 'Escuela de Baloncesto' },
  {
    id: 'club-los-tigres',
    label: 'Club Los Tigres',
    changes: {
      camps: {
        CV2027: {
          code: 'TIGRES27',
          name: 'Campamento Los Tigres 2027',
          description: 'Ocho semanas de deporte y convivencia en el Club Los Tigres, de 6 a 18 años.',
        },
        PA2027: {
          code: 'TEMP2027',
          name: 'Temporada Los Tigres 2026-2027',
          description: 'Entrenamientos del club durante el año escolar.',
        },
      },
      schoolName: 'Club Los Tigres (demostración)',
    },
  },
];

export const SCHOOL_PARAM = 'cuenta';
export const SCHOOL_STORAGE_KEY = 'msw-cuenta';

export const mockSchool = (id: unknown): MockSchool | undefined =>
  MOCK_SCHOOLS.find((school) => school.id === id);

/**
 * The mock build's configuration script: mocks/app-config.js with the schools written in where it
 * reads `__MOCK_SCHOOLS__`, so the ids, the address parameter and the storage key are declared
 * here only.
 */
export function mockConfigScript(template: string): string {
  const schools = {
    ids: MOCK_SCHOOLS.map((school) => school.id),
    param: SCHOOL_PARAM,
    storageKey: SCHOOL_STORAGE_KEY,
  };
  // The statement's, not the names in its comments.
  const script = template.replace('__MOCK_SCHOOLS__;', `${JSON.stringify(schools)};`);
  if (script === template) throw new Error('mocks/app-config.js no longer reads __MOCK_SCHOOLS__');
  return script;
}
