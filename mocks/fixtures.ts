// What a tester or a test needs to know of the mock data without loading it: the mock credentials
// and the demo camps' ids (the same on every reset, so reloads and tests can name them).
import { demoSchool } from '../src/domain/demo.ts';

/** Mock credentials (mock mode only: never used by the real server). */
export const MOCK_CREDENTIALS = {
  admin: { email: 'admin@escuela.do', password: 'admin123' },
  parent: { email: 'carmen@correo.do', password: 'clave123' },
  /** A coach (issue 25): the rosters and the camp day only. */
  coach: { email: 'entrenador@escuela.do', password: 'entrenador123' },
} as const;

/** Ids that look like MongoDB ObjectIds, the same on every reset, so reloads and tests can name them. */
export function fixtureIds(): () => string {
  let counter = 0;
  return () => `66a1b2c3${(counter += 1).toString(16).padStart(16, '0')}`;
}

/** The demo camps' ids (stable for the whole run and across resets). */
export function demoCampIds(): { summer: string; annual: string } {
  const school = demoSchool(fixtureIds());
  return { summer: school.summer._id, annual: school.annual._id };
}
