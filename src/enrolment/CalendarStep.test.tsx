import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { formatDop } from '../domain/pricing.ts';
import { ADD_MESSAGES, ROW_CATEGORY_MESSAGE } from './calendarRules.ts';
import { CAT_JUNIOR, CAT_MINI, week } from './test-fixtures.ts';
import {
  campData,
  currentPath,
  programData,
  renderWizard,
  serveCamp,
  serveFamily,
} from './wizard-testing.tsx';

const calendar = () => screen.getByRole('region', { name: 'Calendario de Inscripción' });
const cart = () => screen.getByRole('region', { name: 'Carrito' });
const totalOf = (label: string) => {
  const term = within(cart()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('EnrolmentProvider and frame', () => {
  it('sends /confirmacion without a paid enrolment back to the calendar', async () => {
    serveCamp();
    renderWizard('/confirmacion');
    await waitFor(() => expect(currentPath()).toBe('/calendario'));
    expect(screen.queryByText('¡Gracias por su inscripción!')).not.toBeInTheDocument();
  });

  it("sends the family to the school's programs when no camp id is stored (issue 59)", async () => {
    renderWizard('/calendario');
    await waitFor(() => expect(currentPath()).toBe('/programas'));
    expect(screen.queryByRole('region', { name: 'Carrito' })).not.toBeInTheDocument();
  });

  it("offers 'Cambiar programa' beside the camp's name, to the list of programs", async () => {
    serveCamp();
    renderWizard('/calendario');
    const change = await screen.findByRole('link', { name: 'Cambiar programa' });
    expect(change).toHaveAttribute('href', '/programas');
    await userEvent.setup().click(change);
    expect(currentPath()).toBe('/programas');
  });

  it('shows the stepper with the four steps, the current one marked', async () => {
    serveCamp();
    renderWizard('/calendario');
    const steps = within(screen.getByRole('navigation', { name: 'Pasos de la inscripción' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Calendario',
      '2Información de participante(s)',
      '3Información adicional',
      '4Confirmación y Pago',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
  });

  it('shows the server message in the Mensaje dialog when the camp cannot load, and retries', async () => {
    localStorage.setItem('CampamentId', 'desconocido');
    let fail = true;
    server.use(
      http.get('*/api/semanas/findbycamp/:id', () =>
        fail
          ? HttpResponse.json({ status: 'ERROR', message: 'Campamento no encontrado', data: null })
          : HttpResponse.json({ status: 'SUCCESS', data: { uid: 'u', weekData: campData.weeks } }),
      ),
      http.get('*/api/categorias/findbycamp/:id', () =>
        HttpResponse.json({ status: 'SUCCESS', data: campData.categories }),
      ),
      http.get('*/api/campamentos/findbyid/:id', () =>
        HttpResponse.json({ status: 'SUCCESS', data: campData.camp }),
      ),
      serveFamily(),
    );
    renderWizard('/calendario');
    const dialog = await screen.findByRole('dialog', { name: 'Mensaje' });
    expect(within(dialog).getByText('Campamento no encontrado')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Semana 1')).toBeInTheDocument();
  });

  it("a camp that does not load (one that no longer takes enrolments) offers the school's list instead: no dead end (issue 59)", async () => {
    localStorage.setItem('CampamentId', 'cerrado');
    server.use(
      http.get('*/api/semanas/findbycamp/:id', () =>
        HttpResponse.json({ status: 'ERROR', message: 'Campamento no encontrado', data: null }),
      ),
    );
    renderWizard('/calendario');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Mensaje' })).getByRole('button', { name: 'Cerrar' }),
    );
    await user.click(await screen.findByRole('link', { name: 'Elegir otro programa' }));
    expect(currentPath()).toBe('/programas');
  });

  it('sends a deep link to a later step back to /calendario while no participant is held', async () => {
    serveCamp();
    renderWizard('/pago');
    expect(await screen.findByText('Semana 1')).toBeInTheDocument();
    expect(currentPath()).toBe('/calendario');
  });
});

describe('Calendar screen (camp)', () => {
  it('lists the weeks with camp name, banner, select-all and Agotado', async () => {
    serveCamp({ ...campData, weeks: [...campData.weeks, week(5, { quota_f_left: 0 })] });
    renderWizard('/');
    expect(await screen.findByText('Semana 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calendario de Inscripción' })).toBeInTheDocument();
    expect(screen.getByText('Campamento de Verano 2025')).toBeInTheDocument();
    expect(screen.getByText('Fecha / Categoría / Precio')).toBeInTheDocument();
    expect(
      screen.getByText('1 hermano adicional = 5% OFF | 2+ hermanos = 10% OFF | Incluye membresía anual'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Seleccionar todas las semanas')).not.toBeChecked();
    expect(screen.getByText('Agotado')).toBeInTheDocument();
    expect(within(calendar()).getByRole('checkbox', { name: /Semana 5/ })).toBeDisabled();
    expect(within(calendar()).getByRole('checkbox', { name: /Semana 5/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    expect(within(cart()).getByText('El carrito está vacío.')).toBeInTheDocument();

    // Select-all ticks every week with places, and unticks them again.
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Seleccionar todas las semanas'));
    for (const n of [1, 2, 3, 4])
      expect(within(calendar()).getByRole('checkbox', { name: new RegExp(`Semana ${n}`) })).toBeChecked();
    expect(within(calendar()).getByRole('checkbox', { name: /Semana 5/ })).not.toBeChecked();
    await user.click(screen.getByLabelText('Seleccionar todas las semanas'));
    expect(within(calendar()).getByRole('checkbox', { name: /Semana 1/ })).not.toBeChecked();
  });

  it('starts with no week ticked, and empty again after Agregar (issue 26)', async () => {
    serveCamp();
    renderWizard('/calendario');
    await screen.findByText('Semana 1');
    const weekBoxes = () => within(calendar()).getAllByRole('checkbox', { name: /^Semana/ });
    expect(weekBoxes()).toHaveLength(4);
    for (const box of weekBoxes()) expect(box).not.toBeChecked();

    const user = userEvent.setup();
    await user.click(within(calendar()).getByRole('checkbox', { name: /Semana 2/ }));
    await user.selectOptions(screen.getByLabelText('Categoría de Semana 2'), CAT_MINI);
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(within(cart()).getAllByRole('listitem')).toHaveLength(1);
    // The next child starts from nothing: no week ticked, no category chosen.
    for (const box of weekBoxes()) expect(box).not.toBeChecked();
    expect(screen.getByLabelText('Seleccionar todas las semanas')).not.toBeChecked();
    expect(screen.getByLabelText('Categoría de Semana 2')).toHaveValue('');
  });

  it('asks for the category, then adds two children and shows the DOP totals', async () => {
    serveCamp();
    renderWizard('/calendario');
    const user = userEvent.setup();
    await screen.findByText('Semana 1');

    await user.click(screen.getByLabelText('Seleccionar todas las semanas'));
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensaje' });
    // The spec's sentence, then which weeks lack it (issue 26: the rows may be out of sight).
    expect(within(dialog).getByText(ADD_MESSAGES.category, { exact: false })).toHaveTextContent(
      'Por favor seleccione la categoría correspondiente para continuar. (Semana 1, Semana 2, Semana 3 y Semana 4)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    // Not only in the dialog (issue 26): each chosen week without its category says so on its row.
    for (const n of [1, 2, 3, 4]) {
      const select = screen.getByLabelText(`Categoría de Semana ${n}`);
      expect(select).toHaveAttribute('aria-invalid', 'true');
      expect(select).toHaveAccessibleDescription(ROW_CATEGORY_MESSAGE);
    }

    // Child 1: weeks 1 and 2, Mini.
    await user.click(within(calendar()).getByRole('checkbox', { name: /Semana 3/ }));
    await user.click(within(calendar()).getByRole('checkbox', { name: /Semana 4/ }));
    await user.selectOptions(screen.getByLabelText('Categoría de Semana 1'), CAT_MINI);
    await user.selectOptions(screen.getByLabelText('Categoría de Semana 2'), CAT_MINI);
    // A week unticked or given its category is no longer marked.
    expect(screen.getByLabelText('Categoría de Semana 1')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Categoría de Semana 3')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(screen.queryByText(ROW_CATEGORY_MESSAGE)).not.toBeInTheDocument();
    // Child 2: week 1, Junior.
    await user.click(within(calendar()).getByRole('checkbox', { name: /Semana 1/ }));
    await user.selectOptions(screen.getByLabelText('Categoría de Semana 1'), CAT_JUNIOR);
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    // Beside the button (the cart is folded away on a phone): what was added, and the new total.
    expect(screen.getByText(/^Participante 2 agregado/)).toHaveTextContent(
      `Participante 2 agregado: 1 semana. Total: ${formatDop(13295)}`,
    );

    expect(within(cart()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cart()).getAllByText('Mini (6-9)')).toHaveLength(2);
    expect(within(cart()).getByText('Junior (10-13)')).toBeInTheDocument();
    // 3 × 4,700 = 14,100; family 5% = 705; child 1 two weeks: 9,400 × 0.0106383 = 100.
    expect(totalOf('Cant. Inscritos')).toBe('2');
    expect(totalOf('Sub-Total')).toBe(formatDop(14100));
    expect(totalOf('Desc. Familiar (5% OFF x 2 niños)')).toBe(`-${formatDop(705)}`);
    expect(totalOf('Desc. C/Semanas')).toBe(`-${formatDop(100)}`);
    expect(totalOf('Total')).toBe(formatDop(13295));
    expect(within(cart()).queryByText('Membresía')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();

    // Deleting child 2's line.
    const remove = screen.getByRole('button', { name: 'Eliminar seleccionados' });
    expect(remove).toBeDisabled();
    await user.click(within(cart()).getByRole('checkbox', { name: /Junior/ }));
    await user.click(remove);
    expect(within(cart()).getAllByRole('listitem')).toHaveLength(2);
    expect(totalOf('Cant. Inscritos')).toBe('1');
    expect(within(cart()).queryByText(/Desc. Familiar/)).not.toBeInTheDocument();
    expect(totalOf('Total')).toBe(formatDop(9300));

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentPath()).toBe('/participantes'));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(
      'Información de participante(s)',
    );
    // Delete controls only on step 0.
    expect(screen.queryByRole('button', { name: 'Eliminar seleccionados' })).not.toBeInTheDocument();
  });

  it("asks before deleting a child's last line once something was typed for them", async () => {
    serveCamp();
    renderWizard('/calendario');
    const user = userEvent.setup();
    await screen.findByText('Semana 1');
    await user.click(within(calendar()).getByRole('checkbox', { name: /Semana 1/ }));
    await user.selectOptions(screen.getByLabelText('Categoría de Semana 1'), CAT_MINI);
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.type(await screen.findByLabelText('Nombre *'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    await screen.findByRole('button', { name: 'Eliminar seleccionados' });

    await user.click(within(cart()).getByRole('checkbox', { name: /Semana 1/ }));
    await user.click(screen.getByRole('button', { name: 'Eliminar seleccionados' }));
    const ask = await screen.findByRole('dialog', { name: '¿Eliminar los datos escritos?' });
    expect(ask).toHaveTextContent('se borrarán también los datos escritos de Participante 1 (Ana)');
    await user.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(cart()).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Eliminar seleccionados' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Eliminar los datos escritos?' })).getByRole(
        'button',
        {
          name: 'Eliminar',
        },
      ),
    );
    await waitFor(() => expect(within(cart()).getByText('El carrito está vacío.')).toBeInTheDocument());
  });
});

describe('Calendar screen (annual program)', () => {
  it('filters the payment options by category, adds one with membership and Total', async () => {
    serveCamp(programData);
    renderWizard('/calendario');
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Categoría *');
    expect(within(select).getByRole('option', { name: 'Seleccione una categoría' })).toBeInTheDocument();
    expect(screen.getByText('Forma de Pago')).toBeInTheDocument();
    expect(screen.getByText('Precio')).toBeInTheDocument();
    expect(screen.getByText(/Pagos mensuales o trimestrales/)).toBeInTheDocument();
    expect(screen.queryByText(/hermano adicional/)).not.toBeInTheDocument();

    await user.selectOptions(select, CAT_MINI);
    expect(screen.getByRole('radio', { name: /Pago mensual/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Pago trimestral/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'SÍ' }));
    await user.click(screen.getByRole('radio', { name: /Pago mensual/ }));
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mensaje' });
    expect(within(dialog).getByText(ADD_MESSAGES.membershipCode)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    await user.click(screen.getByRole('radio', { name: 'NO' }));
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    // No provisional number that reads as a code (issue 26): the membership comes with the payment.
    expect(
      within(cart()).getByText('Membresía: nueva, su código llega con la confirmación'),
    ).toBeInTheDocument();
    expect(within(cart()).queryByText(/Membresía: \d{5}/)).not.toBeInTheDocument();
    // 3,000 + 1 × 2,500 membership.
    expect(totalOf('Membresía')).toBe(formatDop(2500));
    expect(totalOf('Total')).toBe(formatDop(5500));
  });
});

describe("The family's membership codes (issue 26)", () => {
  it('are offered when the family says it has one: picked, not retyped', async () => {
    serveCamp(programData);
    server.use(
      http.get('*/api/usuarios/activity', () =>
        HttpResponse.json({
          status: 'SUCCESS',
          data: {
            enrolments: [],
            timeline: [],
            memberships: [{ code: 'MB-7K3Q-9XT2', participant: 'Pedro Rodríguez', issued_at: '2027-06-01' }],
          },
        }),
      ),
    );
    renderWizard('/calendario');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Categoría *'), CAT_MINI);
    expect(screen.queryByLabelText('Códigos de su familia')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'SÍ' }));
    const codes = await screen.findByLabelText('Códigos de su familia');
    await user.selectOptions(codes, 'MB-7K3Q-9XT2 · Pedro Rodríguez');
    expect(screen.getByLabelText('Código de membresía *')).toHaveValue('MB-7K3Q-9XT2');
  });
});

describe("A waiting list's offer and position (issue 26)", () => {
  const entry = (n: number, status: 'waiting' | 'offered', position: number | null) => ({
    _id: `w${n}`,
    campament: campData.camp._id,
    campament_name: campData.camp.name,
    week: week(n)._id,
    week_name: `Semana ${n}`,
    child: 'Sofía Pérez',
    status,
    position,
    created_at: '2025-06-01T12:00:00.000Z',
    offer_expires_at: status === 'offered' ? '2025-06-03T16:00:00.000Z' : null,
  });

  it('opens with the offered week in the cart for its child, the deadline on top; a waiting family sees its place', async () => {
    serveCamp({
      ...campData,
      // Semana 2 runs one category only; Semana 5 is full.
      weeks: [week(1), week(2, { categories: [CAT_MINI] }), week(3), week(4), week(5, { quota_f_left: 0 })],
    });
    server.use(
      http.get('*/api/esperas', () =>
        HttpResponse.json({
          status: 'SUCCESS',
          message: '',
          data: [entry(2, 'offered', null), entry(5, 'waiting', 3)],
        }),
      ),
    );
    renderWizard('/calendario');
    expect(await screen.findByText(/Cupo reservado para usted hasta el 03\/06\/2025/)).toBeInTheDocument();
    expect(screen.getByText('Semana 2 (Sofía Pérez):')).toBeInTheDocument();
    // Already in the cart: one line, Semana 2, for participant 1.
    expect(within(cart()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(cart()).getByText(/Semana 2/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled();
    // The full week: its position, not the join button.
    expect(screen.getByText('Posición 3 en la lista de espera')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Unirme a la lista de espera: Semana 5/ }),
    ).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByLabelText('Nombre *')).toHaveValue('Sofía');
    expect(screen.getByLabelText('Apellido *')).toHaveValue('Pérez');
  });

  it('an offered week with several categories asks for one on its row, then is in the cart', async () => {
    serveCamp(campData);
    server.use(
      http.get('*/api/esperas', () =>
        HttpResponse.json({ status: 'SUCCESS', message: '', data: [entry(3, 'offered', null)] }),
      ),
    );
    renderWizard('/calendario');
    expect(await screen.findByText(/Cupo reservado para usted hasta/)).toBeInTheDocument();
    expect(within(calendar()).getByRole('checkbox', { name: /Semana 3/ })).toBeChecked();
    expect(within(calendar()).getByRole('checkbox', { name: /Semana 1/ })).not.toBeChecked();
    expect(within(cart()).getByText('El carrito está vacío.')).toBeInTheDocument();
    // The offer asks for the week's category...
    const asks = /Elija la categoría de Semana 3 y se agrega al carrito\./;
    expect(screen.getByText(asks)).toHaveTextContent(
      'Cupo reservado para usted hasta el 03/06/2025, 12:00 p. m. Elija la categoría de Semana 3 y se agrega al carrito.',
    );
    const category = screen.getByLabelText('Categoría de Semana 3');

    // ...and once chosen the week is in the cart for the offer's child, without 'Agregar'.
    const user = userEvent.setup();
    await user.selectOptions(category, CAT_JUNIOR);
    expect(within(cart()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(cart()).getByText(/Semana 3/)).toBeInTheDocument();
    expect(within(cart()).getByText('Junior (10-13)')).toBeInTheDocument();
    expect(screen.getByText(/^Participante 1 agregado: 1 semana\./)).toBeInTheDocument();
    expect(screen.queryByText(asks)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByLabelText('Nombre *')).toHaveValue('Sofía');
  });
});
