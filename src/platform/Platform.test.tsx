// The platform console (issue 46) against stand-ins of the platform's calls (mock mode has none:
// the console is the deployment's, not a school's): sign-in, the list, a creation the server
// refuses, a suspension. The operator's token stays under its own key and goes to no school.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node.ts';
import { PLATFORM_MESSAGES, type SchoolSummary } from '../domain/platform.ts';
import { currentAddress, FIRST_SCREEN, renderApp } from '../test/renderApp.tsx';

const OPERATOR = { email: 'operador@plataforma.do', password: 'clave-operador-1' };
const SESSION_KEY = 'plataforma_session';

const school = (overrides: Partial<SchoolSummary>): SchoolSummary => ({
  id: 'escuela-baloncesto',
  name: 'escuela-baloncesto',
  hosts: [],
  status: 'active',
  default: true,
  created_at: null,
  figures: { families: 1234, paid_orders_month: 56, income_month: 1_234_500 },
  ...overrides,
});

const TIGRES = school({
  id: 'los-tigres',
  name: 'Los Tigres',
  hosts: ['tigres.example.do', 'www.tigres.do'],
  default: false,
  created_at: '2027-01-10T12:00:00.000Z',
  figures: { families: 3, paid_orders_month: 2, income_month: 13_800 },
});

/** The platform's calls as the server answers them; what they were sent, for the checks. */
function platformStandIn(schools: SchoolSummary[]) {
  const seen: Request[] = [];
  server.use(
    http.post('*/api/plataforma/login', async ({ request }) => {
      seen.push(request.clone());
      const body = (await request.json()) as { email: string; password: string };
      if (body.email !== OPERATOR.email || body.password !== OPERATOR.password)
        return HttpResponse.json({ status: 'ERROR', message: PLATFORM_MESSAGES.signIn }, { status: 401 });
      return HttpResponse.json({
        status: 'SUCCESS',
        token: 'tok-op',
        result: { email: body.email, token: 'tok-op' },
      });
    }),
    http.get('*/api/plataforma/cuentas', ({ request }) => {
      seen.push(request);
      return HttpResponse.json({ status: 'SUCCESS', data: schools });
    }),
    http.post('*/api/plataforma/cuentas', async ({ request }) => {
      seen.push(request.clone());
      const body = (await request.json()) as { hosts: string[] };
      const taken = body.hosts.find((host) => schools.some((one) => one.hosts.includes(host)));
      return HttpResponse.json(
        {
          status: 'ERROR',
          message: taken ? PLATFORM_MESSAGES.hostTaken(taken) : 'Error interno del servidor.',
        },
        { status: taken ? 409 : 500 },
      );
    }),
    http.post('*/api/plataforma/cuentas/:id/suspender', ({ request, params }) => {
      seen.push(request);
      const found = schools.find((one) => one.id === params.id)!;
      found.status = 'suspended';
      return HttpResponse.json({ status: 'SUCCESS', message: PLATFORM_MESSAGES.suspended, data: found });
    }),
  );
  return seen;
}

const signedIn = () =>
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-op', email: OPERATOR.email }));

/** The console opened by a signed-in operator over `schools`: the requests it sends, and a user. */
function openConsole(schools: Parameters<typeof platformStandIn>[0]) {
  const seen = platformStandIn(schools);
  signedIn();
  renderApp('/plataforma');
  return { seen, user: userEvent.setup() };
}

describe('platform console', () => {
  it("refuses a wrong password with the server's message and keeps no session", async () => {
    const seen = platformStandIn([]);
    renderApp('/plataforma');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Consola de la plataforma' }, FIRST_SCREEN),
    ).toBeVisible();
    expect(currentAddress()).toBe('/plataforma/login');
    await user.type(screen.getByLabelText('Correo electrónico'), OPERATOR.email);
    await user.type(screen.getByLabelText('Contraseña'), 'otra-clave');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText(PLATFORM_MESSAGES.signIn)).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    // The platform's calls belong to no school.
    expect(seen[0]!.headers.get('x-account-id')).toBeNull();
  });

  it('signs an operator in and lists the schools with their state and this month in RD$', async () => {
    const seen = platformStandIn([
      school({}),
      TIGRES,
      { ...TIGRES, id: 'halcones', name: 'Halcones', hosts: ['halcones.do'], status: 'suspended' },
    ]);
    renderApp('/plataforma/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico', {}, FIRST_SCREEN), OPERATOR.email);
    await user.type(screen.getByLabelText('Contraseña'), OPERATOR.password);
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    const table = await screen.findByRole('table', { name: 'Escuelas de la plataforma' });
    expect(currentAddress()).toBe('/plataforma');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const tigres = within(rows[2]!);
    expect(tigres.getByText('Los Tigres')).toBeVisible();
    expect(tigres.getByText('los-tigres')).toBeVisible();
    expect(tigres.getByText('www.tigres.do')).toBeVisible();
    expect(tigres.getByText('Activa')).toBeVisible();
    expect(tigres.getByText('RD$13,800')).toBeVisible();
    expect(within(rows[1]!).getByText('RD$1,234,500')).toBeVisible();
    expect(within(rows[1]!).getByText('1,234')).toBeVisible();
    // The deployment's own school cannot be suspended: no button for it.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[3]!).getByText('Suspendida')).toBeVisible();
    expect(within(rows[3]!).getByRole('button', { name: 'Reactivar Halcones' })).toBeVisible();
    // The operator's token under its own key, sent to the platform only; no school session made.
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual({
      token: 'tok-op',
      email: OPERATOR.email,
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('gatekeeper_token')).toBeNull();
    const list = seen.find((request) => request.method === 'GET')!;
    expect(list.headers.get('authorization')).toBe('Bearer tok-op');
    expect(list.headers.get('x-account-id')).toBeNull();
  });

  it("checks the form first, then shows the server's refusal by the host names", async () => {
    const { seen, user } = openConsole([school({}), TIGRES]);
    await user.click(await screen.findByRole('button', { name: 'Nueva escuela' }, FIRST_SCREEN));
    const form = screen.getByRole('form', { name: 'Nueva escuela' });
    await user.click(within(form).getByRole('button', { name: 'Crear escuela' }));
    expect(await within(form).findByText('Escriba el identificador de la escuela.')).toBeVisible();
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Identificador *'), 'Nuevos-Tigres');
    expect(within(form).getByLabelText('Identificador *')).toHaveValue('nuevos-tigres');
    await user.type(within(form).getByLabelText('Nombre *'), 'Nuevos Tigres');
    await user.type(within(form).getByLabelText('Direcciones *'), 'nuevos.do,{enter}tigres.example.do');
    await user.type(within(form).getByLabelText('Correo del primer administrador *'), 'direccion@tigres.do');
    await user.click(within(form).getByRole('button', { name: 'Crear escuela' }));
    const hosts = within(form).getByLabelText('Direcciones *');
    const refusal = PLATFORM_MESSAGES.hostTaken('tigres.example.do');
    expect(await within(form).findByText(refusal)).toBeVisible();
    expect(hosts).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(hosts).toHaveAttribute('aria-invalid', 'true');
    const sent = seen.filter((request) => request.method === 'POST').at(-1)!;
    expect(await sent.json()).toEqual({
      id: 'nuevos-tigres',
      name: 'Nuevos Tigres',
      hosts: ['nuevos.do', 'tigres.example.do'],
      admin_email: 'direccion@tigres.do',
    });
    // What was typed stays for a second try.
    expect(within(form).getByLabelText('Nombre *')).toHaveValue('Nuevos Tigres');
  });

  it('suspends a school after a confirmation and shows its new state', async () => {
    const { seen, user } = openConsole([school({}), TIGRES]);
    await user.click(await screen.findByRole('button', { name: 'Suspender Los Tigres' }, FIRST_SCREEN));
    const dialog = screen.getByRole('dialog', { name: 'Suspender escuela' });
    expect(seen.some((request) => request.url.endsWith('/suspender'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Suspender' }));
    expect(await screen.findByText(PLATFORM_MESSAGES.suspended)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Escuelas de la plataforma' });
    expect(await within(table).findByText('Suspendida')).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Reactivar Los Tigres' })).toBeVisible();
    const call = seen.find((request) => request.url.endsWith('/plataforma/cuentas/los-tigres/suspender'))!;
    expect(call.headers.get('authorization')).toBe('Bearer tok-op');
  });

  it('ends the session when the operator token has expired', async () => {
    server.use(
      http.get('*/api/plataforma/cuentas', () =>
        HttpResponse.json({ status: 'ERROR', message: PLATFORM_MESSAGES.operatorsOnly }, { status: 401 }),
      ),
    );
    signedIn();
    renderApp('/plataforma');
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' }, FIRST_SCREEN)).toBeVisible();
    expect(currentAddress()).toBe('/plataforma/login');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
