// The dashboard and the four catalogue screens against the MSW handlers (the same rules as the
// server, kept in step by the parity suite).
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MOCK_CREDENTIALS, mockCore } from '../../mocks/data.ts';
import type { UserRecord } from '../domain/records.ts';
import type { AnyDoc as Doc } from '../core/store/port.ts';
import { server, setScenario } from '../../mocks/node.ts';
import { formatDop } from '../domain/pricing.ts';
import { currentAddress, renderApp } from '../test/renderApp.tsx';
import { COPY_MESSAGES } from './areas/camps.tsx';
import { DASHBOARD_CARDS, DASHBOARD_ERROR } from './DashboardPage.tsx';
import { dashboard } from '../core/admin/dashboard.ts';
import { retype, signInAdmin, stubClipboard } from './testing.ts';
import { joinWaitlist } from '../core/checkout/waitlist.ts';
import { WAITLIST_OFFICE_MESSAGES } from '../domain/waitlist.ts';
import { RECEIPT_MESSAGES } from '../domain/receipts.ts';
import { BACKUP_MESSAGES } from '../domain/backup.ts';
import { WEEK_MESSAGES } from '../domain/weeks.ts';
import { ECF_MESSAGES, type EcfView } from '../domain/ecf.ts';
import { fiscalStatus } from '../core/receipts/fiscal-setup.ts';

// The first test of the file also loads the admin chunk.
vi.setConfig({ testTimeout: 20_000 });

/** The admin API calls the screens made, as path + query. */
let calls: string[] = [];

beforeEach(async () => {
  calls = [];
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method} ${url.pathname}${url.search}`);
  });
  await signInAdmin();
});

async function open(path: string, heading: string) {
  renderApp(path);
  expect(
    await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  return userEvent.setup();
}

/** The records of a collection as the mock API stores them now (soft-deleted ones hidden). */
const visible = (name: string) => mockCore().deps.store.collection(name).find({});
const table = () => screen.getByRole('table', { name: /Campamentos|Categorías|Semanas|Cupones/ });
const rowOf = (text: string) => within(table()).getByRole('row', { name: new RegExp(text) });

describe('dashboard', () => {
  it('shows the money, the count cards, the recent camps and the three percentages from one call', async () => {
    await open('/admin/dashboard', 'Dashboard');
    // No BACKUP_KEY where this runs: the dashboard says backups are not made and how to start them.
    expect(await screen.findByRole('status', { name: 'Respaldos' })).toHaveTextContent(BACKUP_MESSAGES.noKey);
    const orders = await visible('inscripciones');
    const paid = orders.filter((order) => order.payment_status === 'paid');
    const holding = paid.filter((order) => order.status !== 'cancelled');
    // The spec's nine cards, in its order, each with what it counts (issue 54).
    const figures = await dashboard(mockCore().deps.store);
    const cards = within(screen.getByRole('region', { name: 'Totales' })).getAllByRole('group');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Campamentos',
      'Categorías',
      'Semanas',
      'Inscripciones',
      'Participantes',
      'Clientes',
      'Cupones',
      'Contactos',
      'Calendarios',
    ]);
    for (const { kind, label } of DASHBOARD_CARDS) {
      const card = screen.getByRole('group', { name: label });
      const docs = await visible(kind);
      // Enrolments are the paid orders, active those that hold places (issue 24); participants,
      // contacts and calendars are the server's computed figures, checked in the API tests.
      const total =
        kind === 'inscripciones'
          ? paid.length
          : ['participantes', 'contactos', 'calendarios'].includes(kind)
            ? figures.counts[kind].total
            : docs.length;
      const active =
        kind === 'inscripciones'
          ? holding.length
          : ['participantes', 'contactos', 'calendarios'].includes(kind)
            ? figures.counts[kind].active
            : docs.filter((doc) => ['active', 'activo'].includes(String(doc.status ?? doc.cliEstado))).length;
      await waitFor(() => expect(within(card).getByTestId(`total-${kind}`)).toHaveTextContent(String(total)));
      expect(within(card).getByTestId(`active-${kind}`)).toHaveTextContent(String(active));
    }
    // What each computed card counts, said under its figure.
    expect(screen.getByRole('group', { name: 'Participantes' })).toHaveTextContent(
      'Niños distintos: uno solo aunque esté en varias órdenes',
    );
    expect(screen.getByRole('group', { name: 'Contactos' })).toHaveTextContent(
      'Familias con contacto de emergencia',
    );
    expect(screen.getByRole('group', { name: 'Calendarios' })).toHaveTextContent(
      'Semanas abiertas a inscripción',
    );
    // Mock mode shows figures, not zeros: its demo orders have children, contacts and open weeks.
    for (const kind of ['participantes', 'contactos', 'calendarios'] as const)
      expect(figures.counts[kind].total).toBeGreaterThan(0);
    expect(figures.money.net).toBeGreaterThan(0);
    for (const key of ['net', 'collected', 'refunded', 'owed'] as const)
      expect(screen.getByTestId(`money-${key}`)).toHaveTextContent(formatDop(figures.money[key]));
    const recent = screen
      .getByRole('heading', { name: 'Campamentos y programas recientes' })
      .closest('.card')!;
    expect(within(recent as HTMLElement).getByText('Campamento de Verano 2027')).toBeInTheDocument();
    expect(within(recent as HTMLElement).getByText('Programa anual')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Campamentos activos' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(calls.filter((call) => call === 'GET /api/dashboard')).toHaveLength(1);
  });

  it("charts a camp's places per week with the sold-out week marked, and paid enrolments per day", async () => {
    await open('/admin/dashboard', 'Dashboard');
    expect(await screen.findByText('Semana 8: Agotado')).toBeInTheDocument();
    const places = screen.getByRole('table', { name: 'Cupos por semana' });
    expect(within(places).getByRole('row', { name: /Semana 3 30 27 3/ })).toBeInTheDocument();
    expect(within(places).getByRole('row', { name: /Semana 8 30 30 Agotado/ })).toBeInTheDocument();
    const paid = (await visible('inscripciones')).filter((doc) => doc.payment_status === 'paid');
    await waitFor(() => expect(screen.getByTestId('paid-30-count')).toHaveTextContent(String(paid.length)));
    const amount = paid.reduce((sum, doc) => sum + Number(doc.amount), 0);
    expect(screen.getByTestId('paid-30-amount')).toHaveTextContent(formatDop(amount));
  });

  it("shows the last good backup's time and age once backups are set up (issue 27)", async () => {
    const { deps } = mockCore();
    const settings = deps.settings as { backups?: boolean };
    settings.backups = true;
    try {
      const at = new Date(Date.now() - 5 * 3_600_000 - 60_000);
      await deps.store.collection('respaldos').insertOne({ _id: 'estado', last_ok_at: at, last_error: null });
      await open('/admin/dashboard', 'Dashboard');
      const line = await screen.findByLabelText('Respaldos');
      expect(line).toHaveTextContent(/^Último respaldo: .+ \(hace 5 horas\)$/);
    } finally {
      settings.backups = false;
    }
  });

  it("says 'Error al cargar los datos del dashboard' when the call fails", async () => {
    setScenario('error-carga');
    renderApp('/admin/dashboard');
    expect((await screen.findAllByText(DASHBOARD_ERROR)).length).toBeGreaterThan(0);
  });
});

describe('camps', () => {
  it('lists camps, searches on the server and copies the enrolment link and the id', async () => {
    const user = await open('/admin/campamentos', 'Campamentos');
    const clipboard = stubClipboard(); // after userEvent.setup(), which installs its own
    const summer = (await visible('campamentos')).find((camp) => camp.name === 'Campamento de Verano 2027')!;
    expect(await screen.findByRole('row', { name: /Campamento de Verano 2027/ })).toBeInTheDocument();
    expect(calls).toContain('GET /api/campamentos/listpop?page=1&limit=10&sort=-start_date');

    await user.click(
      screen.getByRole('button', { name: 'Copiar enlace de inscripción de Campamento de Verano 2027' }),
    );
    expect(clipboard).toHaveBeenCalledWith(`${window.location.origin}/login?camp=${summer._id}`);
    expect(await screen.findByText(COPY_MESSAGES.link)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copiar ID de Campamento de Verano 2027' }));
    expect(clipboard).toHaveBeenLastCalledWith(summer._id);
    expect(await screen.findByText(COPY_MESSAGES.campId)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'anual');
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Campamento de Verano 2027/ })).not.toBeInTheDocument(),
    );
    expect(rowOf('Programa Anual 2026-2027')).toBeInTheDocument();
    expect(calls.some((call) => call.includes('q=anual'))).toBe(true);
  });

  it("says 'Error al copiar el enlace' when the clipboard refuses", async () => {
    const user = await open('/admin/campamentos', 'Campamentos');
    stubClipboard(true);
    await user.click(
      await screen.findByRole('button', {
        name: 'Copiar enlace de inscripción de Campamento de Verano 2027',
      }),
    );
    expect(await screen.findByText(COPY_MESSAGES.failed)).toBeInTheDocument();
  });

  it('checks the required fields, then creates a camp: list and dashboard counts follow', async () => {
    const user = await open('/admin/dashboard', 'Dashboard');
    await waitFor(() => expect(screen.getByTestId('total-campamentos')).toHaveTextContent('2'));
    await user.click(screen.getByRole('link', { name: 'Campamentos' }));
    await user.click(await screen.findByRole('button', { name: 'Nuevo campamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo campamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    for (const message of [
      'El código es obligatorio.',
      'El nombre es obligatorio.',
      'La membresía es obligatoria.',
      'La fecha de inicio es obligatoria.',
      'La fecha de fin es obligatoria.',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(calls.some((call) => call.startsWith('POST /api/campamentos/create'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Código *'), 'NAV2026');
    await user.type(within(dialog).getByLabelText('Nombre *'), 'Campamento de Navidad 2026');
    await user.type(within(dialog).getByLabelText('Membresía (RD$) *'), '1500');
    await user.type(within(dialog).getByLabelText('Fecha de inicio *'), '2026-12-21');
    await user.type(within(dialog).getByLabelText('Fecha de fin *'), '2026-12-18');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText('La fecha de fin debe ser igual o posterior a la fecha de inicio.'),
    ).toBeInTheDocument();
    await retype(user, within(dialog), 'Fecha de fin *', '2026-12-30');
    const acrossOrders = within(dialog).getByRole('switch', { name: 'Descuento familiar entre órdenes' });
    expect(acrossOrders).not.toBeChecked();
    expect(acrossOrders).toHaveAccessibleDescription(/cuenta a los niños de sus órdenes pagadas anteriores/);
    await user.click(acrossOrders);
    // The camp day's e-mail to the family on pick-up (issue 25): off until asked for.
    const pickup = within(dialog).getByRole('switch', { name: 'Avisar a la familia cuando recogen al niño' });
    expect(pickup).not.toBeChecked();
    await user.click(pickup);
    // Cancellation by parents: on by default, 7 days, full refund; here 10 days minus RD$1,000.
    const policy = within(dialog).getByRole('group', { name: 'Cancelación por los padres' });
    expect(
      within(policy).getByRole('switch', { name: 'Los padres pueden cancelar desde su perfil' }),
    ).toBeChecked();
    const days = within(policy).getByLabelText('Hasta cuántos días antes de la primera semana');
    expect(days).toHaveValue(7);
    await user.clear(days);
    await user.type(days, '10');
    await user.selectOptions(within(policy).getByLabelText('Reembolso'), 'Reembolso menos un cargo');
    await retype(user, within(policy), 'Cargo por cancelación (RD$)', '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Campamento creado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const stored = (await visible('campamentos')).find((camp) => camp.code === 'NAV2026')!;
    expect(stored).toMatchObject({
      name: 'Campamento de Navidad 2026',
      membership: 1500,
      type: 'campamento',
      self_cancel: true,
      self_cancel_days: 10,
      refund_rule: 'fee',
      cancel_fee: 1000,
      family_across_orders: true,
      pickup_notice: true,
    });
    expect(await screen.findByRole('row', { name: /Campamento de Navidad 2026/ })).toBeInTheDocument();

    // The save invalidated the dashboard: its counts are fetched again.
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('total-campamentos')).toHaveTextContent('3'));
    expect(calls.filter((call) => call === 'GET /api/dashboard')).toHaveLength(2);
  });

  it('asks before deleting; a camp families paid for is not deleted: the dialog says why and deactivates it', async () => {
    const user = await open('/admin/campamentos', 'Campamentos');
    await user.click(await screen.findByRole('button', { name: 'Eliminar Programa Anual 2026-2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar' });
    expect(within(dialog).getByText('¿Está seguro de eliminar este campamento?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await visible('campamentos')).toHaveLength(2);

    // The seeded family's annual order: refused with the reason, and 'Desactivar' offered (issue 24).
    await user.click(screen.getByRole('button', { name: 'Eliminar Programa Anual 2026-2027' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Eliminar' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(
      'No se puede eliminar el campamento «Programa Anual 2026-2027»: tiene 1 inscripción vigente. Puede desactivarlo: no se venderá más y lo pagado se mantiene.',
    );
    await user.click(within(again).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Campamento actualizado')).toBeInTheDocument();
    const camps = await visible('campamentos');
    expect(camps).toHaveLength(2);
    expect(camps.find((camp) => camp.name === 'Programa Anual 2026-2027')!.status).toBe('inactive');
  });
});

describe('categories', () => {
  it('needs a camp first, copies the category id, and filters by camp', async () => {
    const user = await open('/admin/categorias', 'Categorías');
    const clipboard = stubClipboard();
    await user.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva categoría' });
    await user.type(within(dialog).getByLabelText('Nombre *'), 'Élite');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(COPY_MESSAGES.chooseCamp)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    // The list's default order: by `order`, then by id.
    const [first] = [...(await visible('categorias'))].sort(
      (a, b) => Number(a.order) - Number(b.order) || a._id.localeCompare(b._id),
    );
    await user.click(
      (await screen.findAllByRole('button', { name: `Copiar ID de ${first!.name as string}` }))[0]!,
    );
    expect(clipboard).toHaveBeenCalledWith(first!._id);
    expect(await screen.findByText(COPY_MESSAGES.categoryId)).toBeInTheDocument();

    const summer = (await visible('campamentos')).find((camp) => camp.type === 'campamento')!;
    await screen.findByRole('option', { name: summer.name as string });
    await user.selectOptions(screen.getByLabelText('Campamento'), summer._id);
    await waitFor(() => expect(calls.some((call) => call.includes(`campament=${summer._id}`))).toBe(true));
    const ofSummer = (await visible('categorias')).filter((category) => category.campament === summer._id);
    await waitFor(() =>
      expect(screen.getByText(`${ofSummer.length} registros · Página 1 de 1`)).toBeInTheDocument(),
    );
  });
});

describe('weeks', () => {
  it('shows places taken, capacity and availability, with the sold-out week marked', async () => {
    const user = await open('/admin/semanas', 'Semanas');
    const summer = (await visible('campamentos')).find((camp) => camp.type === 'campamento')!;
    await screen.findByRole('option', { name: summer.name as string });
    await user.selectOptions(screen.getByLabelText('Campamento'), summer._id);
    expect(
      await screen.findByRole('row', { name: /Semana 3 .*27 de 30 · 3 disponibles/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Semana 8 .*30 de 30 · Agotado/ })).toBeInTheDocument();
  });

  it('never overwrites places parents took while the dialog was open', async () => {
    const user = await open('/admin/semanas', 'Semanas');
    await user.click(await screen.findByRole('button', { name: 'Editar Semana 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar semana' });
    const week = (await visible('semanas')).find((doc) => doc.name === 'Semana 1')! as Doc & {
      quota_f: number;
    };
    const before = week.quota_f;
    expect(within(dialog).getByLabelText('Ocupados')).toHaveValue(before);
    // Two parents pay for Semana 1 meanwhile.
    const weeks = mockCore().deps.store.collection('semanas');
    await weeks.updateOne({ _id: week._id }, { inc: { quota_f: 2 } });
    await retype(user, within(dialog), 'Precio (RD$) *', '4900');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Semana actualizada')).toBeInTheDocument();
    expect(await weeks.findById(week._id)).toMatchObject({ value: 4900, quota_f: before + 2 });
  });

  it('sends places taken when the admin corrects them, and the camp categories as a multi-select', async () => {
    const user = await open('/admin/semanas', 'Semanas');
    await user.click(await screen.findByRole('button', { name: 'Editar Semana 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar semana' });
    await retype(user, within(dialog), 'Ocupados', '5');
    const categories = within(dialog).getByRole('group', { name: 'Categorías' });
    const boxes = await within(categories).findAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(1);
    await user.click(boxes[0]!);
    await user.click(within(dialog).getByRole('switch', { name: 'Habilitado' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Semana actualizada')).toBeInTheDocument();
    const week = (await visible('semanas')).find((doc) => doc.name === 'Semana 2')! as Doc & {
      categories: string[];
    };
    expect(week).toMatchObject({ quota_f: 5, isChecked: false });
    expect(week.categories).toHaveLength(boxes.length - 1);
  });

  /** Saves Semana 1 with these dates typed in its dialog. */
  async function saveWeekDates(dates: string) {
    const user = await open('/admin/semanas', 'Semanas');
    await user.click(await screen.findByRole('button', { name: 'Editar Semana 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar semana' });
    await retype(user, within(dialog), 'Fechas', dates);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    return { user, dialog };
  }

  it('refuses a day that does not exist under the field, sending nothing', async () => {
    const { dialog } = await saveWeekDates('31/02/2027 - 35/02/2027');
    expect(await within(dialog).findByText(WEEK_MESSAGES.noSuchDay('31/02/2027'))).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it("asks before saving days outside the camp's, then saves them confirmed", async () => {
    const { user } = await saveWeekDates('09/08/2027 - 13/08/2027');
    const ask = await screen.findByRole('dialog', { name: '¿Guardar de todos modos?' });
    expect(within(ask).getByText(/quedan fuera de las del campamento/)).toBeInTheDocument();
    const week = (await visible('semanas')).find((doc) => doc.name === 'Semana 1')!;
    expect(week.date).not.toBe('09/08/2027 - 13/08/2027');
    await user.click(within(ask).getByRole('button', { name: 'Guardar de todos modos' }));
    expect(await screen.findByText('Semana actualizada')).toBeInTheDocument();
    expect(await mockCore().deps.store.collection('semanas').findById(week._id)).toMatchObject({
      date: '09/08/2027 - 13/08/2027',
    });
    expect(calls.filter((call) => call === 'POST /api/semanas/update')).toHaveLength(2);
  });
});

describe("an annual program's payment plan (issue 20)", () => {
  it('shows each option with its plan and saves a changed plan', async () => {
    const user = await open('/admin/semanas', 'Semanas');
    expect(
      await screen.findByRole('row', {
        name: /Pago mensual .*Mensual: 10 cuotas, el día 5 de cada mes, desde el 05\/09\/2026/,
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Editar Pago trimestral' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar semana' });
    const plan = within(dialog).getByRole('group', { name: 'Plan de pagos (programas anuales)' });
    expect(within(plan).getByLabelText('Forma de cobro')).toHaveValue('quarterly');
    await user.selectOptions(within(plan).getByLabelText('Forma de cobro'), 'monthly');
    await retype(user, within(plan), 'Cuotas *', '30');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(plan).findByText('Entre 1 y 24 cuotas.')).toBeInTheDocument();
    await retype(user, within(plan), 'Cuotas *', '12');
    await retype(user, within(plan), 'Día de vencimiento *', '10');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Semana actualizada')).toBeInTheDocument();
    const option = (await visible('semanas')).find((doc) => doc.name === 'Pago trimestral')!;
    expect(option).toMatchObject({
      plan_frequency: 'monthly',
      plan_instalments: 12,
      plan_first_due: '2026-09-05',
      plan_due_day: 10,
    });
  });
});

describe('coupons', () => {
  it('keeps the search and filters in the address: a reload (or Back) opens the same list', async () => {
    await open('/admin/cupones?q=verano&status=active', 'Cupones');
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('verano');
    const rows = await screen.findAllByRole('row', { name: /VERANO10|HERMANOS|BIENVENIDA/ });
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('VERANO10')]);
  });

  it('upper-cases the code as typed, checks the percent, and creates the coupon', async () => {
    const user = await open('/admin/cupones', 'Cupones');
    await user.click(screen.getByRole('button', { name: 'Nuevo cupón' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cupón' });
    await user.type(within(dialog).getByLabelText('Código *'), 'navidad15');
    expect(within(dialog).getByLabelText('Código *')).toHaveValue('NAVIDAD15');
    await user.type(within(dialog).getByLabelText('Etiqueta *'), '15% de Navidad');
    await retype(user, within(dialog), 'Porcentaje *', '150');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El porcentaje debe estar entre 0 y 100.')).toBeInTheDocument();
    await retype(user, within(dialog), 'Porcentaje *', '15');
    await user.type(within(dialog).getByLabelText('Vence'), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cupón creado')).toBeInTheDocument();
    const coupon = (await visible('cupones')).find((doc) => doc.code === 'NAVIDAD15')!;
    expect(coupon).toMatchObject({ label: '15% de Navidad', type: 'percent', percent: 15 });
    expect(
      await screen.findByRole('row', { name: /NAVIDAD15 15% de Navidad Porcentaje 15% 31\/12\/2026/ }),
    ).toBeInTheDocument();
  });

  it('sets the limits: first day before the expiry, uses, least children and camps; the list shows the uses', async () => {
    const user = await open('/admin/cupones', 'Cupones');
    await user.click(screen.getByRole('button', { name: 'Nuevo cupón' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cupón' });
    await user.type(within(dialog).getByLabelText('Código *'), 'HERMANOS');
    await user.type(within(dialog).getByLabelText('Etiqueta *'), 'Hermanos 15%');
    await retype(user, within(dialog), 'Porcentaje *', '15');
    await user.type(within(dialog).getByLabelText('Válido desde'), '2027-07-01');
    await user.type(within(dialog).getByLabelText('Vence'), '2027-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const order = await within(dialog).findByText(
      'La fecha de inicio del cupón debe ser igual o anterior a su vencimiento.',
    );
    expect(within(dialog).getByLabelText('Válido desde')).toHaveAccessibleDescription(
      expect.stringContaining(order.textContent),
    );
    await retype(user, within(dialog), 'Válido desde', '2027-01-01');
    await retype(user, within(dialog), 'Usos máximos', '5');
    await retype(user, within(dialog), 'Usos por familia', '1');
    await retype(user, within(dialog), 'Mínimo de participantes', '2');
    const camps = within(dialog).getByRole('group', { name: 'Campamentos' });
    await user.click(await within(camps).findByLabelText('Campamento de Verano 2027'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cupón creado')).toBeInTheDocument();
    const summer = (await visible('campamentos')).find((doc) => doc.code === 'CV2027')!;
    const coupon = (await visible('cupones')).find((doc) => doc.code === 'HERMANOS')!;
    expect(coupon).toMatchObject({ max_uses: 5, max_per_family: 1, min_children: 2, camps: [summer._id] });
    expect(await screen.findByRole('row', { name: /HERMANOS Hermanos 15%.* 0 de 5/ })).toBeInTheDocument();
  });

  it('switches to a fixed amount, and a taken code gets the server message', async () => {
    const user = await open('/admin/cupones', 'Cupones');
    await user.click(screen.getByRole('button', { name: 'Nuevo cupón' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cupón' });
    await user.type(within(dialog).getByLabelText('Código *'), 'verano10');
    await user.type(within(dialog).getByLabelText('Etiqueta *'), 'Otro');
    await user.selectOptions(within(dialog).getByLabelText('Tipo *'), 'amount');
    expect(within(dialog).queryByLabelText('Porcentaje *')).not.toBeInTheDocument();
    await retype(user, within(dialog), 'Monto (RD$) *', '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El monto no puede ser negativo.')).toBeInTheDocument();
    await retype(user, within(dialog), 'Monto (RD$) *', '300');
    // A percent cleared before switching type does not block the save.
    await user.selectOptions(within(dialog).getByLabelText('Tipo *'), 'percent');
    await user.clear(within(dialog).getByLabelText('Porcentaje *'));
    await user.selectOptions(within(dialog).getByLabelText('Tipo *'), 'amount');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Error al guardar cupón: Ya existe un cupón con ese código.'),
    ).toBeInTheDocument();
    // The dialog stays open with what was typed.
    expect(within(dialog).getByLabelText('Etiqueta *')).toHaveValue('Otro');
  });

  it("shows the save error toast in the 'error-guardar' scenario and changes nothing", async () => {
    const user = await open('/admin/cupones', 'Cupones');
    setScenario('error-guardar');
    await user.click(await screen.findByRole('button', { name: 'Editar VERANO10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cupón' });
    await retype(user, within(dialog), 'Etiqueta *', 'Cambiado');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/^Error al guardar cupón: No fue posible guardar/)).toBeInTheDocument();
    expect((await visible('cupones')).find((doc) => doc.code === 'VERANO10')!.label).toBe(
      '10% de descuento de verano',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar VERANO10' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(/^Error al eliminar cupón: No fue posible guardar/)).toBeInTheDocument();
    expect((await visible('cupones')).some((doc) => doc.code === 'VERANO10')).toBe(true);
  });

  it('pages and sorts on the server', async () => {
    for (let index = 1; index <= 12; index += 1) {
      await mockCore()
        .deps.store.collection('cupones')
        .insertOne({
          code: `PRUEBA${String(index).padStart(2, '0')}`,
          label: `Prueba ${index}`,
          type: 'amount',
          percent: 0,
          amount: 100 * index,
          date: null,
          status: 'active',
        });
    }
    const user = await open('/admin/cupones', 'Cupones');
    const total = (await visible('cupones')).length;
    expect(await screen.findByText(`${total} registros · Página 1 de 2`)).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(11); // header + 10
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(`${total} registros · Página 2 de 2`)).toBeInTheDocument();
    expect(calls).toContain('GET /api/cupones/listpop?page=2&limit=10&sort=code');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(total - 10 + 1));

    await user.click(within(table()).getByRole('button', { name: /Código/ }));
    await waitFor(() => expect(calls).toContain('GET /api/cupones/listpop?page=1&limit=10&sort=code'));
    await user.click(within(table()).getByRole('button', { name: /Código/ }));
    await waitFor(() => expect(calls).toContain('GET /api/cupones/listpop?page=1&limit=10&sort=-code'));
    await waitFor(() => expect(within(table()).getAllByRole('row')[1]).toHaveTextContent('VERANO10'));
    expect(within(table()).getByRole('columnheader', { name: /Código/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.selectOptions(screen.getByLabelText('Estado'), 'inactive');
    expect(await screen.findByText('No se encontraron cupones con esos filtros.')).toBeInTheDocument();
  });
});

describe('waiting list', () => {
  it("shows a full week's line with the families and moves one down", async () => {
    const { deps } = mockCore();
    const summer = (await visible('campamentos')).find((camp) => camp.type === 'campamento')!;
    const full = (await visible('semanas')).find((week) => week.name === 'Semana 8')!;
    const users = deps.store.collection('usuarios');
    for (const [email, child] of [
      ['ana.espera@correo.do', 'Sofía'],
      ['luis.espera@correo.do', 'Mateo'],
    ] as const) {
      const user = await users.insertOne({ email, status: 'active', tipo: 'cliente' });
      await joinWaitlist(deps, user, { week: full._id, child });
    }
    const user = await open('/admin/esperas', 'Lista de espera');
    await screen.findByRole('option', { name: summer.name as string });
    await user.selectOptions(screen.getByLabelText('Campamento'), summer._id);
    // Each row's week, position and family (e-mail and child).
    const lines = async () =>
      (await screen.findAllByRole('row')).slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent)
          .join(' | '),
      );
    await screen.findByRole('table', { name: 'Lista de espera' });
    expect(await lines()).toEqual([
      'Semana 8 | 1 | ana.espera@correo.doSofía',
      'Semana 8 | 2 | luis.espera@correo.doMateo',
    ]);
    await user.click(screen.getByRole('button', { name: 'Bajar a Sofía (ana.espera@correo.do)' }));
    expect(await screen.findByText('Orden de la lista actualizado.')).toBeInTheDocument();
    await waitFor(async () => expect((await lines())[0]).toBe('Semana 8 | 1 | luis.espera@correo.doMateo'));
  });

  it('adds a family that phoned, offers a freed place to a chosen family and takes one out (issue 54)', async () => {
    const { deps } = mockCore();
    const summer = (await visible('campamentos')).find((camp) => camp.type === 'campamento')!;
    const full = (await visible('semanas')).find((week) => week.name === 'Semana 8')!;
    const users = deps.store.collection('usuarios');
    const ana = await users.insertOne({ email: 'ana.llama@correo.do', status: 'active', tipo: 'cliente' });
    await users.insertOne({ email: 'luis.llama@correo.do', status: 'active', tipo: 'cliente' });
    await joinWaitlist(deps, ana, { week: full._id, child: 'Sofía' });
    const user = await open('/admin/esperas', 'Lista de espera');
    expect(
      screen.getByText('Elija el campamento y la semana para agregar a una familia que llamó.'),
    ).toBeInTheDocument();
    await screen.findByRole('option', { name: summer.name as string });
    await user.selectOptions(screen.getByLabelText('Campamento'), summer._id);
    await screen.findByRole('option', { name: 'Semana 8' });
    await user.selectOptions(screen.getByLabelText('Semana'), full._id);

    // A bad phone is refused beside the form, tied to its fields, and nobody is added.
    await user.type(screen.getByLabelText('Correo de la cuenta'), 'luis.llama@correo.do');
    await user.type(screen.getByLabelText('Participante'), 'Mateo');
    await user.type(screen.getByLabelText('Teléfono'), '555');
    await user.click(screen.getByRole('button', { name: 'Agregar a la lista' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(WAITLIST_OFFICE_MESSAGES.phoneInvalid);
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('aria-describedby', refusal.id);
    await retype(user, screen, 'Teléfono', '809-555-0301');
    await user.click(screen.getByRole('button', { name: 'Agregar a la lista' }));
    expect(
      await screen.findByText(WAITLIST_OFFICE_MESSAGES.added('Mateo', 'Semana 8', 2)),
    ).toBeInTheDocument();
    const luisRow = await screen.findByRole('row', { name: /luis\.llama@correo\.do/ });
    expect(within(luisRow).getByRole('link', { name: '809-555-0301' })).toHaveAttribute(
      'href',
      'tel:8095550301',
    );

    // A place frees (more capacity, before the minute's pass); the office gives it to Mateo.
    await deps.store
      .collection('semanas')
      .updateOne({ _id: full._id }, { set: { quota_q: (full.quota_q as number) + 1 } });
    await user.click(screen.getByRole('button', { name: 'Ofrecer cupo a Mateo (luis.llama@correo.do)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ofrecer un cupo de Semana 8' });
    await user.click(within(dialog).getByRole('button', { name: 'Ofrecer cupo' }));
    expect(await screen.findByText(/^Cupo ofrecido a Mateo: reservado hasta el /)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /luis\.llama@correo\.do/ })).toHaveTextContent('Cupo ofrecido'),
    );
    expect(screen.getByRole('row', { name: /ana\.llama@correo\.do/ })).toHaveTextContent('En espera');

    await user.click(screen.getByRole('button', { name: 'Quitar a Sofía (ana.llama@correo.do)' }));
    const removeDialog = await screen.findByRole('dialog', { name: 'Quitar de la lista de Semana 8' });
    await user.click(within(removeDialog).getByRole('button', { name: 'Quitar de la lista' }));
    expect(await screen.findByText(WAITLIST_OFFICE_MESSAGES.removed('Sofía'))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /ana\.llama@correo\.do/ })).toHaveTextContent(
        'Quitada por la oficina',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Quitar a Sofía (ana.llama@correo.do)' })).toBeNull();
  });
});

describe('lists that keep their place (issue 24)', () => {
  it("'Cuentas por cobrar' opens from its address with its camp, state and search, and asks for them", async () => {
    const annual = (await visible('campamentos')).find((camp) => camp.type === 'programaanual')!;
    await open(`/admin/cuentas?campament=${annual._id}&state=vencida&q=perez`, 'Cuentas por cobrar');
    await screen.findByRole('option', { name: annual.name as string });
    expect(screen.getByLabelText('Campamento')).toHaveValue(annual._id);
    expect(screen.getByLabelText('Estado')).toHaveValue('vencida');
    expect(screen.getByLabelText('Buscar')).toHaveValue('perez');
    expect(currentAddress()).toBe(`/admin/cuentas?campament=${annual._id}&state=vencida&q=perez`);
    // The list is asked with the same three filters.
    await waitFor(() => {
      const asked = calls.filter((call) => call.includes('state=vencida')).at(-1) ?? '';
      expect(asked).toContain(`campament=${annual._id}`);
      expect(asked).toContain('q=perez');
    });
  });

  it("'Listas' keeps its camp, week and category in the address; a new camp clears the week", async () => {
    const summer = (await visible('campamentos')).find((camp) => camp.type === 'campamento')!;
    const week = (await visible('semanas')).find((entry) => entry.name === 'Semana 2')!;
    const user = await open(`/admin/listas?campament=${summer._id}&week=${week._id}`, 'Listas');
    await screen.findByRole('option', { name: summer.name as string });
    expect(screen.getByLabelText('Campamento')).toHaveValue(summer._id);
    await waitFor(() => expect(screen.getByLabelText('Semana')).toHaveValue(week._id));
    expect(await screen.findByRole('region', { name: 'Semana 2' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Semana 1' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Campamento'), '');
    expect(await screen.findByText('Elija un campamento para ver sus listas.')).toBeInTheDocument();
    expect(currentAddress()).toBe('/admin/listas');
  });
});

describe('fiscal receipts', () => {
  it('shows the sequences, warns when B02 has none left, adds a range and saves the school data', async () => {
    const { deps } = mockCore();
    const sequences = deps.store.collection('secuencias_ncf');
    const b02 = (await sequences.find({ type: 'B02' }))[0]!;
    // Used up: the school must add a new range before any more B02 is issued.
    await sequences.updateOne({ _id: b02._id }, { set: { next: 1001 } });
    const user = await open('/admin/comprobantes', 'Comprobantes fiscales');
    const warnings = await screen.findByRole('status', { name: 'Avisos de comprobantes fiscales' });
    expect(warnings).toHaveTextContent(RECEIPT_MESSAGES.noSequence('B02'));
    expect(warnings).toHaveTextContent(RECEIPT_MESSAGES.demoData);
    const sequencesTable = screen.getByRole('table', { name: 'Secuencias de NCF' });
    expect(within(sequencesTable).getByRole('row', { name: /B0200000001 a B0200001000/ })).toHaveTextContent(
      'Agotada',
    );

    // A range that crosses the used one is refused in place, tied to the fields.
    await user.type(screen.getByLabelText('Número inicial'), '900');
    await user.type(screen.getByLabelText('Número final'), '1500');
    await user.type(screen.getByLabelText('Vence el'), '2029-12-31');
    await user.click(screen.getByRole('button', { name: 'Agregar secuencia' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(RECEIPT_MESSAGES.rangeOverlap);
    expect(screen.getByLabelText('Número inicial')).toHaveAccessibleDescription(
      RECEIPT_MESSAGES.rangeOverlap,
    );

    await retype(user, screen, 'Número inicial', '1001');
    await user.click(screen.getByRole('button', { name: 'Agregar secuencia' }));
    expect(await screen.findByText(RECEIPT_MESSAGES.sequenceAdded)).toBeInTheDocument();
    expect(
      await within(screen.getByRole('table', { name: 'Secuencias de NCF' })).findByRole('row', {
        name: /B0200001001 a B0200001500/,
      }),
    ).toHaveTextContent('Vigente');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Avisos de comprobantes fiscales' })).not.toHaveTextContent(
        RECEIPT_MESSAGES.noSequence('B02'),
      ),
    );

    await retype(user, screen, 'Nombre o razón social de la escuela', 'Club Naco');
    await user.selectOptions(screen.getByLabelText('ITBIS'), 'gravado');
    await user.click(screen.getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(await screen.findByText(RECEIPT_MESSAGES.settingsSaved)).toBeInTheDocument();
    expect(await deps.store.collection('ajustes').findById('fiscal')).toMatchObject({
      school_name: 'Club Naco',
      itbis: 'gravado',
    });
  });
});

describe('the e-CF list (issue 22)', () => {
  it("filters by type as well as state, and 'Reenviar' sends that one e-CF", async () => {
    const row = (encf: string, state: EcfView['state']): EcfView => ({
      _id: `${'a'.repeat(24)}-${encf.slice(0, 3)}${encf.endsWith('2') ? `-${'b'.repeat(24)}` : ''}`,
      type: encf.slice(0, 3),
      encf,
      order_number: '1001',
      enrolment_id: 'a'.repeat(24),
      total: 4_700,
      issued_at: '03/05/2027 11:00 a. m.',
      state,
      track_id: state === 'sent' ? 'b1f2c3' : '',
      messages: [],
      buyer_rnc: encf.startsWith('E31') ? '1-01-67291-9' : '',
      buyer_name: encf.startsWith('E31') ? 'Constructora del Sur SRL' : '',
      replaces: [],
    });
    const rows = [
      row('E310000000001', 'accepted'),
      row('E310000000002', 'queued'),
      row('E320000000001', 'sent'),
      row('E340000000001', 'queued'),
    ];
    const resent: string[] = [];
    server.use(
      http.get('*/api/ajustes/fiscal', async () =>
        HttpResponse.json({
          status: 'SUCCESS',
          data: await fiscalStatus(mockCore().deps.store, new Date(), true),
        }),
      ),
      http.get('*/api/comprobantes/ecf', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const data = rows.filter(
          (item) =>
            (!query.get('type') || item.type === query.get('type')) &&
            (!query.get('state') || item.state === query.get('state')),
        );
        return HttpResponse.json({ status: 'SUCCESS', data, total: data.length });
      }),
      http.post('*/api/comprobantes/ecf/enviar/:id', ({ params }) => {
        resent.push(String(params.id));
        return HttpResponse.json({
          status: 'SUCCESS',
          message: ECF_MESSAGES.resent('E310000000002', 'Enviado, esperando a DGII', false),
        });
      }),
    );
    const user = await open('/admin/comprobantes', 'Comprobantes fiscales');
    const list = await screen.findByRole('table', { name: 'Comprobantes electrónicos' });
    const section = screen.getByRole('region', { name: 'Comprobantes electrónicos (e-CF)' });
    expect(within(list).getAllByRole('row')).toHaveLength(5);
    // Only a row that waits for DGII can be sent again; an accepted one cannot.
    expect(within(list).queryByRole('button', { name: 'Reenviar E310000000001' })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Reenviar E320000000001' })).toBeInTheDocument();

    await user.selectOptions(within(section).getByLabelText('Tipo'), 'E31');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Comprobantes electrónicos' })).getAllByRole('row'),
      ).toHaveLength(3),
    );
    expect(calls).toContain('GET /api/comprobantes/ecf?type=E31&page=1');
    await user.selectOptions(within(section).getByLabelText('Estado'), 'queued');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Comprobantes electrónicos' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    const filtered = screen.getByRole('table', { name: 'Comprobantes electrónicos' });
    expect(within(filtered).getByRole('row', { name: /E310000000002/ })).toHaveTextContent(
      'En cola para DGII',
    );
    await user.selectOptions(within(section).getByLabelText('Tipo'), 'E32');
    expect(
      await screen.findByText('No hay comprobantes electrónicos E32 en estado «En cola para DGII».'),
    ).toBeInTheDocument();
    await user.selectOptions(within(section).getByLabelText('Tipo'), 'E31');

    await user.click(
      await within(await screen.findByRole('table', { name: 'Comprobantes electrónicos' })).findByRole(
        'button',
        { name: 'Reenviar E310000000002' },
      ),
    );
    expect(
      await screen.findByText('Comprobante E310000000002: Enviado, esperando a DGII.'),
    ).toBeInTheDocument();
    expect(resent).toEqual([rows[1]!._id]);
  });
});

describe('audit', () => {
  it('reads in Spanish: field names, states, the record by its name, every field behind "Ver más"', async () => {
    const week = (await visible('semanas')).find((record) => record.name === 'Semana 1')!;
    await mockCore()
      .deps.store.collection('auditoria')
      .insertOne({
        at: new Date('2027-05-03T15:00:00Z'),
        user_id: 'x',
        user_email: 'direccion@escuela.do',
        ip: '127.0.0.1',
        action: 'update',
        kind: 'semanas',
        record_id: week._id,
        before: {
          status: 'active',
          quota_q: 20,
          value: 4500,
          isChecked: true,
          name: 'Semana 1',
          hold_minutes: 15,
        },
        after: {
          status: 'inactive',
          quota_q: 30,
          value: 4700,
          isChecked: false,
          name: 'Semana Uno',
          hold_minutes: 30,
        },
        note: '',
      });
    await open('/admin/auditoria', 'Auditoría');
    const row = await screen.findByRole('row', { name: /Semana 1 · Campamento de Verano 2027/ });
    expect(within(row).getByText('Estado')).toBeInTheDocument();
    expect(row).toHaveTextContent('Estado: Activo → Inactivo');
    expect(row).toHaveTextContent('Cupos: 20 → 30');
    expect(row).toHaveTextContent('Visible en el calendario: Sí → No');
    expect(within(row).getByText('Ver más (2)')).toBeInTheDocument();
    expect(row).toHaveTextContent('Minutos de reserva de cupos: 15 → 30');
    expect(row).not.toHaveTextContent('quota_q');
  });

  it('names the stored fields in Spanish and shows no line for a field that did not change (issue 54)', async () => {
    await mockCore()
      .deps.store.collection('auditoria')
      .insertOne({
        at: new Date('2027-05-04T15:00:00Z'),
        user_id: 'x',
        user_email: 'oficina.cambios@escuela.do',
        ip: '127.0.0.1',
        action: 'update',
        kind: 'inscripciones',
        record_id: null,
        before: { rol: 'Entrenador', lines: 2, due: '2027-05-01', amount: 9400, csv: {} },
        after: { rol: 'Entrenador', lines: 2, due: '2027-06-01', amount: 4700, csv: {} },
        note: 'Cambio de semana',
      });
    await open('/admin/auditoria', 'Auditoría');
    const row = await screen.findByRole('row', { name: /oficina\.cambios@escuela\.do/ });
    expect(row).toHaveTextContent('Vencimiento: 2027-05-01 → 2027-06-01');
    expect(row).toHaveTextContent('Monto: 9,400 → 4,700');
    for (const unchanged of ['Rol:', 'Semanas:', 'lines', 'csv', 'Archivo CSV', 'due']) {
      expect(row).not.toHaveTextContent(unchanged);
    }
  });
});

const MOCK_ADMIN_EMAIL = MOCK_CREDENTIALS.admin.email;

describe('Usuarios and the menu by role (issue 25)', () => {
  it('creates an office member who gets a password e-mail, changes a role, and refuses to demote the last administrator', async () => {
    const user = await open('/admin/usuarios', 'Usuarios');
    const table = await screen.findByRole('table', { name: 'Personal' });
    expect(within(table).getByText(MOCK_ADMIN_EMAIL)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre'), 'Rosa Oficina');
    await user.type(screen.getByLabelText('Correo electrónico'), 'rosa@escuela.do');
    await user.selectOptions(screen.getByLabelText('Rol'), 'Oficina');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    // Said under the form, not in a toast over 'Crear cuenta' (issue 54).
    const form = screen.getByRole('form', { name: 'Nuevo miembro del personal' });
    await waitFor(() =>
      expect(within(form).getByRole('status')).toHaveTextContent(
        'Cuenta creada: enviamos a rosa@escuela.do un enlace para elegir su contraseña (vence en 72 horas).',
      ),
    );
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(await within(table).findByText('rosa@escuela.do')).toBeInTheDocument();
    const mail = await mockCore()
      .deps.store.collection<{ _id: string; to: string[]; subject: string }>('outbox')
      .findOne({ to: 'rosa@escuela.do' });
    expect(mail?.subject).toBe('Su cuenta del panel de la escuela de baloncesto');

    await user.selectOptions(screen.getByLabelText('Rol de rosa@escuela.do'), 'Entrenador');
    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    const stored = await mockCore()
      .deps.store.collection<UserRecord>('usuarios')
      .findOne({ email: 'rosa@escuela.do' });
    expect(stored?.role).toBe('entrenador');

    // The only administrator cannot demote themselves: the server's reason is shown.
    await user.selectOptions(screen.getByLabelText(`Rol de ${MOCK_ADMIN_EMAIL}`), 'Oficina');
    expect(await screen.findByText(/No puede quitar al último administrador activo/)).toBeInTheDocument();
  });

  it('assigns a coach the weeks and categories they run: the row says so and the account keeps them', async () => {
    const summer = (await visible('campamentos')).find((camp) => camp.type === 'campamento')!;
    const weeks = await visible('semanas');
    const week2 = weeks.find((week) => week.name === 'Semana 2' && week.campament === summer._id)!;
    const infantil = (await visible('categorias')).find(
      (category) => category.campament === summer._id && String(category.name).startsWith('Infantil'),
    )!;
    const user = await open('/admin/usuarios', 'Usuarios');
    const coach = MOCK_CREDENTIALS.coach.email;
    await user.click(await screen.findByRole('button', { name: `Asignar semanas a ${coach}` }));
    const dialog = await screen.findByRole('dialog', { name: /Semanas y categorías de Luis Entrenador/ });
    await within(dialog).findByRole('option', { name: summer.name as string });
    await user.selectOptions(within(dialog).getByLabelText('Campamento *'), summer._id);
    // Already assigned (mock mode's coach runs weeks 1 and 2); Semana 1 is left out now.
    const first = await within(dialog).findByRole('checkbox', { name: 'Semana 1' });
    expect(first).toBeChecked();
    await user.click(first);
    expect(within(dialog).getByRole('checkbox', { name: 'Semana 2' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: infantil.name as string }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: new RegExp(coach) });
    await waitFor(() => expect(row).toHaveTextContent(`Semana 2 · ${infantil.name as string}`));
    const stored = await mockCore().deps.store.collection<UserRecord>('usuarios').findOne({ email: coach });
    expect(stored).toMatchObject({ assigned_weeks: [week2._id], assigned_categories: [infantil._id] });
  });

  it("a coach's menu holds the rosters, the camp day and notices to their groups; the panel and its 'Inicio' open the camp day", async () => {
    localStorage.setItem(
      'gatekeeper_user',
      JSON.stringify({ ...JSON.parse(localStorage.getItem('gatekeeper_user')!), role: 'entrenador' }),
    );
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { name: 'Día de campamento', level: 1 }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // Not the dashboard, whose figures a coach may not read ('Error al cargar los datos del dashboard').
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/admin/dia');
    const menu = screen.getByRole('navigation', { name: 'Administración' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Listas', 'Día de campamento', 'Avisos']);
  });
});

describe('the staff member’s own password (issue 25)', () => {
  it('a generated password opens on its change; once changed the panel is there', async () => {
    const admin = await mockCore()
      .deps.store.collection<UserRecord>('usuarios')
      .findOne({ email: MOCK_ADMIN_EMAIL });
    const password = MOCK_CREDENTIALS.admin.password;
    await mockCore()
      .deps.store.collection<UserRecord>('usuarios')
      .updateOne({ _id: admin!._id }, { set: { must_change_password: true } });
    localStorage.setItem(
      'gatekeeper_user',
      JSON.stringify({ ...JSON.parse(localStorage.getItem('gatekeeper_user')!), must_change_password: true }),
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Elija su contraseña', level: 1 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Contraseña actual'), password);
    await user.type(screen.getByLabelText('Contraseña nueva'), 'otra-clave-propia');
    await user.type(screen.getByLabelText('Repita la contraseña nueva'), 'otra-clave-distinta');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.getByLabelText('Contraseña nueva')).toHaveAccessibleDescription(
      'Las dos contraseñas nuevas no coinciden.',
    );
    await retype(user, screen, 'Repita la contraseña nueva', 'otra-clave-propia');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const stored = await mockCore().deps.store.collection<UserRecord>('usuarios').findById(admin!._id);
    expect(stored?.must_change_password).toBe(false);
    expect(await mockCore().deps.passwords.verify('otra-clave-propia', stored!.password_hash)).toBe(true);
  });
});

describe('the camp day (issue 25)', () => {
  it('marks an arrival; without a connection the mark waits on the phone and goes when it is back', async () => {
    const user = await open('/admin/dia', 'Día de campamento');
    await user.selectOptions(await screen.findByLabelText('Campamento *'), 'Campamento de Verano 2027');
    const week = await screen.findByLabelText('Semana');
    await waitFor(() => expect(within(week).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(week, within(week).getAllByRole('option')[1]!);
    expect(await screen.findByRole('heading', { name: 'Pedro Rodríguez', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Ausente')).toBeInTheDocument();
    expect(screen.getByText('1 niño · 1 sin llegar')).toBeInTheDocument();

    // No connection: kept on the phone, said so, and sent once the connection is back.
    server.use(http.post('*/api/dia/llegada', () => HttpResponse.error(), { once: true }));
    await user.click(screen.getByRole('button', { name: 'Llegó Pedro Rodríguez' }));
    expect(await screen.findByText(/Sin conexión: 1 marca guardada en este teléfono/)).toBeInTheDocument();
    expect(screen.getByText('Llegada marcada en este teléfono (sin enviar)')).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Pedro Rodríguez: llegada marcada.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Sin conexión/)).not.toBeInTheDocument());
    expect(await screen.findByText(/^Llegó \d/)).toBeInTheDocument();
    const marks = await mockCore().deps.store.collection('asistencia').find({});
    expect(marks).toHaveLength(1);
  });

  // Issue 53, item 6: the page names the day it marks and offers no day outside the week.
  it('the office marks one of the week’s days, named on the page; no day outside the week is offered', async () => {
    // Today (for the page and the mock server): a Saturday five months before the week.
    vi.setSystemTime(new Date('2027-01-16T15:00:00Z'));
    try {
      const user = await open('/admin/dia', 'Día de campamento');
      await pickFirstWeek(user);
      expect(await screen.findByText('Marcando: lunes 14/06/2027')).toBeInTheDocument();
      const picker = screen.getByLabelText('Día');
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'lunes 14/06/2027',
        'martes 15/06/2027',
        'miércoles 16/06/2027',
        'jueves 17/06/2027',
        'viernes 18/06/2027',
      ]);
      await user.selectOptions(picker, 'miércoles 16/06/2027');
      expect(await screen.findByText('Marcando: miércoles 16/06/2027')).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Llegó Pedro Rodríguez' }));
      expect(await screen.findByText('Pedro Rodríguez: llegada marcada.')).toBeInTheDocument();
      const marks = await mockCore().deps.store.collection('asistencia').find({});
      expect(marks.map((mark) => mark.day)).toEqual(['2027-06-16']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a coach marks today only: no marks before the week, today named and marked during it', async () => {
    await signInAdmin(MOCK_CREDENTIALS.coach.email);
    vi.setSystemTime(new Date('2027-01-16T15:00:00Z'));
    try {
      const user = await open('/admin/dia', 'Día de campamento');
      await pickFirstWeek(user);
      expect(
        await screen.findByText(
          'Hoy (sábado 16/01/2027) no es un día de esta semana, que va del lunes 14/06/2027 al viernes 18/06/2027: no hay marcas que tomar.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^(Llegó|Salió) / })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Día')).not.toBeInTheDocument();
      expect(screen.queryByText(/^Marcando/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a coach on a day of the week: that day is named, marked, and no other is offered', async () => {
    await signInAdmin(MOCK_CREDENTIALS.coach.email);
    vi.setSystemTime(new Date('2027-06-15T13:00:00Z')); // Tuesday, 9 a. m. in Santo Domingo
    try {
      const user = await open('/admin/dia', 'Día de campamento');
      await pickFirstWeek(user);
      expect(await screen.findByText('Marcando: martes 15/06/2027')).toBeInTheDocument();
      expect(screen.queryByLabelText('Día')).not.toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Llegó Pedro Rodríguez' }));
      expect(await screen.findByText('Pedro Rodríguez: llegada marcada.')).toBeInTheDocument();
      const marks = await mockCore().deps.store.collection('asistencia').find({});
      expect(marks.map((mark) => mark.day)).toEqual(['2027-06-15']);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The camp day's camp and its first week (14/06/2027 - 18/06/2027). */
async function pickFirstWeek(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Campamento *'), 'Campamento de Verano 2027');
  const week = await screen.findByLabelText('Semana');
  await waitFor(() => expect(within(week).getAllByRole('option').length).toBeGreaterThan(1));
  await user.selectOptions(week, within(week).getAllByRole('option')[1]!);
}
