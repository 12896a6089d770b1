// `npm run start:mock`: the front end alone, with MSW answering every API call in the browser
// (no API server, no database). Builds dist-mock/ when stale, then serves it as static files.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildIfStale } from './build.ts';
import { registerFrontend } from '../server/http/frontend.ts';
import { MOCK_CREDENTIALS, demoCampIds } from '../mocks/fixtures.ts';
import { MOCK_SCHOOLS } from '../mocks/schools.ts';
import { SCENARIOS } from '../mocks/scenario-list.ts';
import { SANDBOX_CARDS } from '../src/domain/cards.ts';
import { CHALLENGE_TEST_CARD } from '../src/domain/authentication.ts';

/** The test cards the banner lists, and what each does in mock mode. */
const TEST_CARDS: Array<[string, string]> = [
  [SANDBOX_CARDS.approved, 'aprobada'],
  [SANDBOX_CARDS.declined, 'rechazada'],
  [SANDBOX_CARDS.insufficientFunds, 'fondos insuficientes'],
  [CHALLENGE_TEST_CARD.number, 'verificación de su banco, 3-D Secure'],
];
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

await buildIfStale({ mock: true });
const app = Fastify({ logger: false });
await registerFrontend(app, path.join(root, 'dist-mock'));
await app.listen({ port, host });

const url = `http://localhost:${port}`;
const camps = demoCampIds();
process.stdout.write(
  [
    '',
    '  Escuela de baloncesto: inscripciones (MODO DE PRUEBA: datos simulados en el navegador, sin servidor)',
    `  App:             ${url}/`,
    `  Admin panel:     ${url}/admin/login`,
    `  Padre/madre:     ${MOCK_CREDENTIALS.parent.email} / ${MOCK_CREDENTIALS.parent.password}`,
    `  Administración:  ${MOCK_CREDENTIALS.admin.email} / ${MOCK_CREDENTIALS.admin.password}`,
    `  Entrenador:      ${MOCK_CREDENTIALS.coach.email} / ${MOCK_CREDENTIALS.coach.password}`,
    `  Enlace de inscripción (campamento):   ${url}/login?camp=${camps.summer}`,
    `  Enlace de inscripción (programa anual): ${url}/login?camp=${camps.annual}`,
    // The cards a tester pays with (README, 'The sandbox's test cards'): any future expiry and CVV.
    `  Tarjetas de prueba: ${TEST_CARDS.map(([number, what]) => `${grouped(number)} (${what})`).join(' · ')}`,
    // Every scenario the panel offers, from its own list: none left out of the banner.
    `  Escenarios: añada ?escenario=${Object.keys(SCENARIOS)
      .filter((id) => id !== 'normal')
      .join(' | ')}`,
    `  Escuelas:   añada ?cuenta=${MOCK_SCHOOLS.map((school) => school.id).join(' | ')}`,
    '',
  ].join('\n') + '\n',
);

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
