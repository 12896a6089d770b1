import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { PHOTO_MESSAGES } from '../domain/photos.ts';
import { CAT_MINI } from './test-fixtures.ts';
import { CONTACT, savedChild } from '../core/checkout/fixtures.ts';
import { CHILD_MESSAGES } from '../domain/children.ts';
import {
  addOneChildAndContinue,
  chooseAllWeeks,
  campData,
  currentPath,
  fillAdditional,
  fillParticipant,
  plainCampData,
  renderWizard,
  serveCamp,
  serveSavedFamily,
  toAdditionalStep,
} from './wizard-testing.tsx';

const errorsBlock = (title: string) => screen.getByText(title).closest('[role="alert"]') as HTMLElement;

describe('Reload', { timeout: 20000 }, () => {
  it('keeps the cart, the participant typed so far and the step after a page reload', async () => {
    serveCamp(plainCampData);
    const first = renderWizard('/calendario');
    const user = userEvent.setup();
    await addOneChildAndContinue(user);
    await user.type(screen.getByLabelText('Nombre *'), 'Pedro');
    first.unmount();

    // A new page load: a fresh provider and machine, restored from sessionStorage.
    renderWizard('/participantes');
    expect(await screen.findByRole('tab', { name: /^Participante 1/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre *')).toHaveValue('Pedro');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Calendario').value).toContain('• Semana 1 / ');
    expect(currentPath()).toBe('/participantes');
  });
});

describe('Participants screen', { timeout: 20000 }, () => {
  it('shows the tab, the Errores: lines, the Calendario box, and enables Siguiente once valid', async () => {
    serveCamp(plainCampData);
    renderWizard('/calendario');
    const user = userEvent.setup();
    await addOneChildAndContinue(user);
    expect(currentPath()).toBe('/participantes');

    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect(next).toBeDisabled();
    // Nothing typed yet: no red box, but the disabled button says what is missing, and the tab too.
    expect(screen.queryByText('Errores:')).not.toBeInTheDocument();
    expect(next).toHaveAccessibleDescription(/Para continuar complete los datos de: Participante 1\./);
    expect(screen.getByRole('tab', { name: 'Participante 1 (incompleto)' })).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Calendario').value).toBe(
      [
        '• Semana 1 / 01/07/2025 - 11/07/2025',
        '• Semana 2 / 02/07/2025 - 12/07/2025',
        '• Semana 3 / 03/07/2025 - 13/07/2025',
        '• Semana 4 / 04/07/2025 - 14/07/2025',
      ].join('\n'),
    );
    expect(screen.getByLabelText('Calendario')).toHaveAttribute('readonly');
    expect(screen.getByText('Ej.: 75 (de 40 a 400 lbs)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ayuda sobre Peso (lbs)' })).toBeInTheDocument();

    // A wrong weight: once the field is left its message shows under it, tied to it, and marked invalid.
    const weight = screen.getByLabelText('Peso (lbs) *');
    await user.type(weight, '30');
    expect(weight).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(weight).toHaveAccessibleDescription(/^El peso debe estar entre 40 y 400 lbs\./);
    await user.type(screen.getByLabelText('Edad *'), '5');
    await user.type(screen.getByLabelText('Fecha de nacimiento *'), '31022015');
    expect(screen.getByLabelText('Fecha de nacimiento *')).toHaveValue('31/02/2015');
    const block = errorsBlock('Errores:');
    expect(within(block).getByText('- Hay uno o más campos vacíos')).toBeInTheDocument();
    expect(within(block).getByText('- El peso debe estar entre 40 y 400 lbs')).toBeInTheDocument();
    expect(within(block).getByText('- La edad debe ser entre 6 y 18 años')).toBeInTheDocument();
    expect(within(block).getByText('- Fecha de nacimiento incorrecta')).toBeInTheDocument();
    // Untouched fields stay quiet until the parent asks what is missing; then every one shows and
    // the first (the photo) takes the focus.
    expect(screen.getByLabelText('Nombre *')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Ver qué falta' }));
    expect(screen.getByLabelText('Nombre *')).toHaveAccessibleDescription(/^Este campo es obligatorio\./);
    expect(screen.getByLabelText('Edad *')).toHaveAccessibleDescription(
      /^La edad debe ser entre 6 y 18 años\./,
    );
    await waitFor(() => expect(screen.getByLabelText('Foto *')).toHaveFocus());
    expect(screen.getByLabelText('Foto *')).toHaveAccessibleDescription(/^Elija una foto del participante\./);
    for (const label of ['Peso (lbs) *', 'Edad *', 'Fecha de nacimiento *'])
      await user.clear(screen.getByLabelText(label));

    await fillParticipant(user);
    expect(screen.getByText('Cambiar foto')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto del participante 1' })).toHaveAttribute(
      'src',
      'https://cdn.example.org/ana.jpg',
    );
    expect(screen.queryByText('Errores:')).not.toBeInTheDocument();
    expect(screen.queryByText(/Para continuar/)).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Participante 1' })).toBeInTheDocument();
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(currentPath()).toBe('/adicional'));
  });

  it('shows the Mensaje dialog when the photo upload fails, and Anterior returns to the calendar', async () => {
    serveCamp(plainCampData);
    server.use(
      http.post('*/api/inscripciones/uploadtoazurecdn', () => HttpResponse.json({}, { status: 500 })),
    );
    renderWizard('/calendario');
    const user = userEvent.setup();
    await addOneChildAndContinue(user);
    expect(screen.getByText('Elegir foto')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Foto *'), new File(['x'], 'ana.jpg', { type: 'image/jpeg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensaje' });
    expect(within(dialog).getByText(PHOTO_MESSAGES.failed)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    // Nothing suggests the failed photo was taken: no file kept, still 'Elegir foto', no preview.
    expect(screen.getByLabelText<HTMLInputElement>('Foto *').files).toHaveLength(0);
    expect(screen.getByText('Elegir foto')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Foto del participante 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(currentPath()).toBe('/calendario'));
  });
});

describe('Participants screen with two children', { timeout: 20000 }, () => {
  it("marks the tab of the child still incomplete and takes the parent to that child's first gap", async () => {
    serveCamp(plainCampData);
    renderWizard('/calendario');
    const user = userEvent.setup();
    await screen.findByText('Semana 1');
    await chooseAllWeeks(user);
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await chooseAllWeeks(user);
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('tab', { name: /^Participante 2/ });
    await fillParticipant(user);
    // Child 1 is done: its tab is plain, child 2's says it is incomplete, and so does the note.
    expect(screen.getByRole('tab', { name: 'Participante 1' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Participante 2 (incompleto)' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription(/^Para continuar complete los datos de: Participante 2\./);
    await user.click(screen.getByRole('button', { name: 'Ver qué falta' }));
    expect(screen.getByRole('tab', { name: 'Participante 2 (incompleto)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(screen.getByLabelText('Foto *')).toHaveFocus());
    expect(screen.getByLabelText('Foto *')).toHaveAttribute('id', 'p2-image');
    expect(screen.getByLabelText('Nombre *')).toHaveAccessibleDescription(/^Este campo es obligatorio\./);
  });
});

describe("Participants screen: a category's age range", { timeout: 20000 }, () => {
  it('says under Edad that the age does not fit the category, and holds Siguiente until it does', async () => {
    // Mini takes 6 to 9; the child filled in is 10.
    serveCamp({
      ...campData,
      categories: campData.categories.map((c) => (c._id === CAT_MINI ? { ...c, age_min: 6, age_max: 9 } : c)),
    });
    renderWizard('/calendario');
    const user = userEvent.setup();
    await screen.findByText('Semana 1');
    await user.click(screen.getByRole('checkbox', { name: /^Semana 1/ }));
    await user.selectOptions(screen.getByLabelText('Categoría de Semana 1'), CAT_MINI);
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('tab', { name: /^Participante 1/ });
    await fillParticipant(user);
    const message = 'La edad (10 años) no corresponde a la categoría Mini (6-9) (6 a 9 años)';
    expect(within(errorsBlock('Errores:')).getByText(`- ${message}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Edad *')).toHaveAccessibleDescription(
      new RegExp(`^${message.replace(/[()]/g, '\\$&')}\\.`),
    );
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Edad *'));
    await user.type(screen.getByLabelText('Edad *'), '9');
    expect(screen.queryByText('Errores:')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
  });
});

// These walks type every field of the step, key by key (7 s alone): with the whole suite sharing two
// cores they took up to 30 s, so the limit leaves room for a loaded machine, not for a slower page.
describe('Additional-information screen', { timeout: 60000 }, () => {
  it("starts the e-mail as the account's, and keeps what the parent types instead", async () => {
    serveCamp(plainCampData);
    renderWizard('/calendario', { accountEmail: 'carmen@correo.do' });
    const user = userEvent.setup();
    await toAdditionalStep(user);
    const email = screen.getByLabelText('Correo electrónico *');
    expect(email).toHaveValue('carmen@correo.do');
    await user.clear(email);
    await user.type(email, 'familia@correo.do');
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    await screen.findByRole('heading', { name: 'Información de participante(s)' });
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('heading', { name: 'Información adicional' });
    expect(screen.getByLabelText('Correo electrónico *')).toHaveValue('familia@correo.do');
  });

  it('has the four sections, masks phones and ids, lists Errores, and goes on once complete', async () => {
    serveCamp(plainCampData);
    renderWizard('/calendario');
    const user = userEvent.setup();
    await toAdditionalStep(user);

    for (const name of [
      'Padres',
      'Contacto de emergencia',
      'Personas autorizadas a buscar a su hijo(a)',
      'Canal de descubrimiento',
    ])
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect(next).toBeDisabled();
    expect(screen.queryByText('Errores')).not.toBeInTheDocument();
    // One parent, the emergency contact's name and mobile, one pick-up person (issue 26): ten.
    expect(next).toHaveAccessibleDescription(/Para continuar faltan 10 campos por completar o corregir\./);

    await user.type(screen.getByLabelText('Teléfono de la madre'), '80955');
    await user.type(screen.getByLabelText('Correo electrónico *'), 'familia@');
    const block = errorsBlock('Errores');
    expect(within(block).getByText('Hay uno o más campos vacíos')).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono de la madre')).toHaveAccessibleDescription(
      /^Teléfono inválido: escriba 10 dígitos\./,
    );
    // 'Ir al primer campo con error' takes the parent to the mother's name, now marked.
    await user.click(within(block).getByRole('button', { name: 'Ir al primer campo con error' }));
    await waitFor(() => expect(screen.getByLabelText('Nombre de la madre')).toHaveFocus());
    expect(screen.getByLabelText('Nombre de la madre')).toHaveAttribute('aria-invalid', 'true');
    expect(within(block).getByText('Correo electrónico inválido')).toBeInTheDocument();
    expect(within(block).getByText('Hay uno o más teléfonos inválidos')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Teléfono de la madre'));
    await user.clear(screen.getByLabelText('Correo electrónico *'));

    await fillAdditional(user);
    expect(screen.getByLabelText('Teléfono de la madre')).toHaveValue('809-555-1234');
    // A single mother goes on; a father started must be finished (phone and cédula), or left out.
    expect(next).toBeEnabled();
    await user.type(screen.getByLabelText('Nombre del padre'), 'Juan Pérez');
    expect(next).toHaveAccessibleDescription(/Para continuar faltan 2 campos por completar o corregir\./);
    expect(screen.getByLabelText('Cédula del padre')).toHaveAccessibleDescription(
      /Este campo es obligatorio\./,
    );
    await user.clear(screen.getByLabelText('Nombre del padre'));
    expect(screen.getByLabelText('Cédula de la madre')).toHaveValue('001-1234567-3');
    expect(screen.getByLabelText('Otra fuente')).toBeDisabled();
    expect(screen.queryByText('Errores')).not.toBeInTheDocument();
    expect(next).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(currentPath()).toBe('/participantes'));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentPath()).toBe('/adicional'));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentPath()).toBe('/pago'));
  });
});

describe('A returning family (issue 26)', { timeout: 20000 }, () => {
  // The checkout's fixture child and contacts, as the family saved them.
  const maria = savedChild(2, { alergies: 'Maní' });
  const contact = { ...CONTACT, father_name: '', father_phone: '', father_id: '' };

  it('picks a saved child and finds the contacts filled in: nothing retyped', async () => {
    serveCamp(plainCampData);
    server.use(serveSavedFamily({ children: [maria], contact }));
    renderWizard('/calendario');
    const user = userEvent.setup();
    await addOneChildAndContinue(user);
    const picker = await screen.findByLabelText('Participante guardado');
    expect(within(picker).getByRole('option', { name: 'María Rodríguez (15/03/2016)' })).toBeInTheDocument();
    await user.selectOptions(picker, 'María Rodríguez (15/03/2016)');
    expect(screen.getByLabelText('Nombre *')).toHaveValue('María');
    expect(screen.getByLabelText('Fecha de nacimiento *')).toHaveValue('15/03/2016');
    expect(screen.getByLabelText('Alergias *')).toHaveValue('Maní');
    expect(screen.getByRole('img', { name: 'Foto del participante 1' })).toHaveAttribute('src', maria.image);
    // What changed is edited; 'Otro niño(a)' empties the form for another child.
    await user.clear(screen.getByLabelText('Peso (lbs) *'));
    await user.type(screen.getByLabelText('Peso (lbs) *'), '80');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
    await user.selectOptions(picker, 'Otro niño(a)');
    expect(screen.getByLabelText('Nombre *')).toHaveValue('');
    await user.selectOptions(picker, 'María Rodríguez (15/03/2016)');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentPath()).toBe('/adicional'));

    expect(
      await screen.findByText('Datos de su última inscripción: revíselos y corrija lo que haya cambiado.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Nombre de la madre')).toHaveValue('Carmen Rodríguez');
    expect(screen.getByLabelText('Teléfono celular *')).toHaveValue('849-555-1111');
    expect(screen.getByLabelText('Nombre del padre')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
  });

  it('says at once that a saved child already holds the week, under the name', async () => {
    serveCamp({
      ...plainCampData,
      heldPlaces: [
        { child: maria.key, week: plainCampData.weeks[0]!._id, week_name: 'Semana 1', order_number: '1002' },
      ],
    });
    server.use(serveSavedFamily({ children: [maria], contact }));
    renderWizard('/calendario');
    const user = userEvent.setup();
    await addOneChildAndContinue(user);
    await user.selectOptions(
      await screen.findByLabelText('Participante guardado'),
      'María Rodríguez (15/03/2016)',
    );
    const said = CHILD_MESSAGES.inWeek('María Rodríguez', 'Semana 1', '1002');
    expect(screen.getByLabelText('Nombre *')).toHaveAccessibleDescription(
      new RegExp(`^${said.replace(/[()]/g, '\\$&')}`),
    );
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    // Another child is fine.
    await user.clear(screen.getByLabelText('Nombre *'));
    await user.type(screen.getByLabelText('Nombre *'), 'Sofía');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
  });

  it('offers nothing to a new family', async () => {
    serveCamp(plainCampData);
    renderWizard('/calendario');
    const user = userEvent.setup();
    await addOneChildAndContinue(user);
    expect(await screen.findByLabelText('Nombre *')).toHaveValue('');
    expect(screen.queryByLabelText('Participante guardado')).not.toBeInTheDocument();
  });
});
