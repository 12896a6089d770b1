// 'Nueva inscripción' (issue 59): the school's open camps and programs, each with its dates, ages,
// price from and places left; picking one opens its calendar as its enrolment link would.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import type { OpenProgram } from '../domain/programs.ts';
import { currentAddress, FIRST_SCREEN, renderApp } from '../test/renderApp.tsx';
import { signInParent, stubMatchMedia } from './testing.ts';

const SUMMER: OpenProgram = {
  _id: '64b00000000000000000c001',
  name: 'Campamento de Verano 2027',
  type: 'campamento',
  description: 'Ocho semanas de baloncesto.',
  start: '2027-06-14',
  end: '2027-08-06',
  age_min: 6,
  age_max: 18,
  price_from: 4700,
  places_left: 30,
  offered: 8,
  with_places: 7,
};
const ANNUAL: OpenProgram = {
  ...SUMMER,
  _id: '64b00000000000000000c002',
  name: 'Programa Anual 2026-2027',
  type: 'programaanual',
  description: 'Entrenamientos tres veces por semana.',
  start: '2026-09-01',
  end: '2027-06-30',
  age_min: 10,
  age_max: 13,
  price_from: 7400,
  places_left: 1,
  offered: 3,
  with_places: 1,
};
const FULL_CAMP: OpenProgram = {
  ...SUMMER,
  _id: '64b00000000000000000c003',
  name: 'Campamento de Navidad',
  start: '2027-12-20',
  end: '2027-12-24',
  places_left: 0,
  offered: 1,
  with_places: 0,
};
const FULL_PROGRAM: OpenProgram = {
  ...ANNUAL,
  _id: '64b00000000000000000c004',
  name: 'Programa Sabatino',
  start: '2028-01-08',
  places_left: 0,
  with_places: 0,
};

function serveList(programs: OpenProgram[] | 'error') {
  server.use(
    http.get('*/api/campamentos/abiertos', () =>
      programs === 'error'
        ? HttpResponse.json({ status: 'ERROR', success: false, message: 'Error interno' }, { status: 500 })
        : HttpResponse.json({ status: 'SUCCESS', data: programs }),
    ),
  );
}

const card = (name: string) => screen.getByRole('article', { name });

/** The card of `name`, checked to show each of `texts`. */
function cardShowing(name: string, texts: string[]) {
  const shown = within(card(name));
  for (const text of texts) expect(shown.getByText(text)).toBeInTheDocument();
  return shown;
}

beforeEach(() => {
  stubMatchMedia();
  signInParent();
});

describe("'Nueva inscripción': the school's open programs", () => {
  it('shows each with its dates, ages, price from and places left; a full one says so', async () => {
    serveList([ANNUAL, SUMMER, FULL_CAMP, FULL_PROGRAM]);
    renderApp('/programas');
    await screen.findByRole('heading', { name: 'Elija el programa', level: 1 }, FIRST_SCREEN);
    await screen.findByRole('article', { name: 'Programa Anual 2026-2027' });
    const names = within(screen.getByRole('list', { name: 'Programas abiertos' }))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(names).toEqual([
      'Programa Anual 2026-2027',
      'Campamento de Verano 2027',
      'Campamento de Navidad',
      'Programa Sabatino',
    ]);

    cardShowing('Programa Anual 2026-2027', [
      'Programa anual',
      'Del 01/09/2026 al 30/06/2027',
      'De 10 a 13 años',
      'Desde RD$7,400 al inscribirse (primera cuota y membresía)',
      'Queda 1 plaza',
    ]);

    const summer = cardShowing('Campamento de Verano 2027', [
      'Campamento',
      'Del 14/06/2027 al 06/08/2027',
      'De 6 a 18 años',
      'Desde RD$4,700 por semana',
      'Plazas en 7 de 8 semanas (hasta 30 por semana)',
    ]);
    expect(summer.getByRole('button', { name: 'Inscribirse' })).toBeEnabled();

    // A full camp still takes waiting-list requests from its calendar; a full program has no list.
    const fullCamp = cardShowing('Campamento de Navidad', [
      'Sin plazas disponibles: todas las semanas están agotadas',
    ]);
    expect(fullCamp.getByRole('button', { name: 'Ver semanas y lista de espera' })).toBeInTheDocument();
    const fullProgram = cardShowing('Programa Sabatino', ['Sin plazas disponibles']);
    expect(fullProgram.queryByRole('button')).not.toBeInTheDocument();
  });

  it("opens the chosen program's calendar, as its enrolment link would, and marks it in the list", async () => {
    localStorage.setItem('CampamentId', SUMMER._id);
    serveList([ANNUAL, SUMMER]);
    renderApp('/programas');
    await screen.findByRole('article', { name: 'Programa Anual 2026-2027' }, FIRST_SCREEN);
    expect(within(card('Campamento de Verano 2027')).getByText('Inscripción en curso')).toBeInTheDocument();
    expect(within(card('Programa Anual 2026-2027')).queryByText('Inscripción en curso')).toBeNull();
    await userEvent
      .setup()
      .click(within(card('Programa Anual 2026-2027')).getByRole('button', { name: 'Inscribirse' }));
    await waitFor(() => expect(currentAddress()).toBe('/calendario'));
    expect(localStorage.getItem('CampamentId')).toBe(ANNUAL._id);
  });

  it('goes straight to the calendar when the school has one open program', async () => {
    serveList([SUMMER]);
    renderApp('/programas');
    await waitFor(() => expect(currentAddress()).toBe('/calendario'), FIRST_SCREEN);
    expect(localStorage.getItem('CampamentId')).toBe(SUMMER._id);
  });

  it("shows the one program when the family came to change ('Cambiar programa')", async () => {
    serveList([SUMMER]);
    renderApp({ pathname: '/programas', state: { choose: true } });
    await screen.findByRole('article', { name: 'Campamento de Verano 2027' }, FIRST_SCREEN);
    expect(currentAddress()).toBe('/programas');
  });

  it('says when nothing is open, and offers Reintentar when the list cannot load', async () => {
    serveList('error');
    renderApp('/programas');
    const alert = await screen.findByRole('alert', {}, FIRST_SCREEN);
    expect(alert).toHaveTextContent('No fue posible cargar los programas de la escuela.');
    serveList([]);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText('La escuela no tiene campamentos ni programas abiertos ahora.'),
    ).toBeInTheDocument();
  });

  it('is where a signed-in family without an enrolment link lands', async () => {
    serveList([ANNUAL, SUMMER]);
    renderApp('/');
    await screen.findByRole('article', { name: 'Campamento de Verano 2027' }, FIRST_SCREEN);
    expect(currentAddress()).toBe('/programas');
  });
});
