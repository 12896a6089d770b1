// Test helpers of the wizard's screens: the camp calls answered through MSW, and the enrolment
// routes rendered with an in-memory router (without the signed-in shell and its 1 s pause).
import type { SavedFamily } from '../domain/saved-family.ts';
import { render, screen } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { authSlice, loadUser } from '../auth/authSlice.ts';
import { MemoryRouter, Routes, useLocation } from 'react-router-dom';
import { server } from '../../mocks/node.ts';
import type { CampData } from './api.ts';
import { enrolmentRoutes } from './pages.tsx';
import { CAMP_ID, PROGRAM_ID, campData, programData } from './test-fixtures.ts';

/** Stores the camp id and answers the four entry calls with `data`. */
export function serveCamp(data: CampData = campData, campId = data.camp._id) {
  localStorage.setItem('CampamentId', campId);
  server.use(
    http.get('*/api/semanas/findbycamp/:id', () =>
      HttpResponse.json({ status: 'SUCCESS', message: '', data: { uid: data.uid, weekData: data.weeks } }),
    ),
    http.get('*/api/categorias/findbycamp/:id', () =>
      HttpResponse.json({ status: 'SUCCESS', message: '', data: data.categories }),
    ),
    http.get('*/api/campamentos/findbyid/:id', () =>
      HttpResponse.json({ status: 'SUCCESS', message: '', data: data.camp }),
    ),
    serveFamily(data.earlierChildren, data.heldPlaces),
    serveSavedFamily(),
    // The family's waiting lists: none unless a test says.
    http.get('*/api/esperas', () =>
      HttpResponse.json({ status: 'SUCCESS', message: '', data: data.waitlist ?? [] }),
    ),
  );
}

/** Answers the family's saved children and contacts (issue 26): none unless a test gives them. */
export const serveSavedFamily = (family: SavedFamily = { children: [], contact: null }) =>
  http.get('*/api/familia/datos', () => HttpResponse.json({ status: 'SUCCESS', data: family }));

/** Answers the family call (children of earlier paid orders the family discount counts). */
export const serveFamily = (
  children: CampData['earlierChildren'] = [],
  places: CampData['heldPlaces'] = [],
) =>
  http.get('*/api/inscripciones/familia/:id', () =>
    HttpResponse.json({ status: 'SUCCESS', data: { children, places } }),
  );

function AddressBar() {
  const { pathname } = useLocation();
  return <output data-testid="address">{pathname}</output>;
}

/** The wizard at `path`, in the app's Redux store (optionally with a signed-in account's e-mail). */
export function renderWizard(path = '/calendario', { accountEmail }: { accountEmail?: string } = {}) {
  // The session slice only: what the wizard reads of the app's store.
  const store = configureStore({ reducer: combineSlices(authSlice) });
  if (accountEmail) store.dispatch(loadUser({ email: accountEmail, picture: null }));
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{enrolmentRoutes()}</Routes>
        <AddressBar />
      </MemoryRouter>
    </Provider>,
  );
}

export const currentPath = () => screen.getByTestId('address').textContent;

export { CAMP_ID, PROGRAM_ID, campData, programData };

/** A camp without categories: Agregar adds the chosen weeks for one child. */
export const plainCampData: CampData = { ...campData, categories: [] };

type User = ReturnType<typeof userEvent.setup>;

/** The calendar starts empty (issue 26): the parent ticks 'Seleccionar todas las semanas'. */
export async function chooseAllWeeks(user: User) {
  await user.click(await screen.findByLabelText('Seleccionar todas las semanas'));
}

/** On the calendar of `plainCampData`: adds one child in every week and goes to /participantes. */
export async function addOneChildAndContinue(user: User) {
  await screen.findByText('Semana 1');
  await chooseAllWeeks(user);
  await user.click(screen.getByRole('button', { name: 'Agregar' }));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  await screen.findByRole('tab', { name: /^Participante 1/ });
}

export function servePhotoUpload(url = 'https://cdn.example.org/ana.jpg') {
  server.use(http.post('*/api/inscripciones/uploadtoazurecdn', () => HttpResponse.json({ result: url })));
}

/** Fills participant 1 (photo included) through the form. */
export async function fillParticipant(user: User) {
  servePhotoUpload();
  await user.upload(
    await screen.findByLabelText('Foto *'),
    new File(['x'], 'ana.jpg', { type: 'image/jpeg' }),
  );
  await screen.findByRole('img', { name: 'Foto del participante 1' });
  const text: Array<[string, string]> = [
    ['Nombre *', 'Ana'],
    ['Apellido *', 'Pérez'],
    ['Fecha de nacimiento *', '01022015'],
    ['Edad *', '10'],
    ['Peso (lbs) *', '70'],
    ['Estatura (pies y pulgadas) *', '4 pies 5 pulgadas'],
    ['Colegio *', 'Colegio Loyola'],
    ['Alimentos prohibidos *', 'Ninguno'],
    ['Alergias *', 'Ninguna'],
    ['Medicamentos prohibidos *', 'Ninguno'],
    ['Restricciones de actividades *', 'Ninguna'],
  ];
  for (const [label, value] of text) await user.type(screen.getByLabelText(label), value);
  await user.selectOptions(screen.getByLabelText('Sexo *'), 'Femenino');
  await user.selectOptions(screen.getByLabelText('Talla de camiseta *'), 'M');
}

/** A single mother's form (issue 26): only what the step requires, no father and no second pick-up. */
export const ADDITIONAL_INPUT: Array<[string, string]> = [
  ['Nombre de la madre', 'María Gómez'],
  ['Teléfono de la madre', '8095551234'],
  ['Cédula de la madre', '00112345673'],
  ['Correo electrónico *', 'familia@example.org'],
  ['Dirección familiar *', 'Calle El Sol 12'],
  ['Nombre *', 'Rosa'],
  ['Apellido *', 'Gómez'],
  ['Teléfono celular *', '8495551111'],
  ['Nombre de la persona autorizada 1 *', 'Rosa Gómez'],
  ['Cédula de la persona autorizada 1 *', '00211111117'],
];

export async function fillAdditional(user: User) {
  // The step's screen is a chunk of its own: it arrives just after the step's frame.
  for (const [label, value] of ADDITIONAL_INPUT) await user.type(await screen.findByLabelText(label), value);
  await user.selectOptions(screen.getByLabelText('Forma de contacto preferida *'), 'Celular');
  await user.selectOptions(screen.getByLabelText('¿Cómo se enteró de nosotros? *'), 'Instagram');
}

/** On the calendar of `plainCampData`: one child (photo included) up to the additional information. */
export async function toAdditionalStep(user: User) {
  await addOneChildAndContinue(user);
  await fillParticipant(user);
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  await screen.findByRole('heading', { name: 'Información adicional' });
}

/** On the calendar of `plainCampData`: one child up to the payment step, its card form shown. */
export async function toPaymentStep(user: User) {
  await toAdditionalStep(user);
  await fillAdditional(user);
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  await screen.findByRole('heading', { name: 'Confirmación y Pago' });
  // The step's screen is a chunk of its own: it arrives just after the step's frame.
  await screen.findByLabelText('Nombre en la tarjeta *');
}

/** Types a card (by default one the sandbox accepts) into the payment step. */
export async function typeCard(user: User, number = '4242424242424242') {
  await user.type(screen.getByLabelText('Nombre en la tarjeta *'), 'MARIA GOMEZ');
  await user.type(screen.getByLabelText('Número de tarjeta *'), number);
  await user.type(screen.getByLabelText('Vencimiento (MM/AAAA) *'), '122030');
  await user.type(screen.getByLabelText('CVV *'), '123');
}

/**
 * One child through the wizard to the payment step, the card typed and the terms accepted: 'Pagar'
 * is the next click. Answers the user the steps were driven with.
 */
export async function readyToPay(userSetup: () => User) {
  renderWizard('/calendario');
  const user = userSetup();
  await toPaymentStep(user);
  await typeCard(user);
  await user.click(screen.getByLabelText('Acepto los términos y condiciones *'));
  return user;
}
